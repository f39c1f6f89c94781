import type { Caller } from '@gains/auth';
import { isSuperAdmin } from '@gains/access';
import { notFound, permissionDenied } from '@gains/errors';
import type { OrganisationRecord } from '../store/organisation-store';
import { ADMINS, assertRole } from './admin-access';
import type { IdentityDeps } from './deps';

/** One organisation by uuid or id, if the caller may administer it. */
export async function getAdminOrganisation(
  deps: IdentityDeps,
  caller: Caller,
  key: { uuid: string } | { id: number },
): Promise<OrganisationRecord> {
  const user = await assertRole(deps, caller, ADMINS);
  const organisation =
    'uuid' in key ? await deps.organisations.findByUuid(key.uuid) : await deps.organisations.findById(key.id);
  if (!organisation) throw notFound('Organisation', 'uuid' in key ? 'uuid' : 'id');
  if (!isSuperAdmin(user.roles) && !user.organisationUuids.includes(organisation.uuid)) {
    throw permissionDenied('You are not a member of this organisation');
  }
  return organisation;
}
