import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fromBinary } from '@bufbuild/protobuf';
import { Code, ConnectError, createClient } from '@connectrpc/connect';
import { createSchemaPool, type RunningPostgres } from '@gains/db';
import { createLocalFileStore } from '@gains/files';
import { startInProcessSystem, type InProcessSystem } from '@gains/host';
import { identityModule } from '@gains/identity';
import { silentLogger } from '@gains/logging';
import { events, identity, imports, ledger } from '@gains/proto';
// The securities service is reached by path: clients does not depend on it, only its tests run it.
import { securitiesModule } from '../../securities/src/index';
import { startTestPostgres } from '@gains/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonToday } from '../src/domain/date-rules';
import type { ImportDeps } from '../src/domain/import-deps';
import { IMPORT_CHUNK, importTransactionsJob } from '../src/domain/import-transactions-job';
import { createImportStore } from '../src/store/import-store';
import { createClientsPrisma } from '../src/store/prisma';
import { LEDGER_CHANGED } from '../src/events/ledger-events';
import { clientsModule } from '../src/index';

// Imports through the Connect API against a real PostgreSQL, identity and securities in process. Fixture
// clients, portfolios and securities are written here so every figure is worked out by hand.
const PASSWORD = 'Imports-pass-1!';
const ASHW = '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000002';
const BRKF = '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000003';
const ANN = 'c1000000-0000-4000-8000-000000000001';
const BEN = 'c1000000-0000-4000-8000-000000000002';
const BROOK = 'c1000000-0000-4000-8000-000000000003';
const ALPHA = 910001;
const BETA = 910002;

let postgres: RunningPostgres;
let system: InProcessSystem;
let db: pg.Client;
let filesDir: string;
let api: ReturnType<typeof createClient<typeof imports.ImportsService>>;
type Options = { headers: { authorization: string } };
const as = {} as Record<'admin' | 'manager' | 'adviser', Options>;

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

