import type { Caller } from '@gains/auth';
import { isSuperAdmin } from '@gains/access';
import { invalidArgument } from '@gains/errors';
import type { OrganisationRecord } from '../store/organisation-store';
import { ADMINS, assertRole } from './admin-access';
import type { IdentityDeps } from './deps';
import { organisationType } from './organisation-rules';

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
