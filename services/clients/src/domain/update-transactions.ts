import type { Caller } from '@gains/auth';
import { invalidArgument, notFound } from '@gains/errors';
import { staleTransaction } from './stale';
import { isUuid } from '@gains/access';
import { ledgerChangedEvent } from '../events/ledger-events';
import { assertLedgerWriter } from './ledger-access';
import type { TransactionRecord } from './ledger';
import type { LedgerDeps } from './ledger-deps';
import type { LedgerUpdate } from '../store/ledger-store';
import { portfolioRefOf } from './portfolio-views';
import { overlay, prepareLedgerRow, rawOf } from './prepare-ledger-row';
import { resolveSecurity } from './resolve-security';
import type { RawTransaction } from './transaction-rules';

const EDITS_MAX = 500;

/**
 * Edits rows of a portfolio's holding, all or nothing: each at the version it was read (stale: ABORTED naming it,
 * nothing changed), checked as a post is, with the holdings re-derived and a ledger.changed (EDIT, or CANCEL when
 * every row is cancelled) per owner from the earlier of the old and new trade dates.
 */
export async function updateTransactions(
  deps: LedgerDeps,
  caller: Caller,
  request: {
    organisationUuid: string;
    portfolioUuid: string;
    securityId: number;
    transactions: (RawTransaction & { uuid: string; version: number; type: string })[];
  },
): Promise<TransactionRecord[]> {
  const organisationUuid = request.organisationUuid;
  assertLedgerWriter(caller, organisationUuid);
  if (request.transactions.length === 0) throw invalidArgument('transactions', 'transactions must name at least one');
  if (request.transactions.length > EDITS_MAX) {
    throw invalidArgument('transactions', `transactions may name at most ${EDITS_MAX}`);
  }
  const portfolio = await portfolioRefOf(deps, organisationUuid, request.portfolioUuid);
  const security = await resolveSecurity(deps, caller, organisationUuid, request.securityId, 'securityId');
  const updates: LedgerUpdate[] = [];
  const seen = new Set<string>();
  for (const [i, edit] of request.transactions.entries()) {
    const at = `transactions.${i}`;
    const uuid = edit.uuid.trim().toLowerCase();
    if (!isUuid(uuid)) throw invalidArgument(`${at}.uuid`, 'uuid must be the uuid of the transaction edited');
    if (seen.has(uuid)) throw invalidArgument(`${at}.uuid`, 'A transaction may be edited only once in a request');
    seen.add(uuid);
    const stored = await deps.ledger.findByUuid(organisationUuid, uuid);
    if (!stored || stored.portfolioUuid !== portfolio.uuid || stored.securityId !== security.id) {
      throw notFound(`Transaction ${uuid}`, `${at}.uuid`);
    }
    if (stored.version !== edit.version) throw staleTransaction(uuid);
    const typeName = edit.type.trim() || stored.transactionType.type;
    const { type, values } = await prepareLedgerRow(deps, caller, organisationUuid, {
      securityId: security.id,
      typeName,
      raw: overlay(rawOf(stored), edit),
      at,
      typeMustBeActive: typeName.toLowerCase() !== stored.transactionType.type.toLowerCase(),
    });
    updates.push({ uuid, version: edit.version, typeId: type.id, values });
  }
  const reason = updates.every((u) => u.values!.state === 'CANCELLED') ? 'CANCEL' : 'EDIT';
  const uuids = await deps.ledger.apply({
    organisationUuid,
    actorName: caller.name,
    inserts: [],
    updates,
    events: (touched) => touched.map((t) => ledgerChangedEvent({ organisationUuid, ...t, reason })),
  });
  return deps.ledger.findByUuids(organisationUuid, uuids);
}
