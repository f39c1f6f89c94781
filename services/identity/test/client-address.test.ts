// The caller's address, for throttling and the audit log, comes from the connection unless proxies in front
// are configured: a client cannot dodge throttling or write an address into the audit log by forging
// X-Forwarded-For.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSystem, type TestSystem } from './support';

async function wrongSignIns(t: TestSystem, count: number, socket: string) {
  const statuses: number[] = [];
  for (let i = 1; i <= count; i++) {
    const answer = await t.call('POST', '/api/auth/sign-in', {
      body: { email: `nobody${i}@example.org`, password: 'Wrong-Passw0rd!' },
      ip: `203.0.113.${i}`,
      socket,
    });
    statuses.push(answer.status);
  }
  return statuses;
}

describe('with no proxy configured (the default)', () => {
  let t: TestSystem;
  beforeAll(async () => {
    t = await startTestSystem({ GAINS_TRUSTED_PROXY_HOPS: '' });
  });
  afterAll(async () => t?.stop());

  it('when a client rotates forged X-Forwarded-For addresses, then its own address is throttled after 20 failures and audited', async () => {
    const statuses = await wrongSignIns(t, 22, '198.51.100.20');
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual([429, 429]);

    // another address is not locked out by it
    const other = await t.call('POST', '/api/auth/sign-in', {
      body: { email: 'manager@gains.example', password: 'Wrong-Passw0rd!' },
      ip: '198.51.100.20',
      socket: '198.51.100.21',
    });
    expect(other.status).toBe(401);

    const admin = await t.signIn('admin@gains.example', undefined, undefined);
    const audit = await t.call('GET', '/api/admin/audit?size=100', { token: admin });
    const addresses = new Set(
      (audit.body.content as { remoteAddr?: string; remoteAddress?: string }[]).map(
        (e) => e.remoteAddr ?? e.remoteAddress,
      ),
    );
    expect(addresses.has('198.51.100.20')).toBe(true);
    expect([...addresses].some((a) => a?.startsWith('203.0.113.'))).toBe(false);
  });
});

describe('behind one configured proxy', () => {
  let t: TestSystem;
  beforeAll(async () => {
    t = await startTestSystem({ GAINS_TRUSTED_PROXY_HOPS: '1' });
  });
  afterAll(async () => t?.stop());

  it("when the proxy appends the client's address, then that address is the one throttled, not what the client wrote before it", async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 21; i++) {
      const answer = await t.call('POST', '/api/auth/sign-in', {
        body: { email: `nobody${i}@example.org`, password: 'Wrong-Passw0rd!' },
        ip: `203.0.113.${i}, 192.0.2.50`, // forged entry, then the proxy's
        socket: '10.0.0.2',
      });
      statuses.push(answer.status);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});
