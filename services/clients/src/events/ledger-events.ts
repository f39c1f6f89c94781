import { eventSubject, newEvent, type OutboxEvent } from '@gains/outbox';
import { events } from '@gains/proto';

/** gains.clients.ledger.changed.v1: the tax engine recomputes the client from the earliest date affected. */
export const LEDGER_CHANGED = eventSubject('clients', 'ledger', 'changed');

export type LedgerChangeReason =
  'POST' | 'EDIT' | 'CANCEL' | 'IMPORT' | 'OVERRIDE' | 'PORTFOLIO' | 'REPAIR' | 'SEED' | 'TYPE';

/**
 * One event per client affected. Written to the outbox in the same database transaction as the change (the
 * caller's store does it), so a change is never published without being stored, nor stored without being published.
 */
export function ledgerChangedEvent(change: {
  organisationUuid: string;
  clientUuid: string;
  /** YYYY-MM-DD */
  earliestDate: string;
  reason: LedgerChangeReason;
}): OutboxEvent {
  return newEvent(LEDGER_CHANGED, events.LedgerChangedSchema, change);
}
