import type { Caller } from '@gains/auth';
import { isSuperAdmin } from '@gains/access';
import { ADMINS, assertRole } from './admin-access';
import type { IdentityDeps } from './deps';
import { checkPage } from './paging-rules';
import { invitationSummary, summary, type UserSummary } from './user-summary';

/**
 * Users, paged: every user for a super admin; for a customer admin those of their organisations, with
 * the invitations into them shown as the invitees (README: Invitations).
 */
export async function listUsers(
  deps: IdentityDeps,
  caller: Caller,
  input: { page: number; size: number; term: string },
): Promise<{ content: UserSummary[]; totalSize: number }> {
  const admin = await assertRole(deps, caller, ADMINS);
  const query = { ...checkPage(input), term: input.term.trim() };
  if (isSuperAdmin(admin.roles)) {
    const page = await deps.users.listPage(query);
    return { content: page.content.map((u) => summary(u)), totalSize: page.totalSize };
  }
  const scope = admin.organisationUuids;
  const page = await deps.users.listPageWithInvitations({ ...query, organisationUuids: scope });
  return {
    content: page.content.map((row) =>
      row.kind === 'user' ? summary(row.user, scope) : invitationSummary(row.invitation, scope),
    ),
    totalSize: page.totalSize,
  };
}
