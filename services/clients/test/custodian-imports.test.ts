import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fromBinary } from '@bufbuild/protobuf';
import { createClient } from '@connectrpc/connect';
import { createSchemaPool, type RunningPostgres } from '@gains/db';
import { createLocalFileStore } from '@gains/files';
import { startInProcessSystem, type InProcessSystem } from '@gains/host';
import { identityModule } from '@gains/identity';
import { createJobRunner, type ChunkContext } from '@gains/jobs';
import { silentLogger } from '@gains/logging';
import { events, identity, imports, ledger, reports } from '@gains/proto';
import { startTestPostgres } from '@gains/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Securities and reports are reached by path: clients does not depend on them, only its tests run them.
import { reportsModule } from '../../reports/src/index';
import { securitiesModule } from '../../securities/src/index';
import { londonToday } from '../src/domain/date-rules';
import { importCustodianJob, IMPORT_CUSTODIAN_JOB } from '../src/domain/import-custodian-job';
import type { ImportDeps } from '../src/domain/import-deps';
import { IMPORT_PRICES_JOB, importPricesJob } from '../src/domain/import-prices-job';
import { clientsModule } from '../src/index';
import { createCustodianStore } from '../src/store/custodian-store';
import { createImportMasterStore } from '../src/store/import-master-store';
import { createImportStore } from '../src/store/import-store';
import { createClientsPrisma } from '../src/store/prisma';

// Custodian holdings and prices imports as jobs of the shared runner, through the Connect API against a real
// PostgreSQL, with identity, securities and reports (the ACT Monitor's read model) in process. The ledger is
// imported here so every rec break is worked out by hand.
const PASSWORD = 'Custodian-pass-1!';
const ASHW = '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000002';
const ANN = 'c2000000-0000-4000-8000-000000000001';
const BEN = 'c2000000-0000-4000-8000-000000000002';
const ALPHA = 920001;
const BETA = 920002;
const JOB_CHANGED = 'gains.clients.job.changed.v1';

let postgres: RunningPostgres;
let system: InProcessSystem | undefined;
let db: pg.Client;
let filesDir: string;
let api: ReturnType<typeof createClient<typeof imports.ImportsService>>;
type Options = { headers: { authorization: string } };
const as = {} as Record<'admin' | 'manager', Options>;

const modules = {
  identity: identityModule,
  securities: securitiesModule,
  clients: clientsModule,
  reports: reportsModule,
};
const start = () =>
  startInProcessSystem({
    modules,
    connectionString: postgres.connectionString,
    logger: silentLogger(),
    seedDemo: true,
    env: { ...process.env, GAINS_DEMO_PASSWORD: PASSWORD, GAINS_DEMO_PRICE_DAYS: '30', GAINS_FILES_DIR: filesDir },
  });

async function tokenFor(email: string): Promise<Options> {
  const answer = await createClient(identity.IdentityService, system!.transports.identity).signIn({
    email,
    password: PASSWORD,
  });
  return { headers: { authorization: `Bearer ${answer.accessToken}` } };
}

/** Starts an import and waits for its job to finish; answers the finished task. */
async function importFile(kind: string, content: string, who = as.manager, fileName = `${kind.toLowerCase()}.csv`) {
  const started = await api.startImport({ organisationUuid: ASHW, kind, fileName, content }, who);
  await system!.settle();
  return api.getImport({ organisationUuid: ASHW, uuid: started.uuid }, who);
}

async function job(uuid: string) {
  const { rows } = await db.query(
    `SELECT type, status, progress_done::int AS done, progress_total::int AS total, candidates::int,
            successes::int, failures::int, object_kind AS kind, object_id AS "objectId", message
       FROM clients.job WHERE uuid = $1`,
    [uuid],
  );
  return rows[0];
}

/** The job's events as the outbox holds them, in order. */
async function jobEvents(uuid: string) {
  const { rows } = await db.query(`SELECT payload FROM clients.outbox_event WHERE subject = $1 ORDER BY created_at`, [
    JOB_CHANGED,
  ]);
  return rows
    .map((r) => fromBinary(events.JobChangedSchema, r.payload))
    .filter((e) => e.uuid === uuid)
    .sort((a, b) => a.version - b.version);
}

