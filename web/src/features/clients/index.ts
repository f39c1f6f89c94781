export { ClientsGrid } from './components/clients-grid';
export { getClientsQueryOptions, useClients, clientKeys, type ClientSummaryRow } from './api/get-clients';
