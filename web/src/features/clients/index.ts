export { ClientsGrid } from './components/clients-grid';
export { getClientsQueryOptions, useClients, clientKeys, type ClientSummaryRow } from './api/get-clients';
export { initialClientsQuery } from './api/clients-query';
export { ClientLedger } from './components/client-ledger';
export { usePortfolios, useHoldings, type LedgerHolding, type Portfolio } from './api/ledger';
