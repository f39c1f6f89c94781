// /api/admin/organisations through the app: the organisation list, types, search, one organisation by
// uuid or id, adding and editing (the provider's), and service levels, with every field of each answer,
// the refusals the route and identity make, and customer admins kept to their own firms.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, ORG, ORGANISATION_FIELDS, startTestSystem, type Persona, type TestSystem } from '../test-support';

let t: TestSystem;
const id = { GAINS: 0, ASHW: 0, BRKF: 0, CLVP: 0 };

beforeAll(async () => {
  t = await startTestSystem();
  for (const code of Object.keys(id) as (keyof typeof id)[]) {
    id[code] = (await t.request('GET', `/api/admin/organisations/${ORG[code]}`, { token: t.tokens.admin })).body.id;
  }
});
afterAll(async () => t?.stop());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const as = (persona: Persona, body?: unknown) => ({ token: t.tokens[persona], body });
const codes = (organisations: { code: string }[]) => organisations.map((o) => o.code);
const NOT_ALLOWED = 'You do not have permission to do this';
const NOT_MEMBER = 'You are not a member of this organisation';

describe('GET /api/admin/organisations, /types, /:uuid and /id/:id', () => {
  it('when listed, then the provider admin sees every organisation and a customer admin only their own, with every field', async () => {
    const admin = await t.request('GET', '/api/admin/organisations', as('admin'));
    expect(admin.status).toBe(200);
    expect(codes(admin.body)).toEqual(['ASHW', 'BRKF', 'CLVP', 'GAINS']);
    for (const organisation of admin.body) expect(Object.keys(organisation).sort()).toEqual(ORGANISATION_FIELDS);
    expect(admin.body.find((o: { code: string }) => o.code === 'CLVP')).toEqual({
      uuid: ORG.CLVP,
      id: id.CLVP,
      code: 'CLVP',
      name: 'Clevedon Partners',
      type: 'FIRM',
      parent: id.GAINS,
      serviceLevelId: null,
      ignoreBfLoss: false,
      notes: '',
      mfaRequired: true,
      customer: null,
    });
    expect(codes((await t.request('GET', '/api/admin/organisations', as('manager'))).body)).toEqual(['ASHW', 'BRKF']);
    expect(codes((await t.request('GET', '/api/admin/organisations', as('brook'))).body)).toEqual(['BRKF']);
    expectError(await t.request('GET', '/api/admin/organisations', as('adviser')), 403, NOT_ALLOWED);
  });

  it('when the types are asked for, then each with its name and the type it sits under (null at the top)', async () => {
    const answer = await t.request('GET', '/api/admin/organisations/types', as('brook'));
    expect(answer.body).toEqual([
      { code: 'PROVIDER', name: 'Provider', parentTypeCode: null },
      { code: 'FIRM', name: 'Firm', parentTypeCode: 'PROVIDER' },
      { code: 'BRANCH', name: 'Branch', parentTypeCode: 'FIRM' },
    ]);
  });

  it('when one organisation is read by uuid or by id, then the same organisation as listed', async () => {
    const listed = (await t.request('GET', '/api/admin/organisations', as('manager'))).body;
    for (const organisation of listed) {
      const byUuid = await t.request('GET', `/api/admin/organisations/${organisation.uuid}`, as('manager'));
      const byId = await t.request('GET', `/api/admin/organisations/id/${organisation.id}`, as('manager'));
      expect(byUuid.body).toEqual(organisation);
      expect(byId.body).toEqual(organisation);
    }
  });

  it('when the id is not a whole number, then 400 naming id; when nothing has that uuid or id, then 404 naming it', async () => {
    for (const bad of ['abc', '-1', '1.5', '1e3', '9999999999']) {
      expectError(
        await t.request('GET', `/api/admin/organisations/id/${bad}`, as('admin')),
        400,
        'id must be a whole number',
        'id',
      );
    }
    expectError(
      await t.request('GET', '/api/admin/organisations/id/999999', as('admin')),
      404,
      'Organisation was not found',
      'id',
    );
    expectError(
      await t.request('GET', '/api/admin/organisations/0b6f2c1e-6a8e-4c39-9a51-5a0d7a0000ff', as('admin')),
      404,
      'Organisation was not found',
      'uuid',
    );
  });

  it('when brook (BRKF only) reads ASHW, or the manager reads CLVP, by uuid or id, then 403 and nothing of it', async () => {
    for (const [persona, code] of [
      ['brook', 'ASHW'],
      ['brook', 'GAINS'],
      ['manager', 'CLVP'],
    ] as const) {
      for (const path of [`/api/admin/organisations/${ORG[code]}`, `/api/admin/organisations/id/${id[code]}`]) {
        const answer = await t.request('GET', path, as(persona));
        expectError(answer, 403, NOT_MEMBER);
        expect(JSON.stringify(answer.body)).not.toContain(code);
      }
    }
  });
});

