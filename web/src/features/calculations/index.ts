export { LedgerCalculation } from './components/ledger-calculation';
