import type { Caller } from '@gains/auth';
import type { IdentityDeps } from './deps';
import { invitationSummary, managedUser, summary, visibleTo, type UserSummary } from './user-summary';

/** Clears a user's authenticator: they set it up again at next sign-in if their firm requires it. */
export async function resetUserMfa(
  deps: IdentityDeps,
  caller: Caller,
  uuid: string,
  remoteAddress: string,
): Promise<UserSummary> {
  const managed = await managedUser(deps, caller, uuid);
  const { admin } = managed;
  if (managed.kind === 'invitation') {
    // An invitee has no authenticator yet: nothing to clear, and the account itself is untouched.
    await deps.audit.insert({
      email: managed.invitation.email,
      action: 'MFA_RESET',
      outcome: 'SUCCEEDED',
      remoteAddr: remoteAddress,
      detail: `invitation ${managed.invitation.uuid} by ${admin.email}`,
    });
    return invitationSummary(managed.invitation, visibleTo(admin));
  }
  const { target } = managed;
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
  return summary(updated, visibleTo(admin));
}
