import type { Caller } from '@gains/auth';
import { notFound } from '@gains/errors';
import type { ServiceLevelRecord } from '../store/service-level-store';
import { ADMINS, assertRole } from './admin-access';
import type { IdentityDeps } from './deps';

export async function getServiceLevel(deps: IdentityDeps, caller: Caller, id: number): Promise<ServiceLevelRecord> {
  await assertRole(deps, caller, ADMINS);
  const found = await deps.serviceLevels.findById(id);
  if (!found) throw notFound('Service level', 'id');
  return found;
}
