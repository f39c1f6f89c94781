import type { Caller } from '@gains/auth';
import { invalidArgument, notFound } from '@gains/errors';
import { assertLedgerReader } from './ledger-access';
import type { Page, TransactionRecord } from './ledger';
import type { LedgerDeps } from './ledger-deps';
import { portfolioOf } from './portfolio-views';
import { parseGridQuery, type RawGridQuery } from './transaction-grid';

/** A holding's transactions, server-driven: searched by SEDOL, report date, type or code, sorted and paged. */
export async function listHoldingTransactions(
  deps: LedgerDeps,
  caller: Caller,
  request: RawGridQuery & { organisationUuid: string; portfolioUuid: string; clientUuid: string; securityId: number },
): Promise<Page<TransactionRecord>> {
  assertLedgerReader(caller, request.organisationUuid);
  const query = parseGridQuery(request);
  const portfolio = await portfolioOf(deps, request.organisationUuid, request.portfolioUuid);
  if (request.clientUuid && !portfolio.owners.some((o) => o.clientUuid === request.clientUuid.toLowerCase())) {
    throw notFound('Portfolio of this client', 'clientUuid');
  }
  if (!(request.securityId > 0)) throw invalidArgument('securityId', 'securityId must be a security id');
  return deps.ledger.pageForHolding(request.organisationUuid, portfolio.id, request.securityId, query);
}