async function logsOf(uuid: string) {
  return (await jobEvents(uuid))
    .flatMap((e) => e.monitorLogs)
    .map((m) => ({
      code: m.errorCode,
      severity: m.severity,
      message: m.message,
      portfolio: m.portfolioCode,
      security: m.securityCode,
      client: m.clientCode,
    }));
}

async function holding(portfolioCode: string, securityId: number) {
  const { rows } = await db.query(
    `SELECT h.quantity::text AS quantity, h.rec_break AS "recBreak"
       FROM clients.holding h JOIN clients.portfolio p ON p.id = h.portfolio_id
      WHERE p.code = $1 AND h.security_id = $2`,
    [portfolioCode, securityId],
  );
  return rows[0] as { quantity: string; recBreak: boolean } | undefined;
}

async function breakCounts() {
  const portfolios = await db.query(
    `SELECT code, rec_breaks AS n FROM clients.portfolio WHERE code IN ('ZCP-ANN', 'ZCP-BEN') ORDER BY code`,
  );
  const clients = await db.query(
    `SELECT code, holding_breaks AS n FROM clients.client WHERE code IN ('ZC01', 'ZC02') ORDER BY code`,
  );
  return Object.fromEntries([...portfolios.rows, ...clients.rows].map((r) => [r.code, r.n]));
}

beforeAll(async () => {
  postgres = await startTestPostgres();
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gains-custodian-files-'));
  system = await start();
  db = new pg.Client({ connectionString: postgres.connectionString });
  await db.connect();
  for (const [uuid, code] of [
    [ANN, 'ZC01'],
    [BEN, 'ZC02'],
  ] as const) {
    await db.query(
      `INSERT INTO clients.client (uuid, organisation_uuid, code, name, type, state, updated_at)
       VALUES ($1, $2, $3, $3, 'INDIVIDUAL', 'LIVE', now())`,
      [uuid, ASHW, code],
    );
  }
  await db.query(
    `INSERT INTO clients.security (id, sedol, isin, security_name, issuer_name, currency, status)
     VALUES (${ALPHA}, 'ZCALPH1', 'GB00ZCALPH11', 'Alpha plc', 'Alpha', 'GBP', 'ACTIVE'),
            (${BETA}, 'ZCBETA1', 'GB00ZCBETA11', 'Beta plc', 'Beta', 'GBP', 'ACTIVE')`,
  );
  as.admin = await tokenFor('admin@gains.example');
  as.manager = await tokenFor('manager@gains.example');
  const ledgerApi = createClient(ledger.LedgerService, system.transports.clients);
  for (const [code, owner] of [
    ['ZCP-ANN', ANN],
    ['ZCP-BEN', BEN],
  ] as const) {
    await ledgerApi.savePortfolio(
      {
        organisationUuid: ASHW,
        uuid: '',
        portfolio: { code, name: code, taxWrapper: 'GIA', owners: [{ clientUuid: owner, percentage: '100' }] },
      },
      as.manager,
    );
  }
  api = createClient(imports.ImportsService, system.transports.clients);
  // The ledger the custodian is reconciled against:
  //   ZCP-ANN Alpha: +200 on 2025-03-03, -50 on 2025-04-01, +25 on 2025-05-02 (200; 150 from April; 175 from May)
  //   ZCP-ANN Beta:  +40 on 2025-03-10
  //   ZCP-BEN Beta:  +10 on 2025-03-05, -10 on 2025-04-15 (nil from mid April)
  //   ZCP-BEN never holds Alpha.
  const ledgerFile = await importFile(
    'TRANSACTIONS',
    [
      'client,portfolio,security,date,type,quantity,price,expenses,ref',
      'ZC01,ZCP-ANN,ZCALPH1,2025-03-03,BUY,200,1,,',
      'ZC01,ZCP-ANN,ZCALPH1,2025-04-01,SELL,50,1,,',
      'ZC01,ZCP-ANN,ZCALPH1,2025-05-02,BUY,25,1,,',
      'ZC01,ZCP-ANN,ZCBETA1,2025-03-10,BUY,40,1,,',
      'ZC02,ZCP-BEN,ZCBETA1,2025-03-05,BUY,10,1,,',
      'ZC02,ZCP-BEN,ZCBETA1,2025-04-15,SELL,10,1,,',
    ].join('\n'),
  );
  expect(ledgerFile).toMatchObject({ status: 'SUCCEEDED', rowsPosted: 6 });
});

