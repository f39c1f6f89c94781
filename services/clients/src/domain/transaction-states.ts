/** The states a ledger row may be in (stable uuids); only SETTLED rows count for holdings and the tax engine. */
export const TRANSACTION_STATES = [
  { uuid: '7e0c5000-0000-4000-8000-000000000001', state: 'PENDING' },
  { uuid: '7e0c5000-0000-4000-8000-000000000002', state: 'SETTLED' },
  { uuid: '7e0c5000-0000-4000-8000-000000000003', state: 'CANCELLED' },
  { uuid: '7e0c5000-0000-4000-8000-000000000004', state: 'REVERSED' },
] as const;

export type TransactionStateName = (typeof TRANSACTION_STATES)[number]['state'];

export function stateRef(state: string): { uuid: string; state: string } {
  return TRANSACTION_STATES.find((s) => s.state === state) ?? { uuid: '', state };
}

export function isTransactionState(state: string): state is TransactionStateName {
  return TRANSACTION_STATES.some((s) => s.state === state);
}
