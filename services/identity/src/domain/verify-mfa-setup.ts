import { mfaCodeProblem } from '@gains/access';
import { DomainError, invalidArgument, unauthenticated } from '@gains/errors';
import { WRONG_CODE } from './confirm-mfa';
import type { IdentityDeps } from './deps';
import { CHALLENGE_EXPIRED, openChallenge, startSession, type AuthResult } from './sign-in-steps';
import { assertNotThrottled, clearFailures, recordFailure } from './throttle';
import { matchTotpStep } from './totp';

export interface VerifyMfaSetupInput {
  session: string;
  code: string;
  remoteAddress: string;
}

/** A first code from the authenticator confirms the secret shown at setup; the user is then signed in. */
export async function verifyMfaSetup(deps: IdentityDeps, input: VerifyMfaSetupInput): Promise<AuthResult> {
  const user = await openChallenge(deps, input.session, 'MFA_SETUP');
  const problem = mfaCodeProblem(input.code);
  if (problem) throw invalidArgument('code', problem);
  if (!user.mfaPendingSecret) {
    throw new DomainError('FAILED_PRECONDITION', 'Set up your authenticator app first', 'session');
  }
  await assertNotThrottled(deps, user.email, input.remoteAddress);

  const step = matchTotpStep(deps.cipher.decrypt(user.mfaPendingSecret), input.code, deps.now());
  if (step === null) {
    await recordFailure(deps, user.email, input.remoteAddress);
    await deps.audit.insert({
      userUuid: user.uuid,
      email: user.email,
      action: 'MFA_SETUP',
      outcome: 'FAILED',
      remoteAddr: input.remoteAddress,
      detail: 'wrong code',
    });
    throw invalidArgument('code', WRONG_CODE);
  }
  if (!(await deps.users.activateMfa(user.id, user.mfaPendingSecret, step))) throw unauthenticated(CHALLENGE_EXPIRED);
  await clearFailures(deps, user.email);
  await deps.audit.insert({
    userUuid: user.uuid,
    email: user.email,
    action: 'MFA_SETUP',
    outcome: 'SUCCEEDED',
    remoteAddr: input.remoteAddress,
  });
  return startSession(deps, user, input.remoteAddress);
}
