import type { Caller } from '@gains/auth';
import { assertLedgerReader } from './ledger-access';
import type { PortfolioView } from './ledger';
import type { LedgerDeps } from './ledger-deps';
import { portfolioOf, viewFor } from './portfolio-views';

export async function getPortfolio(
  deps: LedgerDeps,
  caller: Caller,
  request: { organisationUuid: string; uuid: string },
): Promise<PortfolioView> {
  assertLedgerReader(caller, request.organisationUuid);
  return viewFor(await portfolioOf(deps, request.organisationUuid, request.uuid, 'uuid'));
}
