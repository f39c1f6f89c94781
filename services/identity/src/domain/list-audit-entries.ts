import type { Caller } from '@gains/auth';
import { isUuid } from '@gains/access';
import { invalidArgument } from '@gains/errors';
import { assertRole, SUPER_ADMIN } from './admin-access';
import type { IdentityDeps } from './deps';
import { checkPage } from './paging-rules';

/** The audit log, newest first: sign-ins, failures, MFA and password changes, resets, sign-outs. */
export async function listAuditEntries(
  deps: IdentityDeps,
  caller: Caller,
  input: { page: number; size: number; userUuid?: string },
) {
  await assertRole(deps, caller, SUPER_ADMIN);
  if (input.userUuid && !isUuid(input.userUuid)) throw invalidArgument('userUuid', 'userUuid must be a uuid');
  return deps.audit.listPage({ ...checkPage(input), userUuid: input.userUuid || undefined });
}
