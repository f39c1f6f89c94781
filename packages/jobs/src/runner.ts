import crypto from 'node:crypto';
import os from 'node:os';
import type pg from 'pg';
import { inTransaction } from '@gains/db';
import type { Logger } from '@gains/logging';
import { newEvent, eventSubject, type OutboxEvent } from '@gains/outbox';
import { events } from '@gains/proto';
import { contextFromTraceParent, currentTraceIds, currentTraceParent, inSpan, SpanKind } from '@gains/telemetry';

export const JOB_STATUSES = ['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED', 'PARTIALLY_SUCCEEDED'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const FINISHED_STATUSES: readonly JobStatus[] = ['SUCCEEDED', 'FAILED', 'CANCELLED', 'PARTIALLY_SUCCEEDED'];

export const JOB_OBJECT_KINDS = ['SECURITY', 'PORTFOLIO', 'CLIENT', 'HEADER', 'FILE'] as const;
export type JobObjectKind = (typeof JOB_OBJECT_KINDS)[number];

/** A job as stored in the service's `job` table. Counts are whole numbers, safe as JS numbers. */
export interface Job {
  uuid: string;
  organisationUuid: string;
  type: string;
  status: JobStatus;
  progressDone: number;
  progressTotal: number;
  candidates: number;
  successes: number;
  failures: number;
  objectKind: JobObjectKind | '';
  objectId: string;
  startedByUserId: string;
  startedByName: string;
  createdAt: Date;
  updatedAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  traceId: string;
  message: string;
  input: unknown;
  cursor: unknown;
  cancelRequested: boolean;
  version: number;
}

export interface JobFailureInput {
  line?: number;
  column?: string;
  key?: string;
  reason: string;
}

export interface JobFailure extends Required<JobFailureInput> {
  id: string;
}

/** A monitor log a chunk raises (seed 000 §3): it travels on the job's event to the reports service. */
export interface MonitorLogInput {
  errorCode: string;
  /** 1 Low, 2 Medium, 3 High, 4 Urgent */
  severity: 1 | 2 | 3 | 4;
  message: string;
  warningType?: string;
  warningMessage?: string;
  /** How often it occurred and over how many portfolios, securities and clients (default 1 each given code). */
  errorOccurrences?: number;
  portfolioOccurrences?: number;
  securitiesOccurrences?: number;
  clientOccurrences?: number;
  portfolioCode?: string;
  securityCode?: string;
  clientCode?: string;
}

export interface ChunkContext<Input = unknown, Cursor = unknown> {
  job: Readonly<Job>;
  input: Input;
  /** Where the last committed chunk left off; null before the first chunk. */
  cursor: Cursor | null;
  /** The chunk's transaction: write the chunk's work through it so it commits with the cursor. */
  tx: pg.PoolClient;
}

export interface ChunkResult<Cursor = unknown> {
  /** Where the next chunk starts; saved with this chunk's work. */
  cursor: Cursor;
  /** True when this was the last chunk: the job then finishes. */
  done: boolean;
  /** Absolute progress after this chunk (left as it was when omitted). */
  progressDone?: number;
  progressTotal?: number;
  /** Added to the job's counts (deltas, so a resumed job counts each committed chunk once). */
  add?: { candidates?: number; successes?: number; failures?: number };
  /** Rows this chunk could not process; stored and counted in `failures` unless `add.failures` is given. */
  failures?: JobFailureInput[];
  monitorLogs?: MonitorLogInput[];
  message?: string;
  /** How the job ends when done; by default FAILED when it has failures and no successes, PARTIALLY_SUCCEEDED
   * when it has both, else SUCCEEDED. */
  outcome?: 'SUCCEEDED' | 'FAILED' | 'PARTIALLY_SUCCEEDED';
}

export interface JobHandler<Input = unknown, Cursor = unknown> {
  type: string;
  runChunk(ctx: ChunkContext<Input, Cursor>): Promise<ChunkResult<Cursor>>;
  /**
   * When the runner fails the job itself (a chunk failed every attempt), in the transaction that fails it: the
   * service's own record of the work (an import task) fails with it rather than staying running.
   */
  onFailed?(ctx: { job: Job; input: Input; tx: pg.PoolClient; message: string }): Promise<void>;
}

export interface StartJob {
  organisationUuid: string;
  type: string;
  input?: unknown;
  object?: { kind: JobObjectKind; id: string };
  startedBy?: { userId: string; name: string };
  progressTotal?: number;
  message?: string;
  /** Defaults to a new uuid; give one to make the start idempotent (a repeat answers the existing job). */
  uuid?: string;
}

export interface JobRunner {
  /** Queues a job (with its event) in its own transaction and answers it at once; the runner picks it up. */
  start(job: StartJob): Promise<Job>;
  /** Queues a job inside the caller's transaction (e.g. with the file it concerns). Call `kick()` after commit. */
  startIn(tx: pg.ClientBase, job: StartJob): Promise<Job>;
  get(organisationUuid: string, uuid: string): Promise<Job | null>;
  listFailures(
    organisationUuid: string,
    uuid: string,
    page?: { offset?: number; limit?: number },
  ): Promise<{ failures: JobFailure[]; total: number }>;
  /** A queued job is cancelled at once; a running one stops before its next chunk. Null when not found. */
  cancel(organisationUuid: string, uuid: string): Promise<Job | null>;
  /** Starts polling for queued jobs and jobs whose lease expired (a process died). */
  listen(): void;
  /** Look for work now rather than at the next poll. */
  kick(): void;
  /** Runs every job that can be claimed now, to the end; answers how many jobs it ran (tests, scripts). */
  drain(): Promise<number>;
  /** Stops after the current chunk; a job left unfinished is released for another process to resume. */
  stop(): Promise<void>;
  readonly owner: string;
}

const JOB_COLUMNS = `uuid, organisation_uuid, type, status, progress_done, progress_total, candidates, successes, failures,
  object_kind, object_id, started_by_user_id, started_by_name, created_at, updated_at, started_at, finished_at,
  trace_id, trace_parent, message, input, cursor, cancel_requested, version, lease_owner`;

interface JobRow extends Job {
  traceParent: string | null;
  leaseOwner: string | null;
}

function toJob(r: Record<string, unknown>): JobRow {
  return {
    uuid: r.uuid as string,
    organisationUuid: r.organisation_uuid as string,
    type: r.type as string,
    status: r.status as JobStatus,
    progressDone: Number(r.progress_done),
    progressTotal: Number(r.progress_total),
    candidates: Number(r.candidates),
    successes: Number(r.successes),
    failures: Number(r.failures),
    objectKind: r.object_kind as JobObjectKind | '',
    objectId: r.object_id as string,
    startedByUserId: r.started_by_user_id as string,
    startedByName: r.started_by_name as string,
    createdAt: r.created_at as Date,
    updatedAt: r.updated_at as Date,
    startedAt: (r.started_at as Date | null) ?? null,
    finishedAt: (r.finished_at as Date | null) ?? null,
    traceId: r.trace_id as string,
    traceParent: (r.trace_parent as string | null) ?? null,
    message: r.message as string,
    input: r.input,
    cursor: r.cursor ?? null,
    cancelRequested: r.cancel_requested as boolean,
    version: r.version as number,
    leaseOwner: (r.lease_owner as string | null) ?? null,
  };
}

function publicJob(row: JobRow): Job {
  const { traceParent: _t, leaseOwner: _l, ...job } = row;
  return job;
}

const iso = (d: Date | null) => (d ? d.toISOString() : '');

/** The job's event: `gains.<service>.job.changed.v1`, with the failures and monitor logs the change added. */
export function jobChangedEvent(
  service: string,
  job: JobRow | Job,
  extra: { failures?: JobFailureInput[]; monitorLogs?: MonitorLogInput[] } = {},
): OutboxEvent {
  const now = new Date().toISOString();
  return newEvent(
    eventSubject(service, 'job', 'changed'),
    events.JobChangedSchema,
    {
      uuid: job.uuid,
      organisationUuid: job.organisationUuid,
      service,
      type: job.type,
      status: job.status,
      progressDone: BigInt(job.progressDone),
      progressTotal: BigInt(job.progressTotal),
      candidates: BigInt(job.candidates),
      successes: BigInt(job.successes),
      failures: BigInt(job.failures),
      objectKind: job.objectKind,
      objectId: job.objectId,
      startedByUserId: job.startedByUserId,
      startedByName: job.startedByName,
      createdAt: iso(job.createdAt),
      updatedAt: iso(job.updatedAt),
      startedAt: iso(job.startedAt),
      finishedAt: iso(job.finishedAt),
      traceId: job.traceId,
      message: job.message,
      version: job.version,
      newFailures: (extra.failures ?? []).map((f) => ({
        line: f.line ?? 0,
        column: f.column ?? '',
        key: f.key ?? '',
        reason: f.reason,
      })),
      monitorLogs: (extra.monitorLogs ?? []).map((m) => ({
        uuid: crypto.randomUUID(),
        errorCode: m.errorCode,
        severity: m.severity,
        message: m.message,
        warningType: m.warningType ?? '',
        portfolioCode: m.portfolioCode ?? '',
        securityCode: m.securityCode ?? '',
        clientCode: m.clientCode ?? '',
        raisedAt: now,
        warningMessage: m.warningMessage ?? '',
        errorOccurrences: m.errorOccurrences ?? 1,
        portfolioOccurrences: m.portfolioOccurrences ?? (m.portfolioCode ? 1 : 0),
        securitiesOccurrences: m.securitiesOccurrences ?? (m.securityCode ? 1 : 0),
        clientOccurrences: m.clientOccurrences ?? (m.clientCode ? 1 : 0),
      })),
    },
    ('traceParent' in job ? job.traceParent : undefined) ?? undefined,
  );
}

async function writeEvent(tx: pg.ClientBase, event: OutboxEvent): Promise<void> {
  await tx.query('INSERT INTO outbox_event (id, subject, payload, trace_parent) VALUES ($1, $2, $3, $4)', [
    event.id,
    event.subject,
    Buffer.from(event.payload),
    event.traceParent ?? null,
  ]);
}

/** Thrown inside a chunk's transaction to roll it back without running the handler again. */
class LeaseLost extends Error {}

/**
 * Runs a service's jobs in the service's own schema (the pool's search_path). Each chunk of a job is one
 * transaction: the handler's work, the new cursor, progress, counts, failures and the job's event commit together
 * or not at all, so a job resumed after a crash starts exactly where the last committed chunk left off. A runner
 * claims a job by taking its lease (owner + expiry, renewed every chunk); every chunk's update and the finish are
 * conditional on status RUNNING and this runner's lease, so a runner that lost its lease rolls its chunk back and
 * a job never finishes twice.
 */
export function createJobRunner(options: {
  pool: pg.Pool;
  /** The service's name, used in the event subject gains.<service>.job.changed.v1. */
  service: string;
  logger: Logger;
  /** A handler typed with its own input and cursor fits here (its `runChunk` is a method). */
  handlers: readonly JobHandler[];
  /** How long a claim lasts without a chunk committing (default 60 s). */
  leaseMs?: number;
  pollMs?: number;
  /** A handler error is retried from the saved cursor this many times before the job fails (default 3). */
  maxChunkAttempts?: number;
  /** Called after a transaction that wrote events commits (kick the outbox relay). */
  onCommitted?: () => void;
  owner?: string;
}): JobRunner {
  const { pool, service, logger } = options;
  const handlers = new Map<string, JobHandler>(options.handlers.map((h) => [h.type, h] as [string, JobHandler]));
  const leaseMs = options.leaseMs ?? 60_000;
  const pollMs = options.pollMs ?? 1_000;
  const maxAttempts = options.maxChunkAttempts ?? 3;
  const owner = options.owner ?? `${os.hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
  const committed = () => options.onCommitted?.();
  let timer: NodeJS.Timeout | undefined;
  let stopping = false;
  let listening = false;
  let current: Promise<unknown> = Promise.resolve();
  let again = false;
  let busy = false;

  async function insertJob(tx: pg.ClientBase, job: StartJob): Promise<Job> {
    const uuid = job.uuid ?? crypto.randomUUID();
    const { rows } = await tx.query(
      `INSERT INTO job (uuid, organisation_uuid, type, status, progress_total, object_kind, object_id,
         started_by_user_id, started_by_name, trace_id, trace_parent, message, input)
       VALUES ($1, $2, $3, 'QUEUED', $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (uuid) DO NOTHING RETURNING ${JOB_COLUMNS}`,
      [
        uuid,
        job.organisationUuid,
        job.type,
        job.progressTotal ?? 0,
        job.object?.kind ?? '',
        job.object?.id ?? '',
        job.startedBy?.userId ?? '',
        job.startedBy?.name ?? '',
        currentTraceIds()?.trace_id ?? '',
        currentTraceParent() ?? null,
        job.message ?? '',
        JSON.stringify(job.input ?? {}),
      ],
    );
    if (rows.length === 0) {
      const existing = await tx.query(`SELECT ${JOB_COLUMNS} FROM job WHERE uuid = $1 AND organisation_uuid = $2`, [
        uuid,
        job.organisationUuid,
      ]);
      if (existing.rows.length === 0) throw new Error(`Job ${uuid} belongs to another organisation`);
      return publicJob(toJob(existing.rows[0]));
    }
    const row = toJob(rows[0]);
    await writeEvent(tx, jobChangedEvent(service, row));
    return publicJob(row);
  }

  async function start(job: StartJob): Promise<Job> {
    if (!handlers.has(job.type)) throw new Error(`No handler for job type ${job.type}`);
    const result = await inTransaction(pool, (tx) => insertJob(tx, job));
    committed();
    kick();
    return result;
  }

  async function get(organisationUuid: string, uuid: string): Promise<Job | null> {
    const { rows } = await pool.query(`SELECT ${JOB_COLUMNS} FROM job WHERE uuid = $1 AND organisation_uuid = $2`, [
      uuid,
      organisationUuid,
    ]);
    return rows.length ? publicJob(toJob(rows[0])) : null;
  }

  async function listFailures(organisationUuid: string, uuid: string, page: { offset?: number; limit?: number } = {}) {
    const { rows } = await pool.query(
      `SELECT f.id, f.line, f."column", f.key, f.reason, count(*) OVER () AS total
         FROM job_failure f JOIN job j ON j.uuid = f.job_uuid
        WHERE f.job_uuid = $1 AND j.organisation_uuid = $2
        ORDER BY f.line, f.id OFFSET $3 LIMIT $4`,
      [uuid, organisationUuid, page.offset ?? 0, page.limit ?? 1000],
    );
    return {
      failures: rows.map((r) => ({ id: String(r.id), line: r.line, column: r.column, key: r.key, reason: r.reason })),
      total: rows.length ? Number(rows[0].total) : 0,
    };
  }

  async function cancel(organisationUuid: string, uuid: string): Promise<Job | null> {
    const result = await inTransaction(pool, async (tx) => {
      const { rows } = await tx.query(
        `SELECT ${JOB_COLUMNS} FROM job WHERE uuid = $1 AND organisation_uuid = $2 FOR UPDATE`,
        [uuid, organisationUuid],
      );
      if (rows.length === 0) return null;
      const job = toJob(rows[0]);
      if (job.status === 'QUEUED') {
        const updated = await tx.query(
          `UPDATE job SET status = 'CANCELLED', finished_at = now(), updated_at = now(), message = 'Cancelled',
             version = version + 1 WHERE uuid = $1 RETURNING ${JOB_COLUMNS}`,
          [uuid],
        );
        const row = toJob(updated.rows[0]);
        await writeEvent(tx, jobChangedEvent(service, row));
        return publicJob(row);
      }
      if (job.status === 'RUNNING' && !job.cancelRequested) {
        // The runner holding the lease sees the request before its next chunk and ends the job there.
        const updated = await tx.query(
          `UPDATE job SET cancel_requested = true WHERE uuid = $1 RETURNING ${JOB_COLUMNS}`,
          [uuid],
        );
        return publicJob(toJob(updated.rows[0]));
      }
      return publicJob(job);
    });
    committed();
    return result;
  }

  /** Takes the lease of the oldest job that is queued or whose lease expired. */
  async function claim(): Promise<JobRow | null> {
    const types = [...handlers.keys()];
    const row = await inTransaction(pool, async (tx) => {
      const { rows } = await tx.query(
        `UPDATE job SET status = 'RUNNING', lease_owner = $1, lease_expires_at = now() + $2 * interval '1 millisecond',
           started_at = coalesce(started_at, now()), updated_at = now(), attempts = attempts + 1,
           version = version + 1
         WHERE uuid = (SELECT uuid FROM job
                        WHERE type = ANY($3::text[])
                          AND (status = 'QUEUED' OR (status = 'RUNNING' AND lease_expires_at < now()))
                        ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
         RETURNING ${JOB_COLUMNS}`,
        [owner, leaseMs, types],
      );
      if (rows.length === 0) return null;
      const job = toJob(rows[0]);
      await writeEvent(tx, jobChangedEvent(service, job));
      return job;
    });
    if (row) committed();
    return row;
  }

  function outcomeOf(job: JobRow, result: ChunkResult): JobStatus {
    if (result.outcome) return result.outcome;
    if (job.failures > 0 && job.successes === 0) return 'FAILED';
    if (job.failures > 0) return 'PARTIALLY_SUCCEEDED';
    return 'SUCCEEDED';
  }

  /** Ends a job this runner holds (failed or cancelled) outside a chunk. */
  async function end(uuid: string, status: JobStatus, message: string, handler?: JobHandler): Promise<void> {
    await inTransaction(pool, async (tx) => {
      const { rows } = await tx.query(
        `UPDATE job SET status = $3, message = $4, finished_at = now(), updated_at = now(), lease_owner = NULL,
           lease_expires_at = NULL, version = version + 1
         WHERE uuid = $1 AND status = 'RUNNING' AND lease_owner = $2 RETURNING ${JOB_COLUMNS}`,
        [uuid, owner, status, message],
      );
      if (rows.length === 0) return;
      const job = toJob(rows[0]);
      if (status === 'FAILED' && handler?.onFailed) {
        await handler.onFailed({ job: publicJob(job), input: job.input, tx, message });
      }
      await writeEvent(tx, jobChangedEvent(service, job));
    });
    committed();
  }

  /** Runs one chunk; answers whether the job goes on. */
  async function runChunk(handler: JobHandler, uuid: string): Promise<'more' | 'ended'> {
    const outcome = await inTransaction(pool, async (tx) => {
      const { rows } = await tx.query(
        // No row lock while the handler works, so a cancel is not held up by a long chunk; the conditional update
        // below is what keeps a chunk from committing for a runner that lost its lease.
        `SELECT ${JOB_COLUMNS} FROM job WHERE uuid = $1 AND status = 'RUNNING' AND lease_owner = $2`,
        [uuid, owner],
      );
      if (rows.length === 0) throw new LeaseLost();
      const job = toJob(rows[0]);
      if (job.cancelRequested) {
        const updated = await tx.query(
          `UPDATE job SET status = 'CANCELLED', message = 'Cancelled', finished_at = now(), updated_at = now(),
             lease_owner = NULL, lease_expires_at = NULL, version = version + 1
           WHERE uuid = $1 AND status = 'RUNNING' AND lease_owner = $2 RETURNING ${JOB_COLUMNS}`,
          [uuid, owner],
        );
        if (updated.rows.length === 0) throw new LeaseLost();
        await writeEvent(tx, jobChangedEvent(service, toJob(updated.rows[0])));
        return 'ended' as const;
      }
      const result = await handler.runChunk({ job: publicJob(job), input: job.input, cursor: job.cursor, tx });
      const failures = result.failures ?? [];
      if (failures.length) {
        await tx.query(
          `INSERT INTO job_failure (job_uuid, line, "column", key, reason)
           SELECT $1, * FROM unnest($2::int[], $3::text[], $4::text[], $5::text[])`,
          [
            uuid,
            failures.map((f) => f.line ?? 0),
            failures.map((f) => f.column ?? ''),
            failures.map((f) => f.key ?? ''),
            failures.map((f) => f.reason),
          ],
        );
      }
      const updated = await tx.query(
        `UPDATE job SET cursor = $3::jsonb, progress_done = coalesce($4, progress_done),
           progress_total = coalesce($5, progress_total), candidates = candidates + $6, successes = successes + $7,
           failures = failures + $8, message = coalesce($9, message), updated_at = now(),
           lease_expires_at = now() + $10 * interval '1 millisecond', version = version + 1
         WHERE uuid = $1 AND status = 'RUNNING' AND lease_owner = $2 RETURNING ${JOB_COLUMNS}`,
        [
          uuid,
          owner,
          JSON.stringify(result.cursor ?? null),
          result.progressDone ?? null,
          result.progressTotal ?? null,
          result.add?.candidates ?? 0,
          result.add?.successes ?? 0,
          result.add?.failures ?? failures.length,
          result.message ?? null,
          leaseMs,
        ],
      );
      if (updated.rows.length === 0) throw new LeaseLost();
      let after = toJob(updated.rows[0]);
      if (result.done) {
        // Conditional on RUNNING and this runner's lease: a job finishes once.
        const finished = await tx.query(
          `UPDATE job SET status = $3, finished_at = now(), lease_owner = NULL, lease_expires_at = NULL,
             progress_done = CASE WHEN $4 THEN progress_total ELSE progress_done END
           WHERE uuid = $1 AND status = 'RUNNING' AND lease_owner = $2 RETURNING ${JOB_COLUMNS}`,
          [uuid, owner, outcomeOf(after, result), result.progressDone === undefined],
        );
        if (finished.rows.length === 0) throw new LeaseLost();
        after = toJob(finished.rows[0]);
      }
      await writeEvent(tx, jobChangedEvent(service, after, { failures, monitorLogs: result.monitorLogs }));
      return result.done ? ('ended' as const) : ('more' as const);
    });
    committed();
    return outcome;
  }

  async function runJob(job: JobRow): Promise<void> {
    const handler = handlers.get(job.type)!;
    const log = logger.child({ jobUuid: job.uuid, jobType: job.type, organisationUuid: job.organisationUuid });
    await inSpan(
      `job ${job.type}`,
      {
        kind: SpanKind.INTERNAL,
        parent: contextFromTraceParent(job.traceParent),
        attributes: { 'job.uuid': job.uuid },
      },
      async () => {
        log.info({ cursor: job.cursor }, job.cursor ? 'job resumed' : 'job started');
        let attempt = 0;
        for (;;) {
          if (stopping) {
            // Released, not failed: another process (or this one after a restart) resumes from the cursor.
            await pool
              .query(
                `UPDATE job SET lease_expires_at = now() WHERE uuid = $1 AND lease_owner = $2 AND status = 'RUNNING'`,
                [job.uuid, owner],
              )
              .catch(() => {});
            log.info('job released at stop');
            return;
          }
          try {
            const next = await runChunk(handler, job.uuid);
            attempt = 0;
            if (next === 'ended') {
              log.info('job ended');
              return;
            }
          } catch (error) {
            if (error instanceof LeaseLost) {
              log.warn('job lease lost; another process holds it');
              return;
            }
            attempt += 1;
            log.warn({ err: error, attempt }, 'job chunk failed; rolled back');
            if (attempt >= maxAttempts) {
              await end(job.uuid, 'FAILED', `Failed: ${(error as Error).message}`, handler).catch((e) =>
                log.error({ err: e }, 'job could not be marked failed'),
              );
              return;
            }
          }
        }
      },
    );
  }

  async function drain(): Promise<number> {
    let ran = 0;
    while (!stopping) {
      const job = await claim();
      if (!job) return ran;
      await runJob(job);
      ran += 1;
    }
    return ran;
  }

  function tick(): void {
    if (stopping) return;
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    current = drain()
      .catch((error) => logger.error({ err: error }, 'job runner pass failed'))
      .finally(() => {
        busy = false;
        if (again && !stopping) {
          again = false;
          tick();
        }
      });
  }

  function kick(): void {
    if (listening) tick();
  }

  return {
    owner,
    start,
    async startIn(tx, job) {
      if (!handlers.has(job.type)) throw new Error(`No handler for job type ${job.type}`);
      return insertJob(tx, job);
    },
    get,
    listFailures,
    cancel,
    listen() {
      if (listening) return;
      listening = true;
      stopping = false;
      timer = setInterval(tick, pollMs);
      timer.unref();
      tick();
    },
    kick,
    drain,
    async stop() {
      stopping = true;
      listening = false;
      if (timer) clearInterval(timer);
      await current;
    },
  };
}
