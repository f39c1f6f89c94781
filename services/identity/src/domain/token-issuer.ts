import crypto from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type JWK } from 'jose';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '@gains/auth';
import type { SigningKeyStore } from '../store/signing-key-store';

const ALGORITHM = 'ES256';
/** Access tokens live briefly: services verify them offline, so revocation reaches them within this time. */
export const ACCESS_TOKEN_SECONDS = 10 * 60;
/** Challenge sessions of the sign-in flow (new password, MFA, MFA setup). */
export const CHALLENGE_SECONDS = 10 * 60;
const CHALLENGE_AUDIENCE = 'gains-challenge';

export type ChallengePurpose = 'NEW_PASSWORD_REQUIRED' | 'MFA' | 'MFA_SETUP';

export interface Challenge {
  userUuid: string;
  purpose: ChallengePurpose;
  /** Seconds since the epoch when the challenge was issued. */
  issuedAt: number;
  /** The user's sign-in state when it was issued (see `challengeStamp`): it is good only while that holds. */
  stamp: string;
}

export interface AccessClaims {
  userUuid: string;
  email: string;
  name: string;
  roles: string[];
  organisationUuids: string[];
  sessionId: string;
}

export interface TokenIssuer {
  issueAccessToken(claims: AccessClaims, now: Date): Promise<string>;
  /** A service's own token: a `svc` claim, no roles, no organisations (services/tax-engine/README.md). */
  issueServiceToken(service: string, now: Date): Promise<string>;
  jwks(): { keys: JWK[] };
  /** A signed, short-lived challenge for one step of the sign-in flow (never accepted as an access token). */
  issueChallenge(userUuid: string, purpose: ChallengePurpose, stamp: string, now: Date): Promise<string>;
  /** The challenge, or undefined when it is forged, expired or not ours. */
  verifyChallenge(token: string, now: Date): Promise<Challenge | undefined>;
}

/**
 * Signs access tokens with an asymmetric key kept in identity's schema (so restarts and replicas
 * share it) and publishes the public halves as a JWKS for the BFF and every service.
 */
export async function createTokenIssuer(keys: SigningKeyStore): Promise<TokenIssuer> {
  let stored = await keys.listNewestFirst();
  if (stored.length === 0) {
    const pair = await generateKeyPair(ALGORITHM, { extractable: true });
    const kid = crypto.randomUUID();
    await keys.insert({
      kid,
      algorithm: ALGORITHM,
      privateJwk: { ...(await exportJWK(pair.privateKey)), kid, alg: ALGORITHM },
      publicJwk: { ...(await exportJWK(pair.publicKey)), kid, alg: ALGORITHM, use: 'sig' },
    });
    stored = await keys.listNewestFirst();
  }
  const current = stored[0]!;
  const privateKey = await importJWK(current.privateJwk as JWK, ALGORITHM);
  const publicKey = await importJWK(current.publicJwk as JWK, ALGORITHM);
  return {
    async issueAccessToken(claims, now) {
      const issuedAt = Math.floor(now.getTime() / 1000);
      return new SignJWT({
        email: claims.email,
        name: claims.name,
        roles: claims.roles,
        orgs: claims.organisationUuids,
        sid: claims.sessionId,
      })
        .setProtectedHeader({ alg: ALGORITHM, kid: current.kid })
        .setSubject(claims.userUuid)
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ACCESS_TOKEN_SECONDS)
        .sign(privateKey);
    },
    async issueServiceToken(service, now) {
      const issuedAt = Math.floor(now.getTime() / 1000);
      return new SignJWT({ svc: service, roles: [], orgs: [] })
        .setProtectedHeader({ alg: ALGORITHM, kid: current.kid })
        .setSubject(`service:${service}`)
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ACCESS_TOKEN_SECONDS)
        .sign(privateKey);
    },
    jwks() {
      return { keys: stored.map((k) => k.publicJwk as JWK) };
    },
    async issueChallenge(userUuid, purpose, stamp, now) {
      const issuedAt = Math.floor(now.getTime() / 1000);
      return new SignJWT({ purpose, stp: stamp })
        .setProtectedHeader({ alg: ALGORITHM, kid: current.kid })
        .setSubject(userUuid)
        .setIssuer(TOKEN_ISSUER)
        .setAudience(CHALLENGE_AUDIENCE)
        .setJti(crypto.randomUUID())
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + CHALLENGE_SECONDS)
        .sign(privateKey);
    },
    async verifyChallenge(token, now) {
      try {
        const { payload } = await jwtVerify(token, publicKey, {
          issuer: TOKEN_ISSUER,
          audience: CHALLENGE_AUDIENCE,
          currentDate: now,
          algorithms: [ALGORITHM],
        });
        const purpose = payload.purpose;
        if (purpose !== 'NEW_PASSWORD_REQUIRED' && purpose !== 'MFA' && purpose !== 'MFA_SETUP') return undefined;
        if (typeof payload.stp !== 'string') return undefined;
        return { userUuid: String(payload.sub), purpose, issuedAt: Number(payload.iat), stamp: payload.stp };
      } catch {
        return undefined;
      }
    },
  };
}
