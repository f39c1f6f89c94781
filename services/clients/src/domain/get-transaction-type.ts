import type { Caller } from '@gains/auth';
import { notFound } from '@gains/errors';
import { assertLedgerReader } from './ledger-access';
import type { LedgerDeps } from './ledger-deps';
import type { TransactionTypeRecord } from './transaction-types';

export async function getTransactionType(
  deps: LedgerDeps,
  caller: Caller,
  request: { organisationUuid: string; uuid: string },
): Promise<TransactionTypeRecord> {
  assertLedgerReader(caller, request.organisationUuid);
  const type = /^[0-9a-f-]{36}$/i.test(request.uuid)
    ? await deps.types.findByUuid(request.organisationUuid, request.uuid)
    : null;
  if (!type) throw notFound('Transaction type', 'uuid');
  return type;
}
