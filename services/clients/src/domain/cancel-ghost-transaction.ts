import type { Caller } from '@gains/auth';
import { ledgerChangedEvent } from '../events/ledger-events';
import { assertLedgerWriter } from './ledger-access';
import type { TransactionRecord } from './ledger';
import type { LedgerDeps } from './ledger-deps';
import { ghostOf } from './ghost-of';
import { staleTransaction } from './stale';

/** Cancels a ghost: it stays as cancelled history, no longer listed as a ghost. */
export async function cancelGhostTransaction(
  deps: LedgerDeps,
  caller: Caller,
  request: { organisationUuid: string; uuid: string; version: number },
): Promise<TransactionRecord> {
  const organisationUuid = request.organisationUuid;
  assertLedgerWriter(caller, organisationUuid);
  const ghost = await ghostOf(deps, organisationUuid, request.uuid);
  if (ghost.version !== request.version) throw staleTransaction(ghost.uuid);
  await deps.ledger.apply({
    organisationUuid,
    actorName: caller.name,
    inserts: [],
    updates: [{ uuid: ghost.uuid, version: request.version, state: 'CANCELLED' }],
    events: (touched) => touched.map((t) => ledgerChangedEvent({ organisationUuid, ...t, reason: 'CANCEL' })),
  });
  return (await deps.ledger.findByUuid(organisationUuid, ghost.uuid))!;
}