describe('POST /api/admin/organisations/search', () => {
  const search = (persona: Persona, query = '', body?: unknown) =>
    t.request('POST', `/api/admin/organisations/search${query}`, as(persona, body));

  it('when searched by query or body, then organisations whose code or name hold the term, in any case', async () => {
    expect(codes((await search('admin', '?term=brook')).body)).toEqual(['BRKF']);
    expect(codes((await search('admin', '', { term: 'CLEVEDON' })).body)).toEqual(['CLVP']);
    expect(codes((await search('admin', '', { term: 'w' })).body)).toEqual(['ASHW']);
    expect(codes((await search('admin', '', {})).body)).toEqual(['ASHW', 'BRKF', 'CLVP', 'GAINS']);
    // The body's term is the one used when both are sent.
    expect(codes((await search('admin', '?term=brook', { term: 'ashworth' })).body)).toEqual(['ASHW']);
    const [found] = (await search('admin', '?term=ashw')).body;
    expect(Object.keys(found).sort()).toEqual(ORGANISATION_FIELDS);
  });

  it('when a child type is given, then only organisations that may be its parent; an unknown type is 400', async () => {
    expect(codes((await search('admin', '?childOrgTypeCode=FIRM')).body)).toEqual(['GAINS']);
    expect(codes((await search('admin', '?childOrgTypeCode=BRANCH')).body)).toEqual(['ASHW', 'BRKF', 'CLVP']);
    expect((await search('admin', '', { childOrgTypeCode: 'PROVIDER' })).body).toEqual([]);
    expectError(
      await search('admin', '', { childOrgTypeCode: 'GALAXY' }),
      400,
      'Type is not a known organisation type',
      'childOrgTypeCode',
    );
  });

  it("when brook searches, then only BRKF can be found, never another firm's organisation", async () => {
    expect(codes((await search('brook', '', { term: '' })).body)).toEqual(['BRKF']);
    expect((await search('brook', '?term=Ashworth')).body).toEqual([]);
    expect((await search('brook', '?childOrgTypeCode=BRANCH')).body.map((o: { uuid: string }) => o.uuid)).toEqual([
      ORG.BRKF,
    ]);
    expect((await search('brook', '?childOrgTypeCode=FIRM')).body).toEqual([]);
  });
});

