import type { Caller } from '@gains/auth';
import { DomainError, invalidArgument } from '@gains/errors';
import { ledgerChangedEvent } from '../events/ledger-events';
import { assertLedgerWriter } from './ledger-access';
import type { PortfolioView } from './ledger';
import type { LedgerDeps } from './ledger-deps';
import { checkPortfolio, type RawPortfolio } from './portfolio-rules';
import { portfolioOf, viewFor } from './portfolio-views';

/**
 * Creates (uuid "") or updates a portfolio with its owners: code unique in the organisation, owners its clients
 * with shares summing to 100. A change to a portfolio with a ledger tells the tax engine (ledger.changed, PORTFOLIO)
 * for every owner before and after, from its first trade.
 */
export async function savePortfolio(
  deps: LedgerDeps,
  caller: Caller,
  request: { organisationUuid: string; uuid: string; version: number; portfolio: RawPortfolio },
): Promise<PortfolioView> {
  const organisationUuid = request.organisationUuid;
  assertLedgerWriter(caller, organisationUuid);
  const fields = checkPortfolio(request.portfolio);
  const existing = request.uuid ? await portfolioOf(deps, organisationUuid, request.uuid, 'uuid') : null;
  if (await deps.portfolios.codeTaken(organisationUuid, fields.code, request.uuid)) {
    throw new DomainError('ALREADY_EXISTS', `A portfolio with code ${fields.code} already exists`, 'portfolio.code');
  }
  const clients = await deps.portfolios.findClients(
    organisationUuid,
    fields.owners.map((o) => o.clientUuid),
  );
  fields.owners.forEach((owner, i) => {
    if (!clients.some((c) => c.uuid === owner.clientUuid)) {
      throw invalidArgument(`portfolio.owners.${i}.clientUuid`, 'The owner must be a client of this organisation');
    }
  });
  const earliestDate = existing ? await deps.portfolios.earliestTradeDate(organisationUuid, existing.id) : null;
  const owners = new Set([...(existing?.owners.map((o) => o.clientUuid) ?? []), ...clients.map((c) => c.uuid)]);
  const events =
    earliestDate === null
      ? []
      : [...owners].map((clientUuid) =>
          ledgerChangedEvent({ organisationUuid, clientUuid, earliestDate, reason: 'PORTFOLIO' }),
        );
  const uuid = await deps.portfolios.save(
    organisationUuid,
    existing && { id: existing.id, version: request.version },
    fields,
    clients,
    caller.name,
    events,
  );
  return viewFor((await deps.portfolios.findByUuid(organisationUuid, uuid))!);
}
