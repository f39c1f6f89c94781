import { confirmationProblem, passwordProblem } from '@gains/access';
import { invalidArgument, unauthenticated } from '@gains/errors';
import type { IdentityDeps } from './deps';
import { hashPassword, verifyPassword } from './password-hashing';
import { CHALLENGE_EXPIRED, nextStep, openChallenge, type AuthResult } from './sign-in-steps';

export interface CompleteNewPasswordInput {
  session: string;
  password: string;
  confirmPassword?: string;
  remoteAddress: string;
}

/** A user created by an administrator replaces the temporary password, then carries on signing in. */
export async function completeNewPassword(deps: IdentityDeps, input: CompleteNewPasswordInput): Promise<AuthResult> {
  const user = await openChallenge(deps, input.session, 'NEW_PASSWORD_REQUIRED');
  assertNewPassword(input.password, input.confirmPassword);
  if (await verifyPassword(user.passwordHash, input.password)) {
    throw invalidArgument('password', 'The new password must be different from the temporary one');
  }
  const passwordHash = await hashPassword(input.password);
  if (!(await deps.users.replaceTemporaryPassword(user.id, user.passwordHash, passwordHash))) {
    throw unauthenticated(CHALLENGE_EXPIRED);
  }
  await deps.audit.insert({
    userUuid: user.uuid,
    email: user.email,
    action: 'PASSWORD_SET',
    outcome: 'SUCCEEDED',
    remoteAddr: input.remoteAddress,
    detail: 'first sign-in',
  });
  return nextStep(deps, { ...user, passwordHash, status: 'ACTIVE' }, input.remoteAddress);
}

/** The §5 rules for a new password, and its confirmation when one is sent. */
export function assertNewPassword(password: string, confirmPassword: string | undefined): void {
  const problem = passwordProblem(password);
  if (problem) throw invalidArgument('password', problem);
  if (confirmPassword !== undefined) {
    const mismatch = confirmationProblem(password, confirmPassword);
    if (mismatch) throw invalidArgument('confirmPassword', mismatch);
  }
}
