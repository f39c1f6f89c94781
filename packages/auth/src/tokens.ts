import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { unauthenticated } from '@gains/errors';
import type { Caller } from './caller';

export const TOKEN_ISSUER = 'gains-identity';
export const TOKEN_AUDIENCE = 'gains';
/** Only identity's asymmetric algorithm is accepted (never 'none' or a symmetric one). */
const ALGORITHMS = ['ES256'];

export type TokenVerifier = (token: string) => Promise<Caller>;

/**
 * Verifies access tokens against identity's published keys. The key set is fetched once and
 * again when a token names a key we have not seen (identity rotated its keys).
 */
export function createTokenVerifier(fetchJwks: () => Promise<JSONWebKeySet>): TokenVerifier {
  let keys: JSONWebKeySet | undefined;
  let keySet: ReturnType<typeof createLocalJWKSet> | undefined;
  async function load() {
    keys = await fetchJwks();
    keySet = createLocalJWKSet(keys);
  }
  return async (token) => {
    if (!keySet) await load();
    let result;
    try {
      result = await jwtVerify(token, keySet!, {
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        algorithms: ALGORITHMS,
      });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_JWKS_NO_MATCHING_KEY') {
        await load();
        result = await jwtVerify(token, keySet!, {
          issuer: TOKEN_ISSUER,
          audience: TOKEN_AUDIENCE,
          algorithms: ALGORITHMS,
        }).catch(() => {
          throw unauthenticated();
        });
      } else {
        throw unauthenticated();
      }
    }
    const p = result.payload as Record<string, unknown>;
    return {
      userUuid: String(p.sub),
      email: String(p.email ?? ''),
      name: String(p.name ?? ''),
      roles: Array.isArray(p.roles) ? p.roles.map(String) : [],
      organisationUuids: Array.isArray(p.orgs) ? p.orgs.map(String) : [],
      sessionId: String(p.sid ?? ''),
      token,
    };
  };
}
