import { fromBinary, type MessageInitShape } from '@bufbuild/protobuf';
import { Code, createClient } from '@connectrpc/connect';
import { connectFailure as failure } from '@gains/errors/connect-failure';
import type { RunningPostgres } from '@gains/db';
import { startInProcessSystem, type InProcessSystem } from '@gains/host';
import { identityModule } from '@gains/identity';
import { silentLogger } from '@gains/logging';
import { clients, events, identity } from '@gains/proto';
import { startTestPostgres } from '@gains/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonToday } from '../src/domain/date-rules';
import { LEDGER_CHANGED } from '../src/events/ledger-events';
import { clientsModule } from '../src/index';

// Client maintenance through its Connect API against a real PostgreSQL, identity in process for the tokens.
const PASSWORD = 'Clients-pass-1!';
const ASHW = '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000002';
const BRKF = '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000003';

let postgres: RunningPostgres;
let system: InProcessSystem;
let db: pg.Client;
let api: ReturnType<typeof createClient<typeof clients.ClientsService>>;
type Options = { headers: { authorization: string } };
const as = {} as Record<'admin' | 'manager' | 'adviser' | 'brook', Options>;
type ClientInit = MessageInitShape<typeof clients.ClientInputSchema>;

async function tokenFor(email: string): Promise<Options> {
  const answer = await createClient(identity.IdentityService, system.transports.identity).signIn({
    email,
    password: PASSWORD,
  });
  return { headers: { authorization: `Bearer ${answer.accessToken}` } };
}

/** Every client-maintenance table, counted: a refused change leaves each as it was. */
async function counts() {
  const { rows } = await db.query(
    `SELECT (SELECT count(*) FROM clients.client)::int AS clients,
            (SELECT count(*) FROM clients.address)::int AS addresses,
            (SELECT count(*) FROM clients.relationship)::int AS relationships,
            (SELECT count(*) FROM clients.tax_override)::int AS overrides,
            (SELECT count(*) FROM clients.outbox_event)::int AS events`,
  );
  return rows[0];
}

let spouseUuid = '';
let brookClientUuid = '';

function client(fields: ClientInit = {}): ClientInit {
  return {
    code: 'ZM01',
    name: 'Ada Maintained',
    firstName: 'Ada',
    surname: 'Maintained',
    typeCode: 'INDIVIDUAL',
    stateCode: 'LIVE',
    dateOfBirth: '1970-03-14',
    niNumber: 'qq 12 34 56 c',
    addresses: [
      {
        uuid: '',
        line1: '1 High Street',
        town: 'Bath',
        postcode: 'ba1 1aa',
        country: 'GB',
        status: 'CURRENT',
        primaryTaxCopy: true,
      },
      { uuid: '', line1: '2 Low Road', town: 'Wells', postcode: 'BA5 2AB', country: 'GB', status: 'PREVIOUS' },
    ],
    relationships: [
      { uuid: '', childClientUuid: spouseUuid, typeCode: 'SPOUSE', startDate: '2001-06-30', notes: 'Married' },
    ],
    taxOverrides: [
      {
        uuid: '',
        taxYear: '2024-25',
        overrideType: 'ANNUAL_EXEMPTION',
        amount: '1500',
        rollover: false,
        notes: 'Half',
      },
      {
        uuid: '',
        taxYear: '2023-24',
        overrideType: 'BROUGHT_FORWARD_LOSS',
        amount: '12000.50',
        rollover: true,
        notes: '',
      },
    ],
    ...fields,
  };
}

const create = (fields: ClientInit = {}, who = as.manager, org = ASHW) =>
  api.createClient({ organisationUuid: org, client: client(fields) }, who);

beforeAll(async () => {
  postgres = await startTestPostgres();
  system = await startInProcessSystem({
    modules: { identity: identityModule, clients: clientsModule },
    connectionString: postgres.connectionString,
    logger: silentLogger(),
    seedDemo: true,
    env: { ...process.env, GAINS_DEMO_PASSWORD: PASSWORD },
  });
  // identity's demo users and organisations; the clients below are written by the tests (codes ZM.., ZB..).
  db = new pg.Client({ connectionString: postgres.connectionString });
  await db.connect();
  api = createClient(clients.ClientsService, system.transports.clients);
  as.admin = await tokenFor('admin@gains.example');
  as.manager = await tokenFor('manager@gains.example');
  as.adviser = await tokenFor('adviser@gains.example');
  as.brook = await tokenFor('brook@gains.example');
  spouseUuid = (await create({ code: 'ZM00', name: 'Bo Spouse', addresses: [], relationships: [], taxOverrides: [] }))
    .uuid;
  brookClientUuid = (
    await create(
      { code: 'ZB01', name: 'Brook Client', addresses: [], relationships: [], taxOverrides: [] },
      as.brook,
      BRKF,
    )
  ).uuid;
}, 120_000);

