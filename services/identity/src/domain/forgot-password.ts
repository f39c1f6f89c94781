import crypto from 'node:crypto';
import { AUTH_MESSAGES, emailProblem } from '@gains/access';
import { invalidArgument } from '@gains/errors';
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
 * Emails a verification code to the address when it belongs to an enabled user. The answer is the
 * same either way, so the form cannot be used to find out who has an account.
 */
export async function forgotPassword(deps: IdentityDeps, input: ForgotPasswordInput): Promise<AuthResult> {
  const problem = emailProblem(input.email);
  if (problem) throw invalidArgument('email', problem);
  const answer: AuthResult = { state: 'RESET_PASSWORD', message: AUTH_MESSAGES.verificationCodeSent };

  const user = await deps.users.findByEmail(input.email);
  await deps.audit.insert({
    userUuid: user?.uuid,
    email: input.email.trim().toLowerCase(),
    action: 'PASSWORD_RESET_REQUESTED',
    outcome: user && user.status !== 'DISABLED' ? 'SUCCEEDED' : 'REFUSED',
    remoteAddr: input.remoteAddress,
    detail: !user ? 'unknown user' : user.status === 'DISABLED' ? 'disabled' : '',
  });
  if (!user || user.status === 'DISABLED') return answer;

  const now = deps.now();
  const open = await deps.passwordResets.findLatestOpen(user.id, now);
  if (open && now.getTime() - open.createdAt.getTime() < RESEND_SECONDS * 1000) return answer;
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
  return answer;
}
