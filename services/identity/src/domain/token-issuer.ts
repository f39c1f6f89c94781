import crypto from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '@gains/auth';
import type { SigningKeyStore } from '../store/signing-key-store';

const ALGORITHM = 'ES256';
export const ACCESS_TOKEN_SECONDS = 15 * 60;

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
  jwks(): { keys: JWK[] };
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
    jwks() {
      return { keys: stored.map((k) => k.publicJwk as JWK) };
    },
  };
}