afterAll(async () => {
  await db?.end();
  await system?.stop();
  await postgres?.stop();
});

describe('creating a client', () => {
  it('stores the client with its addresses, relationships and overrides, and tells the tax engine once', async () => {
    const since = new Date();
    const created = await create();
    expect(created).toMatchObject({
      code: 'ZM01',
      niNumber: 'QQ123456C',
      taxpayerKind: 'individual',
      version: 1,
      type: { code: 'INDIVIDUAL', name: 'Individual', id: 1 },
      annualExemptionOverride: true,
      annualExemptions: [{ taxYearId: 2024, annualExemptionAllowance: '1500.00' }],
      broughtForwardLosses: [{ taxYearId: 2023, broughtForwardLoss: '12000.50' }],
    });
    expect(created.addresses.map((a) => [a.line1, a.postcode, a.primaryTaxCopy])).toEqual([
      ['1 High Street', 'BA1 1AA', true],
      ['2 Low Road', 'BA5 2AB', false],
    ]);
    expect(created.relationships).toMatchObject([
      {
        childClientUuid: spouseUuid,
        childClientCode: 'ZM00',
        typeCode: 'SPOUSE',
        state: 'ACTIVE',
        startDate: '2001-06-30',
      },
    ]);
    // stored by name, as the clients grid shows and filters them ("Live clients only")
    const stored = await db.query(`SELECT type, state FROM clients.client WHERE uuid = $1`, [created.uuid]);
    expect(stored.rows[0]).toEqual({ type: 'Individual', state: 'Live' });
    const { rows } = await db.query(
      `SELECT payload FROM clients.outbox_event WHERE subject = $1 AND created_at >= $2`,
      [LEDGER_CHANGED, since],
    );
    // The earliest override is for 2023-24, which starts on 6 April 2023.
    expect(rows.map((r) => fromBinary(events.LedgerChangedSchema, r.payload))).toMatchObject([
      { clientUuid: created.uuid, earliestDate: '2023-04-06', reason: 'OVERRIDE', organisationUuid: ASHW },
    ]);
  });

  it.each([
    [
      'a relationship ending before it starts',
      {
        relationships: [
          {
            uuid: '',
            childClientUuid: 'x',
            typeCode: 'SPOUSE',
            startDate: '2020-05-01',
            endDate: '2020-04-30',
            notes: '',
          },
        ],
      },
      'relationships.0.endDate',
      'End date cannot be before start date',
    ],
    ['a malformed NI number', { niNumber: 'QQ12345' }, 'niNumber', 'NI number must be two letters'],
    [
      'two primary tax copies',
      {
        addresses: [
          { uuid: '', line1: 'A', primaryTaxCopy: true },
          { uuid: '', line1: 'B', primaryTaxCopy: true },
        ],
      },
      'addresses',
      'Exactly one address must be the primary tax copy',
    ],
    ['an unknown client type', { typeCode: 'ALIEN' }, 'typeCode', 'Client type must be one of'],
    ['a birth date in the future', { dateOfBirth: '2999-01-01' }, 'dateOfBirth', 'must not be in the future'],
    ['a deceased client without the date', { deceased: true }, 'dateDeceased', 'Date deceased is required'],
    [
      'an override of a year that is not one',
      {
        taxOverrides: [
          { uuid: '', taxYear: '2024-26', overrideType: 'ANNUAL_EXEMPTION', amount: '1', rollover: false, notes: '' },
        ],
      },
      'taxOverrides.0.taxYear',
      'Tax year must be like 2025-26',
    ],
    [
      'an override amount in fractions of a penny',
      {
        taxOverrides: [
          {
            uuid: '',
            taxYear: '2024-25',
            overrideType: 'ANNUAL_EXEMPTION',
            amount: '1.005',
            rollover: false,
            notes: '',
          },
        ],
      },
      'taxOverrides.0.amount',
      'at most 2 decimal places',
    ],
    [
      'a missing address line 1',
      { addresses: [{ uuid: '', line1: ' ', primaryTaxCopy: true }] },
      'addresses.0.line1',
      'Address line 1 is required',
    ],
  ] as const)('refuses %s, naming the field, and writes nothing', async (_label, fields, field, message) => {
    const before = await counts();
    const problem = await failure(create({ code: 'ZM99', ...(fields as ClientInit) }));
    expect(problem).toMatchObject({ code: Code.InvalidArgument, field });
    expect(problem?.message).toContain(message);
    expect(await counts()).toEqual(before);
  });

  it('refuses a code already taken, a relation to another firm, and a non-admin', async () => {
    const before = await counts();
    expect(await failure(create())).toMatchObject({ code: Code.AlreadyExists, field: 'code' });
    expect(
      await failure(
        create({
          code: 'ZM98',
          relationships: [
            { uuid: '', childClientUuid: brookClientUuid, typeCode: 'SPOUSE', startDate: '2001-01-01', notes: '' },
          ],
        }),
      ),
    ).toMatchObject({ code: Code.InvalidArgument, field: 'relationships.0.childClientUuid' });
    expect(await failure(create({ code: 'ZM97' }, as.adviser))).toMatchObject({ code: Code.PermissionDenied });
    expect(await counts()).toEqual(before);
  });
});

