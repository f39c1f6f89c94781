import type { Caller } from '@gains/auth';
import { assertLedgerReader } from './ledger-access';
import { TRANSACTION_STATES } from './transaction-states';

export function listTransactionStates(caller: Caller, organisationUuid: string) {
  assertLedgerReader(caller, organisationUuid);
  return TRANSACTION_STATES.map((s) => ({ ...s }));
}
