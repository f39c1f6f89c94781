export { ClientMaintenanceGrid } from './components/client-maintenance-grid';
export { ClientEditForm } from './components/client-edit-form';
export { useAdminClient } from './api/client-admin';
