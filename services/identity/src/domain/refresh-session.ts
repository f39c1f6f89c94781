import { unauthenticated } from '@gains/errors';
import type { IdentityDeps } from './deps';
import { hashToken, issueAccessToken, issueRefreshToken, type AuthResult } from './sign-in-steps';
import { ACCESS_TOKEN_SECONDS } from './token-issuer';

export interface RefreshInput {
  refreshToken: string;
  remoteAddress: string;
}

/**
 * Trades a refresh token for a new access token and a new refresh token. Each refresh token works
 * once: presenting a used one means it was stolen or replayed, so the whole family (the session) ends.
 */
export async function refreshSession(deps: IdentityDeps, input: RefreshInput): Promise<AuthResult> {
  if (!input.refreshToken) throw unauthenticated();
  const now = deps.now();
  const tokenHash = hashToken(input.refreshToken);
  const stored = await deps.sessions.findRefreshToken(tokenHash);
  if (!stored) throw unauthenticated();
  const session = await deps.sessions.findById(stored.sessionId);
  const user = session && (await deps.users.findById(session.userId));

  if (!(await deps.sessions.useRefreshToken(tokenHash, now))) {
    await deps.sessions.revoke(stored.sessionId, now);
    await deps.audit.insert({
      userUuid: user?.uuid,
      email: user?.email,
      action: 'REFRESH',
      outcome: 'REFUSED',
      remoteAddr: input.remoteAddress,
      detail: 'refresh token reused: session revoked',
    });
    throw unauthenticated();
  }
  if (!session || session.revokedAt || session.expiresAt <= now || !user || user.status !== 'ACTIVE') {
    throw unauthenticated();
  }
  const accessToken = await issueAccessToken(deps, user, session.id);
  const refreshToken = await issueRefreshToken(deps, session.id);
  return { state: 'AUTHENTICATED', accessToken, expiresIn: ACCESS_TOKEN_SECONDS, refreshToken };
}
