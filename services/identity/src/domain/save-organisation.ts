import crypto from 'node:crypto';
import type { Caller } from '@gains/auth';
import { DomainError, invalidArgument, notFound } from '@gains/errors';
import { ORGANISATION_CREATED, ORGANISATION_UPDATED, organisationEvent } from '../events/organisation-events';
import type { OrganisationData, OrganisationRecord } from '../store/organisation-store';
import { assertRole, SUPER_ADMIN } from './admin-access';
import type { IdentityDeps } from './deps';
import { checkOrganisation, organisationType, type OrganisationInput } from './organisation-rules';

/** Checks what the body points at: the parent (of the right type, not itself) and the service level. */
async function checkReferences(deps: IdentityDeps, data: OrganisationData, selfId?: number) {
  if (data.parentId !== null) {
    if (data.parentId === selfId) throw invalidArgument('parent', 'An organisation cannot be its own parent');
    const parent = await deps.organisations.findById(data.parentId);
    if (!parent) throw invalidArgument('parent', 'Parent organisation was not found');
    const allowed = organisationType(data.type)!.parentTypeCode;
    if (parent.type !== allowed) {
      throw invalidArgument('parent', allowed ? `The parent must be a ${allowed} organisation` : 'This type of organisation has no parent');
    }
  }
  if (data.serviceLevelId !== null && !(await deps.serviceLevels.findById(data.serviceLevelId))) {
    throw invalidArgument('serviceLevelId', 'Service level was not found');
  }
}

/** A super admin adds an organisation; its created event is written in the same transaction. */
export async function createOrganisation(deps: IdentityDeps, caller: Caller, input: OrganisationInput): Promise<OrganisationRecord> {
  await assertRole(deps, caller, SUPER_ADMIN);
  const data = checkOrganisation(input);
  if (await deps.organisations.findByCode(data.code)) {
    throw new DomainError('ALREADY_EXISTS', 'An organisation with this code already exists', 'code');
  }
  await checkReferences(deps, data);
  return deps.organisations.insert({ ...data, uuid: crypto.randomUUID() }, (created) => [
    organisationEvent(ORGANISATION_CREATED, created),
  ]);
}

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
  await checkReferences(deps, data, id);
  return deps.organisations.update(id, data, (updated) => [organisationEvent(ORGANISATION_UPDATED, updated)]);
}
