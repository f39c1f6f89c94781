import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { unauthenticated } from '@gains/errors';
import type { Caller } from './caller';
import { createVerifiedTokenCache } from './verified-token-cache';

export const TOKEN_ISSUER = 'gains-identity';
export const TOKEN_AUDIENCE = 'gains';
/** Only identity's asymmetric algorithm is accepted (never 'none' or a symmetric one). */
const ALGORITHMS = ['ES256'];

export type TokenVerifier = (token: string) => Promise<Caller>;

/**
 * Verifies access tokens against identity's published keys. The key set is fetched once and
 * again when a token names a key we have not seen (identity rotated its keys). A token already
 * verified is answered from a bounded cache until its expiry (see verified-token-cache.ts).
 */
export function createTokenVerifier(
  fetchJwks: () => Promise<JSONWebKeySet>,
  options: { cacheSize?: number; now?: () => number } = {},
): TokenVerifier {
  const now = options.now ?? Date.now;
  const verified = createVerifiedTokenCache<Caller>(options.cacheSize);
  let keys: JSONWebKeySet | undefined;
  let keySet: ReturnType<typeof createLocalJWKSet> | undefined;
  async function load() {
    keys = await fetchJwks();
    keySet = createLocalJWKSet(keys);
  }
  return async (token) => {
    const cached = verified.get(token, now());
    if (cached) return cached;
    if (!keySet) await load();
    let result;
    try {
      result = await jwtVerify(token, keySet!, {
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        algorithms: ALGORITHMS,
        currentDate: new Date(now()),
      });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_JWKS_NO_MATCHING_KEY') {
        await load();
        result = await jwtVerify(token, keySet!, {
          issuer: TOKEN_ISSUER,
          audience: TOKEN_AUDIENCE,
          algorithms: ALGORITHMS,
          currentDate: new Date(now()),
        }).catch(() => {
          throw unauthenticated();
        });
      } else {
        throw unauthenticated();
      }
    }
    const p = result.payload as Record<string, unknown>;
    const caller: Caller = {
      userUuid: String(p.sub),
      email: String(p.email ?? ''),
      name: String(p.name ?? ''),
      roles: Array.isArray(p.roles) ? p.roles.map(String) : [],
      organisationUuids: Array.isArray(p.orgs) ? p.orgs.map(String) : [],
      sessionId: String(p.sid ?? ''),
      token,
      ...(typeof p.svc === 'string' && p.svc ? { service: p.svc } : {}),
    };
    // A token without an expiry is never cached: nothing would bound how long it is served.
    if (typeof p.exp === 'number') verified.set(token, caller, p.exp * 1000);
    return caller;
  };
}
