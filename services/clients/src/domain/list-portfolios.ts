import type { Caller } from '@gains/auth';
import { isUuid } from '@gains/access';
import { invalidArgument } from '@gains/errors';
import { assertLedgerReader } from './ledger-access';
import type { PortfolioView } from './ledger';
import type { LedgerDeps } from './ledger-deps';
import { viewFor } from './portfolio-views';

const IDS_MAX = 1000;

/** The portfolios the clients asked for own: a joint portfolio once per owner asked for, with that owner's share. */
export async function listPortfolios(
  deps: LedgerDeps,
  caller: Caller,
  request: { organisationUuid: string; ids: string[] },
): Promise<PortfolioView[]> {
  assertLedgerReader(caller, request.organisationUuid);
  if (request.ids.length > IDS_MAX) throw invalidArgument('ids', `ids may name at most ${IDS_MAX} clients`);
  request.ids.forEach((id, i) => {
    if (!isUuid(id)) throw invalidArgument(`ids.${i}`, 'ids must be client uuids');
  });
  const ids = [...new Set(request.ids.map((id) => id.toLowerCase()))];
  const portfolios = await deps.portfolios.findOwnedBy(request.organisationUuid, ids);
  return ids.flatMap((clientUuid) =>
    portfolios.filter((p) => p.owners.some((o) => o.clientUuid === clientUuid)).map((p) => viewFor(p, clientUuid)),
  );
}
