import type { Caller } from '@gains/auth';
import { assertRole, SUPER_ADMIN } from './admin-access';
import type { IdentityDeps } from './deps';

/** The audit log, newest first: sign-ins, failures, MFA and password changes, resets, sign-outs. */
export async function listAuditEntries(
  deps: IdentityDeps,
  caller: Caller,
  input: { page: number; size: number; userUuid?: string },
) {
  await assertRole(deps, caller, SUPER_ADMIN);
  return deps.audit.listPage(input);
}
