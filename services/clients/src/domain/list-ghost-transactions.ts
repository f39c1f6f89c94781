import type { Caller } from '@gains/auth';
import { assertLedgerWriter } from './ledger-access';
import type { Page, TransactionRecord } from './ledger';
import type { LedgerDeps } from './ledger-deps';
import { parseGridQuery, type RawGridQuery } from './transaction-grid';

/**
 * Administration > Ghost Transactions: the organisation's rows whose portfolio or security does not resolve
 * (imported with an unknown code, or left by a deleted security), not cancelled. Server-driven.
 */
export async function listGhostTransactions(
  deps: LedgerDeps,
  caller: Caller,
  request: RawGridQuery & { organisationUuid: string },
): Promise<Page<TransactionRecord>> {
  assertLedgerWriter(caller, request.organisationUuid);
  return deps.ledger.pageGhosts(request.organisationUuid, parseGridQuery(request));
}
