import { mfaCodeProblem } from '@gains/access';
import { invalidArgument, unauthenticated } from '@gains/errors';
import type { IdentityDeps } from './deps';
import { CHALLENGE_EXPIRED, openChallenge, startSession, type AuthResult } from './sign-in-steps';
import { assertNotThrottled, clearFailures, recordFailure } from './throttle';
import { matchTotpStep } from './totp';

export const WRONG_CODE = 'Invalid code. Check your authenticator app and try again.';

export interface ConfirmMfaInput {
  session: string;
  code: string;
  remoteAddress: string;
}

/** The second factor: a current TOTP code, never one already used; the challenge starts one session only. */
export async function confirmMfa(deps: IdentityDeps, input: ConfirmMfaInput): Promise<AuthResult> {
  const user = await openChallenge(deps, input.session, 'MFA');
  const problem = mfaCodeProblem(input.code);
  if (problem) throw invalidArgument('code', problem);
  await assertNotThrottled(deps, user.email, input.remoteAddress);

  const step = matchTotpStep(deps.cipher.decrypt(user.mfaSecret!), input.code, deps.now());
  const fresh = step !== null && (await deps.users.useMfaStep(user.id, step, user.mfaLastStep));
  if (!fresh) {
    // The challenge was used meanwhile (its stamp has changed): it starts no second session.
    if (step !== null && step > (user.mfaLastStep ?? -1)) throw unauthenticated(CHALLENGE_EXPIRED);
    await recordFailure(deps, user.email, input.remoteAddress);
    await deps.audit.insert({
      userUuid: user.uuid,
      email: user.email,
      action: 'MFA_CODE',
      outcome: 'FAILED',
      remoteAddr: input.remoteAddress,
      detail: step === null ? 'wrong code' : 'code already used',
    });
    throw invalidArgument('code', WRONG_CODE);
  }
  await clearFailures(deps, user.email);
  return startSession(deps, user, input.remoteAddress);
}
