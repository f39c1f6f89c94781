import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Code, createClient } from '@connectrpc/connect';
import { connectFailure as failure } from '@gains/errors/connect-failure';
import { createSchemaPool, type RunningPostgres } from '@gains/db';
import { startInProcessSystem, type InProcessSystem } from '@gains/host';
import { identityModule } from '@gains/identity';
import { createJobRunner, type JobRunner } from '@gains/jobs';
import { silentLogger } from '@gains/logging';
import { createOutboxRelay } from '@gains/outbox';
import { identity, reports } from '@gains/proto';
import type { ServiceModule } from '@gains/service-kit';
import { startTestPostgres } from '@gains/testing';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonToday } from '../src/domain/monitor-rules';
import { reportsModule } from '../src/index';

// The Job Monitor and ACT Monitor through reports' Connect API against a real PostgreSQL. A job is run by
// @gains/jobs in a stand-in service (under the documents slot, with its own schema and outbox) and reaches the
// read model the way every service's jobs do: through the outbox, the bus and reports' consumer.
const PASSWORD = 'Monitor-pass-1!';
const ASHW = '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000002';
const BRKF = '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000003';

let postgres: RunningPostgres;
let system: InProcessSystem;
let runner: JobRunner;
let api: ReturnType<typeof createClient<typeof reports.ReportsService>>;
type Options = { headers: { authorization: string } };
const as = {} as Record<'manager' | 'adviser' | 'brook', Options>;

const migrations = fs.mkdtempSync(path.join(os.tmpdir(), 'gains-jobs-stand-in-'));
fs.mkdirSync(path.join(migrations, '0001_init'));
fs.writeFileSync(
  path.join(migrations, '0001_init', 'migration.sql'),
  `CREATE TABLE outbox_event (id uuid PRIMARY KEY, subject text NOT NULL, payload bytea NOT NULL, trace_parent text,
     created_at timestamptz(3) NOT NULL DEFAULT now(), published_at timestamptz(3));
   CREATE TABLE handled_event (consumer text, event_id uuid, handled_at timestamptz(3) DEFAULT now(),
     PRIMARY KEY (consumer, event_id));
   ${fs.readFileSync(path.join(import.meta.dirname, '../../../packages/jobs/prisma/jobs.sql'), 'utf8')}`,
);

/** Runs an import-like job: 3 rows a chunk over 5 rows, row 4 bad, raising one monitor log. */
const standIn: ServiceModule = {
  name: 'documents',
  schema: 'jobs_stand_in',
  migrationsDir: migrations,
  async start({ connectionString, logger, bus }) {
    const pool: pg.Pool = createSchemaPool(connectionString, 'jobs_stand_in', 2);
    const relay = createOutboxRelay({ pool, bus, logger });
    runner = createJobRunner({
      pool,
      service: 'documents',
      logger,
      handlers: [
        {
          type: 'IMPORT_PRICES',
          async runChunk({ cursor }) {
            const from = (cursor as { next: number } | null)?.next ?? 1;
            const to = Math.min(from + 2, 5);
            const bad = from <= 4 && to >= 4;
            return {
              cursor: { next: to + 1 },
              done: to === 5,
              progressDone: to,
              progressTotal: 5,
              add: { candidates: to - from + 1, successes: to - from + 1 - (bad ? 1 : 0) },
              failures: bad
                ? [{ line: 4, column: 'price', key: '0263494', reason: 'Price must be greater than 0' }]
                : [],
              monitorLogs: bad
                ? [
                    {
                      errorCode: 'PRICE_INVALID',
                      severity: 3 as const,
                      message: 'A price was refused',
                      securityCode: '0263494',
                    },
                  ]
                : [],
            };
          },
        },
      ],
    });
    return {
      routes: () => {},
      relay,
      async stop() {
        await relay.stop();
        await pool.end();
      },
    };
  },
};

async function tokenFor(email: string): Promise<Options> {
  const answer = await createClient(identity.IdentityService, system.transports.identity).signIn({
    email,
    password: PASSWORD,
  });
  return { headers: { authorization: `Bearer ${answer.accessToken}` } };
}

let jobUuid = '';

