import type { Caller } from '@gains/auth';
import { DomainError, notFound } from '@gains/errors';
import { ORGANISATION_UPDATED, organisationEvent } from '../events/organisation-events';
import type { OrganisationRecord } from '../store/organisation-store';
import { assertRole, SUPER_ADMIN } from './admin-access';
import { checkOrganisationReferences } from './check-organisation-references';
import type { IdentityDeps } from './deps';
import { checkOrganisation, type OrganisationInput } from './organisation-rules';

/** A super admin edits an organisation; its updated event is written in the same transaction. */
export async function updateOrganisation(
  deps: IdentityDeps,
  caller: Caller,
  id: number,
  input: OrganisationInput,
): Promise<OrganisationRecord> {
  await assertRole(deps, caller, SUPER_ADMIN);
  const existing = await deps.organisations.findById(id);
  if (!existing) throw notFound('Organisation', 'id');
  const data = { ...checkOrganisation(input), mfaRequired: input.mfaRequired ?? existing.mfaRequired };
  const sameCode = await deps.organisations.findByCode(data.code);
  if (sameCode && sameCode.id !== id) {
    throw new DomainError('ALREADY_EXISTS', 'An organisation with this code already exists', 'code');
  }
  await checkOrganisationReferences(deps, data, id);
  return deps.organisations.update(id, data, (updated) => [organisationEvent(ORGANISATION_UPDATED, updated)]);
}
