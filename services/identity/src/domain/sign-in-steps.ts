import crypto from 'node:crypto';
import { AUTH_MESSAGES } from '@gains/access';
import { unauthenticated } from '@gains/errors';
import type { UserRecord } from '../store/user-store';
import type { IdentityDeps } from './deps';
import { ACCESS_TOKEN_SECONDS, type ChallengePurpose } from './token-issuer';

export const SESSION_SECONDS = 12 * 60 * 60;

export type AuthStateName =
  'LOGIN' | 'NEW_PASSWORD_REQUIRED' | 'MFA' | 'MFA_SETUP' | 'RESET_PASSWORD' | 'AUTHENTICATED';

/** Where the sign-in flow goes next, with what the next screen needs. */
export interface AuthResult {
  state: AuthStateName;
  accessToken?: string;
  expiresIn?: number;
  refreshToken?: string;
  session?: string;
  message?: string;
}

export const STEP_MESSAGES = {
  NEW_PASSWORD_REQUIRED: AUTH_MESSAGES.newPasswordSetup,
  MFA: 'Enter the 6-digit code from your authenticator app',
  MFA_SETUP: 'Your organisation requires multi-factor authentication. Set up an authenticator app to continue.',
} as const;

export const CHALLENGE_EXPIRED = 'Your sign-in has expired; please sign in again';

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** Issues an access token for an open session, with the user's roles and memberships as they are now. */
export async function issueAccessToken(deps: IdentityDeps, user: UserRecord, sessionId: string) {
  return deps.tokens.issueAccessToken(
    {
      userUuid: user.uuid,
      email: user.email,
      name: user.name,
      roles: user.roles,
      organisationUuids: user.organisationUuids,
      sessionId,
    },
    deps.now(),
  );
}

/** A new refresh token of the session's family; only its hash is kept. */
export async function issueRefreshToken(deps: IdentityDeps, sessionId: string): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await deps.sessions.insertRefreshToken(sessionId, hashToken(token));
  return token;
}

/** Opens a session: the user has passed every challenge. */
export async function startSession(deps: IdentityDeps, user: UserRecord, remoteAddress: string): Promise<AuthResult> {
  const now = deps.now();
  const sessionId = crypto.randomUUID();
  await deps.sessions.insert({
    id: sessionId,
    userId: user.id,
    expiresAt: new Date(now.getTime() + SESSION_SECONDS * 1000),
    remoteAddr: remoteAddress,
  });
  const accessToken = await issueAccessToken(deps, user, sessionId);
  const refreshToken = await issueRefreshToken(deps, sessionId);
  await deps.audit.insert({
    userUuid: user.uuid,
    email: user.email,
    action: 'SIGN_IN',
    outcome: 'SUCCEEDED',
    remoteAddr: remoteAddress,
  });
  return { state: 'AUTHENTICATED', accessToken, expiresIn: ACCESS_TOKEN_SECONDS, refreshToken };
}

/**
 * The user's sign-in state as a short digest: password, status, MFA secret and last MFA step. A
 * challenge carries the stamp of when it was issued and is good only while the stamp is unchanged, so
 * each challenge starts at most one session: completing any step (a new password, a first or further
 * MFA code) changes the stamp and ends every challenge issued before it.
 */
export function challengeStamp(user: UserRecord): string {
  return crypto
    .createHash('sha256')
    .update([user.status, user.passwordHash, user.mfaSecret ?? '', user.mfaLastStep ?? ''].join('\n'))
    .digest('base64url')
    .slice(0, 22);
}

async function challenge(deps: IdentityDeps, user: UserRecord, purpose: ChallengePurpose): Promise<AuthResult> {
  return {
    state: purpose,
    session: await deps.tokens.issueChallenge(user.uuid, purpose, challengeStamp(user), deps.now()),
    message: STEP_MESSAGES[purpose],
  };
}

/**
 * The step after the password (or after a completed challenge): a new password first, then the
 * code of a user who has MFA, then MFA setup when an organisation of the user requires it.
 */
export async function nextStep(deps: IdentityDeps, user: UserRecord, remoteAddress: string): Promise<AuthResult> {
  if (user.status === 'NEW_PASSWORD_REQUIRED') return challenge(deps, user, 'NEW_PASSWORD_REQUIRED');
  if (user.mfaSecret) return challenge(deps, user, 'MFA');
  if (user.mfaRequired) return challenge(deps, user, 'MFA_SETUP');
  return startSession(deps, user, remoteAddress);
}

/**
 * The user a challenge session is for, if it is genuine, unexpired, still the user's current step and
 * not yet used (the user's sign-in state is as it was when the challenge was issued).
 */
export async function openChallenge(
  deps: IdentityDeps,
  session: string,
  purpose: ChallengePurpose,
): Promise<UserRecord> {
  if (!session) throw unauthenticated(CHALLENGE_EXPIRED);
  const found = await deps.tokens.verifyChallenge(session, deps.now());
  if (!found || found.purpose !== purpose) throw unauthenticated(CHALLENGE_EXPIRED);
  const user = await deps.users.findByUuid(found.userUuid);
  if (!user || user.status === 'DISABLED') throw unauthenticated(CHALLENGE_EXPIRED);
  if (found.stamp !== challengeStamp(user)) throw unauthenticated(CHALLENGE_EXPIRED);
  const stillDue =
    purpose === 'NEW_PASSWORD_REQUIRED'
      ? user.status === 'NEW_PASSWORD_REQUIRED'
      : purpose === 'MFA'
        ? user.status === 'ACTIVE' && !!user.mfaSecret
        : user.status === 'ACTIVE' && !user.mfaSecret;
  if (!stillDue) throw unauthenticated(CHALLENGE_EXPIRED);
  return user;
}
