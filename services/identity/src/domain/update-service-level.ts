import type { Caller } from '@gains/auth';
import { DomainError, notFound } from '@gains/errors';
import type { ServiceLevelRecord } from '../store/service-level-store';
import { assertRole, SUPER_ADMIN } from './admin-access';
import type { IdentityDeps } from './deps';
import { checkServiceLevel, type ServiceLevelInput } from './service-level-rules';

export async function updateServiceLevel(
  deps: IdentityDeps,
  caller: Caller,
  id: number,
  input: ServiceLevelInput,
): Promise<ServiceLevelRecord> {
  await assertRole(deps, caller, SUPER_ADMIN);
  if (!(await deps.serviceLevels.findById(id))) throw notFound('Service level', 'id');
  const data = checkServiceLevel(input);
  const sameCode = await deps.serviceLevels.findByCode(data.code);
  if (sameCode && sameCode.id !== id) {
    throw new DomainError('ALREADY_EXISTS', 'A service level with this code already exists', 'code');
  }
  return deps.serviceLevels.update(id, data);
}
