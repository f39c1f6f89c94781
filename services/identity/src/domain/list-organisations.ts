import { assertMemberOrService, REPORTS_SERVICE, type Caller } from '@gains/auth';
import { isSuperAdmin } from '@gains/access';
import { notFound } from '@gains/errors';
import type { IdentityDeps } from './deps';
import type { OrganisationRecord } from '../store/organisation-store';

/** A super admin sees every organisation; anyone else those they belong to. */
export async function listOrganisations(deps: IdentityDeps, caller: Caller): Promise<OrganisationRecord[]> {
  const user = await deps.users.findByUuid(caller.userUuid);
  if (!user) return [];
  if (isSuperAdmin(user.roles)) return deps.organisations.listAll();
  return deps.organisations.listByUuids(user.organisationUuids);
}

export async function getOrganisation(deps: IdentityDeps, caller: Caller, uuid: string): Promise<OrganisationRecord> {
  // the reports service's jobs put the firm's name on its reports
  assertMemberOrService(caller, uuid, [REPORTS_SERVICE]);
  const organisation = await deps.organisations.findByUuid(uuid);
  if (!organisation) throw notFound('Organisation', 'uuid');
  return organisation;
}
