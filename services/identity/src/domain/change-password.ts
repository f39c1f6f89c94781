import type { Caller } from '@gains/auth';
import { AUTH_MESSAGES } from '@gains/access';
import { invalidArgument, unauthenticated } from '@gains/errors';
import { assertNewPassword } from './complete-new-password';
import type { IdentityDeps } from './deps';
import { hashPassword, verifyPassword } from './password-hashing';
import { assertNotThrottled, clearFailures, recordFailure } from './throttle';

export const PASSWORD_CHANGED = 'Your password has been changed';
const WRONG_CURRENT = 'Current password is incorrect';

export interface ChangePasswordInput {
  currentPassword: string;
  password: string;
  confirmPassword?: string;
  remoteAddress: string;
}

/** The signed-in user replaces their password; every other session of theirs is revoked. */
export async function changePassword(deps: IdentityDeps, caller: Caller, input: ChangePasswordInput) {
  if (!input.currentPassword) throw invalidArgument('currentPassword', AUTH_MESSAGES.currentPasswordRequired);
  assertNewPassword(input.password, input.confirmPassword);
  const now = deps.now();
  if (!(await deps.sessions.isActive(caller.sessionId, now))) throw unauthenticated();
  const user = await deps.users.findByUuid(caller.userUuid);
  if (!user || user.status === 'DISABLED') throw unauthenticated();
  await assertNotThrottled(deps, user.email, input.remoteAddress);

  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await recordFailure(deps, user.email, input.remoteAddress);
    await deps.audit.insert({
      userUuid: user.uuid,
      email: user.email,
      action: 'PASSWORD_CHANGE',
      outcome: 'FAILED',
      remoteAddr: input.remoteAddress,
      detail: 'wrong current password',
    });
    throw invalidArgument('currentPassword', WRONG_CURRENT);
  }
  if (input.currentPassword === input.password) {
    throw invalidArgument('password', 'The new password must be different from the current one');
  }
  await deps.users.setPassword(user.id, await hashPassword(input.password), 'ACTIVE');
  const revoked = await deps.sessions.revokeAllOfUser(user.id, now, caller.sessionId);
  await clearFailures(deps, user.email);
  await deps.audit.insert({
    userUuid: user.uuid,
    email: user.email,
    action: 'PASSWORD_CHANGE',
    outcome: 'SUCCEEDED',
    remoteAddr: input.remoteAddress,
    detail: `${revoked} other session(s) revoked`,
  });
  return { message: PASSWORD_CHANGED };
}
