import type { Caller } from '@gains/auth';
import { invalidArgument } from '@gains/errors';
import { assertLedgerReader } from './ledger-access';
import type { TransactionRecord } from './ledger';
import type { LedgerDeps } from './ledger-deps';
import { portfolioOf } from './portfolio-views';

/** Every row of a portfolio's holding of a security, in trade-date order, whole, for editing. */
export async function listTransactions(
  deps: LedgerDeps,
  caller: Caller,
  request: { organisationUuid: string; portfolioUuid: string; securityId: number },
): Promise<TransactionRecord[]> {
  assertLedgerReader(caller, request.organisationUuid);
  const portfolio = await portfolioOf(deps, request.organisationUuid, request.portfolioUuid);
  if (!(request.securityId > 0)) throw invalidArgument('securityId', 'securityId must be a security id');
  return deps.ledger.listForHolding(request.organisationUuid, portfolio.id, request.securityId);
}
