import { invalidArgument } from '@gains/errors';
import type { OrganisationData } from '../store/organisation-store';
import type { IdentityDeps } from './deps';
import { organisationType } from './organisation-rules';

/** Checks what the body points at: the parent (of the right type, not itself) and the service level. */
export async function checkOrganisationReferences(deps: IdentityDeps, data: OrganisationData, selfId?: number) {
  if (data.parentId !== null) {
    if (data.parentId === selfId) throw invalidArgument('parent', 'An organisation cannot be its own parent');
    const parent = await deps.organisations.findById(data.parentId);
    if (!parent) throw invalidArgument('parent', 'Parent organisation was not found');
    const allowed = organisationType(data.type)!.parentTypeCode;
    if (parent.type !== allowed) {
      throw invalidArgument(
        'parent',
        allowed ? `The parent must be a ${allowed} organisation` : 'This type of organisation has no parent',
      );
    }
  }
  if (data.serviceLevelId !== null && !(await deps.serviceLevels.findById(data.serviceLevelId))) {
    throw invalidArgument('serviceLevelId', 'Service level was not found');
  }
}
