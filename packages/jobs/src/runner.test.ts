import fs from 'node:fs';
import path from 'node:path';
import { fromBinary } from '@bufbuild/protobuf';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSchemaPool, type RunningPostgres } from '@gains/db';
import { createLogger } from '@gains/logging';
import { events } from '@gains/proto';
import { startTestPostgres } from '@gains/testing';
import { createJobRunner, type ChunkContext, type JobHandler } from './runner';

// A job that sums the numbers 1..total into a `work` table, `size` numbers a chunk. The cursor is the next number;
// `work` has one row per job and number, so a chunk done twice would show as a duplicate key.
interface Input {
  total: number;
  size: number;
}

const ORG = '00000000-0000-4000-8000-000000000001';
const OTHER_ORG = '00000000-0000-4000-8000-000000000002';
const logger = createLogger({ level: 'silent' });

let postgres: RunningPostgres;
let pool: pg.Pool;
let admin: pg.Pool;

beforeAll(async () => {
  postgres = await startTestPostgres();
  admin = new pg.Pool({ connectionString: postgres.connectionString });
  // Its idle connections are cut when the test PostgreSQL stops; that is expected, not a failure.
  admin.on('error', () => {});
  await admin.query('CREATE SCHEMA jobs_test');
  pool = createSchemaPool(postgres.connectionString, 'jobs_test', 6);
  await pool.query(`CREATE TABLE outbox_event (id uuid PRIMARY KEY, subject text NOT NULL, payload bytea NOT NULL,
    trace_parent text, created_at timestamptz(3) NOT NULL DEFAULT now(), published_at timestamptz(3))`);
  await pool.query(fs.readFileSync(path.join(import.meta.dirname, '../prisma/jobs.sql'), 'utf8'));
  await pool.query('CREATE TABLE work (job_uuid uuid NOT NULL, n int NOT NULL, PRIMARY KEY (job_uuid, n))');
});

afterAll(async () => {
  await pool?.end();
  await admin?.end();
  await postgres?.stop();
});

beforeEach(async () => {
  await pool.query('TRUNCATE work, job_failure, job CASCADE; TRUNCATE outbox_event');
});

function counting(options: { failOnce?: number; onChunk?: (from: number) => Promise<void> } = {}) {
  const chunks: number[] = [];
  let failed = false;
  const handler: JobHandler<Input, { next: number }> = {
    type: 'COUNT',
    async runChunk({ input, cursor, tx, job }) {
      const from = cursor?.next ?? 1;
      chunks.push(from);
      await options.onChunk?.(from);
      const to = Math.min(from + input.size - 1, input.total);
      await tx.query('INSERT INTO work (n, job_uuid) SELECT g, $1 FROM generate_series($2::int, $3::int) g', [
        job.uuid,
        from,
        to,
      ]);
      if (options.failOnce === from && !failed) {
        failed = true;
        throw new Error('disk full');
      }
      return {
        cursor: { next: to + 1 },
        done: to >= input.total,
        progressDone: to,
        progressTotal: input.total,
        add: { candidates: to - from + 1, successes: to - from + 1 },
      };
    },
  };
  return { handler, chunks };
}

async function jobEvents() {
  const { rows } = await pool.query(`SELECT subject, payload FROM outbox_event ORDER BY created_at, id`);
  return rows.map((r) => ({ subject: r.subject as string, job: fromBinary(events.JobChangedSchema, r.payload) }));
}

