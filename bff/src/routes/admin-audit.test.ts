// GET /api/admin/audit through the app: identity's audit log, newest first, paged and by user, with the
// caller's address as our proxy saw it; the provider's alone (it holds every firm's entries).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, ORG, startTestSystem, type TestSystem } from '../test-support';

let t: TestSystem;
beforeAll(async () => {
  t = await startTestSystem();
});
afterAll(async () => t?.stop());

const ENTRY_FIELDS = ['action', 'at', 'detail', 'email', 'id', 'outcome', 'remoteAddress', 'userUuid'];
const BROOK = '5c1d9a40-1f7b-4d55-8e0b-0d3e6b000004';
const audit = (query = '') => t.request('GET', `/api/admin/audit${query}`, { token: t.tokens.admin });

/** The whole log, read 100 entries at a time. */
async function everything() {
  const entries: any[] = [];
  for (let page = 1; ; page++) {
    const { body } = await audit(`?size=100&page=${page}`);
    entries.push(...body.content);
    if (entries.length >= body.totalSize || body.content.length === 0) return entries;
  }
}

describe('GET /api/admin/audit', () => {
  it("when the provider admin reads it, then every entry with every field, newest first: the personas' sign-ins to begin with", async () => {
    const answer = await audit();
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(['content', 'totalSize']);
    // test-support signed the four personas in, in this order, from 10.78.0.1
    expect(answer.body.totalSize).toBe(4);
    expect(answer.body.content.map((e: any) => e.email)).toEqual([
      'brook@gains.example',
      'adviser@gains.example',
      'manager@gains.example',
      'admin@gains.example',
    ]);
    for (const entry of answer.body.content) {
      expect(Object.keys(entry).sort()).toEqual(ENTRY_FIELDS);
      expect(entry).toMatchObject({
        action: 'SIGN_IN',
        outcome: 'SUCCEEDED',
        remoteAddress: '10.78.0.1',
        detail: '',
        id: expect.stringMatching(/^\d+$/),
        userUuid: expect.stringMatching(/^5c1d9a40-/),
      });
      expect(Date.parse(entry.at)).toBeGreaterThan(Date.now() - 10 * 60_000);
    }
    expect(answer.body.content[0].userUuid).toBe(BROOK);
  });

  it('when a request came through our proxy, then the entry holds the address the proxy appended, not what the client wrote before it', async () => {
    await t.signIn('manager@gains.example', '203.0.113.66, 10.103.0.7');
    const [newest] = (await audit('?size=1')).body.content;
    expect(newest).toMatchObject({ email: 'manager@gains.example', action: 'SIGN_IN', remoteAddress: '10.103.0.7' });
  });

  it('when an entry has no user (a failed sign-in of an unknown address), then userUuid is null, with the outcome and the reason', async () => {
    const failed = await t.request('POST', '/api/auth/sign-in', {
      body: { email: 'Ghost@Gains.Example', password: 'Not-the-one-1!' },
      ip: '10.103.0.8',
    });
    expect(failed.status).toBe(401);
    const [newest] = (await audit('?size=1')).body.content;
    expect(newest).toEqual({
      id: expect.any(String),
      at: expect.any(String),
      userUuid: null,
      email: 'ghost@gains.example',
      action: 'SIGN_IN',
      outcome: 'FAILED',
      remoteAddress: '10.103.0.8',
      detail: 'unknown user',
    });
  });

  it("when an administrator acts through the API, then the action is logged under the administrator with the caller's address", async () => {
    const invited = await t.request('POST', '/api/admin/users', {
      token: t.tokens.brook,
      ip: '10.103.0.9',
      body: {
        email: 'logged@gains.example',
        name: 'Logged',
        role: 'ROLE_CUSTOMER_NON_ADMIN',
        organisationUuids: [ORG.BRKF],
      },
    });
    expect(invited.status).toBe(201);
    const [newest] = (await audit('?size=1')).body.content;
    expect(newest).toMatchObject({
      userUuid: BROOK,
      email: 'brook@gains.example',
      action: 'USER_INVITED',
      outcome: 'SUCCEEDED',
      remoteAddress: '10.103.0.9',
      detail: 'logged@gains.example as ROLE_CUSTOMER_NON_ADMIN',
    });
  });

  it('when paged, then newest first across pages, and the total is the count of every entry', async () => {
    const all = await everything();
    expect(all.length).toBeGreaterThanOrEqual(7);
    for (let i = 1; i < all.length; i++) {
      const [newer, older] = [all[i - 1], all[i]];
      const order = Date.parse(newer.at) - Date.parse(older.at) || Number(newer.id) - Number(older.id);
      expect(order, `${newer.id} before ${older.id}`).toBeGreaterThan(0);
    }
    const page2 = await audit('?size=3&page=2');
    expect(page2.body.totalSize).toBe(all.length);
    expect(page2.body.content).toEqual(all.slice(3, 6));
  });

  it("when filtered by a user, then only that user's entries, as many as the whole log holds for them", async () => {
    const all = await everything();
    const brooks = all.filter((e) => e.userUuid === BROOK);
    expect(brooks.length).toBeGreaterThanOrEqual(2); // the sign-in and the invitation
    const answer = await audit(`?userUuid=${BROOK}&size=100`);
    expect(answer.body).toEqual({ content: brooks, totalSize: brooks.length });
    expect((await audit('?userUuid=0b6f2c1e-6a8e-4c39-9a51-5a0d7a0000ff')).body).toEqual({ content: [], totalSize: 0 });
  });

  it('when the query is bad, then 400 naming the field', async () => {
    expectError(
      await audit('?userUuid=brook'),
      400,
      'userUuid must be a uuid (8-4-4-4-12 hexadecimal digits)',
      'userUuid',
    );
    expectError(await audit('?size=101'), 400, 'size must be a whole number from 1 to 100', 'size');
    expectError(await audit('?page=0'), 400, 'page must be a whole number from 1 to 1000000', 'page');
  });

  it('when a customer admin, an adviser or nobody asks, then 403 or 401: the log holds every firm’s entries', async () => {
    for (const persona of ['manager', 'brook', 'adviser'] as const) {
      const answer = await t.request('GET', '/api/admin/audit', { token: t.tokens[persona] });
      expectError(answer, 403, 'You do not have permission to do this');
    }
    expectError(await t.request('GET', `/api/admin/audit?userUuid=${BROOK}`), 401, 'Please sign in');
  });
});
