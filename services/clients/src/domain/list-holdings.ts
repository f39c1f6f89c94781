import type { Caller } from '@gains/auth';
import { notFound } from '@gains/errors';
import { assertLedgerReader } from './ledger-access';
import type { HoldingRecord } from './ledger';
import type { LedgerDeps } from './ledger-deps';
import { portfolioOf } from './portfolio-views';
import { holdingValue } from './transaction-rules';

/** A portfolio's holdings (held, or oversold) with the latest GBP price and value = quantity x price to the penny. */
export async function listHoldings(
  deps: LedgerDeps,
  caller: Caller,
  request: { organisationUuid: string; portfolioUuid: string; clientUuid: string },
): Promise<HoldingRecord[]> {
  assertLedgerReader(caller, request.organisationUuid);
  const portfolio = await portfolioOf(deps, request.organisationUuid, request.portfolioUuid);
  if (request.clientUuid && !portfolio.owners.some((o) => o.clientUuid === request.clientUuid.toLowerCase())) {
    throw notFound('Portfolio of this client', 'clientUuid');
  }
  const holdings = await deps.ledger.listHoldings(request.organisationUuid, portfolio.id);
  return holdings.map((h) => ({ ...h, value: holdingValue(h.quantity, h.price) }));
}
