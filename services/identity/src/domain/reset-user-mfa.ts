import type { Caller } from '@gains/auth';
import { isSuperAdmin } from '@gains/access';
import type { IdentityDeps } from './deps';
import { managedUser, summary, type UserSummary } from './user-summary';

/** Clears a user's authenticator: they set it up again at next sign-in if their firm requires it. */
export async function resetUserMfa(
  deps: IdentityDeps,
  caller: Caller,
  uuid: string,
  remoteAddress: string,
): Promise<UserSummary> {
  const { admin, target } = await managedUser(deps, caller, uuid);
  await deps.users.clearMfa(target.id);
  await deps.audit.insert({
    userUuid: target.uuid,
    email: target.email,
    action: 'MFA_RESET',
    outcome: 'SUCCEEDED',
    remoteAddr: remoteAddress,
    detail: `by ${admin.email}`,
  });
  const updated = (await deps.users.findById(target.id))!;
  return summary(updated, isSuperAdmin(admin.roles) ? undefined : admin.organisationUuids);
}
