import type { Caller } from '@gains/auth';
import { isSuperAdmin } from '@gains/access';
import { invalidArgument, notFound, permissionDenied } from '@gains/errors';
import type { OrganisationRecord } from '../store/organisation-store';
import { ADMINS, assertRole } from './admin-access';
import type { IdentityDeps } from './deps';
import { ORGANISATION_TYPES, organisationType } from './organisation-rules';

/** Administration's organisation list: every organisation for a super admin, one's own for a customer admin. */
export async function listAdminOrganisations(deps: IdentityDeps, caller: Caller): Promise<OrganisationRecord[]> {
  const user = await assertRole(deps, caller, ADMINS);
  return isSuperAdmin(user.roles) ? deps.organisations.listAll() : deps.organisations.listByUuids(user.organisationUuids);
}

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

/**
 * Organisations whose code or name contains the term; with childOrgTypeCode, only those that may be
 * the parent of an organisation of that type (the parent picker of the organisation form).
 */
export async function searchOrganisations(
  deps: IdentityDeps,
  caller: Caller,
  input: { term: string; childOrgTypeCode?: string },
): Promise<OrganisationRecord[]> {
  const user = await assertRole(deps, caller, ADMINS);
  let types: string[] | undefined;
  if (input.childOrgTypeCode) {
    const child = organisationType(input.childOrgTypeCode);
    if (!child) throw invalidArgument('childOrgTypeCode', 'Type is not a known organisation type');
    types = child.parentTypeCode ? [child.parentTypeCode] : [];
  }
  const found = await deps.organisations.search(input.term.trim(), types);
  return isSuperAdmin(user.roles) ? found : found.filter((o) => user.organisationUuids.includes(o.uuid));
}

export async function listOrganisationTypes(deps: IdentityDeps, caller: Caller) {
  await assertRole(deps, caller, ADMINS);
  return ORGANISATION_TYPES.map((t) => ({ ...t }));
}
