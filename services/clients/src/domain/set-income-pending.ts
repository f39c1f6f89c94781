import type { Caller } from '@gains/auth';
import { invalidArgument, permissionDenied } from '@gains/errors';
import { DOCUMENTS_SERVICE } from './ledger-access';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SetIncomePendingDeps {
  clients: { setIncomePending(organisationUuid: string, clientUuids: string[]): Promise<number> };
}

/**
 * The clients grid's 'Income Pending' (issue 26): the documents service, which knows the income diaries and the
 * income headers' candidates, names the organisation's clients with income pending; they become true and the
 * organisation's others false. Its token only (no user sets the flag), still scoped by the organisation named.
 */
export async function setIncomePending(
  deps: SetIncomePendingDeps,
  caller: Caller,
  req: { organisationUuid: string; clientUuids: string[] },
): Promise<number> {
  if (caller.service !== DOCUMENTS_SERVICE) throw permissionDenied('Only the documents service sets income pending');
  if (!UUID.test(req.organisationUuid)) throw invalidArgument('organisationUuid', 'organisationUuid must be a uuid');
  if (req.clientUuids.length > 1_000_000) throw invalidArgument('clientUuids', 'clientUuids: at most 1,000,000');
  const bad = req.clientUuids.findIndex((u) => !UUID.test(u));
  if (bad >= 0) throw invalidArgument(`clientUuids.${bad}`, 'clientUuids must be client uuids');
  return deps.clients.setIncomePending(
    req.organisationUuid.toLowerCase(),
    req.clientUuids.map((u) => u.toLowerCase()),
  );
}