describe('POST and PUT /api/admin/organisations', () => {
  let created: any;

  it('when the provider admin adds an organisation, then 201 with every field as saved, and it reads back the same', async () => {
    const answer = await t.request(
      'POST',
      '/api/admin/organisations',
      as('admin', {
        code: 'newco',
        name: '  New Company  ',
        type: 'FIRM',
        parent: id.GAINS,
        ignoreBfLoss: true,
        notes: 'Joined in spring',
        mfaRequired: true,
        customer: {
          usePriceAgingDays: true,
          oldPriceAgeDays: 30,
          reconcileCost: true,
          holdingVariance: 0.25,
          valuationCostVariance: '1.5',
        },
      }),
    );
    expect(answer.status).toBe(201);
    created = answer.body;
    expect(created).toEqual({
      uuid: expect.stringMatching(UUID),
      id: expect.any(Number),
      code: 'NEWCO',
      name: 'New Company',
      type: 'FIRM',
      parent: id.GAINS,
      serviceLevelId: null,
      ignoreBfLoss: true,
      notes: 'Joined in spring',
      mfaRequired: true,
      customer: {
        usePriceAgingDays: true,
        oldPriceAgeDays: 30,
        reconcileCost: true,
        holdingVariance: '0.25',
        valuationCostVariance: '1.5',
        allowClientTypeUpdateViaFeed: false,
      },
    });
    expect(Object.values(id)).not.toContain(created.id);
    expect((await t.request('GET', `/api/admin/organisations/${created.uuid}`, as('admin'))).body).toEqual(created);
    expect((await t.request('GET', `/api/admin/organisations/id/${created.id}`, as('admin'))).body).toEqual(created);
    expect(codes((await t.request('GET', '/api/admin/organisations', as('admin'))).body)).toContain('NEWCO');
    // A customer admin of other firms does not see it.
    expect(codes((await t.request('GET', '/api/admin/organisations', as('manager'))).body)).toEqual(['ASHW', 'BRKF']);
  });

  it('when the provider admin edits it, then 200 with the change; mfaRequired stays as it was when left out', async () => {
    const answer = await t.request(
      'PUT',
      `/api/admin/organisations/${created.id}`,
      as('admin', { code: 'NEWCO', name: 'New Company Renamed', type: 'FIRM', parent: id.GAINS }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      uuid: created.uuid,
      id: created.id,
      name: 'New Company Renamed',
      mfaRequired: true,
      ignoreBfLoss: false,
      notes: '',
    });
    expect((await t.request('GET', `/api/admin/organisations/${created.uuid}`, as('admin'))).body).toEqual(answer.body);
  });

  it('when the code is taken (in any case), then 409 naming code, on adding and on editing', async () => {
    expectError(
      await t.request(
        'POST',
        '/api/admin/organisations',
        as('admin', { code: 'ashw', name: 'Copy', type: 'FIRM', parent: id.GAINS }),
      ),
      409,
      'An organisation with this code already exists',
      'code',
    );
    expectError(
      await t.request(
        'PUT',
        `/api/admin/organisations/${created.id}`,
        as('admin', { code: 'BRKF', name: 'Copy', type: 'FIRM', parent: id.GAINS }),
      ),
      409,
      'An organisation with this code already exists',
      'code',
    );
  });

  it('when the body breaks a rule, then 400 naming the field; an unknown or malformed id is 404 or 400', async () => {
    const firm = (extra: object) => ({ code: 'BAD', name: 'Bad', type: 'FIRM', parent: id.GAINS, ...extra });
    const cases: [body: object, field: string, message: string][] = [
      [firm({ name: '' }), 'name', 'Name is required'],
      [firm({ code: 'has space' }), 'code', 'Code must be up to 20 letters, digits, - or _'],
      [firm({ type: 'GALAXY' }), 'type', 'Type is not a known organisation type'],
      [firm({ parent: null }), 'parent', 'A FIRM organisation needs a parent PROVIDER organisation'],
      [firm({ parent: id.ASHW }), 'parent', 'The parent must be a PROVIDER organisation'],
      [firm({ serviceLevelId: 999999 }), 'serviceLevelId', 'Service level was not found'],
      [
        firm({ customer: { holdingVariance: 'lots' } }),
        'customer.holdingVariance',
        'Holding variance must be a number',
      ],
      [
        firm({ customer: { usePriceAgingDays: true } }),
        'customer.oldPriceAgeDays',
        'Old price age is required when price aging is used',
      ],
      [firm({ ignoreBfLoss: 'yes' }), 'ignoreBfLoss', 'ignoreBfLoss must be true or false'],
    ];
    for (const [body, field, message] of cases) {
      expectError(await t.request('POST', '/api/admin/organisations', as('admin', body)), 400, message, field);
    }
    expectError(
      await t.request('PUT', '/api/admin/organisations/999999', as('admin', firm({}))),
      404,
      'Organisation was not found',
      'id',
    );
    expectError(
      await t.request('PUT', '/api/admin/organisations/NEWCO', as('admin', firm({}))),
      400,
      'id must be a whole number',
      'id',
    );
    expectError(
      await t.request('PUT', `/api/admin/organisations/${created.id}`, as('admin', firm({ parent: created.id }))),
      400,
      'An organisation cannot be its own parent',
      'parent',
    );
    expect(codes((await t.request('GET', '/api/admin/organisations', as('admin'))).body)).not.toContain('BAD');
  });

  it("when a customer admin adds an organisation or edits their own or another firm's, then 403 and nothing changes", async () => {
    const before = (await t.request('GET', '/api/admin/organisations', as('admin'))).body;
    const body = { code: 'TAKEN', name: 'Taken over', type: 'FIRM', parent: id.GAINS };
    expectError(await t.request('POST', '/api/admin/organisations', as('brook', body)), 403, NOT_ALLOWED);
    expectError(await t.request('PUT', `/api/admin/organisations/${id.BRKF}`, as('brook', body)), 403, NOT_ALLOWED);
    expectError(await t.request('PUT', `/api/admin/organisations/${id.ASHW}`, as('brook', body)), 403, NOT_ALLOWED);
    expectError(await t.request('PUT', `/api/admin/organisations/${id.ASHW}`, as('manager', body)), 403, NOT_ALLOWED);
    expect((await t.request('GET', '/api/admin/organisations', as('admin'))).body).toEqual(before);
  });
});

