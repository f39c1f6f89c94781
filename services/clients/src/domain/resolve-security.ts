import type { Caller } from '@gains/auth';
import { invalidArgument } from '@gains/errors';
import type { SecurityRecord } from './ledger';
import type { LedgerDeps } from './ledger-deps';

/**
 * A security the ledger may refer to: from the read model, or on a miss read through from the securities service
 * (with the caller's token) and remembered. Unknown: INVALID_ARGUMENT naming the field.
 */
export async function resolveSecurity(
  deps: LedgerDeps,
  caller: Caller,
  organisationUuid: string,
  id: number,
  field: string,
): Promise<SecurityRecord> {
  if (!Number.isInteger(id) || id <= 0) throw invalidArgument(field, `${field} must be a security id`);
  const known = await deps.securities.findById(id);
  if (known) return known;
  const found = await deps.securitiesSource.getSecurity(caller, organisationUuid, id);
  if (!found) throw invalidArgument(field, `Unknown security ${id}`);
  return deps.securities.remember(found.security, found.price);
}

/**
 * A security for a read (a form's metadata): from the read model, or read through when the caller may ask the
 * securities service; null when neither knows it for this caller.
 */
export async function findSecurity(
  deps: LedgerDeps,
  caller: Caller,
  organisationUuid: string,
  id: number,
): Promise<SecurityRecord | null> {
  const known = await deps.securities.findById(id);
  if (known) return known;
  const found = await deps.securitiesSource.getSecurity(caller, organisationUuid, id).catch(() => null);
  return found ? deps.securities.remember(found.security, found.price) : null;
}
