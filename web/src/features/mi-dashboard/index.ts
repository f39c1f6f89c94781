export { MiDashboardView } from './components/mi-dashboard-view';
export { getMiDashboardQueryOptions } from './api/get-mi-dashboard';
