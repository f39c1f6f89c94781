import { notFound } from '@gains/errors';
import type { PortfolioRecord, PortfolioView } from './ledger';
import type { LedgerDeps } from './ledger-deps';

/** A portfolio as one owner sees it: that owner's uuid and share (the first owner's when none is named). */
export function viewFor(portfolio: PortfolioRecord, clientUuid?: string): PortfolioView {
  const owner = portfolio.owners.find((o) => o.clientUuid === clientUuid) ?? portfolio.owners[0];
  return { ...portfolio, clientUuid: owner?.clientUuid ?? '', percentage: owner?.percentage ?? '' };
}

/** A portfolio of the organisation, or NOT_FOUND (another firm's reads nothing). */
export async function portfolioOf(
  deps: Pick<LedgerDeps, 'portfolios'>,
  organisationUuid: string,
  uuid: string,
  field = 'portfolioUuid',
): Promise<PortfolioRecord> {
  const portfolio = /^[0-9a-f-]{36}$/i.test(uuid) ? await deps.portfolios.findByUuid(organisationUuid, uuid) : null;
  if (!portfolio) throw notFound('Portfolio', field);
  return portfolio;
}

/** A portfolio of the organisation as a write needs it, or NOT_FOUND. */
export async function portfolioRefOf(
  deps: Pick<LedgerDeps, 'portfolios'>,
  organisationUuid: string,
  uuid: string,
  field = 'portfolioUuid',
) {
  const portfolio = /^[0-9a-f-]{36}$/i.test(uuid) ? await deps.portfolios.findRef(organisationUuid, uuid) : null;
  if (!portfolio) throw notFound('Portfolio', field);
  return portfolio;
}
