// /api/admin/users through the app: the users list (paged, searched, scoped to a customer admin's own
// firms), invitations, and reset MFA / disable / enable, with every field of the answer, the refusals,
// and one firm's admin kept away from another firm's users.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, ORG, PERSONAS, startTestSystem, type Persona, type TestSystem } from '../test-support';

let t: TestSystem;
beforeAll(async () => {
  t = await startTestSystem();
});
afterAll(async () => t?.stop());

const USER_FIELDS = ['createdAt', 'email', 'mfaEnabled', 'name', 'organisationUuids', 'roles', 'status', 'uuid'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The demo users' uuids, as the seed gives them. */
const USER = {
  admin: '5c1d9a40-1f7b-4d55-8e0b-0d3e6b000001',
  manager: '5c1d9a40-1f7b-4d55-8e0b-0d3e6b000002',
  adviser: '5c1d9a40-1f7b-4d55-8e0b-0d3e6b000003',
  brook: '5c1d9a40-1f7b-4d55-8e0b-0d3e6b000004',
  secure: '5c1d9a40-1f7b-4d55-8e0b-0d3e6b000005',
};
const NOT_ALLOWED = 'You do not have permission to do this';
const MAY_NOT_MANAGE = 'You may not manage this user';
const INVITE_REFUSED = 'You may invite users only into your own organisations, and not as administrators';

const as = (persona: Persona, body?: unknown) => ({ token: t.tokens[persona], body });
const users = async (persona: Persona, query = '') => t.request('GET', `/api/admin/users${query}`, as(persona));
const emails = (answer: { body: { content: { email: string }[] } }) => answer.body.content.map((u) => u.email);
const invite = (persona: Persona, body: object) =>
  t.request('POST', '/api/admin/users', as(persona, { name: 'Invitee', role: 'ROLE_CUSTOMER_NON_ADMIN', ...body }));

describe('GET /api/admin/users', () => {
  it('when the provider admin lists, then every user by email, with every field', async () => {
    const answer = await users('admin');
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(['content', 'totalSize']);
    expect(answer.body.totalSize).toBe(5);
    expect(emails(answer)).toEqual([
      'admin@gains.example',
      'adviser@gains.example',
      'brook@gains.example',
      'manager@gains.example',
      'secure@gains.example',
    ]);
    for (const user of answer.body.content) {
      expect(Object.keys(user).sort()).toEqual(USER_FIELDS);
      expect(Date.parse(user.createdAt)).toBeGreaterThan(Date.now() - 10 * 60_000);
    }
    expect(answer.body.content[3]).toEqual({
      uuid: USER.manager,
      email: 'manager@gains.example',
      name: 'Morgan Manager',
      roles: ['ROLE_CUSTOMER_ADMIN'],
      organisationUuids: [ORG.ASHW, ORG.BRKF],
      status: 'ACTIVE',
      mfaEnabled: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
  });

  it('when paged or searched, then that page of the whole list and the count of all that match', async () => {
    const second = await users('admin', '?size=2&page=2');
    expect(emails(second)).toEqual(['brook@gains.example', 'manager@gains.example']);
    expect(second.body.totalSize).toBe(5);
    expect(emails(await users('admin', '?size=2&page=3'))).toEqual(['secure@gains.example']);
    expect((await users('admin', '?size=2&page=4')).body).toEqual({ content: [], totalSize: 5 });
    // by email or by name, in any case
    expect(emails(await users('admin', '?term=ADVISER'))).toEqual(['adviser@gains.example']);
    expect(emails(await users('admin', '?term=blake'))).toEqual(['brook@gains.example']);
    expect((await users('admin', '?term=nobody-at-all')).body).toEqual({ content: [], totalSize: 0 });
    expectError(await users('admin', '?size=0'), 400, 'size must be a whole number from 1 to 100', 'size');
    expectError(await users('admin', '?term=a&term=b'), 400, 'term must be given once', 'term');
  });

  it("when a customer admin lists, then only their firms' users, each showing only the firms they share", async () => {
    const manager = await users('manager');
    expect(emails(manager)).toEqual(['adviser@gains.example', 'brook@gains.example', 'manager@gains.example']);
    expect(manager.body.totalSize).toBe(3);
    const brook = await users('brook');
    expect(emails(brook)).toEqual(['brook@gains.example', 'manager@gains.example']);
    // The manager also belongs to ASHW; brook (BRKF only) is not told.
    expect(brook.body.content[1].organisationUuids).toEqual([ORG.BRKF]);
    expect(JSON.stringify(brook.body)).not.toContain(ORG.ASHW);
    expect((await users('brook', '?term=adviser')).body).toEqual({ content: [], totalSize: 0 });
    expectError(await users('adviser'), 403, NOT_ALLOWED);
    expectError(await t.request('GET', '/api/admin/users'), 401, 'Please sign in');
  });
});

describe('POST /api/admin/users', () => {
  it('when the provider admin invites, then 201 with the new user as saved, who must choose a password, and is then listed', async () => {
    const answer = await invite('admin', {
      email: '  Nia.New@Gains.Example ',
      name: 'Nia New',
      organisationUuids: [ORG.ASHW],
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      uuid: expect.stringMatching(UUID),
      email: 'nia.new@gains.example',
      name: 'Nia New',
      roles: ['ROLE_CUSTOMER_NON_ADMIN'],
      organisationUuids: [ORG.ASHW],
      status: 'NEW_PASSWORD_REQUIRED',
      mfaEnabled: false,
      createdAt: expect.any(String),
    });
    expect(Object.values(USER)).not.toContain(answer.body.uuid);
    expect((await users('admin', '?term=nia.new')).body.content).toEqual([answer.body]);
    expect(emails(await users('manager', '?term=nia'))).toEqual(['nia.new@gains.example']);
    expect((await users('brook', '?term=nia')).body.totalSize).toBe(0);
  });

  it('when a customer admin invites into their own firm, then 201; into another firm or as an administrator, then 403', async () => {
    const answer = await invite('brook', { email: 'bo@gains.example', organisationUuids: [ORG.BRKF] });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ email: 'bo@gains.example', organisationUuids: [ORG.BRKF] });
    for (const body of [
      { email: 'b1@gains.example', organisationUuids: [ORG.ASHW] },
      { email: 'b2@gains.example', organisationUuids: [ORG.BRKF, ORG.ASHW] },
      { email: 'b3@gains.example', organisationUuids: [ORG.BRKF], role: 'ROLE_ADMIN' },
    ]) {
      expectError(await invite('brook', body), 403, INVITE_REFUSED);
    }
    expectError(
      await invite('adviser', { email: 'b4@gains.example', organisationUuids: [ORG.ASHW] }),
      403,
      NOT_ALLOWED,
    );
    for (const refused of ['b1', 'b2', 'b3', 'b4']) {
      expect((await users('admin', `?term=${refused}@`)).body.totalSize, refused).toBe(0);
    }
  });

  it('when the address has an account the inviter can see, then 409 naming email', async () => {
    expectError(
      await invite('admin', { email: 'ADVISER@gains.example', organisationUuids: [ORG.BRKF] }),
      409,
      'A user with this email address already exists',
      'email',
    );
    // the manager shares ASHW with the adviser
    expectError(
      await invite('manager', { email: 'adviser@gains.example', organisationUuids: [ORG.BRKF] }),
      409,
      'A user with this email address already exists',
      'email',
    );
  });

  it("when brook invites another firm's user, then the answer is a new invitee's and that user's account is untouched", async () => {
    const answer = await invite('brook', {
      email: 'adviser@gains.example',
      name: 'Someone',
      organisationUuids: [ORG.BRKF],
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      email: 'adviser@gains.example',
      name: 'Someone',
      organisationUuids: [ORG.BRKF],
      status: 'NEW_PASSWORD_REQUIRED',
    });
    expect(answer.body.uuid).not.toBe(USER.adviser);
    const adviser = (await users('admin', '?term=adviser')).body.content[0];
    expect(adviser).toMatchObject({
      uuid: USER.adviser,
      name: 'Avery Adviser',
      organisationUuids: [ORG.ASHW],
      status: 'ACTIVE',
    });
  });

  it('when the body breaks a rule, then 400 naming the field and nobody is invited', async () => {
    const before = (await users('admin', '?size=100')).body;
    const ok = { email: 'rule@gains.example', organisationUuids: [ORG.ASHW] };
    const cases: [body: object, field: string, message: string][] = [
      [{ ...ok, email: '' }, 'email', 'Email address is required'],
      [{ ...ok, email: 'not-an-address' }, 'email', 'Email address is not valid'],
      [{ ...ok, name: ' ' }, 'name', 'Name is required'],
      [{ ...ok, role: 'ROLE_KING' }, 'role', 'Role is not a known role'],
      [{ ...ok, organisationUuids: [] }, 'organisationUuids', 'At least one organisation is required'],
      [{ ...ok, organisationUuids: ORG.ASHW }, 'organisationUuids', 'Organisations must be a list'],
      [
        { ...ok, organisationUuids: ['0b6f2c1e-6a8e-4c39-9a51-5a0d7a0000ff'] },
        'organisationUuids',
        'Organisation was not found',
      ],
      [
        { ...ok, organisationUuids: Array.from({ length: 101 }, () => ORG.ASHW) },
        'organisationUuids',
        'At most 100 organisations at once',
      ],
    ];
    for (const [body, field, message] of cases) expectError(await invite('admin', body), 400, message, field);
    expect((await users('admin', '?size=100')).body).toEqual(before);
  });
});

describe('POST /api/admin/users/:uuid/reset-mfa, /disable and /enable', () => {
  const act = (persona: Persona, uuid: string, action: string) =>
    t.request('POST', `/api/admin/users/${uuid}/${action}`, as(persona));

  it('when the manager disables and enables the adviser of their firm, then the user as it now is; the session ends at once', async () => {
    const { accessToken } = await t.signIn(PERSONAS.adviser.email, '10.102.0.1');
    const disabled = await act('manager', USER.adviser, 'disable');
    expect(disabled.status).toBe(200);
    expect(disabled.body).toEqual({
      uuid: USER.adviser,
      email: 'adviser@gains.example',
      name: 'Avery Adviser',
      roles: ['ROLE_CUSTOMER_NON_ADMIN'],
      organisationUuids: [ORG.ASHW],
      status: 'DISABLED',
      mfaEnabled: false,
      createdAt: expect.any(String),
    });
    expectError(await t.request('GET', '/api/user', { token: accessToken }), 401, /sign in/i);
    const enabled = await act('manager', USER.adviser, 'enable');
    expect(enabled.body).toEqual({ ...disabled.body, status: 'ACTIVE' });
    expect((await t.signIn(PERSONAS.adviser.email, '10.102.0.1')).state).toBe('AUTHENTICATED');
  });

  it('when the manager resets the adviser’s MFA, then 200 with mfaEnabled false', async () => {
    const answer = await act('manager', USER.adviser, 'reset-mfa');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ uuid: USER.adviser, mfaEnabled: false, status: 'ACTIVE' });
  });

  it("when brook (BRKF only) acts on ASHW's adviser, on the manager who is also in ASHW, or on the provider admin, then 403 and nothing changes", async () => {
    for (const target of [USER.adviser, USER.manager, USER.admin, USER.secure]) {
      for (const action of ['reset-mfa', 'disable', 'enable']) {
        expectError(await act('brook', target, action), 403, MAY_NOT_MANAGE);
      }
    }
    expect((await users('admin', '?size=100')).body.content.map((u: any) => `${u.email} ${u.status}`)).toEqual(
      expect.arrayContaining([
        'adviser@gains.example ACTIVE',
        'manager@gains.example ACTIVE',
        'admin@gains.example ACTIVE',
        'secure@gains.example ACTIVE',
      ]),
    );
    expect((await t.request('GET', '/api/user', as('manager'))).status).toBe(200);
  });

  it('when an admin acts on themselves, on nobody, or as a non-admin, then 403, 404 naming uuid, or 403', async () => {
    expectError(await act('admin', USER.admin, 'disable'), 403, MAY_NOT_MANAGE);
    expectError(await act('manager', USER.manager, 'disable'), 403, MAY_NOT_MANAGE);
    expectError(
      await act('admin', '0b6f2c1e-6a8e-4c39-9a51-5a0d7a0000ff', 'disable'),
      404,
      'User was not found',
      'uuid',
    );
    expectError(await act('admin', 'not-a-uuid', 'reset-mfa'), 404, 'User was not found', 'uuid');
    // (the adviser signs in afresh: disabling them above ended their earlier sessions)
    const { accessToken } = await t.signIn(PERSONAS.adviser.email, '10.102.0.2');
    expectError(
      await t.request('POST', `/api/admin/users/${USER.brook}/disable`, { token: accessToken }),
      403,
      NOT_ALLOWED,
    );
    expectError(await t.request('POST', `/api/admin/users/${USER.brook}/disable`), 401, 'Please sign in');
  });
});
