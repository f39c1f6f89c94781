export { ReferenceDataView } from './components/reference-data-view';
export { getReferenceDataQueryOptions } from './api/get-reference-data';
