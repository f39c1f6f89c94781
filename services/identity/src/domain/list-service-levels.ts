import type { Caller } from '@gains/auth';
import type { ServiceLevelRecord } from '../store/service-level-store';
import { ADMINS, assertRole } from './admin-access';
import type { IdentityDeps } from './deps';

export async function listServiceLevels(deps: IdentityDeps, caller: Caller): Promise<ServiceLevelRecord[]> {
  await assertRole(deps, caller, ADMINS);
  return deps.serviceLevels.listAll();
}
