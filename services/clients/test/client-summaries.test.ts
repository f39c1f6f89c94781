import { Code, ConnectError, createClient } from '@connectrpc/connect';
import type { RunningPostgres } from '@gains/db';
import { silentLogger } from '@gains/logging';
import { clients, identity } from '@gains/proto';
import { startInProcessSystem, type InProcessSystem } from '@gains/host';
import { identityModule } from '@gains/identity';
import { startTestPostgres } from '@gains/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientsModule } from '../src/index';

// The clients service through its Connect API, against a real PostgreSQL, with a fixture firm
// whose rows are written here so every expected figure is known independently of the seed.
const PASSWORD = 'Fixture-pass-1!';
const FIRM = '9f000000-0000-4000-8000-000000000001';
let postgres: RunningPostgres;
let system: InProcessSystem;
let api: ReturnType<typeof createClient<typeof clients.ClientsService>>;

const FIXTURE: [code: string, name: string, rm: string, state: string, marketValue: string][] = [
  ['Z001', 'Ann Smith', 'Jo Lake', 'Live', '1000.10'],
  ['Z002', 'Bob Smithers', 'Jo Lake', 'Live', '250000.00'],
  ['Z003', 'Cara Jones', 'Mark Hollis', 'Closed', '0.00'],
  ['Z004', 'Dev Patel', 'Mark Hollis', 'Live', '9999999999.99'],
  ['Z005', 'Eve 50% Trust', 'Jo Lake', 'Live', '-12.34'],
  ['Z006', 'Fay Wood', 'Sarah Whitfield', 'Dormant', '5.00'],
  ['Z007', 'Gus Hall', 'Sarah Whitfield', 'Live', '77.70'],
  ['Z008', 'Hana Khan', 'Jo Lake', 'Live', '0.01'],
  ['Z009', 'Ian Smith', 'Mark Hollis', 'Live', '300.00'],
  ['Z010', 'Jo Baker', 'Jo Lake', 'Pending', '40.00'],
  ['Z011', 'Kit Ward', 'Mark Hollis', 'Live', '41.00'],
  ['Z012', 'Lee Marsh', 'Jo Lake', 'Live', '42.00'],
];

async function tokenFor(email: string) {
  const answer = await createClient(identity.IdentityService, system.transports.identity).signIn({
    email,
    password: PASSWORD,
  });
  return { headers: { authorization: `Bearer ${answer.accessToken}` } };
}

beforeAll(async () => {
  postgres = await startTestPostgres();
  system = await startInProcessSystem({
    modules: { identity: identityModule, clients: clientsModule },
    connectionString: postgres.connectionString,
    logger: silentLogger(),
    seedDemo: true,
    env: { ...process.env, GAINS_DEMO_PASSWORD: PASSWORD },
  });
  const db = new pg.Client({ connectionString: postgres.connectionString });
  await db.connect();
  await db.query(
    `INSERT INTO clients.organisation (uuid, id, code, name, type, updated_at) VALUES ($1, 99, 'ZZTEST', 'Fixture Firm', 'FIRM', now())`,
    [FIRM],
  );
  for (const [code, name, rm, state, mv] of FIXTURE) {
    await db.query(
      `INSERT INTO clients.client (uuid, organisation_uuid, code, name, relationship_manager, type, state, inactive, market_value, updated_at)
       VALUES (gen_random_uuid(), $1, $2, $3, $4, 'Individual', $5, $6, $7, now())`,
      [FIRM, code, name, rm, state, state !== 'Live', mv],
    );
  }
  await db.end();
  api = createClient(clients.ClientsService, system.transports.clients);
});

afterAll(async () => {
  await system?.stop();
  await postgres?.stop();
});

describe('the clients grid', () => {
  it('when a super admin asks for the first page, then it is sorted by organisation and code and counts every client', async () => {
    const admin = await tokenFor('admin@gains.example');
    const page = await api.listClientSummaries({ organisationUuid: FIRM, page: 1, size: 10 }, admin);
    expect(page.totalSize).toBe(12);
    expect(page.content.map((r) => r.code)).toEqual([
      'Z001',
      'Z002',
      'Z003',
      'Z004',
      'Z005',
      'Z006',
      'Z007',
      'Z008',
      'Z009',
      'Z010',
    ]);
    expect(page.content[0]!.ouCode).toBe('ZZTEST');
    const second = await api.listClientSummaries({ organisationUuid: FIRM, page: 2, size: 10 }, admin);
    expect(second.content.map((r) => r.code)).toEqual(['Z011', 'Z012']);
  });

  it('when sorted by market value descending, then money comes back exact to the penny in that order', async () => {
    const admin = await tokenFor('admin@gains.example');
    const page = await api.listClientSummaries(
      { organisationUuid: FIRM, page: 1, size: 25, sort: [{ column: 'marketValuation', direction: 'desc' }] },
      admin,
    );
    expect(page.content.map((r) => r.marketValuation)).toEqual([
      '9999999999.99',
      '250000.00',
      '1000.10',
      '300.00',
      '77.70',
      '42.00',
      '41.00',
      '40.00',
      '5.00',
      '0.01',
      '0.00',
      '-12.34',
    ]);
  });

  it('when searching, then code, name and relationship manager match and LIKE wildcards are literal', async () => {
    const admin = await tokenFor('admin@gains.example');
    const smith = await api.listClientSummaries({ organisationUuid: FIRM, term: 'smith' }, admin);
    expect(smith.content.map((r) => r.name)).toEqual(['Ann Smith', 'Bob Smithers', 'Ian Smith']);
    const percent = await api.listClientSummaries({ organisationUuid: FIRM, term: '50%' }, admin);
    expect(percent.content.map((r) => r.code)).toEqual(['Z005']);
    const rm = await api.listClientSummaries({ organisationUuid: FIRM, term: 'whitfield' }, admin);
    expect(rm.content.map((r) => r.code)).toEqual(['Z006', 'Z007']);
    const inactive = await api.listClientSummaries({ organisationUuid: FIRM, term: 'inactive' }, admin);
    expect(inactive.content.map((r) => r.code)).toEqual(['Z003', 'Z006', 'Z010']);
    // the firm's own code (ZZTEST) is a column of every row, so it matches them all
    const firm = await api.listClientSummaries({ organisationUuid: FIRM, term: 'zzt' }, admin);
    expect(firm.totalSize).toBe(FIXTURE.length);
  });

  it('when live clients only, then closed, dormant and pending clients are left out', async () => {
    const admin = await tokenFor('admin@gains.example');
    const live = await api.listClientSummaries({ organisationUuid: FIRM, filter: 'live', size: 25 }, admin);
    expect(live.totalSize).toBe(9);
    expect(live.content.every((r) => r.state === 'Live' && !r.inactive)).toBe(true);
  });

  it('when a member of another firm asks, then the service itself refuses with permission denied', async () => {
    const adviser = await tokenFor('adviser@gains.example');
    await expect(api.listClientSummaries({ organisationUuid: FIRM }, adviser)).rejects.toSatisfy(
      (e) => e instanceof ConnectError && e.code === Code.PermissionDenied,
    );
    await expect(api.listClientSummaries({ organisationUuid: FIRM })).rejects.toSatisfy(
      (e) => e instanceof ConnectError && e.code === Code.Unauthenticated,
    );
  });
});
