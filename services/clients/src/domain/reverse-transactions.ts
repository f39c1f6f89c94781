import type { Caller } from '@gains/auth';
import { isUuid } from '@gains/access';
import { invalidArgument, notFound } from '@gains/errors';
import { ledgerChangedEvent } from '../events/ledger-events';
import type { LedgerUpdate } from '../store/ledger-store';
import { assertLedgerWriterOrDocuments } from './ledger-access';
import type { LedgerDeps } from './ledger-deps';

const REVERSE_MAX = 1_000;

/**
 * Reverses rows of the organisation's ledger, all or nothing (a corporate action's reversal): each settled or
 * pending row becomes REVERSED (the tax engine computes settled rows only), in one change that re-derives the
 * holdings it touches and announces a ledger.changed (CANCEL) to every owner, so they are recalculated. A row
 * already reversed or cancelled is left as it is; a row of another organisation is not found.
 */
export async function reverseTransactions(
  deps: Pick<LedgerDeps, 'ledger'>,
  caller: Caller,
  request: { organisationUuid: string; transactionUuids: string[] },
): Promise<number> {
  const organisationUuid = request.organisationUuid;
  assertLedgerWriterOrDocuments(caller, organisationUuid);
  if (request.transactionUuids.length === 0 || request.transactionUuids.length > REVERSE_MAX)
    throw invalidArgument('transactionUuids', `transactionUuids must name from 1 to ${REVERSE_MAX} rows`);
  const updates: LedgerUpdate[] = [];
  for (const [i, raw] of request.transactionUuids.entries()) {
    const uuid = raw.trim().toLowerCase();
    if (!isUuid(uuid)) throw invalidArgument(`transactionUuids.${i}`, 'transactionUuids must be uuids');
    const stored = await deps.ledger.findByUuid(organisationUuid, uuid);
    if (!stored) throw notFound(`Transaction ${uuid}`, `transactionUuids.${i}`);
    const state = stored.transactionState.state;
    if (state === 'REVERSED' || state === 'CANCELLED') continue;
    updates.push({ uuid, version: stored.version, state: 'REVERSED' });
  }
  if (updates.length === 0) return 0;
  await deps.ledger.apply({
    organisationUuid,
    actorName: caller.name || 'Corporate actions',
    inserts: [],
    updates,
    events: (touched) => touched.map((t) => ledgerChangedEvent({ organisationUuid, ...t, reason: 'CANCEL' })),
  });
  return updates.length;
}
