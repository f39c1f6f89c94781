import crypto from 'node:crypto';
import { AUTH_MESSAGES, emailProblem } from '@gains/access';
import { invalidArgument } from '@gains/errors';
import { normaliseEmail } from '../store/user-store';
import type { IdentityDeps } from './deps';
import type { AuthResult } from './sign-in-steps';
import { hashToken } from './sign-in-steps';

export const RESET_CODE_MINUTES = 30;
/** At most one code per account in this time: the form cannot be used to flood someone's inbox. */
export const RESEND_SECONDS = 60;

export interface ForgotPasswordInput {
  email: string;
  remoteAddress: string;
}

/**
 * Emails a verification code to the address when it belongs to an enabled user. The form must not
 * tell anyone who has an account, so the answer is the same and takes the same time either way:
 * once the address is checked, the answer is given at once, and everything that depends on the
 * account (looking it up, the audit entry, the code, the mail) is done after the answer.
 */
export async function forgotPassword(deps: IdentityDeps, input: ForgotPasswordInput): Promise<AuthResult> {
  const problem = emailProblem(input.email);
  if (problem) throw invalidArgument('email', problem);
  const email = normaliseEmail(input.email);
  deps.afterAnswer.run(email, 'password reset code', () => sendResetCode(deps, email, input.remoteAddress));
  return { state: 'RESET_PASSWORD', message: AUTH_MESSAGES.verificationCodeSent };
}

async function sendResetCode(deps: IdentityDeps, email: string, remoteAddress: string): Promise<void> {
  const user = await deps.users.findByEmail(email);
  await deps.audit.insert({
    userUuid: user?.uuid,
    email,
    action: 'PASSWORD_RESET_REQUESTED',
    outcome: user && user.status !== 'DISABLED' ? 'SUCCEEDED' : 'REFUSED',
    remoteAddr: remoteAddress,
    detail: !user ? 'unknown user' : user.status === 'DISABLED' ? 'disabled' : '',
  });
  if (!user || user.status === 'DISABLED') return;

  const now = deps.now();
  const open = await deps.passwordResets.findLatestOpen(user.id, now);
  if (open && now.getTime() - open.createdAt.getTime() < RESEND_SECONDS * 1000) return;
  const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
  await deps.passwordResets.closeAllOfUser(user.id, now);
  await deps.passwordResets.insert({
    id: crypto.randomUUID(),
    userId: user.id,
    codeHash: hashToken(`${user.uuid}:${code}`),
    expiresAt: new Date(now.getTime() + RESET_CODE_MINUTES * 60_000),
  });
  await deps.mailer.send({
    to: user.email,
    subject: 'Your Gains verification code',
    text:
      `Hello ${user.name},\n\nYour verification code is ${code}\n\n` +
      `Enter it on the reset password screen within ${RESET_CODE_MINUTES} minutes to choose a new password.\n` +
      `If you did not ask to reset your password, you can ignore this email.\n`,
  });
}