describe('a job', () => {
  it('when started, then it is queued at once with its event, and the runner runs it in chunks to the end', async () => {
    const { handler, chunks } = counting();
    const runner = createJobRunner({ pool, service: 'test', logger, handlers: [handler] });
    const job = await runner.start({
      organisationUuid: ORG,
      type: 'COUNT',
      input: { total: 10, size: 4 },
      object: { kind: 'FILE', id: 'numbers.csv' },
      startedBy: { userId: 'u1', name: 'Ann Adviser' },
    });
    expect(job.status).toBe('QUEUED');
    expect(await runner.drain()).toBe(1);
    expect(chunks).toEqual([1, 5, 9]);
    const done = (await runner.get(ORG, job.uuid))!;
    expect(done).toMatchObject({
      status: 'SUCCEEDED',
      progressDone: 10,
      progressTotal: 10,
      candidates: 10,
      successes: 10,
      failures: 0,
      objectKind: 'FILE',
      objectId: 'numbers.csv',
      startedByName: 'Ann Adviser',
    });
    expect(done.finishedAt).toBeInstanceOf(Date);
    expect((await pool.query('SELECT sum(n)::int AS s FROM work')).rows[0].s).toBe(55);
    // queued, claimed, then one event a chunk (the last one finishing): progress travels on each.
    const sent = await jobEvents();
    expect(sent.map((e) => e.subject)).toEqual(Array(5).fill('gains.test.job.changed.v1'));
    expect(sent.map((e) => [e.job.status, Number(e.job.progressDone)])).toEqual([
      ['QUEUED', 0],
      ['RUNNING', 0],
      ['RUNNING', 4],
      ['RUNNING', 8],
      ['SUCCEEDED', 10],
    ]);
    expect(sent.map((e) => e.job.version)).toEqual([1, 2, 3, 4, 5]);
  });

  it('when another firm asks for it, then it is not found', async () => {
    const { handler } = counting();
    const runner = createJobRunner({ pool, service: 'test', logger, handlers: [handler] });
    const job = await runner.start({ organisationUuid: ORG, type: 'COUNT', input: { total: 1, size: 1 } });
    expect(await runner.get(OTHER_ORG, job.uuid)).toBeNull();
    expect(await runner.cancel(OTHER_ORG, job.uuid)).toBeNull();
    expect((await runner.listFailures(OTHER_ORG, job.uuid)).total).toBe(0);
  });

  it('when a chunk throws once, then it is rolled back and retried from the saved cursor, and no chunk is done twice', async () => {
    const { handler, chunks } = counting({ failOnce: 5 });
    const runner = createJobRunner({ pool, service: 'test', logger, handlers: [handler] });
    const job = await runner.start({ organisationUuid: ORG, type: 'COUNT', input: { total: 10, size: 4 } });
    await runner.drain();
    expect(chunks).toEqual([1, 5, 5, 9]);
    expect((await runner.get(ORG, job.uuid))!.status).toBe('SUCCEEDED');
    expect((await pool.query('SELECT count(*)::int AS c, sum(n)::int AS s FROM work')).rows[0]).toEqual({
      c: 10,
      s: 55,
    });
  });

  it('when a chunk keeps failing, then the job fails clearly with the reason and keeps its committed chunks', async () => {
    const handler: JobHandler = {
      type: 'BROKEN',
      async runChunk() {
        throw new Error('security 0263494 has no price');
      },
      // The service's own record fails in the same transaction as the job.
      async onFailed({ job, tx, message }) {
        await tx.query('INSERT INTO work (job_uuid, n) VALUES ($1, -1)', [job.uuid]);
        told.push(`${job.uuid} ${message}`);
      },
    };
    const told: string[] = [];
    const runner = createJobRunner({ pool, service: 'test', logger, handlers: [handler], maxChunkAttempts: 2 });
    const job = await runner.start({ organisationUuid: ORG, type: 'BROKEN' });
    await runner.drain();
    const failed = (await runner.get(ORG, job.uuid))!;
    expect(failed.status).toBe('FAILED');
    expect(failed.message).toBe('Failed: security 0263494 has no price');
    expect(told).toEqual([`${job.uuid} Failed: security 0263494 has no price`]);
    expect((await pool.query('SELECT count(*)::int AS c FROM work WHERE n = -1')).rows[0].c).toBe(1);
  });

  it('when the process dies mid-chunk, then a new runner resumes from the last committed cursor after the lease expires', async () => {
    let hang: (() => void) | undefined;
    let backendPid = 0;
    const first = counting({
      onChunk: async (from) => {
        if (from === 5) await new Promise<void>((resolve) => (hang = resolve));
      },
    });
    // The first runner reaches chunk 2 and hangs in it; its connection is then cut, as when a process dies.
    const dying = createJobRunner({
      pool,
      service: 'test',
      logger,
      handlers: [
        {
          type: 'COUNT',
          async runChunk(ctx: ChunkContext) {
            backendPid = (await ctx.tx.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
            return first.handler.runChunk(ctx as never);
          },
        },
      ],
      leaseMs: 300,
      maxChunkAttempts: 1,
    });
    const job = await dying.start({ organisationUuid: ORG, type: 'COUNT', input: { total: 10, size: 4 } });
    const dyingRun = dying.drain();
    while (!hang) await new Promise((r) => setTimeout(r, 20));
    await admin.query('SELECT pg_terminate_backend($1)', [backendPid]);
    const midway = (await pool.query('SELECT cursor, progress_done, status FROM job')).rows[0];
    expect(midway).toEqual({ cursor: { next: 5 }, progress_done: '4', status: 'RUNNING' });

    await new Promise((r) => setTimeout(r, 400));
    const second = counting();
    const resumed = createJobRunner({ pool, service: 'test', logger, handlers: [second.handler], leaseMs: 300 });
    expect(await resumed.drain()).toBe(1);
    expect(second.chunks).toEqual([5, 9]);
    hang!();
    await dyingRun.catch(() => {});
    const done = (await resumed.get(ORG, job.uuid))!;
    expect(done).toMatchObject({ status: 'SUCCEEDED', candidates: 10, successes: 10, progressDone: 10 });
    expect((await pool.query('SELECT count(*)::int AS c FROM work')).rows[0].c).toBe(10);
  });

  it('when two runners work at once, then each job runs once and finishes once', async () => {
    const a = counting();
    const b = counting();
    const runnerA = createJobRunner({ pool, service: 'test', logger, handlers: [a.handler] });
    const runnerB = createJobRunner({ pool, service: 'test', logger, handlers: [b.handler] });
    const jobs = [];
    for (let i = 0; i < 4; i++) {
      jobs.push(await runnerA.start({ organisationUuid: ORG, type: 'COUNT', input: { total: 6, size: 2 } }));
    }
    await Promise.all([runnerA.drain(), runnerB.drain()]);
    expect(a.chunks.length + b.chunks.length).toBe(12);
    const finishes = (await jobEvents()).filter((e) => e.job.status === 'SUCCEEDED');
    expect(finishes.map((e) => e.job.uuid).sort()).toEqual(jobs.map((j) => j.uuid).sort());
    expect((await pool.query('SELECT count(*)::int AS c FROM work')).rows[0].c).toBe(24);
  });

  it('when cancelled while queued, then it never runs; when cancelled while running, then it stops before its next chunk', async () => {
    let running = '';
    const { handler, chunks } = counting({
      onChunk: async (from) => {
        if (from === 3) await runner.cancel(ORG, running);
      },
    });
    const runner = createJobRunner({ pool, service: 'test', logger, handlers: [handler] });
    const queued = await runner.start({ organisationUuid: ORG, type: 'COUNT', input: { total: 6, size: 2 } });
    expect((await runner.cancel(ORG, queued.uuid))!.status).toBe('CANCELLED');
    const job = await runner.start({ organisationUuid: ORG, type: 'COUNT', input: { total: 6, size: 2 } });
    running = job.uuid;
    await runner.drain();
    expect(chunks).toEqual([1, 3]);
    const cancelled = (await runner.get(ORG, job.uuid))!;
    expect(cancelled).toMatchObject({ status: 'CANCELLED', progressDone: 4, successes: 4 });
    expect((await runner.get(ORG, queued.uuid))!.startedAt).toBeNull();
  });

  it('when a chunk reports failures and monitor logs, then they are stored, counted and sent on its event', async () => {
    const handler: JobHandler = {
      type: 'IMPORT',
      async runChunk() {
        return {
          cursor: null,
          done: true,
          progressDone: 3,
          progressTotal: 3,
          add: { candidates: 3, successes: 1 },
          failures: [
            { line: 3, column: 'quantity', key: 'C001', reason: 'Quantity must be a number' },
            { line: 2, column: 'sedol', key: 'C002', reason: 'Security 9999999 does not exist' },
          ],
          monitorLogs: [{ errorCode: 'REC_BREAK', severity: 2, message: 'Holding differs', portfolioCode: 'P1' }],
        };
      },
    };
    const runner = createJobRunner({ pool, service: 'test', logger, handlers: [handler] });
    const job = await runner.start({ organisationUuid: ORG, type: 'IMPORT' });
    await runner.drain();
    expect(await runner.get(ORG, job.uuid)).toMatchObject({
      status: 'PARTIALLY_SUCCEEDED',
      candidates: 3,
      successes: 1,
      failures: 2,
    });
    const { failures, total } = await runner.listFailures(ORG, job.uuid);
    expect(total).toBe(2);
    expect(failures.map((f) => [f.line, f.column, f.key, f.reason])).toEqual([
      [2, 'sedol', 'C002', 'Security 9999999 does not exist'],
      [3, 'quantity', 'C001', 'Quantity must be a number'],
    ]);
    const last = (await jobEvents()).at(-1)!.job;
    expect(last.status).toBe('PARTIALLY_SUCCEEDED');
    expect(last.newFailures.map((f) => f.line)).toEqual([3, 2]);
    expect(last.monitorLogs).toHaveLength(1);
    expect(last.monitorLogs[0]).toMatchObject({ errorCode: 'REC_BREAK', severity: 2, portfolioCode: 'P1' });
  });
});
