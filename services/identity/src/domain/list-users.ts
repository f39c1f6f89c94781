import type { Caller } from '@gains/auth';
import { isSuperAdmin } from '@gains/access';
import { ADMINS, assertRole } from './admin-access';
import type { IdentityDeps } from './deps';
import { summary, type UserSummary } from './user-summary';

/** Users, paged: every user for a super admin; for a customer admin those of their organisations. */
export async function listUsers(
  deps: IdentityDeps,
  caller: Caller,
  input: { page: number; size: number; term: string },
): Promise<{ content: UserSummary[]; totalSize: number }> {
  const admin = await assertRole(deps, caller, ADMINS);
  const scope = isSuperAdmin(admin.roles) ? undefined : admin.organisationUuids;
  const page = await deps.users.listPage({ ...input, organisationUuids: scope });
  return { content: page.content.map((u) => summary(u, scope)), totalSize: page.totalSize };
}
