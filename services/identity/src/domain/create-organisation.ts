import crypto from 'node:crypto';
import type { Caller } from '@gains/auth';
import { DomainError } from '@gains/errors';
import { ORGANISATION_CREATED, organisationEvent } from '../events/organisation-events';
import type { OrganisationRecord } from '../store/organisation-store';
import { assertRole, SUPER_ADMIN } from './admin-access';
import { checkOrganisationReferences } from './check-organisation-references';
import type { IdentityDeps } from './deps';
import { checkOrganisation, type OrganisationInput } from './organisation-rules';

/** A super admin adds an organisation; its created event is written in the same transaction. */
export async function createOrganisation(
  deps: IdentityDeps,
  caller: Caller,
  input: OrganisationInput,
): Promise<OrganisationRecord> {
  await assertRole(deps, caller, SUPER_ADMIN);
  const data = checkOrganisation(input);
  if (await deps.organisations.findByCode(data.code)) {
    throw new DomainError('ALREADY_EXISTS', 'An organisation with this code already exists', 'code');
  }
  await checkOrganisationReferences(deps, data);
  return deps.organisations.insert({ ...data, uuid: crypto.randomUUID() }, (created) => [
    organisationEvent(ORGANISATION_CREATED, created),
  ]);
}
