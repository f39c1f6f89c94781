import { invalidArgument } from '@gains/errors';
import type { OrganisationData } from '../store/organisation-store';
import type { IdentityDeps } from './deps';
import { organisationType } from './organisation-rules';

/**
 * Checks where the organisation sits: one PROVIDER at the top; every other type under a parent of the
 * type above it (a FIRM under the PROVIDER, a BRANCH under a FIRM); never under itself or anything
 * beneath it; and, when its type changes, the organisations under it still sit under the right type.
 * Then the service level it points at. Each refusal names its field.
 */
export async function checkOrganisationReferences(deps: IdentityDeps, data: OrganisationData, selfId?: number) {
  const type = organisationType(data.type)!;
  if (type.code === 'PROVIDER') {
    const other = (await deps.organisations.listByType('PROVIDER')).find((o) => o.id !== selfId);
    if (other)
      throw invalidArgument('type', `There is one provider organisation (${other.code}); a second is not allowed`);
  }
  if (data.parentId === null) {
    if (type.parentTypeCode) {
      throw invalidArgument('parent', `A ${type.code} organisation needs a parent ${type.parentTypeCode} organisation`);
    }
  } else {
    if (data.parentId === selfId) throw invalidArgument('parent', 'An organisation cannot be its own parent');
    const parent = await deps.organisations.findById(data.parentId);
    if (!parent) throw invalidArgument('parent', 'Parent organisation was not found');
    if (selfId !== undefined) await assertNotBeneath(deps, parent.id, selfId);
    if (parent.type !== type.parentTypeCode) {
      throw invalidArgument(
        'parent',
        type.parentTypeCode
          ? `The parent must be a ${type.parentTypeCode} organisation`
          : 'This type of organisation has no parent',
      );
    }
  }
  if (selfId !== undefined) {
    const misplaced = (await deps.organisations.listChildren(selfId)).find(
      (child) => organisationType(child.type)?.parentTypeCode !== type.code,
    );
    if (misplaced) {
      throw invalidArgument(
        'type',
        `${misplaced.code} sits under this organisation and needs a parent ${organisationType(misplaced.type)?.parentTypeCode} organisation`,
      );
    }
  }
  if (data.serviceLevelId !== null && !(await deps.serviceLevels.findById(data.serviceLevelId))) {
    throw invalidArgument('serviceLevelId', 'Service level was not found');
  }
}

/** Refuses a parent that is the organisation itself or sits anywhere beneath it (a cycle in the parent chain). */
async function assertNotBeneath(deps: IdentityDeps, parentId: number, selfId: number) {
  const seen = new Set<number>();
  for (let id: number | null = parentId; id !== null && !seen.has(id);) {
    if (id === selfId) {
      const parent = await deps.organisations.findById(parentId);
      throw invalidArgument(
        'parent',
        `An organisation cannot sit beneath itself: ${parent?.code ?? 'the parent'} is under this organisation`,
      );
    }
    seen.add(id);
    id = (await deps.organisations.findById(id))?.parentId ?? null;
  }
}
