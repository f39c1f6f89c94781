export { JobMonitorGrid } from './components/job-monitor-grid';
