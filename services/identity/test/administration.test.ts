import { fromBinary } from '@bufbuild/protobuf';
import pg from 'pg';
import { events } from '@gains/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORG, PASSWORD, startTestSystem, type TestSystem } from './support';

let t: TestSystem;
let admin: string;
let manager: string;
let brook: string;
beforeAll(async () => {
  t = await startTestSystem();
  admin = await t.signIn('admin@gains.example');
  manager = await t.signIn('manager@gains.example');
  brook = await t.signIn('brook@gains.example');
});
afterAll(async () => t?.stop());

async function outbox(subject: string) {
  const client = new pg.Client({ connectionString: t.connectionString });
  await client.connect();
  try {
    const { rows } = await client.query(
      'SELECT payload FROM identity.outbox_event WHERE subject = $1 ORDER BY created_at',
      [subject],
    );
    return rows.map((r) => fromBinary(events.OrganisationChangedSchema, r.payload as Uint8Array));
  } finally {
    await client.end();
  }
}

const FIRM = {
  code: 'DRWN',
  name: 'Darwin Private Clients',
  type: 'FIRM',
  parent: null as number | null,
  serviceLevelId: null as number | null,
  ignoreBfLoss: true,
  notes: 'Joined in November',
  customer: {
    usePriceAgingDays: true,
    oldPriceAgeDays: 5,
    reconcileCost: true,
    holdingVariance: '0.01',
    valuationCostVariance: '2.5',
    allowClientTypeUpdateViaFeed: false,
  },
};

