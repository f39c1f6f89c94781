import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Code, ConnectError, createClient } from '@connectrpc/connect';
import type { RunningPostgres } from '@gains/db';
import { startInProcessSystem, type InProcessSystem } from '@gains/host';
import { identityModule } from '@gains/identity';
import { silentLogger } from '@gains/logging';
import { fromBinary } from '@bufbuild/protobuf';
import { events, identity, imports, ledger } from '@gains/proto';
// The securities service is reached by path: clients does not depend on it, only its tests run it.
import { securitiesModule } from '../../securities/src/index';
import { startTestPostgres } from '@gains/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEDGER_CHANGED } from '../src/events/ledger-events';
import { clientsModule } from '../src/index';

// The CLIENTS and PORTFOLIOS imports through the Connect API against a real PostgreSQL, identity and securities in
// process; every client and portfolio is read back from the tables.
const PASSWORD = 'Imports-pass-1!';
const ASHW = '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000002';
const BRKF = '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000003';
const BROOK = 'c2000000-0000-4000-8000-000000000003';
const GAMMA = 920001;

let postgres: RunningPostgres;
let system: InProcessSystem;
let db: pg.Client;
let filesDir: string;
let api: ReturnType<typeof createClient<typeof imports.ImportsService>>;
type Options = { headers: { authorization: string } };
const as = {} as Record<'admin' | 'manager' | 'brook', Options>;

async function tokenFor(email: string): Promise<Options> {
  const answer = await createClient(identity.IdentityService, system.transports.identity).signIn({
    email,
    password: PASSWORD,
  });
  return { headers: { authorization: `Bearer ${answer.accessToken}` } };
}

async function count(table: string, where = 'true'): Promise<number> {
  return (await db.query(`SELECT count(*)::int AS n FROM clients.${table} WHERE ${where}`)).rows[0].n;
}

async function importFile(kind: string, lines: string[], fileName = `${kind.toLowerCase()}.csv`) {
  const started = await api.startImport(
    { organisationUuid: ASHW, kind, fileName, content: lines.join('\n') },
    as.manager,
  );
  await system.settle();
  return api.getImport({ organisationUuid: ASHW, uuid: started.uuid }, as.manager);
}

async function client(code: string) {
  const { rows } = await db.query(
    `SELECT code, name, type, state, first_name AS "firstName", surname, to_char(date_of_birth, 'YYYY-MM-DD') AS dob,
            ni_number AS ni, unique_tax_payer_reference AS utr, relationship_manager AS rm, company, email,
            printed_report AS printed, inactive, version, created_by <> '' AS "byWhom",
            jsonb_typeof(report_type_mappings) AS mappings
       FROM clients.client WHERE organisation_uuid = $1 AND code = $2`,
    [ASHW, code],
  );
  return rows[0];
}

async function owners(code: string) {
  const { rows } = await db.query(
    `SELECT c.code, o.percentage::text AS percentage FROM clients.portfolio_owner o
       JOIN clients.portfolio p ON p.id = o.portfolio_id JOIN clients.client c ON c.id = o.client_id
      WHERE p.organisation_uuid = $1 AND p.code = $2 ORDER BY c.code`,
    [ASHW, code],
  );
  return rows.map((r) => `${r.code}:${r.percentage}`);
}

const CLIENTS_HEADER =
  'code,name,type,state,first_name,surname,date_of_birth,ni_number,utr,relationship_manager,company,email';
const clientsFile = [
  CLIENTS_HEADER,
  'MI01,Ann Import,Individual,live,Ann,Import,1970-03-04,qq 12 34 56 c,12345 67890,Rachel Manager,no,ann@example.com',
  'MI02,Import Holdings Ltd,COMPANY,LIVE,,,,,,Rachel Manager,yes,',
];

