import type { Caller } from '@gains/auth';
import { isSuperAdmin } from '@gains/access';
import type { IdentityDeps } from './deps';
import { managedUser, summary, type UserSummary } from './user-summary';

/** Disables (every session revoked at once) or re-enables a user. */
export async function setUserDisabled(
  deps: IdentityDeps,
  caller: Caller,
  input: { uuid: string; disabled: boolean; remoteAddress: string },
): Promise<UserSummary> {
  const { admin, target } = await managedUser(deps, caller, input.uuid);
  if (input.disabled) {
    await deps.users.setStatus(target.id, 'DISABLED');
    await deps.sessions.revokeAllOfUser(target.id, deps.now());
  } else if (target.status === 'DISABLED') {
    await deps.users.setStatus(target.id, 'ACTIVE');
  }
  await deps.audit.insert({
    userUuid: target.uuid,
    email: target.email,
    action: input.disabled ? 'USER_DISABLED' : 'USER_ENABLED',
    outcome: 'SUCCEEDED',
    remoteAddr: input.remoteAddress,
    detail: `by ${admin.email}`,
  });
  const updated = (await deps.users.findById(target.id))!;
  return summary(updated, isSuperAdmin(admin.roles) ? undefined : admin.organisationUuids);
}
