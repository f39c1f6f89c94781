import crypto from 'node:crypto';
import { emailProblem } from '@gains/access';
import { DomainError, invalidArgument } from '@gains/errors';
import type { IdentityDeps } from './deps';
import { hashPassword, verifyPassword } from './password-hashing';
import { nextStep, type AuthResult } from './sign-in-steps';
import { assertNotThrottled, clearFailures, recordFailure } from './throttle';

const BAD_CREDENTIALS = 'Incorrect username or password.';
// Verified when the email is unknown, so both answers take as long.
let dummyHash: Promise<string> | undefined;

export interface SignInInput {
  email: string;
  password: string;
  remoteAddress: string;
}

/** Checks the password, then says the next step: new password, MFA, MFA setup or signed in. */
export async function signIn(deps: IdentityDeps, input: SignInInput): Promise<AuthResult> {
  const emailIssue = emailProblem(input.email);
  if (emailIssue) throw invalidArgument('email', emailIssue);
  if (!input.password) throw invalidArgument('password', 'Password is required');
  await assertNotThrottled(deps, input.email, input.remoteAddress);

  const user = await deps.users.findByEmail(input.email);
  const passwordOk = await verifyPassword(
    user?.passwordHash ?? (await (dummyHash ??= hashPassword(crypto.randomUUID()))),
    input.password,
  );
  if (!user || !passwordOk || user.status === 'DISABLED') {
    await recordFailure(deps, input.email, input.remoteAddress);
    await deps.audit.insert({
      userUuid: user?.uuid,
      email: input.email.trim().toLowerCase(),
      action: 'SIGN_IN',
      outcome: 'FAILED',
      remoteAddr: input.remoteAddress,
      detail: !user ? 'unknown user' : !passwordOk ? 'wrong password' : 'disabled',
    });
    throw new DomainError('UNAUTHENTICATED', BAD_CREDENTIALS, 'password');
  }
  await clearFailures(deps, user.email);
  return nextStep(deps, user, input.remoteAddress);
}
