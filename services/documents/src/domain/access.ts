import { firstRole } from '@gains/access';
import { assertMember, type Caller } from '@gains/auth';
import { permissionDenied } from '@gains/errors';

/**
 * Corporate actions and portfolio movements are ADMIN's and CUSTOMER_ADMIN's (seed 001 §6), checked here as well
 * as at the BFF: a member of the organisation whose first role is one of them (super admins: any organisation).
 */
export function assertDocumentsUser(caller: Caller, organisationUuid: string): void {
  assertMember(caller, organisationUuid);
  const role = firstRole(caller.roles);
  if (role !== 'ADMIN' && role !== 'CUSTOMER_ADMIN')
    throw permissionDenied('Corporate actions and portfolio movements are for administrators');
}