describe('updating a client', () => {
  it('replaces the nested rows, keeps those sent back by uuid, and bumps the version', async () => {
    const read = await api.getClient(
      { organisationUuid: ASHW, id: 0, uuid: (await create({ code: 'ZM10' })).uuid },
      as.manager,
    );
    const kept = read.addresses[0]!;
    const updated = await api.updateClient(
      {
        organisationUuid: ASHW,
        id: read.id,
        version: read.version,
        client: client({
          code: 'ZM10',
          addresses: [{ ...kept, line1: '1a High Street' }],
          relationships: [{ ...read.relationships[0]!, endDate: '2019-12-31' }],
          taxOverrides: [],
        }),
      },
      as.manager,
    );
    expect(updated.version).toBe(read.version + 1);
    expect(updated.addresses.map((a) => [a.uuid, a.line1])).toEqual([[kept.uuid, '1a High Street']]);
    expect(updated.relationships).toMatchObject([{ endDate: '2019-12-31', state: 'ENDED' }]);
    expect(updated.taxOverrides).toEqual([]);
  });

  it('refuses a stale version with 409 naming the client, and changes nothing', async () => {
    const read = await create({ code: 'ZM11' });
    await api.updateClient(
      { organisationUuid: ASHW, id: read.id, version: read.version, client: client({ code: 'ZM11', notes: 'first' }) },
      as.manager,
    );
    const before = await counts();
    const problem = await failure(
      api.updateClient(
        {
          organisationUuid: ASHW,
          id: read.id,
          version: read.version,
          client: client({ code: 'ZM11', notes: 'second', addresses: [] }),
        },
        as.manager,
      ),
    );
    expect(problem).toMatchObject({ code: Code.Aborted });
    expect(problem?.message).toContain('Client ZM11 was changed by someone else');
    expect(await counts()).toEqual(before);
    expect((await api.getClient({ organisationUuid: ASHW, id: read.id, uuid: '' }, as.manager)).notes).toBe('first');
  });

  it('when what the client is computed as changes (individual to trust), then the whole ledger is recalculated from its first trade', async () => {
    const read = await create({ code: 'ZT14', taxOverrides: [] });
    // A portfolio and one ledger row of 10 May 2022 for it, copied from a demo firm's rows.
    await db.query(
      `INSERT INTO clients.portfolio
       SELECT (jsonb_populate_record(NULL::clients.portfolio, to_jsonb(p) || jsonb_build_object(
                 'id', (SELECT max(id) + 1000 FROM clients.portfolio), 'uuid', gen_random_uuid(), 'code', 'ZT14-P'))).*
         FROM clients.portfolio p WHERE p.organisation_uuid = $1 LIMIT 1`,
      [ASHW],
    );
    await db.query(
      `INSERT INTO clients.portfolio_owner (portfolio_id, client_id, percentage)
       SELECT p.id, c.id, 100 FROM clients.portfolio p, clients.client c WHERE p.code = 'ZT14-P' AND c.uuid = $1`,
      [read.uuid],
    );
    await db.query(
      `INSERT INTO clients.ledger_transaction
       SELECT (jsonb_populate_record(NULL::clients.ledger_transaction, to_jsonb(t) || jsonb_build_object(
                 'id', (SELECT max(id) + 1000 FROM clients.ledger_transaction), 'uuid', gen_random_uuid(),
                 'portfolio_id', (SELECT id FROM clients.portfolio WHERE code = 'ZT14-P'), 'trade_date', '2022-05-10'))).*
         FROM clients.ledger_transaction t WHERE t.organisation_uuid = $1 LIMIT 1`,
      [ASHW],
    );
    const since = new Date();
    const update = (fields: ClientInit, version: number) =>
      api.updateClient(
        { organisationUuid: ASHW, id: read.id, version, client: client({ code: 'ZT14', taxOverrides: [], ...fields }) },
        as.manager,
      );
    const notes = await update({ notes: 'a note only' }, read.version);
    const trust = await update({ notes: 'a note only', typeCode: 'TRUST' }, notes.version);
    expect(trust.taxpayerKind).toBe('trust');
    const { rows } = await db.query(
      `SELECT payload FROM clients.outbox_event WHERE subject = $1 AND created_at >= $2`,
      [LEDGER_CHANGED, since],
    );
    // The note changes no figure; the type does, for every year since the first trade.
    expect(rows.map((r) => fromBinary(events.LedgerChangedSchema, r.payload))).toMatchObject([
      { clientUuid: read.uuid, earliestDate: '2022-05-10', reason: 'TYPE', organisationUuid: ASHW },
    ]);
  });

  it("keeps another firm's admin out of this firm's clients", async () => {
    const read = await create({ code: 'ZM12' });
    const before = await counts();
    // not a member of Ashworth
    expect(await failure(api.getClient({ organisationUuid: ASHW, id: read.id, uuid: '' }, as.brook))).toMatchObject({
      code: Code.PermissionDenied,
    });
    // in Brookfield, Ashworth's client is not found, to read or to change
    expect(await failure(api.getClient({ organisationUuid: BRKF, id: read.id, uuid: '' }, as.brook))).toMatchObject({
      code: Code.NotFound,
    });
    expect(
      await failure(
        api.updateClient(
          { organisationUuid: BRKF, id: read.id, version: 1, client: client({ code: 'ZM12', name: 'Stolen' }) },
          as.brook,
        ),
      ),
    ).toMatchObject({ code: Code.NotFound });
    const list = await api.listClients({ organisationUuid: BRKF, page: 1, size: 100, term: 'ZM', sort: [] }, as.brook);
    expect(list.content.map((c) => c.code)).toEqual([]);
    expect(await counts()).toEqual(before);
  });
});

