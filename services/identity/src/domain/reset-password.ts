import crypto from 'node:crypto';
import { emailProblem, verificationCodeProblem } from '@gains/access';
import { invalidArgument } from '@gains/errors';
import { assertNewPassword } from './complete-new-password';
import type { IdentityDeps } from './deps';
import { hashPassword } from './password-hashing';
import { hashToken, type AuthResult } from './sign-in-steps';
import { assertNotThrottled, clearFailures, recordFailure } from './throttle';

export const WRONG_RESET_CODE = 'Invalid verification code provided, please try again.';
export const PASSWORD_RESET_DONE = 'Your password has been reset. Please sign in with your new password.';

export interface ResetPasswordInput {
  email: string;
  code: string;
  password: string;
  confirmPassword?: string;
  remoteAddress: string;
}

/** The emailed code proves the address: the password is replaced, every session ends, back to LOGIN. */
export async function resetPassword(deps: IdentityDeps, input: ResetPasswordInput): Promise<AuthResult> {
  const emailIssue = emailProblem(input.email);
  if (emailIssue) throw invalidArgument('email', emailIssue);
  const codeIssue = verificationCodeProblem(input.code);
  if (codeIssue) throw invalidArgument('code', codeIssue);
  assertNewPassword(input.password, input.confirmPassword);
  await assertNotThrottled(deps, input.email, input.remoteAddress);

  const now = deps.now();
  const user = await deps.users.findByEmail(input.email);
  const reset = user && user.status !== 'DISABLED' ? await deps.passwordResets.findLatestOpen(user.id, now) : null;
  const expected = reset ? Buffer.from(reset.codeHash) : Buffer.alloc(64);
  const given = Buffer.from(hashToken(`${user?.uuid ?? ''}:${input.code.trim()}`));
  const matches =
    !!reset && crypto.timingSafeEqual(expected, given) && (await deps.passwordResets.markUsed(reset.id, now));
  if (!user || !matches) {
    await recordFailure(deps, input.email, input.remoteAddress);
    await deps.audit.insert({
      userUuid: user?.uuid,
      email: input.email.trim().toLowerCase(),
      action: 'PASSWORD_RESET',
      outcome: 'FAILED',
      remoteAddr: input.remoteAddress,
      detail: !user ? 'unknown user' : !reset ? 'no open code' : 'wrong code',
    });
    throw invalidArgument('code', WRONG_RESET_CODE);
  }

  // Proving the address also completes an administrator's invitation.
  await deps.users.setPassword(user.id, await hashPassword(input.password), 'ACTIVE');
  await deps.passwordResets.closeAllOfUser(user.id, now);
  const revoked = await deps.sessions.revokeAllOfUser(user.id, now);
  await clearFailures(deps, user.email);
  await deps.audit.insert({
    userUuid: user.uuid,
    email: user.email,
    action: 'PASSWORD_RESET',
    outcome: 'SUCCEEDED',
    remoteAddr: input.remoteAddress,
    detail: `${revoked} session(s) revoked`,
  });
  return { state: 'LOGIN', message: PASSWORD_RESET_DONE };
}