describe('organisations', () => {
  let gainsId = 0;
  let created: { id: number; uuid: string } = { id: 0, uuid: '' };

  it('when a super admin lists, then every organisation; a customer admin only their own', async () => {
    const all = await t.call('GET', '/api/admin/organisations', { token: admin });
    expect(all.body.map((o: { code: string }) => o.code)).toEqual(['ASHW', 'BRKF', 'CLVP', 'GAINS']);
    expect(all.body.find((o: { code: string }) => o.code === 'CLVP')).toMatchObject({
      mfaRequired: true,
      customer: null,
      type: 'FIRM',
    });
    gainsId = all.body.find((o: { code: string }) => o.code === 'GAINS').id;
    const own = await t.call('GET', '/api/admin/organisations', { token: manager });
    expect(own.body.map((o: { code: string }) => o.code)).toEqual(['ASHW', 'BRKF']);
  });

  it('when the body is invalid, then 400 names the field and nothing is written', async () => {
    const cases: [object, string, string][] = [
      [{ ...FIRM, code: '' }, 'code', 'Code is required'],
      [{ ...FIRM, code: 'has space' }, 'code', 'Code must be up to 20 letters, digits, - or _'],
      [{ ...FIRM, name: ' ' }, 'name', 'Name is required'],
      [{ ...FIRM, type: 'PLANET' }, 'type', 'Type is not a known organisation type'],
      [{ ...FIRM, parent: 999999 }, 'parent', 'Parent organisation was not found'],
      [{ ...FIRM, parent: 'GAINS' }, 'parent', 'Parent must be an organisation id'],
      [{ ...FIRM, parent: gainsId, serviceLevelId: 424242 }, 'serviceLevelId', 'Service level was not found'],
      [
        { ...FIRM, customer: { ...FIRM.customer, holdingVariance: 'lots' } },
        'customer.holdingVariance',
        'Holding variance must be a number',
      ],
      [
        { ...FIRM, customer: { ...FIRM.customer, oldPriceAgeDays: null } },
        'customer.oldPriceAgeDays',
        'Old price age is required when price aging is used',
      ],
    ];
    for (const [body, field, message] of cases) {
      const answer = await t.call('POST', '/api/admin/organisations', { token: admin, body });
      expect(answer.status, field).toBe(400);
      expect(answer.body).toMatchObject({ field, type_description: message });
    }
    const firmUnderFirm = await t.call('POST', '/api/admin/organisations', {
      token: admin,
      body: {
        ...FIRM,
        parent: (await t.call('GET', `/api/admin/organisations/${ORG.ASHW}`, { token: admin })).body.id,
      },
    });
    expect(firmUnderFirm.body).toMatchObject({
      field: 'parent',
      type_description: 'The parent must be a PROVIDER organisation',
    });
    const all = await t.call('GET', '/api/admin/organisations', { token: admin });
    expect(all.body).toHaveLength(4);
    expect(await outbox('gains.identity.organisation.created.v1')).toHaveLength(4); // the demo seed's
  });

  it('when a super admin adds an organisation, then 201 with every field and a created event in the outbox', async () => {
    const answer = await t.call('POST', '/api/admin/organisations', {
      token: admin,
      body: { ...FIRM, parent: gainsId },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      ...FIRM,
      parent: gainsId,
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      id: expect.any(Number),
      mfaRequired: false,
    });
    created = answer.body;
    const published = await outbox('gains.identity.organisation.created.v1');
    expect(published.at(-1)).toMatchObject({ uuid: created.uuid, code: 'DRWN', name: FIRM.name, type: 'FIRM' });

    const duplicate = await t.call('POST', '/api/admin/organisations', {
      token: admin,
      body: { ...FIRM, code: 'drwn' },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({
      field: 'code',
      type_description: 'An organisation with this code already exists',
    });

    expect((await t.call('GET', `/api/admin/organisations/${created.uuid}`, { token: admin })).body.code).toBe('DRWN');
    expect((await t.call('GET', `/api/admin/organisations/id/${created.id}`, { token: admin })).body.uuid).toBe(
      created.uuid,
    );
    expect((await t.call('GET', `/api/admin/organisations/id/abc`, { token: admin })).status).toBe(400);
    expect((await t.call('GET', `/api/admin/organisations/id/987654`, { token: admin })).status).toBe(404);
  });

  it('when a super admin edits an organisation, then it is saved with an updated event; mfaRequired stays unless sent', async () => {
    const mfa = await t.call('PUT', `/api/admin/organisations/${created.id}`, {
      token: admin,
      body: { ...FIRM, parent: gainsId, mfaRequired: true },
    });
    expect(mfa.body.mfaRequired).toBe(true);
    const answer = await t.call('PUT', `/api/admin/organisations/${created.id}`, {
      token: admin,
      body: { ...FIRM, parent: gainsId, name: 'Darwin & Co', customer: null, notes: '' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      name: 'Darwin & Co',
      customer: null,
      notes: '',
      mfaRequired: true,
      uuid: created.uuid,
    });
    expect((await outbox('gains.identity.organisation.updated.v1')).at(-1)).toMatchObject({ name: 'Darwin & Co' });
    const clash = await t.call('PUT', `/api/admin/organisations/${created.id}`, {
      token: admin,
      body: { ...FIRM, code: 'ASHW', parent: gainsId },
    });
    expect(clash.status).toBe(409);
    const self = await t.call('PUT', `/api/admin/organisations/${created.id}`, {
      token: admin,
      body: { ...FIRM, parent: created.id },
    });
    expect(self.body).toMatchObject({ field: 'parent' });
    expect((await t.call('PUT', `/api/admin/organisations/999999`, { token: admin, body: FIRM })).status).toBe(404);
  });

  it('when an organisation would sit in the wrong place, then 400 names the field and nothing is written', async () => {
    const byCode = async () =>
      Object.fromEntries(
        (await t.call('GET', '/api/admin/organisations', { token: admin })).body.map((o: { code: string }) => [
          o.code,
          o,
        ]),
      );
    const before = await byCode();
    const ashwId = before.ASHW.id;
    const branch = await t.call('POST', '/api/admin/organisations', {
      token: admin,
      body: { code: 'LDN', name: 'London office', type: 'BRANCH', parent: ashwId },
    });
    expect(branch.status).toBe(201);
    const refusals: [string, string, object, string, string][] = [
      [
        'a BRANCH without a parent',
        'POST',
        { code: 'LONE', name: 'Lone branch', type: 'BRANCH' },
        'parent',
        'A BRANCH organisation needs a parent FIRM organisation',
      ],
      [
        'a second PROVIDER',
        'POST',
        { code: 'RIVAL', name: 'Rival provider', type: 'PROVIDER' },
        'type',
        'There is one provider organisation (GAINS); a second is not allowed',
      ],
      [
        'a firm made a second PROVIDER',
        `PUT ${ashwId}`,
        { ...before.ASHW, type: 'PROVIDER', parent: null },
        'type',
        'There is one provider organisation (GAINS); a second is not allowed',
      ],
      [
        'the provider moved under its own firm',
        `PUT ${gainsId}`,
        { ...before.GAINS, type: 'BRANCH', parent: ashwId },
        'parent',
        'An organisation cannot sit beneath itself: ASHW is under this organisation',
      ],
      [
        'a firm moved under its own branch',
        `PUT ${ashwId}`,
        { ...before.ASHW, type: 'BRANCH', parent: branch.body.id },
        'parent',
        'An organisation cannot sit beneath itself: LDN is under this organisation',
      ],
      [
        'a firm with a branch made a branch of another firm',
        `PUT ${ashwId}`,
        { ...before.ASHW, type: 'BRANCH', parent: before.BRKF.id },
        'type',
        'LDN sits under this organisation and needs a parent FIRM organisation',
      ],
    ];
    for (const [label, call, body, field, message] of refusals) {
      const [method, id] = call.split(' ');
      const path = id ? `/api/admin/organisations/${id}` : '/api/admin/organisations';
      const answer = await t.call(method!, path, { token: admin, body });
      expect({ label, status: answer.status, body: answer.body }).toMatchObject({
        label,
        status: 400,
        body: { field, type_description: message },
      });
    }
    const after = await byCode();
    expect(Object.keys(after).sort()).toEqual([...Object.keys(before), 'LDN'].sort());
    for (const code of Object.keys(before)) expect(after[code]).toEqual(before[code]);
  });

  it('when searching, then by code or name, and with childOrgTypeCode only possible parents', async () => {
    const byName = await t.call('POST', '/api/admin/organisations/search', { token: admin, body: { term: 'brook' } });
    expect(byName.body.map((o: { code: string }) => o.code)).toEqual(['BRKF']);
    const parents = await t.call('POST', '/api/admin/organisations/search', {
      token: admin,
      body: { term: '', childOrgTypeCode: 'FIRM' },
    });
    expect(parents.body.map((o: { code: string }) => o.code)).toEqual(['GAINS']);
    const byQuery = await t.call('POST', '/api/admin/organisations/search?term=ash', { token: admin });
    expect(byQuery.body.map((o: { code: string }) => o.code)).toEqual(['ASHW']);
    const scoped = await t.call('POST', '/api/admin/organisations/search', { token: manager, body: { term: 'a' } });
    expect(scoped.body.map((o: { code: string }) => o.code)).toEqual(['ASHW', 'BRKF']);
    const unknown = await t.call('POST', '/api/admin/organisations/search', {
      token: admin,
      body: { term: '', childOrgTypeCode: 'X' },
    });
    expect(unknown.body).toMatchObject({ field: 'childOrgTypeCode' });
  });

  it('lists the organisation types', async () => {
    const types = await t.call('GET', '/api/admin/organisations/types', { token: manager });
    expect(types.body).toEqual([
      { code: 'PROVIDER', name: 'Provider', parentTypeCode: null },
      { code: 'FIRM', name: 'Firm', parentTypeCode: 'PROVIDER' },
      { code: 'BRANCH', name: 'Branch', parentTypeCode: 'FIRM' },
    ]);
  });

  it('when a customer admin reads another firm or writes, then 403', async () => {
    expect((await t.call('GET', `/api/admin/organisations/${ORG.CLVP}`, { token: manager })).status).toBe(403);
    expect((await t.call('GET', `/api/admin/organisations/${ORG.ASHW}`, { token: manager })).status).toBe(200);
    expect((await t.call('POST', '/api/admin/organisations', { token: manager, body: FIRM })).status).toBe(403);
  });
});

describe('service levels', () => {
  it('when a super admin adds and edits a service level, then its report type mappings are kept by report type', async () => {
    const invalid = await t.call('POST', '/api/admin/organisations/service-levels', {
      token: admin,
      body: {
        code: 'GOLD',
        serviceLevel: 'Gold',
        reportTypeMappings: [
          { reportTypeId: 1, generate: true },
          { reportTypeId: 1, generate: false },
        ],
      },
    });
    expect(invalid.body).toMatchObject({
      field: 'reportTypeMappings.1.reportTypeId',
      type_description: 'Each report type may be mapped once',
    });
    expect(
      (await t.call('POST', '/api/admin/organisations/service-levels', { token: admin, body: { code: 'GOLD' } })).body,
    ).toMatchObject({
      field: 'serviceLevel',
      type_description: 'Service level is required',
    });

    const created = await t.call('POST', '/api/admin/organisations/service-levels', {
      token: admin,
      body: {
        code: 'GOLD',
        serviceLevel: 'Gold',
        reportTypeMappings: [
          { reportTypeId: 1, generate: true },
          { reportTypeId: 2, generate: false },
        ],
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      uuid: expect.any(String),
      code: 'GOLD',
      serviceLevel: 'Gold',
      reportTypeMappings: [
        { id: expect.any(Number), reportTypeId: 1, generate: true },
        { id: expect.any(Number), reportTypeId: 2, generate: false },
      ],
    });
    const id = created.body.id;
    const keptId = created.body.reportTypeMappings[1].id;
    expect(
      (
        await t.call('POST', '/api/admin/organisations/service-levels', {
          token: admin,
          body: { code: 'GOLD', serviceLevel: 'Again' },
        })
      ).status,
    ).toBe(409);

    const updated = await t.call('PUT', `/api/admin/organisations/service-levels/${id}`, {
      token: admin,
      body: {
        code: 'GOLD',
        serviceLevel: 'Gold plus',
        reportTypeMappings: [
          { id: keptId, reportTypeId: 2, generate: true },
          { reportTypeId: 3, generate: true },
        ],
      },
    });
    expect(updated.body.serviceLevel).toBe('Gold plus');
    expect(updated.body.reportTypeMappings).toEqual([
      { id: keptId, reportTypeId: 2, generate: true },
      { id: expect.any(Number), reportTypeId: 3, generate: true },
    ]);
    expect((await t.call('GET', `/api/admin/organisations/service-levels/${id}`, { token: manager })).body).toEqual(
      updated.body,
    );
    expect((await t.call('GET', '/api/admin/organisations/service-levels', { token: manager })).body).toEqual([
      updated.body,
    ]);
    expect(
      (await t.call('PUT', `/api/admin/organisations/service-levels/${id}`, { token: manager, body: updated.body }))
        .status,
    ).toBe(403);
    expect((await t.call('GET', '/api/admin/organisations/service-levels/31337', { token: admin })).status).toBe(404);

    const ashw = (await t.call('GET', `/api/admin/organisations/${ORG.ASHW}`, { token: admin })).body;
    const withLevel = await t.call('PUT', `/api/admin/organisations/${ashw.id}`, {
      token: admin,
      body: { ...ashw, serviceLevelId: id },
    });
    expect(withLevel.body).toMatchObject({ serviceLevelId: id, code: 'ASHW', mfaRequired: false });
  });
});

describe('users', () => {
  it('when a customer admin lists users, then only those of their organisations with only shared memberships', async () => {
    const page = await t.call('GET', '/api/admin/users?size=100', { token: brook });
    expect(page.body.content.map((u: { email: string }) => u.email).sort()).toEqual([
      'brook@gains.example',
      'manager@gains.example',
    ]);
    const managerRow = page.body.content.find((u: { email: string }) => u.email === 'manager@gains.example');
    expect(managerRow.organisationUuids).toEqual([ORG.BRKF]);
    const all = await t.call('GET', '/api/admin/users?size=2&page=2', { token: admin });
    expect(all.body.totalSize).toBe(5);
    expect(all.body.content).toHaveLength(2);
    expect((await t.call('GET', '/api/admin/users?size=1000', { token: admin })).status).toBe(400);
  });

  it('when a customer admin invites, then only into their organisations and never a super admin', async () => {
    const base = {
      email: 'hire@gains.example',
      name: 'Hire',
      role: 'ROLE_CUSTOMER_NON_ADMIN',
      organisationUuids: [ORG.ASHW],
    };
    expect(
      (await t.call('POST', '/api/admin/users', { token: manager, body: { ...base, role: 'ROLE_ADMIN' } })).status,
    ).toBe(403);
    expect(
      (await t.call('POST', '/api/admin/users', { token: manager, body: { ...base, organisationUuids: [ORG.CLVP] } }))
        .status,
    ).toBe(403);
    expect(
      (await t.call('POST', '/api/admin/users', { token: manager, body: { ...base, email: 'not-an-email' } })).body,
    ).toMatchObject({ field: 'email' });
    expect(
      (await t.call('POST', '/api/admin/users', { token: manager, body: { ...base, role: 'ROLE_KING' } })).body,
    ).toMatchObject({ field: 'role' });
    expect(
      (await t.call('POST', '/api/admin/users', { token: manager, body: { ...base, organisationUuids: [] } })).body,
    ).toMatchObject({ field: 'organisationUuids' });
    const ok = await t.call('POST', '/api/admin/users', { token: manager, body: base });
    expect(ok.status).toBe(201);
    const again = await t.call('POST', '/api/admin/users', { token: manager, body: base });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ field: 'email' });
    expect(await t.mailTo('hire@gains.example')).toHaveLength(1);
  });

  it('when an invitee who never set a password is disabled and enabled again, then the temporary password still asks for a new one', async () => {
    const email = 'pending.hire@gains.example';
    const invited = await t.call('POST', '/api/admin/users', {
      token: admin,
      body: { email, name: 'Pending Hire', role: 'ROLE_CUSTOMER_NON_ADMIN', organisationUuids: [ORG.ASHW] },
    });
    expect(invited.body.status).toBe('NEW_PASSWORD_REQUIRED');
    const uuid = invited.body.uuid as string;
    expect((await t.call('POST', `/api/admin/users/${uuid}/disable`, { token: admin })).body.status).toBe('DISABLED');
    expect((await t.call('POST', `/api/admin/users/${uuid}/enable`, { token: admin })).body.status).toBe(
      'NEW_PASSWORD_REQUIRED',
    );
    const [mail] = await t.mailTo(email);
    const temporary = /temporary password (\S+)/.exec(mail!.text)![1]!;
    const signIn = await t.call('POST', '/api/auth/sign-in', { body: { email, password: temporary }, ip: '10.33.0.1' });
    expect(signIn.body.state).toBe('NEW_PASSWORD_REQUIRED');
    expect(signIn.body.accessToken).toBeUndefined();
  });

  it("when a customer admin invites another firm's user, then the answer and everything after it are as for a new address, and that account is untouched", async () => {
    const invite = (email: string) =>
      t.call('POST', '/api/admin/users', {
        token: brook, // BRKF only: adviser@ belongs to ASHW alone
        body: { email, name: 'Pat Example', role: 'ROLE_CUSTOMER_NON_ADMIN', organisationUuids: [ORG.BRKF] },
      });
    const comparable = (answer: { status: number; body: any }, email: string) => ({
      status: answer.status,
      body: {
        ...answer.body,
        uuid: answer.body.uuid && 'a uuid',
        createdAt: answer.body.createdAt && 'a time',
        id: answer.body.id && 'a request id',
        timestamp: answer.body.timestamp && 'a time',
        email: answer.body.email === email ? 'the address' : answer.body.email,
      },
    });
    const fresh = 'pat.fresh@gains.example';
    const taken = 'adviser@gains.example';
    const [newAnswer, takenAnswer] = [await invite(fresh), await invite(taken)];
    expect(newAnswer.status).toBe(201);
    expect(comparable(takenAnswer, taken)).toEqual(comparable(newAnswer, fresh));

    // The inviting firm's list, a second invitation and each action answer alike for both.
    const listed = async (email: string) =>
      (await t.call('GET', `/api/admin/users?term=${encodeURIComponent(email)}`, { token: brook })).body.content;
    expect((await listed(taken)).map((u: object) => comparable({ status: 200, body: u }, taken))).toEqual(
      (await listed(fresh)).map((u: object) => comparable({ status: 200, body: u }, fresh)),
    );
    expect(comparable(await invite(taken), taken)).toEqual(comparable(await invite(fresh), fresh));
    for (const action of ['reset-mfa', 'disable', 'enable']) {
      const act = (uuid: string) => t.call('POST', `/api/admin/users/${uuid}/${action}`, { token: brook });
      expect(comparable(await act(takenAnswer.body.uuid), taken), action).toEqual(
        comparable(await act(newAnswer.body.uuid), fresh),
      );
    }

    // The account itself: not joined to BRKF, not disabled, still signs in; its holder is told.
    const adviser = await t.signIn(taken, PASSWORD, '10.9.1.1');
    expect((await t.call('GET', '/api/user', { token: adviser })).body.organisations).toEqual([{ uuid: ORG.ASHW }]);
    const [notice] = await t.mailTo(taken);
    expect(notice).toMatchObject({ subject: 'You have been invited to another organisation on Gains' });
    expect(notice!.text).toContain('nothing has changed');
    // A super admin, who sees every account, is still told it exists.
    const byAdmin = await t.call('POST', '/api/admin/users', {
      token: admin,
      body: { email: taken, name: 'Pat', role: 'ROLE_CUSTOMER_NON_ADMIN', organisationUuids: [ORG.BRKF] },
    });
    expect(byAdmin.status).toBe(409);
  });

  it('when a user is disabled, then their sessions end and they cannot sign in until enabled', async () => {
    const users = await t.call('GET', '/api/admin/users?term=adviser', { token: admin });
    const adviser = users.body.content[0];
    const token = await t.signIn('adviser@gains.example');
    expect((await t.call('POST', `/api/admin/users/${adviser.uuid}/disable`, { token: brook })).status).toBe(403);
    const managerRow = (await t.call('GET', '/api/admin/users?term=manager', { token: admin })).body.content[0];
    expect((await t.call('POST', `/api/admin/users/${managerRow.uuid}/disable`, { token: brook })).status).toBe(403);
    expect((await t.call('POST', `/api/admin/users/${managerRow.uuid}/disable`, { token: manager })).status).toBe(403); // themselves

    const disabled = await t.call('POST', `/api/admin/users/${adviser.uuid}/disable`, { token: manager });
    expect(disabled.body).toMatchObject({ status: 'DISABLED' });
    expect((await t.call('GET', '/api/user', { token })).status).toBe(401);
    expect(
      (
        await t.call('POST', '/api/auth/sign-in', {
          body: { email: 'adviser@gains.example', password: PASSWORD },
          ip: '10.9.0.1',
        })
      ).status,
    ).toBe(401);
    const enabled = await t.call('POST', `/api/admin/users/${adviser.uuid}/enable`, { token: manager });
    expect(enabled.body).toMatchObject({ status: 'ACTIVE' });
    await t.signIn('adviser@gains.example', PASSWORD, '10.9.0.2');
    expect(
      (await t.call('POST', `/api/admin/users/00000000-0000-0000-0000-000000000000/disable`, { token: admin })).status,
    ).toBe(404);
  });
});