/** Starts an import and waits for its task to finish; answers the finished task. */
async function importFile(kind: string, content: string, who = as.manager, fileName = `${kind.toLowerCase()}.csv`) {
  const started = await api.startImport({ organisationUuid: ASHW, kind, fileName, content }, who);
  expect(['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED']).toContain(started.status);
  await system.settle();
  return api.getImport({ organisationUuid: ASHW, uuid: started.uuid }, who);
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

const HEADER = 'client,portfolio,security,date,type,quantity,price,expenses,ref';

beforeAll(async () => {
  postgres = await startTestPostgres();
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gains-import-files-'));
  system = await startInProcessSystem({
    modules: { identity: identityModule, securities: securitiesModule, clients: clientsModule },
    connectionString: postgres.connectionString,
    logger: silentLogger(),
    seedDemo: true,
    env: { ...process.env, GAINS_DEMO_PASSWORD: PASSWORD, GAINS_DEMO_PRICE_DAYS: '30', GAINS_FILES_DIR: filesDir },
  });
  db = new pg.Client({ connectionString: postgres.connectionString });
  await db.connect();
  for (const [uuid, org, code] of [
    [ANN, ASHW, 'ZI01'],
    [BEN, ASHW, 'ZI02'],
    [BROOK, BRKF, 'ZIB1'],
  ] as const) {
    await db.query(
      `INSERT INTO clients.client (uuid, organisation_uuid, code, name, type, state, updated_at)
       VALUES ($1, $2, $3, $3, 'INDIVIDUAL', 'LIVE', now())`,
      [uuid, org, code],
    );
  }
  await db.query(
    `INSERT INTO clients.security (id, sedol, isin, security_name, issuer_name, currency, status)
     VALUES (${ALPHA}, 'ZIALPH1', 'GB00ZIALPH11', 'Alpha plc', 'Alpha', 'GBP', 'ACTIVE'),
            (${BETA}, 'ZIBETA1', 'GB00ZIBETA11', 'Beta plc', 'Beta', 'GBP', 'ACTIVE')`,
  );
  as.admin = await tokenFor('admin@gains.example');
  as.manager = await tokenFor('manager@gains.example');
  as.adviser = await tokenFor('adviser@gains.example');
  const ledgerApi = createClient(ledger.LedgerService, system.transports.clients);
  const portfolio = (org: string, code: string, owner: string, who: Options) =>
    ledgerApi.savePortfolio(
      {
        organisationUuid: org,
        uuid: '',
        portfolio: { code, name: code, taxWrapper: 'GIA', owners: [{ clientUuid: owner, percentage: '100' }] },
      },
      who,
    );
  await portfolio(ASHW, 'ZIP-ANN', ANN, as.manager);
  await portfolio(ASHW, 'ZIP-BEN', BEN, as.manager);
  await portfolio(BRKF, 'ZIP-BROOK', BROOK, as.admin);
  api = createClient(imports.ImportsService, system.transports.clients);
});

afterAll(async () => {
  await db?.end();
  await system?.stop();
  await postgres?.stop();
  if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
});

describe('transactions', () => {
  const file = [
    HEADER,
    'ZI01,ZIP-ANN,ZIALPH1,2025-06-02,BUY,100,2.50,5,',
    'ZI01,ZIP-ANN,GB00ZIALPH11,2025-06-10,Buy,50,2.60,,',
    'zi01,zip-ann,ZIALPH1,2025-06-20,SELL,30,3,,',
    'ZI02,ZIP-BEN,ZIBETA1,2025-05-01,BUY,10,1.2345,,B-1',
  ].join('\n');

  it('when a file covering two clients is imported, then every row posts, the holdings are derived and one ledger.changed goes per client', async () => {
    const since = new Date();
    const task = await importFile('TRANSACTIONS', file);
    expect(task).toMatchObject({ status: 'SUCCEEDED', rowsRead: 4, rowsPosted: 4, rowsRejected: 0, rowsSkipped: 0 });
    expect(task.startedBy).not.toBe('');
    expect(task.finishedDate).toBeDefined();
    // run as a job of the shared runner (@gains/jobs), the job's uuid the task's
    const { rows: jobs } = await db.query(
      `SELECT type, status, progress_done::int AS done, progress_total::int AS total, candidates::int, successes::int,
              object_kind AS kind
         FROM clients.job WHERE uuid = $1`,
      [task.uuid],
    );
    expect(jobs).toEqual([
      {
        type: 'IMPORT_TRANSACTIONS',
        status: 'SUCCEEDED',
        done: 4,
        total: 4,
        candidates: 4,
        successes: 4,
        kind: 'FILE',
      },
    ]);
    // 100 + 50 - 30 = 120 Alpha; 10 Beta.
    expect(await holding('ZIP-ANN', ALPHA)).toEqual({ quantity: '120.0000', recBreak: false });
    expect(await holding('ZIP-BEN', BETA)).toEqual({ quantity: '10.0000', recBreak: false });
    // 100 x 2.50 = 250.00 consideration, expenses 5.00, GBP at rate 1.
    const { rows } = await db.query(
      `SELECT consideration::text, expenses::text, consideration_gbp::text AS gbp, source FROM clients.ledger_transaction
        WHERE portfolio_code = 'ZIP-ANN' AND trade_date = '2025-06-02'`,
    );
    expect(rows).toEqual([{ consideration: '250.00', expenses: '5.00', gbp: '250.00', source: 'IMPORT' }]);
    const { rows: changed } = await db.query(
      `SELECT payload FROM clients.outbox_event WHERE subject = $1 AND created_at >= $2`,
      [LEDGER_CHANGED, since],
    );
    const byClient = changed
      .map((r) => fromBinary(events.LedgerChangedSchema, r.payload))
      .map((e) => [e.clientUuid, e.earliestDate, e.reason])
      .sort();
    expect(byClient).toEqual([
      [ANN, '2025-06-02', 'IMPORT'],
      [BEN, '2025-05-01', 'IMPORT'],
    ]);
  });

  it('when the same file comes again, then nothing posts twice; another file repeating a row adds only its new row', async () => {
    const before = await count('ledger_transaction', `portfolio_code IN ('ZIP-ANN', 'ZIP-BEN')`);
    const again = await importFile('TRANSACTIONS', file);
    expect(again).toMatchObject({ status: 'SUCCEEDED', rowsPosted: 0, rowsSkipped: 4 });
    expect(again.message).toContain('imported already');
    const overlapping = [
      HEADER,
      'ZI02,ZIP-BEN,ZIBETA1,2025-05-01,BUY,10,1.2345,,B-1',
      'ZI02,ZIP-BEN,ZIBETA1,2025-05-02,BUY,5,1.30,,B-2',
    ].join('\n');
    const task = await importFile('TRANSACTIONS', overlapping);
    expect(task).toMatchObject({ status: 'SUCCEEDED', rowsRead: 2, rowsPosted: 1, rowsSkipped: 1 });
    expect(await count('ledger_transaction', `portfolio_code IN ('ZIP-ANN', 'ZIP-BEN')`)).toBe(before + 1);
    expect(await holding('ZIP-BEN', BETA)).toEqual({ quantity: '15.0000', recBreak: false });
  });

  it('when keys were recorded in imported_row before they moved onto the ledger row, then they are still honoured', async () => {
    // A file posted as a database before migration 20261127074835 holds it: its keys in imported_row, none on
    // the ledger rows. Another file repeating one of its rows then posts only its new row.
    await createClient(ledger.LedgerService, system.transports.clients).savePortfolio(
      {
        organisationUuid: ASHW,
        uuid: '',
        portfolio: {
          code: 'ZIP-OLD',
          name: 'ZIP-OLD',
          taxWrapper: 'GIA',
          owners: [{ clientUuid: BEN, percentage: '100' }],
        },
      },
      as.manager,
    );
    const first = [HEADER, 'ZI02,ZIP-OLD,ZIBETA1,2025-04-01,BUY,7,1.00,,OLD-1'].join('\n');
    const posted = await importFile('TRANSACTIONS', first);
    expect(posted).toMatchObject({ status: 'SUCCEEDED', rowsPosted: 1 });
    expect(await count('imported_row', `kind = 'TRANSACTIONS'`)).toBe(0);
    const where = `portfolio_code = 'ZIP-OLD' AND trade_date = '2025-04-01'`;
    await db.query(
      `INSERT INTO clients.imported_row (organisation_uuid, kind, natural_key, task_id)
       SELECT organisation_uuid, 'TRANSACTIONS', encode(import_key, 'hex'), 0 FROM clients.ledger_transaction
        WHERE ${where}`,
    );
    await db.query(`UPDATE clients.ledger_transaction SET import_key = NULL WHERE ${where}`);
    try {
      const repeating = [
        HEADER,
        'ZI02,ZIP-OLD,ZIBETA1,2025-04-01,BUY,7,1.00,,OLD-1',
        'ZI02,ZIP-OLD,ZIBETA1,2025-04-02,BUY,3,1.00,,OLD-2',
      ].join('\n');
      const task = await importFile('TRANSACTIONS', repeating);
      expect(task).toMatchObject({ status: 'SUCCEEDED', rowsRead: 2, rowsPosted: 1, rowsSkipped: 1 });
      expect(await count('ledger_transaction', `portfolio_code = 'ZIP-OLD' AND trade_date >= '2025-04-01'`)).toBe(2);
    } finally {
      await db.query(`DELETE FROM clients.imported_row WHERE kind = 'TRANSACTIONS'`);
    }
  });

  it('when a file of several chunks stops between them, then a new process resumes it: each row once, holdings and events over the whole file', async () => {
    // A file of IMPORT_CHUNK + 1 rows: 10,000 buys of 1 Alpha (dated from 2025-01-02), then a sale of 3.
    // Held at the end by hand: 10,000 - 3 = 9,997 Alpha; ledger.changed for Ann from 2025-01-02.
    const ledgerApi = createClient(ledger.LedgerService, system.transports.clients);
    await ledgerApi.savePortfolio(
      {
        organisationUuid: ASHW,
        uuid: '',
        portfolio: {
          code: 'ZIP-RES',
          name: 'ZIP-RES',
          taxWrapper: 'GIA',
          owners: [{ clientUuid: ANN, percentage: '100' }],
        },
      },
      as.manager,
    );
    const lines = [HEADER];
    for (let i = 0; i < IMPORT_CHUNK; i++) lines.push(`ZI01,ZIP-RES,ZIALPH1,2025-01-02,BUY,1,1.00,,RES-${i}`);
    lines.push('ZI01,ZIP-RES,ZIALPH1,2025-07-01,SELL,3,1.10,,RES-SALE');
    const content = lines.join('\n');
    const pool = createSchemaPool(postgres.connectionString, 'clients');
    const prisma = createClientsPrisma(pool, 'clients');
    const deps = {
      imports: createImportStore(prisma, pool),
      files: createLocalFileStore(filesDir),
      today: () => londonToday(),
      postWhileChecking: false, // each chunk's rows fixed: the first posts the first IMPORT_CHUNK rows
    } as unknown as ImportDeps;
    const uuid = crypto.randomUUID();
    const task = await deps.imports.insert({
      uuid,
      organisationUuid: ASHW,
      kind: 'TRANSACTIONS',
      fileName: 'resume.csv',
      fileHash: crypto.createHash('sha256').update(content).digest('hex'),
      fileKey: `imports/${ASHW}/${uuid}`,
      startedBy: 'Test',
    });
    await deps.files.put(task.fileKey, content);
    const since = new Date();
    // One chunk in its own transaction, by a handler as a fresh process has it (nothing of the file in memory).
    const chunk = async (
      cursor: Parameters<ReturnType<typeof importTransactionsJob>['runChunk']>[0]['cursor'],
      end: 'COMMIT' | 'ROLLBACK' = 'COMMIT',
    ) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await importTransactionsJob(deps).runChunk({
          job: { organisationUuid: ASHW } as never,
          input: { taskUuid: uuid },
          cursor,
          tx: client,
        } as never);
        await client.query(end);
        return result;
      } finally {
        client.release();
      }
    };
    try {
      // The runner's transaction of the first chunk fails after the chunk's second half (its own transaction)
      // committed: 5,000 rows stay, and the retry counts them as this task's rather than as imported before.
      await chunk(null, 'ROLLBACK');
      expect(await count('ledger_transaction', `portfolio_code = 'ZIP-RES'`)).toBe(IMPORT_CHUNK / 2);
      const first = await chunk(null);
      expect(first).toMatchObject({ done: false, progressDone: IMPORT_CHUNK, add: { successes: IMPORT_CHUNK } });
      expect(await count('ledger_transaction', `portfolio_code = 'ZIP-RES'`)).toBe(IMPORT_CHUNK);
      // The process "dies" here; a new one resumes from the saved cursor.
      const second = await chunk(first.cursor);
      expect(second).toMatchObject({ done: false, add: { successes: 1 } });
      expect(await count('ledger_transaction', `portfolio_code = 'ZIP-RES'`)).toBe(IMPORT_CHUNK + 1);
      // Every row is in; the holdings follow in the last chunk, after the process "dies" once more.
      const last = await chunk(second.cursor);
      expect(last).toMatchObject({ done: true, outcome: 'SUCCEEDED' });
      expect(await holding('ZIP-RES', ALPHA)).toEqual({ quantity: '9997.0000', recBreak: false });
      const finished = await api.getImport({ organisationUuid: ASHW, uuid }, as.manager);
      expect(finished).toMatchObject({ status: 'SUCCEEDED', rowsPosted: IMPORT_CHUNK + 1, rowsSkipped: 0 });
      const { rows: changed } = await db.query(
        `SELECT payload FROM clients.outbox_event WHERE subject = $1 AND created_at >= $2`,
        [LEDGER_CHANGED, since],
      );
      const ann = changed
        .map((r) => fromBinary(events.LedgerChangedSchema, r.payload))
        .filter((e) => e.clientUuid === ANN);
      expect(ann.map((e) => e.earliestDate)).toEqual(['2025-01-02']);
    } finally {
      await prisma.$disconnect();
      await pool.end();
    }
  });

  it('when a file of several slices posts while it is checked, then each row posts once; a bad last row posts nothing', async () => {
    // 12,000 buys of 1 Alpha, then a sale of 5: held by hand 12,000 - 5 = 11,995. The first chunk posts the rows
    // it has checked while it checks the rest; with a bad last row, what it posted is rolled back.
    const ledgerApi = createClient(ledger.LedgerService, system.transports.clients);
    await ledgerApi.savePortfolio(
      {
        organisationUuid: ASHW,
        uuid: '',
        portfolio: {
          code: 'ZIP-EARLY',
          name: 'ZIP-EARLY',
          taxWrapper: 'GIA',
          owners: [{ clientUuid: ANN, percentage: '100' }],
        },
      },
      as.manager,
    );
    const buys = [HEADER];
    for (let i = 0; i < 12_000; i++) buys.push(`ZI01,ZIP-EARLY,ZIALPH1,2025-01-03,BUY,1,1.00,,EARLY-${i}`);
    const badLast = await importFile(
      'TRANSACTIONS',
      [...buys, 'ZI01,ZIP-EARLY,XXXXXXX,2025-07-01,SELL,5,1.10,,EARLY-BAD'].join('\n'),
    );
    expect(badLast).toMatchObject({ status: 'FAILED', rowsPosted: 0, rowsRejected: 1 });
    expect(badLast.rejected.map((r) => [r.line, r.column])).toEqual([[12_002, 'security']]);
    expect(await count('ledger_transaction', `portfolio_code = 'ZIP-EARLY'`)).toBe(0);
    const good = await importFile(
      'TRANSACTIONS',
      [...buys, 'ZI01,ZIP-EARLY,ZIALPH1,2025-07-01,SELL,5,1.10,,EARLY-SALE'].join('\n'),
    );
    expect(good).toMatchObject({ status: 'SUCCEEDED', rowsPosted: 12_001, rowsSkipped: 0 });
    expect(await count('ledger_transaction', `portfolio_code = 'ZIP-EARLY'`)).toBe(12_001);
    expect(await holding('ZIP-EARLY', ALPHA)).toEqual({ quantity: '11995.0000', recBreak: false });
  });

  it('when rows are bad, then every bad row is listed with line, column and reason and nothing is stored', async () => {
    const before = await count('ledger_transaction');
    const tomorrow = new Date(Date.parse(`${londonToday()}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const bad = [
      HEADER,
      'ZI01,ZIP-ANN,ZIALPH1,2025-06-03,BUY,1,1,,', // good: still not posted
      'ZZ99,ZIP-ANN,ZIALPH1,2025-06-03,BUY,1,1,,',
      'ZI01,NOPE,ZIALPH1,2025-06-03,BUY,1,1,,',
      'ZI01,ZIP-ANN,XXXXXXX,2025-06-03,BUY,1,1,,',
      'ZI01,ZIP-ANN,ZIALPH1,2025-02-30,BUY,1,1,,',
      'ZI01,ZIP-ANN,ZIALPH1,2025-06-03,BUY,1.2.3,1,,',
      `ZI01,ZIP-ANN,ZIALPH1,${tomorrow},BUY,1,1,,`,
      'ZI01,ZIP-ANN,ZIALPH1,2025-06-03,SWAP,1,1,,',
      'ZI02,ZIP-ANN,ZIALPH1,2025-06-03,BUY,1,1,,',
      'ZI01,ZIP-ANN,ZIALPH1',
    ].join('\n');
    const task = await importFile('TRANSACTIONS', bad);
    expect(task.status).toBe('FAILED');
    expect(task.rowsPosted).toBe(0);
    expect(task.rejected.map((r) => [r.line, r.column, r.reason])).toEqual([
      [3, 'client', 'Unknown client ZZ99 in this organisation'],
      [4, 'portfolio', 'Unknown portfolio NOPE in this organisation'],
      [5, 'security', 'Unknown security XXXXXXX (not a known SEDOL or ISIN)'],
      [6, 'date', 'tradeDate must be a date as YYYY-MM-DD'],
      [7, 'quantity', 'quantity must be a decimal number such as 12.34'],
      [8, 'date', 'tradeDate must not be in the future'],
      [9, 'type', 'Unknown transaction type SWAP for this organisation'],
      [10, 'portfolio', 'Portfolio ZIP-ANN is not owned by client ZI02'],
      [11, 'date', 'The row has 3 cells; the header names 9'],
    ]);
    expect(task.rowsRejected).toBe(9);
    expect(task.message).toBe('9 lines have problems: nothing was posted');
    // the job failed too, with the same rejected rows as its failures
    const { rows: job } = await db.query(
      `SELECT j.status, (SELECT count(*)::int FROM clients.job_failure f WHERE f.job_uuid = j.uuid) AS failures
         FROM clients.job j WHERE j.uuid = $1`,
      [task.uuid],
    );
    expect(job).toEqual([{ status: 'FAILED', failures: 9 }]);
    expect(await count('ledger_transaction')).toBe(before);
  });

  it('when a required column is missing or unknown, then the header line is rejected naming it', async () => {
    const task = await importFile(
      'TRANSACTIONS',
      'client,portfolio,security,type,quantity,colour\nZI01,ZIP-ANN,ZIALPH1,BUY,1,red',
    );
    expect(task.status).toBe('FAILED');
    expect(task.rejected.map((r) => [r.line, r.column, r.reason])).toEqual([
      [1, 'colour', 'Unknown column colour'],
      [1, 'date', 'Missing column date: it is required'],
    ]);
  });

  it("when a row names another firm's portfolio, then it is refused naming it and nothing posts", async () => {
    const before = await count('ledger_transaction');
    const task = await importFile('TRANSACTIONS', [HEADER, 'ZI01,ZIP-BROOK,ZIALPH1,2025-06-03,BUY,1,1,,'].join('\n'));
    expect(task.status).toBe('FAILED');
    expect(task.rejected).toEqual([
      expect.objectContaining({
        line: 2,
        column: 'portfolio',
        reason:
          "Portfolio ZIP-BROOK belongs to another organisation: a file may only name this organisation's portfolios",
      }),
    ]);
    expect(await count('ledger_transaction')).toBe(before);
  });

  it('when a 20 MB file comes, then it is accepted and kept', async () => {
    // 10,000 rows of about 2,000 bytes (notes of 1,990 characters): 20 MB.
    const notes = 'n'.repeat(1990);
    const lines = [HEADER + ',notes'];
    for (let i = 0; i < 10_000; i++) lines.push(`ZI02,ZIP-BEN,ZIBETA1,2024-01-02,BUY,1,1,,BIG-${i},${notes}`);
    const content = lines.join('\n');
    expect(Buffer.byteLength(content)).toBeGreaterThan(20_000_000);
    const task = await importFile('TRANSACTIONS', content, as.manager, 'big.csv');
    expect(task).toMatchObject({ status: 'SUCCEEDED', rowsRead: 10_000, rowsPosted: 10_000 });
    const kept = path.join(filesDir, 'imports', ASHW, task.uuid);
    expect(fs.statSync(kept).size).toBe(Buffer.byteLength(content));
    // 15 before + 10,000 bought at 1 each.
    expect(await holding('ZIP-BEN', BETA)).toEqual({ quantity: '10015.0000', recBreak: false });
  }, 120_000);

  it('when a non-admin starts an import, then it is refused and no task is written', async () => {
    const before = await count('import_task');
    const err = await api
      .startImport({ organisationUuid: ASHW, kind: 'TRANSACTIONS', fileName: 'x.csv', content: file }, as.adviser)
      .catch((e: unknown) => ConnectError.from(e));
    expect((err as ConnectError).code).toBe(Code.PermissionDenied);
    expect(await count('import_task')).toBe(before);
  });

  it('when the kind is unknown or the content empty, then it is refused naming the field', async () => {
    const kind = await api
      .startImport({ organisationUuid: ASHW, kind: 'PETS', fileName: 'x.csv', content: file }, as.manager)
      .catch((e: unknown) => ConnectError.from(e));
    expect((kind as ConnectError).metadata.get('x-error-field')).toBe('kind');
    const empty = await api
      .startImport({ organisationUuid: ASHW, kind: 'TRANSACTIONS', fileName: 'x.csv', content: '' }, as.manager)
      .catch((e: unknown) => ConnectError.from(e));
    expect((empty as ConnectError).metadata.get('x-error-field')).toBe('content');
  });

  it('when tasks are listed, then the newest comes first without their rejected rows', async () => {
    const page = await api.listImports({ organisationUuid: ASHW, page: 1, size: 100 }, as.adviser);
    expect(page.totalSize).toBeGreaterThanOrEqual(BigInt(7));
    expect(page.content[0]!.fileName).toBe('big.csv');
    expect(page.content.every((t) => t.rejected.length === 0)).toBe(true);
    const failed = await api.listImports({ organisationUuid: ASHW, page: 1, size: 100, status: 'FAILED' }, as.adviser);
    expect(failed.content.every((t) => t.status === 'FAILED')).toBe(true);
  });
});

describe('custodian holdings', () => {
  it('when the custodian differs from the ledger on a date, then each difference is a rec break and its log', async () => {
    // The ledger of ZIP-ANN in Alpha: +100 on 2025-06-02, +50 on 06-10, -30 on 06-20.
    //   on 2025-06-15 it holds 100 + 50 = 150: the custodian's 150 agrees, nothing raised;
    //   on 2025-06-30 it holds 150 - 30 = 120: the custodian's 125 is 5 more, a break of +5;
    // ZIP-ANN never held Beta: the custodian's 10 on 2025-06-30 is a break of +10.
    const task = await importFile(
      'CUSTODIAN_HOLDINGS',
      [
        'portfolio,security,quantity,date',
        'ZIP-ANN,ZIALPH1,150,2025-06-15',
        'ZIP-ANN,ZIALPH1,125,2025-06-30',
        'ZIP-ANN,ZIBETA1,10,2025-06-30',
      ].join('\n'),
    );
    expect(task).toMatchObject({ status: 'SUCCEEDED', rowsRead: 3, message: '2 rec breaks raised' });
    const { rows } = await db.query(
      `SELECT security_id AS "securityId", as_at::text AS "asAt", custodian_quantity::text AS custodian,
              ledger_quantity::text AS ledger, difference::text, code, severity
         FROM clients.custodian_break ORDER BY id`,
    );
    expect(rows).toEqual([
      {
        securityId: ALPHA,
        asAt: '2025-06-30',
        custodian: '125.00000000',
        ledger: '120.00000000',
        difference: '5.00000000',
        code: 'CUSTODIAN_HOLDING_MISMATCH',
        severity: 2,
      },
      {
        securityId: BETA,
        asAt: '2025-06-30',
        custodian: '10.00000000',
        ledger: '0.00000000',
        difference: '10.00000000',
        code: 'CUSTODIAN_HOLDING_MISMATCH',
        severity: 2,
      },
    ]);
    expect(await holding('ZIP-ANN', ALPHA)).toEqual({ quantity: '120.0000', recBreak: true });
    expect((await holding('ZIP-ANN', BETA))?.recBreak).toBe(true);
    expect((await db.query(`SELECT rec_breaks FROM clients.portfolio WHERE code = 'ZIP-ANN'`)).rows[0].rec_breaks).toBe(
      2,
    );
    expect(
      (await db.query(`SELECT holding_breaks FROM clients.client WHERE uuid = $1`, [ANN])).rows[0].holding_breaks,
    ).toBe(2);
  });

  it('when a custodian row is bad, then it is listed and nothing is raised', async () => {
    const before = await count('custodian_break');
    const task = await importFile(
      'CUSTODIAN_HOLDINGS',
      'portfolio,security,quantity,date\nZIP-ANN,ZIALPH1,-1,2025-06-30\nZIP-ANN,ZIALPH1,1,30/06/2025',
    );
    expect(task.rejected.map((r) => [r.line, r.column, r.reason])).toEqual([
      [2, 'quantity', 'quantity must not be negative'],
      [3, 'date', 'date must be a date as YYYY-MM-DD'],
    ]);
    expect(await count('custodian_break')).toBe(before);
  });
});

describe('prices', () => {
  it("when the provider imports prices, then the securities service's upload takes them", async () => {
    const task = await importFile('PRICES', 'security,date,price,currency\n1,2025-06-02,1.2345,GBP', as.admin);
    expect(task).toMatchObject({ status: 'SUCCEEDED', rowsRead: 1 });
    expect(task.rowsPosted + task.rowsSkipped).toBe(1);
  });

  it("when a bad price line comes, then the securities service's problem is the rejected row", async () => {
    const task = await importFile('PRICES', 'security,date,price,currency\n1,2025-06-02,-1,GBP', as.admin);
    expect(task.status).toBe('FAILED');
    expect(task.rejected[0]).toMatchObject({ line: 2 });
  });
});