beforeAll(async () => {
  postgres = await startTestPostgres();
  system = await startInProcessSystem({
    modules: { identity: identityModule, reports: reportsModule, documents: standIn },
    connectionString: postgres.connectionString,
    logger: silentLogger(),
    seedDemo: true,
    env: { ...process.env, GAINS_DEMO_PASSWORD: PASSWORD },
  });
  api = createClient(reports.ReportsService, system.transports.reports);
  as.manager = await tokenFor('manager@gains.example');
  as.adviser = await tokenFor('adviser@gains.example');
  as.brook = await tokenFor('brook@gains.example');
  const job = await runner.start({
    organisationUuid: ASHW,
    type: 'IMPORT_PRICES',
    object: { kind: 'FILE', id: 'prices.csv' },
    startedBy: { userId: 'u-1', name: 'Morgan Manager' },
  });
  jobUuid = job.uuid;
  await runner.drain();
  await system.flushEvents();
});

afterAll(async () => {
  await system?.stop();
  await postgres?.stop();
  fs.rmSync(migrations, { recursive: true, force: true });
});

describe('the Job Monitor', () => {
  it('when a job ran in chunks, then the read model holds its last state, counts and failures', async () => {
    const detail = await api.getJob({ organisationUuid: ASHW, uuid: jobUuid }, as.adviser);
    expect(detail.job).toMatchObject({
      service: 'documents',
      type: 'IMPORT_PRICES',
      status: 'PARTIALLY_SUCCEEDED',
      progressDone: 5n,
      progressTotal: 5n,
      candidateCount: 5n,
      successCount: 4n,
      failureCount: 1n,
      objectKind: 'FILE',
      objectId: 'prices.csv',
      startedByName: 'Morgan Manager',
    });
    // queued, claimed, two chunks: the read model keeps the newest version whatever order events came in.
    expect(detail.job!.version).toBe(4);
    expect(detail.job!.finishedAt).not.toBe('');
    expect(detail.failures.map((f) => [f.line, f.column, f.key, f.reason])).toEqual([
      [4, 'price', '0263494', 'Price must be greater than 0'],
    ]);
  });

  it('when listed, then the firm sees its jobs (the demo ones too), filtered by status and type', async () => {
    const all = await api.listJobs({ organisationUuid: ASHW, page: 1, size: 50 }, as.adviser);
    expect(all.totalSize).toBe(4);
    expect(all.types).toEqual(['IMPORT_PRICES', 'IMPORT_TRANSACTIONS', 'RECONCILE_HOLDINGS']);
    const partial = await api.listJobs(
      { organisationUuid: ASHW, page: 1, size: 50, status: 'PARTIALLY_SUCCEEDED', type: 'IMPORT_PRICES' },
      as.adviser,
    );
    expect(partial.content.map((j) => j.objectId).sort()).toEqual(['prices.csv', 'prices.csv']);
    const today = londonToday();
    // the demo jobs ran 90, 60 and 30 minutes ago: just after midnight some of them ran yesterday
    const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const none = await api.listJobs({ organisationUuid: ASHW, page: 1, size: 50, to: '2020-01-01' }, as.adviser);
    expect(none.totalSize).toBe(0);
    const sorted = await api.listJobs(
      {
        organisationUuid: ASHW,
        page: 1,
        size: 2,
        from: yesterday,
        to: today,
        sort: [{ column: 'type', direction: 'desc' }],
      },
      as.adviser,
    );
    expect(sorted.content.map((j) => j.type)).toEqual(['RECONCILE_HOLDINGS', 'IMPORT_TRANSACTIONS']);
  });

  it('when another firm asks for the job, then it is not found, and its list does not hold it', async () => {
    expect(await failure(api.getJob({ organisationUuid: BRKF, uuid: jobUuid }, as.brook))).toMatchObject({
      code: Code.NotFound,
    });
    expect(await failure(api.getJob({ organisationUuid: ASHW, uuid: jobUuid }, as.brook))).toMatchObject({
      code: Code.PermissionDenied,
    });
    const brook = await api.listJobs({ organisationUuid: BRKF, page: 1, size: 50 }, as.brook);
    expect(brook.content.map((j) => j.uuid)).not.toContain(jobUuid);
  });

  it('when the query is bad, then the error names the field', async () => {
    expect(
      await failure(api.listJobs({ organisationUuid: ASHW, page: 1, size: 50, from: '2026-02-30' }, as.adviser)),
    ).toMatchObject({ code: Code.InvalidArgument, field: 'from', message: 'from must be a date (YYYY-MM-DD)' });
    expect(
      await failure(
        api.listJobs(
          { organisationUuid: ASHW, page: 1, size: 50, sort: [{ column: 'secret', direction: 'asc' }] },
          as.adviser,
        ),
      ),
    ).toMatchObject({ code: Code.InvalidArgument, field: 'sort' });
  });
});

