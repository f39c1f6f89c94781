// GET /api/user through the app: the signed-in user as stored now, in the answer's own shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, ORG, PERSONAS, startTestSystem, type TestSystem } from '../test-support';

let t: TestSystem;
beforeAll(async () => {
  t = await startTestSystem();
});
afterAll(async () => t?.stop());

/** The demo tenancy as its seed describes it: each persona's id, name, role and firms. */
const EXPECTED = {
  admin: { uuid: '5c1d9a40-1f7b-4d55-8e0b-0d3e6b000001', name: 'Alex Admin', orgs: [ORG.GAINS] },
  manager: { uuid: '5c1d9a40-1f7b-4d55-8e0b-0d3e6b000002', name: 'Morgan Manager', orgs: [ORG.ASHW, ORG.BRKF] },
  adviser: { uuid: '5c1d9a40-1f7b-4d55-8e0b-0d3e6b000003', name: 'Avery Adviser', orgs: [ORG.ASHW] },
  brook: { uuid: '5c1d9a40-1f7b-4d55-8e0b-0d3e6b000004', name: 'Blake Brook', orgs: [ORG.BRKF] },
} as const;

describe('GET /api/user', () => {
  it('when each persona asks, then exactly their uuid, name, email, roles and organisations, and nobody else’s', async () => {
    for (const [persona, expected] of Object.entries(EXPECTED)) {
      const answer = await t.request('GET', '/api/user', { token: t.tokens[persona as keyof typeof EXPECTED] });
      expect(answer.status, persona).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.body, persona).toEqual({
        uuid: expected.uuid,
        name: expected.name,
        email: PERSONAS[persona as keyof typeof EXPECTED].email,
        roles: PERSONAS[persona as keyof typeof EXPECTED].roles,
        organisations: expected.orgs.map((uuid) => ({ uuid })),
      });
    }
  });

  it('when no token, a made-up token or a challenge session is sent, then 401 in the error body', async () => {
    expectError(await t.request('GET', '/api/user'), 401, 'Please sign in');
    expectError(await t.request('GET', '/api/user', { token: 'not.a.token' }), 401, /sign in/i);
    // A challenge (MFA setup for secure@, whose firm requires MFA) is not an access token.
    const challenge = await t.signIn('secure@gains.example', '10.101.0.1');
    expect(challenge.state).toBe('MFA_SETUP');
    expectError(await t.request('GET', '/api/user', { token: challenge.session }), 401, /sign in/i);
  });

  it('when the session has been signed out, then its access token is refused at once', async () => {
    const { accessToken } = await t.signIn('adviser@gains.example', '10.101.0.2');
    expect((await t.request('GET', '/api/user', { token: accessToken })).status).toBe(200);
    expect((await t.request('POST', '/api/auth/sign-out', { token: accessToken })).status).toBe(204);
    expectError(
      await t.request('GET', '/api/user', { token: accessToken }),
      401,
      'Your session has expired; please sign in again',
    );
  });
});
