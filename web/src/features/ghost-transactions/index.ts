export { GhostTransactionsGrid } from './components/ghost-transactions-grid';
