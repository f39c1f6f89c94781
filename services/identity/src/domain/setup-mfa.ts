import type { IdentityDeps } from './deps';
import { openChallenge } from './sign-in-steps';
import { generateTotpSecret, otpauthUrl } from './totp';

export interface SetupMfaInput {
  session: string;
  remoteAddress: string;
}

/**
 * A fresh authenticator secret for a user who must set up MFA. It is shown this once (for typing or
 * as a QR code of the otpauth link) and kept encrypted until a first code confirms it.
 */
export async function setupMfa(deps: IdentityDeps, input: SetupMfaInput) {
  const user = await openChallenge(deps, input.session, 'MFA_SETUP');
  const secret = generateTotpSecret();
  await deps.users.setPendingMfaSecret(user.id, deps.cipher.encrypt(secret));
  await deps.audit.insert({
    userUuid: user.uuid,
    email: user.email,
    action: 'MFA_SETUP_STARTED',
    outcome: 'SUCCEEDED',
    remoteAddr: input.remoteAddress,
  });
  return { state: 'MFA_SETUP' as const, session: input.session, secret, otpauthUrl: otpauthUrl(secret, user.email) };
}
