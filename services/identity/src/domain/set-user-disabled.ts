import type { Caller } from '@gains/auth';
import type { IdentityDeps } from './deps';
import { invitationSummary, managedUser, summary, visibleTo, type UserSummary } from './user-summary';

/** Disables (every session revoked at once) or re-enables a user. */
export async function setUserDisabled(
  deps: IdentityDeps,
  caller: Caller,
  input: { uuid: string; disabled: boolean; remoteAddress: string },
): Promise<UserSummary> {
  const managed = await managedUser(deps, caller, input.uuid);
  const { admin } = managed;
  const action = input.disabled ? 'USER_DISABLED' : 'USER_ENABLED';
  if (managed.kind === 'invitation') {
    // As for an invited user: the inviting firm sees the same answers; the account itself is untouched.
    const { invitation } = managed;
    const updated = await deps.invitations.setDisabled(invitation.id, input.disabled);
    await deps.audit.insert({
      email: invitation.email,
      action,
      outcome: 'SUCCEEDED',
      remoteAddr: input.remoteAddress,
      detail: `invitation ${invitation.uuid} by ${admin.email}`,
    });
    return invitationSummary(updated, visibleTo(admin));
  }
  const { target } = managed;
  // Enabled again, a user returns to the status they had: an invitee who never set a password must still do so.
  if (input.disabled) {
    await deps.users.disable(target.id);
    await deps.sessions.revokeAllOfUser(target.id, deps.now());
  } else {
    await deps.users.enable(target.id);
  }
  await deps.audit.insert({
    userUuid: target.uuid,
    email: target.email,
    action,
    outcome: 'SUCCEEDED',
    remoteAddr: input.remoteAddress,
    detail: `by ${admin.email}`,
  });
  const updated = (await deps.users.findById(target.id))!;
  return summary(updated, visibleTo(admin));
}
