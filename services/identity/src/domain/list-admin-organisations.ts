import type { Caller } from '@gains/auth';
import { isSuperAdmin } from '@gains/access';
import type { OrganisationRecord } from '../store/organisation-store';
import { ADMINS, assertRole } from './admin-access';
import type { IdentityDeps } from './deps';

/** Administration's organisation list: every organisation for a super admin, one's own for a customer admin. */
export async function listAdminOrganisations(deps: IdentityDeps, caller: Caller): Promise<OrganisationRecord[]> {
  const user = await assertRole(deps, caller, ADMINS);
  return isSuperAdmin(user.roles)
    ? deps.organisations.listAll()
    : deps.organisations.listByUuids(user.organisationUuids);
}