afterAll(async () => {
  await db?.end();
  await system?.stop();
  await postgres?.stop();
  if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
});

// As at 2025-04-30 the ledger holds: ANN Alpha 200 - 50 = 150; ANN Beta 40; BEN Beta 10 - 10 = 0; BEN Alpha 0.
const APRIL = [
  'portfolio,security,quantity,date',
  'ZCP-ANN,ZCALPH1,150,2025-04-30', // agrees
  'ZCP-ANN,ZCBETA1,38.5,2025-04-30', // 38.5 - 40 = -1.5: a break
  'ZCP-BEN,ZCBETA1,0,2025-04-30', // agrees
  'ZCP-BEN,GB00ZCALPH11,5,2025-04-30', // 5 - 0 = +5: a break (never held)
].join('\n');

describe('custodian holdings as a job', () => {
  let april = '';

  it('when the custodian differs from the ledger, then each difference is a rec break, the job counts the rows and carries a monitor log per break', async () => {
    const task = await importFile('CUSTODIAN_HOLDINGS', APRIL, as.manager, 'custodian-april.csv');
    april = task.uuid;
    expect(task).toMatchObject({ status: 'SUCCEEDED', rowsRead: 4, rowsPosted: 4, message: '2 rec breaks raised' });
    expect(await job(task.uuid)).toEqual({
      type: IMPORT_CUSTODIAN_JOB,
      status: 'SUCCEEDED',
      done: 4,
      total: 4,
      candidates: 4,
      successes: 4,
      failures: 0,
      kind: 'FILE',
      objectId: task.uuid,
      message: '2 rec breaks raised',
    });
    const { rows } = await db.query(
      `SELECT b.security_id AS "securityId", p.code, b.as_at::text AS "asAt", b.custodian_quantity::text AS custodian,
              b.ledger_quantity::text AS ledger, b.difference::text
         FROM clients.custodian_break b JOIN clients.portfolio p ON p.id = b.portfolio_id
        WHERE b.task_id = (SELECT id FROM clients.import_task WHERE uuid = $1) ORDER BY b.id`,
      [task.uuid],
    );
    expect(rows).toEqual([
      {
        securityId: BETA,
        code: 'ZCP-ANN',
        asAt: '2025-04-30',
        custodian: '38.50000000',
        ledger: '40.00000000',
        difference: '-1.50000000',
      },
      {
        securityId: ALPHA,
        code: 'ZCP-BEN',
        asAt: '2025-04-30',
        custodian: '5.00000000',
        ledger: '0.00000000',
        difference: '5.00000000',
      },
    ]);
    expect(await holding('ZCP-ANN', ALPHA)).toEqual({ quantity: '175.0000', recBreak: false });
    expect(await holding('ZCP-ANN', BETA)).toEqual({ quantity: '40.0000', recBreak: true });
    expect(await holding('ZCP-BEN', ALPHA)).toEqual({ quantity: '0.0000', recBreak: true });
    expect(await holding('ZCP-BEN', BETA)).toEqual({ quantity: '0.0000', recBreak: false });
    expect(await breakCounts()).toEqual({ 'ZCP-ANN': 1, 'ZCP-BEN': 1, ZC01: 1, ZC02: 1 });
    // Medium (2): the books and the custodian disagree; the codes fill the ACT Monitor's occurrences.
    expect(await logsOf(task.uuid)).toEqual([
      {
        code: 'CUSTODIAN_HOLDING_MISMATCH',
        severity: 2,
        message: 'Custodian holds 38.5 of ZCBETA1 in ZCP-ANN on 2025-04-30; the ledger holds 40 (difference -1.5)',
        portfolio: 'ZCP-ANN',
        security: 'ZCBETA1',
        client: 'ZC01',
      },
      {
        code: 'CUSTODIAN_HOLDING_MISMATCH',
        severity: 2,
        message: 'Custodian holds 5 of GB00ZCALPH11 in ZCP-BEN on 2025-04-30; the ledger holds 0 (difference 5)',
        portfolio: 'ZCP-BEN',
        security: 'GB00ZCALPH11',
        client: 'ZC02',
      },
    ]);
  });

  it('when the job events reach reports, then the ACT Monitor lists the logs with their codes and job', async () => {
    await system!.flushEvents();
    const today = londonToday();
    const reportsApi = createClient(reports.ReportsService, system!.transports.reports);
    const logs = (await reportsApi.listMonitorLogs({ organisationUuid: ASHW, from: today, to: today }, as.manager))
      .content;
    const mine = logs
      .filter((l) => l.jobUuid === april)
      .map((l) => [l.errorCode, l.errorSeverityId, l.portfolioCode, l.securityCode, l.clientCode, l.jobType])
      .sort();
    expect(mine).toEqual([
      ['CUSTODIAN_HOLDING_MISMATCH', 2, 'ZCP-ANN', 'ZCBETA1', 'ZC01', IMPORT_CUSTODIAN_JOB],
      ['CUSTODIAN_HOLDING_MISMATCH', 2, 'ZCP-BEN', 'GB00ZCALPH11', 'ZC02', IMPORT_CUSTODIAN_JOB],
    ]);
  });

  it('when the same file comes again, then nothing is raised twice', async () => {
    const before = (await db.query('SELECT count(*)::int AS n FROM clients.custodian_break')).rows[0].n;
    const again = await importFile('CUSTODIAN_HOLDINGS', APRIL, as.manager, 'custodian-april-again.csv');
    expect(again).toMatchObject({ status: 'SUCCEEDED', rowsRead: 4, rowsSkipped: 4 });
    expect(again.message).toContain('imported already');
    expect((await db.query('SELECT count(*)::int AS n FROM clients.custodian_break')).rows[0].n).toBe(before);
    expect(await logsOf(again.uuid)).toEqual([]);
    expect(await breakCounts()).toEqual({ 'ZCP-ANN': 1, 'ZCP-BEN': 1, ZC01: 1, ZC02: 1 });
  });

  it('when a later file repeats a break and agrees on a later date, then the break is not raised again and the agreeing holding is cleared', async () => {
    // As at 2025-05-31 the ledger holds ANN Alpha 150 + 25 = 175 and ANN Beta 40.
    const task = await importFile(
      'CUSTODIAN_HOLDINGS',
      [
        'portfolio,security,quantity,date',
        'ZCP-ANN,ZCBETA1,38.5,2025-04-30', // the April break again: identical, not raised twice
        'ZCP-ANN,ZCBETA1,40,2025-05-31', // agrees in May: the April break is settled, rec_break cleared
        'ZCP-ANN,ZCALPH1,170,2025-05-31', // 170 - 175 = -5: a new break
      ].join('\n'),
      as.manager,
      'custodian-may.csv',
    );
    expect(task).toMatchObject({ status: 'SUCCEEDED', rowsRead: 3, message: '1 rec break raised' });
    expect(await logsOf(task.uuid)).toEqual([
      {
        code: 'CUSTODIAN_HOLDING_MISMATCH',
        severity: 2,
        message: 'Custodian holds 170 of ZCALPH1 in ZCP-ANN on 2025-05-31; the ledger holds 175 (difference -5)',
        portfolio: 'ZCP-ANN',
        security: 'ZCALPH1',
        client: 'ZC01',
      },
    ]);
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM clients.custodian_break b JOIN clients.portfolio p ON p.id = b.portfolio_id
        WHERE p.code = 'ZCP-ANN' AND b.security_id = $1 AND b.as_at = '2025-04-30'`,
      [BETA],
    );
    expect(rows[0].n).toBe(1);
    expect(await holding('ZCP-ANN', BETA)).toEqual({ quantity: '40.0000', recBreak: false });
    expect(await holding('ZCP-ANN', ALPHA)).toEqual({ quantity: '175.0000', recBreak: true });
    expect(await breakCounts()).toEqual({ 'ZCP-ANN': 1, 'ZCP-BEN': 1, ZC01: 1, ZC02: 1 });
  });

  it('when a row is bad, then the job fails listing every bad row and nothing is written', async () => {
    const before = (await db.query('SELECT count(*)::int AS n FROM clients.custodian_break')).rows[0].n;
    const task = await importFile(
      'CUSTODIAN_HOLDINGS',
      'portfolio,security,quantity,date\nZCP-BEN,ZCALPH1,99,2025-04-30\nZCP-ANN,ZCALPH1,-1,2025-06-30\nZCP-NOPE,ZCALPH1,1,2025-06-30',
    );
    expect(task.status).toBe('FAILED');
    expect(task.rejected.map((r) => [r.line, r.column])).toEqual([
      [3, 'quantity'],
      [4, 'portfolio'],
    ]);
    expect(await job(task.uuid)).toMatchObject({ status: 'FAILED', failures: 2 });
    expect((await db.query('SELECT count(*)::int AS n FROM clients.custodian_break')).rows[0].n).toBe(before);
    expect(await logsOf(task.uuid)).toEqual([]);
  });
});

describe('prices as a job', () => {
  it("when the provider imports prices, then the securities service's upload takes them through the job", async () => {
    const task = await importFile('PRICES', 'security,date,price,currency\n1,2025-06-02,1.2345,GBP', as.admin);
    expect(task).toMatchObject({ status: 'SUCCEEDED', rowsRead: 1 });
    expect(task.rowsPosted + task.rowsSkipped).toBe(1);
    expect(await job(task.uuid)).toMatchObject({
      type: IMPORT_PRICES_JOB,
      status: 'SUCCEEDED',
      done: 1,
      total: 1,
      candidates: 1,
      successes: 1,
      kind: 'FILE',
    });
  });

  it('when a prices file is bad, then its problems are the rejected rows and the failures of its job', async () => {
    const task = await importFile(
      'PRICES',
      'security,date,price,currency\n1,2025-06-02,-1,GBP\n1,2025-06-03,1.5,GBP\n1,not-a-date,2,GBP',
      as.admin,
    );
    expect(task.status).toBe('FAILED');
    expect(task.message).toContain('problems: nothing was posted');
    expect(task.rejected.map((r) => r.line)).toEqual([2, 4]);
    const failures = await db.query(`SELECT line FROM clients.job_failure WHERE job_uuid = $1 ORDER BY line`, [
      task.uuid,
    ]);
    expect(failures.rows.map((r) => r.line)).toEqual([2, 4]);
    expect(await job(task.uuid)).toMatchObject({ type: IMPORT_PRICES_JOB, status: 'FAILED' });
  });
});

describe('after a process dies', () => {
  it('when a custodian job died mid-way and a prices job lost its caller, then the restarted service finishes the one once and fails the other clearly', async () => {
    // The service stops; a process of our own then runs a custodian file two rows a chunk and dies in chunk 2.
    await system!.stop();
    system = undefined;
    const pool = createSchemaPool(postgres.connectionString, 'clients', 2);
    const prisma = createClientsPrisma(pool, 'clients');
    const deps: ImportDeps = {
      imports: createImportStore(prisma, pool),
      master: createImportMasterStore(prisma),
      custodian: createCustodianStore(),
      files: createLocalFileStore(filesDir),
      prices: {
        uploadPrices: () => Promise.reject(new Error('not reached: the dying process runs no prices')),
      },
      today: () => londonToday(),
      callers: new Map(),
      startJob: () => Promise.reject(new Error('not reached')),
    };
    // ZCP-BEN never holds Alpha: each of the five lines is a break of its own quantity, on its own date.
    const content = [
      'portfolio,security,quantity,date',
      ...[1, 2, 3, 4, 5].map((q) => `ZCP-BEN,ZCALPH1,${q},2025-06-0${q}`),
    ].join('\n');
    const queue = async (kind: string, body: string) => {
      const uuid = crypto.randomUUID();
      const fileKey = `imports/${ASHW}/${uuid}`;
      await deps.files.put(fileKey, body);
      return deps.imports.insert({
        uuid,
        organisationUuid: ASHW,
        kind,
        fileName: `${kind.toLowerCase()}.csv`,
        fileHash: uuid,
        fileKey,
        startedBy: 'Morgan Manager',
      });
    };
    const task = await queue('CUSTODIAN_HOLDINGS', content);
    let hang: (() => void) | undefined;
    let backendPid = 0;
    const handler = importCustodianJob(deps, 2);
    const dying = createJobRunner({
      pool,
      service: 'clients',
      logger: silentLogger(),
      maxChunkAttempts: 1,
      handlers: [
        {
          type: IMPORT_CUSTODIAN_JOB,
          async runChunk(ctx: ChunkContext) {
            if ((ctx.cursor as { next: number } | null)?.next === 2) {
              backendPid = (await ctx.tx.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
              await new Promise<void>((resolve) => (hang = resolve));
            }
            return handler.runChunk(ctx as never);
          },
        },
      ],
    });
    await dying.start({
      uuid: task.uuid,
      organisationUuid: ASHW,
      type: IMPORT_CUSTODIAN_JOB,
      input: { taskUuid: task.uuid },
      object: { kind: 'FILE', id: task.uuid },
    });
    const dyingRun = dying.drain();
    while (!hang) await new Promise((r) => setTimeout(r, 20));
    await db.query('SELECT pg_terminate_backend($1)', [backendPid]);
    expect(await job(task.uuid)).toMatchObject({ status: 'RUNNING', done: 2, candidates: 2 });
    const breaksOf = async () =>
      (await db.query('SELECT count(*)::int AS n FROM clients.custodian_break WHERE task_id = $1', [task.id])).rows[0]
        .n;
    expect(await breaksOf()).toBe(2);
    // A prices task queued before the stop: its caller (and token) died with the process.
    const prices = await queue('PRICES', 'security,date,price,currency\n1,2025-06-04,1.5,GBP');
    // queued by the process that died (started, never run)
    const queuer = createJobRunner({
      pool,
      service: 'clients',
      logger: silentLogger(),
      handlers: [importPricesJob(deps)],
    });
    await queuer.start({
      uuid: prices.uuid,
      organisationUuid: ASHW,
      type: IMPORT_PRICES_JOB,
      input: { taskUuid: prices.uuid },
      object: { kind: 'FILE', id: prices.uuid },
    });
    // The dead process's lease runs out (as 60 s would).
    await db.query(`UPDATE clients.job SET lease_expires_at = now() - interval '1 second' WHERE uuid = $1`, [
      task.uuid,
    ]);

    system = await start();
    await system.settle();
    hang!();
    await dyingRun.catch(() => {});
    await pool.end();

    expect(await job(task.uuid)).toMatchObject({
      status: 'SUCCEEDED',
      done: 5,
      total: 5,
      candidates: 5,
      successes: 5,
      message: '5 rec breaks raised',
    });
    expect(await breaksOf()).toBe(5);
    const finished = (await jobEvents(task.uuid)).filter((e) => e.status === 'SUCCEEDED');
    expect(finished).toHaveLength(1);
    // The five breaks' logs, each once: +1 .. +5, whichever process raised them.
    expect((await logsOf(task.uuid)).map((l) => l.message.match(/difference (\d+)/)?.[1])).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
    const afterTask = await db.query(
      `SELECT status, rows_posted AS posted, message FROM clients.import_task WHERE uuid = $1`,
      [task.uuid],
    );
    expect(afterTask.rows[0]).toEqual({ status: 'SUCCEEDED', posted: 5, message: '5 rec breaks raised' });

    const pricesTask = await db.query(`SELECT status, message FROM clients.import_task WHERE uuid = $1`, [prices.uuid]);
    expect(pricesTask.rows[0]).toEqual({
      status: 'FAILED',
      message: 'The prices import was interrupted by a restart: start it again',
    });
    expect(await job(prices.uuid)).toMatchObject({ type: IMPORT_PRICES_JOB, status: 'FAILED' });
  });
});