describe('reading clients', () => {
  it('lists, searches and sorts the organisation’s clients, and looks a code up', async () => {
    const page = await api.listClients(
      { organisationUuid: ASHW, page: 1, size: 10, term: 'ZM1', sort: [{ column: 'code', direction: 'desc' }] },
      as.adviser,
    );
    expect(page.content.map((c) => c.code)).toEqual(['ZM12', 'ZM11', 'ZM10']);
    expect(page.totalSize).toBe(3);
    expect(await api.lookupClient({ organisationUuid: ASHW, code: 'zm10' }, as.manager)).toMatchObject({
      exists: true,
      client: { code: 'ZM10' },
    });
    expect((await api.lookupClient({ organisationUuid: ASHW, code: 'NOPE' }, as.manager)).exists).toBe(false);
    // a demo client, stored by name, reads with its codes
    const demo = await api.lookupClient({ organisationUuid: ASHW, code: 'ASH00002' }, as.manager);
    const full = await api.getClient({ organisationUuid: ASHW, id: demo.client!.id, uuid: '' }, as.manager);
    expect(full.state).toMatchObject({ code: 'LIVE', name: 'Live' });
    expect(full.type?.id).toBeGreaterThan(0);
  });

  it('gives the tax years from 2008-09 to this one, newest first, and a client without a ledger this year only', async () => {
    const today = londonToday();
    // 6 April starts a tax year: on 5 April 2026 it is 2025-26, on 6 April 2026-27.
    const start = today.slice(5) >= '04-06' ? Number(today.slice(0, 4)) : Number(today.slice(0, 4)) - 1;
    const label = `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
    const years = (await api.listTaxYearsForClientType({ organisationUuid: ASHW, typeId: 1 }, as.manager)).taxYears;
    expect(years[0]).toMatchObject({ label, startDate: `${start}-04-06`, endDate: `${start + 1}-04-05`, id: start });
    expect(years.at(-1)).toMatchObject({ label: '2008-09', startDate: '2008-04-06' });
    expect(years).toHaveLength(start - 2008 + 1);
    const mine = (await api.listClientTaxYears({ organisationUuid: ASHW, clientUuid: spouseUuid }, as.adviser))
      .taxYears;
    expect(mine.map((y) => y.label)).toEqual([label]);
    expect(
      await failure(api.listTaxYearsForClientType({ organisationUuid: ASHW, typeId: 99 }, as.manager)),
    ).toMatchObject({ code: Code.NotFound });
  });
});
