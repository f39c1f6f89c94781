import { assertMember, type Caller } from '@gains/auth';
import { firstRole } from '@gains/access';
import { permissionDenied } from '@gains/errors';

/**
 * Who may do what here, checked by the service itself (the BFF's table is not the only gate). Only the
 * caller's first role counts. Securities are shared by every firm: any member reads them; admins
 * (provider or customer) maintain them, a customer admin's changes waiting for a provider admin.
 */
export type Authority = 'PROVIDER' | 'CUSTOMER';

/** Any member of the organisation. */
export function assertReader(caller: Caller, organisationUuid: string): void {
  assertMember(caller, organisationUuid);
  if (!firstRole(caller.roles)) throw permissionDenied('You do not have permission to do this');
}

/** A provider admin (changes apply at once) or a customer admin (changes are proposals). */
export function assertAdmin(caller: Caller, organisationUuid: string): Authority {
  assertMember(caller, organisationUuid);
  const role = firstRole(caller.roles);
  if (role === 'ADMIN') return 'PROVIDER';
  if (role === 'CUSTOMER_ADMIN') return 'CUSTOMER';
  throw permissionDenied('You do not have permission to do this');
}

/** Only a provider admin. */
export function assertProvider(caller: Caller, organisationUuid: string): void {
  if (assertAdmin(caller, organisationUuid) !== 'PROVIDER') {
    throw permissionDenied('Only a provider administrator may do this');
  }
}