describe('/api/admin/organisations/service-levels', () => {
  let gold: any;

  it('when the provider admin adds a service level, then 201 with its mappings by report type, and it reads back the same', async () => {
    expect((await t.request('GET', '/api/admin/organisations/service-levels', as('admin'))).body).toEqual([]);
    const answer = await t.request(
      'POST',
      '/api/admin/organisations/service-levels',
      as('admin', {
        code: 'gold',
        serviceLevel: 'Gold',
        reportTypeMappings: [{ reportTypeId: 3, generate: true }, { reportTypeId: 1 }],
      }),
    );
    expect(answer.status).toBe(201);
    gold = answer.body;
    expect(gold).toEqual({
      id: expect.any(Number),
      uuid: expect.stringMatching(UUID),
      code: 'GOLD',
      serviceLevel: 'Gold',
      reportTypeMappings: [
        { id: expect.any(Number), reportTypeId: 1, generate: false },
        { id: expect.any(Number), reportTypeId: 3, generate: true },
      ],
    });
    expect((await t.request('GET', `/api/admin/organisations/service-levels/${gold.id}`, as('brook'))).body).toEqual(
      gold,
    );
    expect((await t.request('GET', '/api/admin/organisations/service-levels', as('manager'))).body).toEqual([gold]);
  });

  it('when it is edited, then 200 with the new mappings; an organisation may then point at it', async () => {
    const answer = await t.request(
      'PUT',
      `/api/admin/organisations/service-levels/${gold.id}`,
      as('admin', {
        code: 'GOLD',
        serviceLevel: 'Gold plus',
        reportTypeMappings: [{ reportTypeId: 8, generate: true }],
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: gold.id,
      uuid: gold.uuid,
      code: 'GOLD',
      serviceLevel: 'Gold plus',
      reportTypeMappings: [{ id: expect.any(Number), reportTypeId: 8, generate: true }],
    });
    const firm = await t.request(
      'POST',
      '/api/admin/organisations',
      as('admin', { code: 'GOLDCO', name: 'Gold Co', type: 'FIRM', parent: id.GAINS, serviceLevelId: gold.id }),
    );
    expect(firm.status).toBe(201);
    expect(firm.body.serviceLevelId).toBe(gold.id);
  });

  it('when the code is taken, the report type unknown or repeated, or the id unknown, then 409, 400 or 404 naming the field', async () => {
    const path = '/api/admin/organisations/service-levels';
    expectError(
      await t.request('POST', path, as('admin', { code: 'Gold', serviceLevel: 'Again' })),
      409,
      'A service level with this code already exists',
      'code',
    );
    expectError(
      await t.request(
        'POST',
        path,
        as('admin', { code: 'S1', serviceLevel: 'S', reportTypeMappings: [{ reportTypeId: 9 }] }),
      ),
      400,
      /^Report type must be one of 1 \(CGT realised gains\)/,
      'reportTypeMappings.0.reportTypeId',
    );
    expectError(
      await t.request(
        'POST',
        path,
        as('admin', { code: 'S2', serviceLevel: 'S', reportTypeMappings: [{ reportTypeId: 2 }, { reportTypeId: 2 }] }),
      ),
      400,
      'Each report type may be mapped once',
      'reportTypeMappings.1.reportTypeId',
    );
    expectError(
      await t.request('POST', path, as('admin', { code: 'S3', serviceLevel: '' })),
      400,
      'Service level is required',
      'serviceLevel',
    );
    expectError(await t.request('GET', `${path}/999999`, as('admin')), 404, 'Service level was not found', 'id');
    expectError(
      await t.request('PUT', `${path}/999999`, as('admin', { code: 'S4', serviceLevel: 'S' })),
      404,
      'Service level was not found',
      'id',
    );
    expectError(await t.request('GET', `${path}/gold`, as('admin')), 400, 'id must be a whole number', 'id');
    expect(codes((await t.request('GET', path, as('admin'))).body)).toEqual(['GOLD']);
  });

  it('when a customer admin adds or edits a service level, then 403 and it is unchanged', async () => {
    const path = '/api/admin/organisations/service-levels';
    expectError(await t.request('POST', path, as('manager', { code: 'MINE', serviceLevel: 'Mine' })), 403, NOT_ALLOWED);
    expectError(
      await t.request('PUT', `${path}/${gold.id}`, as('brook', { code: 'GOLD', serviceLevel: 'Brook gold' })),
      403,
      NOT_ALLOWED,
    );
    expect((await t.request('GET', `${path}/${gold.id}`, as('admin'))).body.serviceLevel).toBe('Gold plus');
    expectError(await t.request('GET', path, as('adviser')), 403, NOT_ALLOWED);
  });
});