beforeAll(async () => {
  postgres = await startTestPostgres();
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gains-master-import-files-'));
  system = await startInProcessSystem({
    modules: { identity: identityModule, securities: securitiesModule, clients: clientsModule },
    connectionString: postgres.connectionString,
    logger: silentLogger(),
    seedDemo: true,
    env: { ...process.env, GAINS_DEMO_PASSWORD: PASSWORD, GAINS_DEMO_PRICE_DAYS: '1', GAINS_FILES_DIR: filesDir },
  });
  db = new pg.Client({ connectionString: postgres.connectionString });
  await db.connect();
  await db.query(
    `INSERT INTO clients.client (uuid, organisation_uuid, code, name, type, state, updated_at)
     VALUES ($1, $2, 'MIB1', 'Brook client', 'INDIVIDUAL', 'LIVE', now())`,
    [BROOK, BRKF],
  );
  await db.query(
    `INSERT INTO clients.security (id, sedol, isin, security_name, issuer_name, currency, status)
     VALUES (${GAMMA}, 'MIGAMM1', 'GB00MIGAMM11', 'Gamma plc', 'Gamma', 'GBP', 'ACTIVE')`,
  );
  as.admin = await tokenFor('admin@gains.example');
  as.manager = await tokenFor('manager@gains.example');
  as.brook = await tokenFor('brook@gains.example');
  await createClient(ledger.LedgerService, system.transports.clients).savePortfolio(
    {
      organisationUuid: BRKF,
      uuid: '',
      portfolio: {
        code: 'MIP-BROOK',
        name: 'Brook',
        taxWrapper: 'GIA',
        owners: [{ clientUuid: BROOK, percentage: '100' }],
      },
    },
    as.admin,
  );
  api = createClient(imports.ImportsService, system.transports.clients);
}, 240_000);

afterAll(async () => {
  await db?.end();
  await system?.stop();
  await postgres?.stop();
  if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
});

describe('clients', () => {
  it('when a good clients file is imported, then each client is written with its fields as the form writes them, by a job', async () => {
    const task = await importFile('CLIENTS', clientsFile);
    expect(task).toMatchObject({ status: 'SUCCEEDED', rowsRead: 2, rowsPosted: 2, rowsSkipped: 0, rowsRejected: 0 });
    expect(task.message).toBe('2 clients added, 0 changed, 0 unchanged');
    // Type and state stored by name, NI number and UTR without spaces, upper case (the form's rules).
    expect(await client('MI01')).toEqual({
      code: 'MI01',
      name: 'Ann Import',
      type: 'Individual',
      state: 'Live',
      firstName: 'Ann',
      surname: 'Import',
      dob: '1970-03-04',
      ni: 'QQ123456C',
      utr: '1234567890',
      rm: 'Rachel Manager',
      company: false,
      email: 'ann@example.com',
      printed: true,
      inactive: false,
      version: 1,
      byWhom: true,
      mappings: 'array',
    });
    expect(await client('MI02')).toMatchObject({ type: 'Company', company: true, dob: null, ni: '' });
    const { rows: jobs } = await db.query(
      `SELECT type, status, progress_done::int AS done, successes::int FROM clients.job WHERE uuid = $1`,
      [task.uuid],
    );
    expect(jobs).toEqual([{ type: 'IMPORT_CLIENTS', status: 'SUCCEEDED', done: 2, successes: 2 }]);
  });

  it('when the same file comes again, then nothing is written twice', async () => {
    const before = await count('client', `organisation_uuid = '${ASHW}'`);
    const again = await importFile('CLIENTS', clientsFile, 'again.csv');
    expect(again).toMatchObject({ status: 'SUCCEEDED', rowsRead: 2, rowsPosted: 0, rowsSkipped: 2 });
    expect(again.message).toContain('imported already');
    expect(await count('client', `organisation_uuid = '${ASHW}'`)).toBe(before);
    expect((await client('MI01')).version).toBe(1);
  });

  it('when an overlapping file comes, then a changed client is updated, an identical one skipped and a new one added; columns left out keep their values', async () => {
    const task = await importFile('CLIENTS', [
      'Client Code,Name,Client Type,Relationship Manager',
      'MI01,Ann Import,INDIVIDUAL,Rachel Manager',
      'mi02,Import Holdings Ltd,COMPANY,Sam Other',
      'MI03,New Import,TRUST,',
    ]);
    expect(task).toMatchObject({ status: 'SUCCEEDED', rowsRead: 3, rowsPosted: 2, rowsSkipped: 1 });
    expect(task.message).toBe('1 client added, 1 changed, 1 unchanged');
    expect(await client('MI01')).toMatchObject({ version: 1, ni: 'QQ123456C' });
    // The code keeps its stored case; company (not in the file) stays true.
    expect(await client('MI02')).toMatchObject({ rm: 'Sam Other', company: true, version: 2 });
    expect(await client('MI03')).toMatchObject({ type: 'Trust', state: 'Live', rm: '' });
  });

  it('when rows are bad, then every bad row is listed naming its column and rule and nothing is written', async () => {
    const before = await count('client', `organisation_uuid = '${ASHW}'`);
    const task = await importFile('CLIENTS', [
      'code,name,type,date_of_birth,ni_number,utr,company,email,deceased',
      'MX01,Bad Type,PET,,,,,,',
      'MX02,Bad NI,INDIVIDUAL,,AB123,,,,',
      'MX03,Bad UTR,INDIVIDUAL,,,123,,,',
      'MX04,Future,INDIVIDUAL,2999-01-01,,,,,',
      'MX05,Bad flag,INDIVIDUAL,,,,maybe,,',
      'MX06,Bad email,INDIVIDUAL,,,,,not-an-email,',
      'MX07,,INDIVIDUAL,,,,,,',
      'MX08,Dead,INDIVIDUAL,,,,,,yes',
      'MX09,Two problems,PET,,ZZ,,,,',
      'mx01,Again,INDIVIDUAL,,,,,,',
      'MI04,Good row,INDIVIDUAL,,,,,,',
    ]);
    expect(task.status).toBe('FAILED');
    expect(task.rowsPosted).toBe(0);
    expect(task.message).toBe('10 lines have problems: nothing was written');
    expect(task.rejected.map((r) => [r.line, r.column])).toEqual([
      [2, 'type'],
      [3, 'ni_number'],
      [4, 'utr'],
      [5, 'date_of_birth'],
      [6, 'company'],
      [7, 'email'],
      [8, 'name'],
      [9, 'date_deceased'],
      [10, 'type'],
      [10, 'ni_number'],
      [11, 'code'],
    ]);
    const reason = (line: number) => task.rejected.find((r) => r.line === line)!.reason;
    expect(reason(2)).toMatch(/^Client type must be one of INDIVIDUAL, JOINT/);
    expect(reason(4)).toBe('UTR must be ten digits');
    expect(reason(6)).toBe('company must be yes or no (also true/false, y/n, 1/0); maybe is neither');
    expect(reason(8)).toBe('Name is required');
    expect(reason(9)).toBe('Date deceased is required for a deceased client');
    expect(reason(11)).toBe('Client code mx01 is given again (first on line 2): a code may come once a file');
    expect(await count('client', `organisation_uuid = '${ASHW}'`)).toBe(before);
    expect(await client('MI04')).toBeUndefined();
  });

  it('when a firm-sized file of 6,000 clients comes, then it is written in one job and a repeat with one change updates one', async () => {
    const lines = ['code,name,type,relationship_manager'];
    for (let i = 0; i < 6_000; i++) lines.push(`MB${String(i).padStart(5, '0')},Bulk ${i},INDIVIDUAL,RM ${i % 7}`);
    const task = await importFile('CLIENTS', lines, 'bulk.csv');
    expect(task).toMatchObject({ status: 'SUCCEEDED', rowsRead: 6_000, rowsPosted: 6_000 });
    expect(await count('client', `organisation_uuid = '${ASHW}' AND code LIKE 'MB%'`)).toBe(6_000);
    lines[6_000] = 'MB05999,Bulk 5999 renamed,INDIVIDUAL,RM 0';
    const again = await importFile('CLIENTS', lines, 'bulk-2.csv');
    expect(again).toMatchObject({ status: 'SUCCEEDED', rowsPosted: 1, rowsSkipped: 5_999 });
    expect(await client('MB05999')).toMatchObject({ name: 'Bulk 5999 renamed', rm: 'RM 0', version: 2 });
  }, 120_000);

  it('when a caller of another firm imports, then it is refused and no task is written', async () => {
    const before = await count('import_task');
    const err = await api
      .startImport(
        { organisationUuid: ASHW, kind: 'CLIENTS', fileName: 'x.csv', content: clientsFile.join('\n') },
        as.brook,
      )
      .catch((e: unknown) => ConnectError.from(e));
    expect((err as ConnectError).code).toBe(Code.PermissionDenied);
    expect(await count('import_task')).toBe(before);
  });
});

