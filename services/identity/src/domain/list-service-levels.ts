import { REPORTS_SERVICE, type Caller } from '@gains/auth';
import type { ServiceLevelRecord } from '../store/service-level-store';
import { ADMINS, assertRole } from './admin-access';
import type { IdentityDeps } from './deps';

/** The service levels (the provider's, shared by every firm): admins, and the reports service's batch prints, which
 * follow a client's service level's report type mappings. */
export async function listServiceLevels(deps: IdentityDeps, caller: Caller): Promise<ServiceLevelRecord[]> {
  if (caller.service !== REPORTS_SERVICE) await assertRole(deps, caller, ADMINS);
  return deps.serviceLevels.listAll();
}
