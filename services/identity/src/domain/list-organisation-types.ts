import type { Caller } from '@gains/auth';
import { ADMINS, assertRole } from './admin-access';
import type { IdentityDeps } from './deps';
import { ORGANISATION_TYPES } from './organisation-rules';

export async function listOrganisationTypes(deps: IdentityDeps, caller: Caller) {
  await assertRole(deps, caller, ADMINS);
  return ORGANISATION_TYPES.map((t) => ({ ...t }));
}
