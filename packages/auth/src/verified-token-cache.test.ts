import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenVerifier, TOKEN_AUDIENCE, TOKEN_ISSUER } from './tokens';
import { createVerifiedTokenCache } from './verified-token-cache';

const T0 = Date.UTC(2026, 0, 1, 9, 0, 0);

async function keys() {
  const pair = await generateKeyPair('ES256', { extractable: true });
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
  let fetches = 0;
  const sign = (sub: string, sid: string, expiresAt: number) =>
    new SignJWT({ email: `${sub}@gains.example`, name: sub, roles: ['ADVISER'], orgs: ['o1'], sid })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setSubject(sub)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(Math.floor(T0 / 1000))
      .setExpirationTime(Math.floor(expiresAt / 1000))
      .sign(pair.privateKey);
  const fetchJwks = async () => {
    fetches++;
    return { keys: [jwk] };
  };
  return { sign, fetchJwks, fetches: () => fetches };
}

describe('verified token cache', () => {
  it('when a token reaches its expiry, then it is not served from the cache', () => {
    const cache = createVerifiedTokenCache<string>();
    cache.set('a', 'claims', T0 + 1000);
    expect(cache.get('a', T0 + 999)).toBe('claims');
    expect(cache.get('a', T0 + 1000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('when more tokens than its capacity are verified, then the least recently used is forgotten', () => {
    const cache = createVerifiedTokenCache<string>(2);
    cache.set('a', 'A', T0 + 60_000);
    cache.set('b', 'B', T0 + 60_000);
    cache.get('a', T0);
    cache.set('c', 'C', T0 + 60_000);
    expect(cache.size).toBe(2);
    expect(cache.get('b', T0)).toBeUndefined();
    expect(cache.get('a', T0)).toBe('A');
    expect(cache.get('c', T0)).toBe('C');
  });

  it('when a verified token is presented again, then its claims come without another signature check', async () => {
    const k = await keys();
    let now = T0;
    const verify = createTokenVerifier(k.fetchJwks, { now: () => now });
    const token = await k.sign('u1', 's1', T0 + 600_000);
    const first = await verify(token);
    now += 1000;
    expect(await verify(token)).toBe(first);
    expect(first).toMatchObject({ userUuid: 'u1', sessionId: 's1', token });
  });

  it('when a cached token has expired, then it is refused', async () => {
    const k = await keys();
    let now = T0;
    const verify = createTokenVerifier(k.fetchJwks, { now: () => now });
    const token = await k.sign('u1', 's1', T0 + 60_000);
    await verify(token);
    now = T0 + 60_000;
    await expect(verify(token)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('when two tokens differ, then each answers its own claims', async () => {
    const k = await keys();
    const verify = createTokenVerifier(k.fetchJwks, { now: () => T0 });
    const one = await k.sign('u1', 's1', T0 + 600_000);
    const two = await k.sign('u2', 's2', T0 + 600_000);
    await verify(one);
    expect(await verify(two)).toMatchObject({ userUuid: 'u2', sessionId: 's2', token: two });
    expect(await verify(one)).toMatchObject({ userUuid: 'u1', sessionId: 's1', token: one });
  });

  it('when a token is tampered with after a genuine one was cached, then it is refused', async () => {
    const k = await keys();
    const verify = createTokenVerifier(k.fetchJwks, { now: () => T0 });
    const token = await k.sign('u1', 's1', T0 + 600_000);
    await verify(token);
    const [header, , signature] = token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ sub: 'admin', exp: 9e9 })).toString('base64url')}.${signature}`;
    await expect(verify(forged)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