describe('the ACT Monitor', () => {
  it("when listed for today, then the job's monitor log is there with the demo ones, and severity filters", async () => {
    const logs = (await api.listMonitorLogs({ organisationUuid: ASHW }, as.adviser)).content;
    expect(logs).toHaveLength(5);
    const raised = logs.find((l) => l.jobUuid === jobUuid)!;
    expect(raised).toMatchObject({
      errorCode: 'PRICE_INVALID',
      errorSeverityId: 3,
      logMessage: 'A price was refused',
      securityCode: '0263494',
      securitiesOccurrences: 1,
      portfolioOccurrences: 0,
      mmtStatusId: 1,
      jobType: 'IMPORT_PRICES',
    });
    const high = (await api.listMonitorLogs({ organisationUuid: ASHW, errorSeverity: 3 }, as.adviser)).content;
    expect(high.map((l) => l.errorCode).sort()).toEqual(['PRICE_INVALID', 'REC_BREAK']);
    const yesterday = (
      await api.listMonitorLogs({ organisationUuid: ASHW, from: '2020-01-01', to: '2020-01-02' }, as.adviser)
    ).content;
    expect(yesterday).toHaveLength(0);
  });

  it('when a log is resolved, then status, notes and who changed it are kept; a stale version is refused', async () => {
    const log = (await api.listMonitorLogs({ organisationUuid: ASHW }, as.manager)).content.find(
      (l) => l.jobUuid === jobUuid,
    )!;
    expect(
      await failure(
        api.updateMonitorLog({ organisationUuid: ASHW, uuid: log.uuid, status: 0, notes: 'x' }, as.manager),
      ),
    ).toMatchObject({ code: Code.InvalidArgument, field: 'status', message: 'Resolution status is required' });
    const saved = await api.updateMonitorLog(
      {
        organisationUuid: ASHW,
        uuid: log.uuid,
        status: 5,
        notes: 'Price corrected by the custodian',
        version: log.version,
      },
      as.manager,
    );
    expect(saved).toMatchObject({
      mmtStatusId: 5,
      notes: 'Price corrected by the custodian',
      userName: 'Morgan Manager',
    });
    expect(
      await failure(
        api.updateMonitorLog(
          { organisationUuid: ASHW, uuid: log.uuid, status: 4, notes: '', version: log.version },
          as.manager,
        ),
      ),
    ).toMatchObject({ code: Code.Aborted, field: 'version' });
  });

  it('when another firm or a non-admin tries to change a log, then it is refused and nothing changes', async () => {
    const log = (await api.listMonitorLogs({ organisationUuid: ASHW }, as.manager)).content[0];
    expect(
      await failure(api.updateMonitorLog({ organisationUuid: BRKF, uuid: log.uuid, status: 4, notes: '' }, as.brook)),
    ).toMatchObject({ code: Code.NotFound });
    expect(
      await failure(api.updateMonitorLog({ organisationUuid: ASHW, uuid: log.uuid, status: 4, notes: '' }, as.brook)),
    ).toMatchObject({ code: Code.PermissionDenied });
    expect(
      await failure(api.updateMonitorLog({ organisationUuid: ASHW, uuid: log.uuid, status: 4, notes: '' }, as.adviser)),
    ).toMatchObject({ code: Code.PermissionDenied });
    const after = (await api.listMonitorLogs({ organisationUuid: ASHW }, as.manager)).content.find(
      (l) => l.uuid === log.uuid,
    )!;
    expect(after.version).toBe(log.version);
  });
});
