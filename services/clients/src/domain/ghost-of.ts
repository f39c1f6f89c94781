import { notFound } from '@gains/errors';
import type { TransactionRecord } from './ledger';
import type { LedgerDeps } from './ledger-deps';

/** A ghost transaction of the organisation (not cancelled, portfolio or security unresolved), or NOT_FOUND. */
export async function ghostOf(deps: LedgerDeps, organisationUuid: string, uuid: string): Promise<TransactionRecord> {
  const valid = /^[0-9a-f-]{36}$/i.test(uuid);
  const found = valid ? await deps.ledger.findByUuid(organisationUuid, uuid) : null;
  if (!found || found.transactionState.state === 'CANCELLED' || !(await deps.ledger.isGhost(organisationUuid, uuid))) {
    throw notFound('Ghost transaction', 'uuid');
  }
  return found;
}
