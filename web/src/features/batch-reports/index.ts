export { BatchPrintsList } from './components/batch-prints-list';
export { BatchPrintView } from './components/batch-print-view';
export { useBatchPrint } from './api/batch-reports';
