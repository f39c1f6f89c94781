import crypto from 'node:crypto';
import type { Caller } from '@gains/auth';
import { DomainError } from '@gains/errors';
import type { ServiceLevelRecord } from '../store/service-level-store';
import { assertRole, SUPER_ADMIN } from './admin-access';
import type { IdentityDeps } from './deps';
import { checkServiceLevel, type ServiceLevelInput } from './service-level-rules';

export async function createServiceLevel(
  deps: IdentityDeps,
  caller: Caller,
  input: ServiceLevelInput,
): Promise<ServiceLevelRecord> {
  await assertRole(deps, caller, SUPER_ADMIN);
  const data = checkServiceLevel(input);
  if (await deps.serviceLevels.findByCode(data.code)) {
    throw new DomainError('ALREADY_EXISTS', 'A service level with this code already exists', 'code');
  }
  return deps.serviceLevels.insert({ ...data, uuid: crypto.randomUUID() });
}
