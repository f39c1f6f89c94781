export { ReferenceDataView } from './components/reference-data-view';
export { getReferenceDataQueryOptions, useReferenceData } from './api/get-reference-data';
