import type { Caller } from '@gains/auth';
import { assertLedgerReader } from './ledger-access';
import type { LedgerDeps } from './ledger-deps';
import { portfolioOf } from './portfolio-views';
import type { TransactionTypeRecord } from './transaction-types';

/**
 * The system's types and the organisation's own. For a portfolio (a posting form): the active ones only, of a
 * portfolio of the organisation; without one (Administration): all of them.
 */
export async function listTransactionTypes(
  deps: LedgerDeps,
  caller: Caller,
  request: { organisationUuid: string; portfolioUuid: string },
): Promise<TransactionTypeRecord[]> {
  assertLedgerReader(caller, request.organisationUuid);
  if (request.portfolioUuid) await portfolioOf(deps, request.organisationUuid, request.portfolioUuid);
  return deps.types.list(request.organisationUuid, request.portfolioUuid !== '');
}