describe('portfolios', () => {
  const file = [
    'code,name,type,tax_wrapper,owners',
    'MIP-J,Joint account,DISCRETIONARY,GIA,MI01:60;MI02:40',
    'MIP-ISA,Ann ISA,,isa,mi01',
  ];

  it('when a portfolios file with owners and shares is imported, then each portfolio and its owners are written', async () => {
    const task = await importFile('PORTFOLIOS', file);
    expect(task).toMatchObject({ status: 'SUCCEEDED', rowsRead: 2, rowsPosted: 2, rowsSkipped: 0 });
    expect(await owners('MIP-J')).toEqual(['MI01:60.000000', 'MI02:40.000000']);
    expect(await owners('MIP-ISA')).toEqual(['MI01:100.000000']);
    const { rows } = await db.query(
      `SELECT code, name, type, state, currency, tax_wrapper AS wrapper, version FROM clients.portfolio
        WHERE organisation_uuid = $1 AND code LIKE 'MIP-%' ORDER BY code`,
      [ASHW],
    );
    expect(rows).toEqual([
      {
        code: 'MIP-ISA',
        name: 'Ann ISA',
        type: 'ADVISORY',
        state: 'LIVE',
        currency: 'GBP',
        wrapper: 'ISA',
        version: 1,
      },
      {
        code: 'MIP-J',
        name: 'Joint account',
        type: 'DISCRETIONARY',
        state: 'LIVE',
        currency: 'GBP',
        wrapper: 'GIA',
        version: 1,
      },
    ]);
  });

  it('when shares change in a later file, then that portfolio is updated and the identical one skipped', async () => {
    const task = await importFile('PORTFOLIOS', [
      'portfolio,description,owners',
      'MIP-J,Joint account,MI01:50;MI02:50',
      'MIP-ISA,Ann ISA,MI01',
    ]);
    expect(task).toMatchObject({ status: 'SUCCEEDED', rowsPosted: 1, rowsSkipped: 1 });
    expect(await owners('MIP-J')).toEqual(['MI01:50.000000', 'MI02:50.000000']);
    expect(await count('portfolio', `code = 'MIP-J' AND version = 2 AND type = 'DISCRETIONARY'`)).toBe(1);
  });

  it("when rows name another firm's portfolio or client or break the form's rules, then every one is listed and nothing is written", async () => {
    const before = await count('portfolio');
    const task = await importFile('PORTFOLIOS', [
      'code,name,tax_wrapper,owners',
      'MIP-BROOK,Theirs,GIA,MI01',
      'MIP-X1,Their owner,GIA,MIB1',
      'MIP-X2,Unknown owner,GIA,NOPE',
      'MIP-X3,Short,GIA,MI01:60;MI02:30',
      'MIP-X4,No share,GIA,MI01:60;MI02',
      'MIP-X5,Wrapper,SIPP,MI01',
      'MIP-X6,No owners,GIA,',
      'MIP-OK,Fine,GIA,MI01',
    ]);
    expect(task.status).toBe('FAILED');
    expect(task.rejected.map((r) => [r.line, r.column, r.reason])).toEqual([
      [
        2,
        'code',
        "Portfolio MIP-BROOK belongs to another organisation: a file may only name this organisation's portfolios",
      ],
      [3, 'owners', 'Client MIB1 belongs to another organisation: an owner must be a client of this organisation'],
      [4, 'owners', 'Unknown client NOPE in this organisation'],
      [5, 'owners', 'Ownership percentages must sum to 100'],
      [6, 'owners', "Give owner MI02's share as MI02:percentage (the shares sum to 100)"],
      [7, 'tax_wrapper', 'taxWrapper must be GIA, ISA or PENSION'],
      [8, 'owners', 'A portfolio must have at least one owner'],
    ]);
    expect(await count('portfolio')).toBe(before);
  });
  it('when a portfolio with a ledger changes owners, then ledger.changed (PORTFOLIO) goes for every owner before and after, from its first trade', async () => {
    await importFile('CLIENTS', ['code,name,type', 'MI05,Fifth,INDIVIDUAL']);
    const trades = await importFile('TRANSACTIONS', [
      'client,portfolio,security,date,type,quantity,price',
      'MI01,MIP-J,MIGAMM1,2025-04-10,BUY,10,2',
      'MI01,MIP-J,MIGAMM1,2025-07-01,BUY,5,2',
    ]);
    expect(trades.status).toBe('SUCCEEDED');
    const since = new Date();
    const task = await importFile('PORTFOLIOS', ['code,name,owners', 'MIP-J,Joint account,MI01:50;MI05:50']);
    expect(task).toMatchObject({ status: 'SUCCEEDED', rowsPosted: 1 });
    const { rows } = await db.query(
      `SELECT payload FROM clients.outbox_event WHERE subject = $1 AND created_at >= $2`,
      [LEDGER_CHANGED, since],
    );
    const uuidOf = async (code: string) =>
      (await db.query(`SELECT uuid FROM clients.client WHERE organisation_uuid = $1 AND code = $2`, [ASHW, code]))
        .rows[0].uuid as string;
    const changed = rows
      .map((r) => fromBinary(events.LedgerChangedSchema, r.payload))
      .map((e) => [e.clientUuid, e.earliestDate, e.reason])
      .sort();
    // MI02 owned it before, MI05 after, MI01 both: each from the first trade, 2025-04-10.
    expect(changed).toEqual(
      [
        [await uuidOf('MI01'), '2025-04-10', 'PORTFOLIO'],
        [await uuidOf('MI02'), '2025-04-10', 'PORTFOLIO'],
        [await uuidOf('MI05'), '2025-04-10', 'PORTFOLIO'],
      ].sort(),
    );
    expect(await owners('MIP-J')).toEqual(['MI01:50.000000', 'MI05:50.000000']);
  });
});
