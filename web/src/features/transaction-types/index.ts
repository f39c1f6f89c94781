export { TransactionTypesGrid } from './components/transaction-types-grid';
export { TransactionTypeForm } from './components/transaction-type-form';
export { useTransactionType } from './api/transaction-types';
