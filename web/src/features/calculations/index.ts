export { LedgerCalculation } from './components/ledger-calculation';
export { ClientCalculations } from './components/client-calculations';
