import { gunzipSync } from 'node:zlib';
import { appendToOutbox, type OutboxEvent } from '@gains/outbox';
import type { YearFigures } from '../domain/calculation-figures';
import { ENGINE_VERSION } from '../domain/engine-version';
import { BACKGROUND, INTERACTIVE, priorityOf } from '../domain/recalculation-priority';
import { inRawTransaction, rawSql, type RawSql } from '@gains/db';
import type pg from 'pg';
import type { TaxEnginePrisma } from './prisma';

export type TaxEngineTx = Parameters<Parameters<TaxEnginePrisma['$transaction']>[0]>[0];
/** Where the queue and run statements go: Prisma's raw calls, or the same over plain pg (rawSql). */
type Db = RawSql;

export interface QueuedClient {
  clientUuid: string;
  organisationUuid: string;
  trigger: string;
  reason: string;
  earliestDate: string;
  generation: number;
  attempts: number;
}

export interface StoredRun {
  id: string;
  organisationUuid: string;
  clientUuid: string;
  trigger: string;
  reason: string;
  earliestDate: string;
  ledgerVersion: bigint;
  status: string;
  startedAt: Date;
  finishedAt: Date;
  engineMs: number;
  transactions: number;
  disposals: number;
  failures: number;
  message: string;
  taxpayer: unknown;
  previousRunId: string | null;
  changes: unknown;
  taxYear: string;
}

const RUN_FIELDS = {
  id: true,
  organisationUuid: true,
  clientUuid: true,
  trigger: true,
  reason: true,
  earliestDate: true,
  ledgerVersion: true,
  status: true,
  startedAt: true,
  finishedAt: true,
  engineMs: true,
  transactions: true,
  disposals: true,
  failures: true,
  message: true,
  taxpayer: true,
  previousRunId: true,
  changes: true,
  taxYear: true,
} as const;

/** Queues a client (or merges into its waiting row: one row a client, the earliest date kept, reasons joined). */
export async function enqueueClient(
  db: Db,
  item: { organisationUuid: string; clientUuid: string; trigger: string; reason: string; earliestDate: string },
): Promise<void> {
  await enqueueClients(db, [item]);
}

/**
 * Queues many clients in one statement (a batch of ledger events: a corporate action's 20,000 holders), merged as
 * `enqueueClient` merges: first among themselves, as one statement cannot touch a row twice, then into the rows
 * already waiting.
 */
export async function enqueueClients(db: Db, items: Parameters<typeof enqueueClient>[1][]): Promise<void> {
  const merged = new Map<string, Parameters<typeof enqueueClient>[1] & { priority: number }>();
  for (const item of items) {
    const priority = priorityOf(item.trigger);
    const key = item.clientUuid.toLowerCase();
    const before = merged.get(key);
    if (!before) {
      merged.set(key, { ...item, priority });
      continue;
    }
    const earliestDate =
      before.earliestDate === '' || item.earliestDate === ''
        ? ''
        : before.earliestDate < item.earliestDate
          ? before.earliestDate
          : item.earliestDate;
    const reasons = before.reason.split(',');
    const reason =
      item.reason === '' || reasons.includes(item.reason)
        ? before.reason
        : before.reason === ''
          ? item.reason
          : `${before.reason},${item.reason}`;
    const first = priority < before.priority ? item : before;
    merged.set(key, {
      ...before,
      trigger: first.trigger,
      priority: Math.min(priority, before.priority),
      earliestDate,
      reason,
    });
  }
  if (merged.size === 0) return;
  const rows = [...merged.values()];
  await db.$executeRaw`
    INSERT INTO recalculation_queue (client_uuid, organisation_uuid, trigger, reason, earliest_date, priority)
    SELECT * FROM unnest(${rows.map((r) => r.clientUuid)}::uuid[], ${rows.map((r) => r.organisationUuid)}::uuid[],
                         ${rows.map((r) => r.trigger)}::text[], ${rows.map((r) => r.reason)}::text[],
                         ${rows.map((r) => r.earliestDate)}::text[], ${rows.map((r) => r.priority)}::smallint[])
    ON CONFLICT (client_uuid) DO UPDATE SET
      generation = recalculation_queue.generation + 1,
      priority = LEAST(recalculation_queue.priority, EXCLUDED.priority),
      changed_at = now(),
      earliest_date = CASE
        WHEN recalculation_queue.earliest_date = '' OR EXCLUDED.earliest_date = '' THEN ''
        ELSE LEAST(recalculation_queue.earliest_date, EXCLUDED.earliest_date) END,
      reason = coalesce((
        SELECT string_agg(u.r, ',' ORDER BY u.o)
          FROM (SELECT r, min(o) AS o
                  FROM unnest(string_to_array(recalculation_queue.reason || ',' || EXCLUDED.reason, ','))
                       WITH ORDINALITY AS x(r, o)
                 WHERE r <> '' GROUP BY r) u), '')`;
}

/**
 * Stored runs pruned (each keeps its figures and explanation, so a firm's changes would otherwise grow the table
 * without end): a run goes when it finished more than `days` ago and is not among its client's `kept` newest, and
 * never the client's newest succeeded run (the figures the screens and reports stand on). At most `limit` a call,
 * so a pass never holds the table long; answers how many went.
 */
export async function pruneRuns(db: Db, kept: number, days: number, limit = 10_000): Promise<number> {
  return db.$executeRaw`
    DELETE FROM calculation_run WHERE id IN (
      SELECT r.id FROM (
        SELECT id, client_uuid, finished_at,
               row_number() OVER (PARTITION BY client_uuid ORDER BY finished_at DESC, id DESC) AS newest
          FROM calculation_run) r
      WHERE r.newest > ${kept} AND r.finished_at < now() - ${days} * interval '1 day'
        AND r.id IS DISTINCT FROM (SELECT s.id FROM calculation_run s
                                    WHERE s.client_uuid = r.client_uuid AND s.status = 'SUCCEEDED'
                                    ORDER BY s.finished_at DESC, s.id DESC LIMIT 1)
      LIMIT ${limit})`;
}

/**
 * Every client whose newest run an engine older than `version` computed, queued in the background (trigger ENGINE);
 * a client already waiting is left as it is. Answers how many were queued.
 */
export async function enqueueOutdated(db: Db, version: number): Promise<number> {
  return db.$executeRaw`
    INSERT INTO recalculation_queue (client_uuid, organisation_uuid, trigger, reason, priority)
    SELECT client_uuid, organisation_uuid, 'ENGINE', 'ENGINE', ${BACKGROUND}::smallint
      FROM (SELECT DISTINCT ON (client_uuid) client_uuid, organisation_uuid, engine_version
              FROM calculation_run ORDER BY client_uuid, finished_at DESC, id DESC) newest
     WHERE newest.engine_version < ${version}
    ON CONFLICT (client_uuid) DO NOTHING`;
}

/** A price published for these securities: every client holding one is queued (trigger PRICES). */
export async function enqueueHolders(db: Db, securityIds: number[]): Promise<number> {
  if (securityIds.length === 0) return 0;
  return db.$executeRaw`
    INSERT INTO recalculation_queue (client_uuid, organisation_uuid, trigger, reason, priority)
    SELECT DISTINCT client_uuid, organisation_uuid, 'PRICES', 'PRICES', ${BACKGROUND}::smallint FROM client_security
    WHERE security_id = ANY(${securityIds}::int[])
    ON CONFLICT (client_uuid) DO UPDATE SET generation = recalculation_queue.generation + 1, changed_at = now()`;
}

/**
 * The queue and the runs. The statements of the recalculation loop (leasing, storing a batch of runs) go over plain
 * pg (rawSql, `@gains/db`): a firm's recalculation stores 100,000 runs through them, and Prisma's compiler and
 * conversions were a third of the event loop. The pages of runs for the screens stay on Prisma.
 */
export function createCalculationStore(prisma: TaxEnginePrisma, pool: pg.Pool) {
  const sql = rawSql(pool);
  return {
    transaction<T>(fn: (tx: RawSql) => Promise<T>): Promise<T> {
      return inRawTransaction(pool, fn);
    },

    enqueue: (item: Parameters<typeof enqueueClient>[1]) => enqueueClient(sql, item),

    /**
     * Leases up to `limit` waiting clients of one priority for `leaseMs`: rows no one holds, or whose lease ran out
     * (a worker that died), whose changes have paused for `quietMs` (a burst settles into one run) or that have
     * waited `maxWaitMs`. SKIP LOCKED lets several workers (and replicas) take different clients at once.
     * Interactive clients are leased alone, in a batch of their own, so a posting never waits on a firm's batch;
     * background clients only when `background` allows (the loop holds them back while their events queue up).
     */
    async lease(
      limit: number,
      leaseMs: number,
      settle: { quietMs: number; maxWaitMs: number; background: boolean },
    ): Promise<QueuedClient[]> {
      const take = (priority: number) => sql.$queryRaw<QueuedClient[]>`
        UPDATE recalculation_queue q SET leased_until = now() + ${leaseMs} * interval '1 millisecond',
               attempts = q.attempts + 1
        WHERE q.client_uuid IN (
          SELECT client_uuid FROM recalculation_queue
          WHERE priority = ${priority}::smallint AND (leased_until IS NULL OR leased_until < now())
            AND (changed_at < now() - ${settle.quietMs} * interval '1 millisecond'
                 OR queued_at < now() - ${settle.maxWaitMs} * interval '1 millisecond')
          ORDER BY queued_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING q.client_uuid::text AS "clientUuid", q.organisation_uuid::text AS "organisationUuid", q.trigger,
                  q.reason, q.earliest_date AS "earliestDate", q.generation, q.attempts`;
      const interactive = await take(INTERACTIVE);
      if (interactive.length > 0 || !settle.background) return interactive;
      return take(BACKGROUND);
    },

    /**
     * Whether this service's outbox holds more than `limit` events not yet published: the runs stored are ahead of
     * the grids, and background work waits for them to catch up (interactive work goes on).
     */
    async outboxBehind(limit: number): Promise<boolean> {
      const [row] = await sql.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM (SELECT 1 FROM outbox_event WHERE published_at IS NULL LIMIT ${limit + 1}) o`;
      return (row?.n ?? 0) > limit;
    },

    /**
     * The runs are done: each row goes, unless a change was queued while it ran (a newer generation), which keeps
     * the row, released, for one more run.
     */
    async finish(tx: RawSql, items: QueuedClient[]): Promise<void> {
      if (items.length === 0) return;
      const removed = await tx.$queryRaw<{ client_uuid: string }[]>`
        DELETE FROM recalculation_queue q
         USING unnest(${items.map((i) => i.clientUuid)}::uuid[], ${items.map((i) => i.generation)}::int[]) AS d(c, g)
         WHERE q.client_uuid = d.c AND q.generation = d.g
        RETURNING q.client_uuid::text`;
      const gone = new Set(removed.map((r) => r.client_uuid.toLowerCase()));
      const kept = items.map((i) => i.clientUuid).filter((c) => !gone.has(c.toLowerCase()));
      if (kept.length > 0) {
        await tx.$executeRaw`
          UPDATE recalculation_queue SET leased_until = NULL, attempts = 0 WHERE client_uuid = ANY(${kept}::uuid[])`;
      }
    },

    /** Gives leased clients back, to be taken again after `delayMs` (the compute pool was full). */
    async release(items: QueuedClient[], delayMs: number): Promise<void> {
      if (items.length === 0) return;
      await sql.$executeRaw`
        UPDATE recalculation_queue SET leased_until = now() + ${delayMs} * interval '1 millisecond'
         WHERE client_uuid = ANY(${items.map((i) => i.clientUuid)}::uuid[])`;
    },

    pruneRuns: (kept: number, days: number, limit?: number) => pruneRuns(sql, kept, days, limit),
    enqueueOutdated: (version: number) => enqueueOutdated(sql, version),

    /** Serialises the storing of each client's runs (the stale check and the insert), taken in one order. */
    async lockClients(tx: RawSql, clientUuids: string[]): Promise<void> {
      const keys = [...new Set(clientUuids.map((c) => c.toLowerCase()))].sort();
      await tx.$queryRaw`SELECT count(pg_advisory_xact_lock(hashtext(k)))::int AS n FROM unnest(${keys}::text[]) AS k`;
    },

    /**
     * Each client's newest stored run that computed (its version and year figures), by client uuid (lower case):
     * one step down the (client, version, finished) index a client, however many runs it has stored.
     */
    async latestComputedOf(
      tx: Db,
      clientUuids: string[],
    ): Promise<Map<string, { id: string; ledgerVersion: bigint; years: YearFigures[] }>> {
      const rows = await tx.$queryRaw<
        { client_uuid: string; id: string; ledger_version: bigint; years: YearFigures[] | null }[]
      >`
        SELECT k.c::text AS client_uuid, r.id::text, r.ledger_version, r.figures->'years' AS years
          FROM unnest(${clientUuids}::uuid[]) AS k(c)
          CROSS JOIN LATERAL (
            SELECT r.id, r.ledger_version, r.figures FROM calculation_run r
             WHERE r.client_uuid = k.c AND r.status <> 'FAILED'
             ORDER BY r.ledger_version DESC, r.finished_at DESC LIMIT 1) r`;
      return new Map(
        rows.map((r) => [
          r.client_uuid.toLowerCase(),
          { id: r.id, ledgerVersion: r.ledger_version, years: r.years ?? [] },
        ]),
      );
    },

    /**
     * Stores runs and their events in one statement each. The computation arrives gzipped from the worker and goes
     * in as it is (as base64 text, decoded by PostgreSQL), never parsed or walked on the event loop.
     */
    async insertRuns(
      tx: RawSql,
      runs: (StoredRun & { computationGz: Uint8Array | null; figures: unknown })[],
      events: OutboxEvent[],
    ): Promise<void> {
      if (runs.length > 0) {
        const col = <T>(pick: (r: (typeof runs)[number]) => T) => runs.map(pick);
        const json = (value: unknown) => JSON.stringify(value);
        await tx.$executeRaw`
          INSERT INTO calculation_run (id, organisation_uuid, client_uuid, trigger, reason, earliest_date,
                 ledger_version, status, started_at, finished_at, engine_ms, transactions, disposals, failures, message,
                 taxpayer, computation_gz, figures, previous_run_id, changes, tax_year, engine_version)
          SELECT id, organisation_uuid, client_uuid, trigger, reason, earliest_date, ledger_version, status,
                 started_at::timestamptz, finished_at::timestamptz, engine_ms, transactions, disposals, failures, message,
                 taxpayer::jsonb, decode(computation_gz, 'base64'), figures::jsonb, previous_run_id, changes::jsonb, tax_year,
                 ${ENGINE_VERSION}::int
            FROM unnest(${col((r) => r.id)}::uuid[], ${col((r) => r.organisationUuid)}::uuid[],
                        ${col((r) => r.clientUuid)}::uuid[], ${col((r) => r.trigger)}::text[],
                        ${col((r) => r.reason)}::text[], ${col((r) => r.earliestDate)}::text[],
                        ${col((r) => r.ledgerVersion.toString())}::bigint[], ${col((r) => r.status)}::text[],
                        ${col((r) => r.startedAt.toISOString())}::text[], ${col((r) => r.finishedAt.toISOString())}::text[],
                        ${col((r) => r.engineMs)}::float8[], ${col((r) => r.transactions)}::int[],
                        ${col((r) => r.disposals)}::int[], ${col((r) => r.failures)}::int[],
                        ${col((r) => r.message)}::text[], ${col((r) => json(r.taxpayer))}::text[],
                        ${col((r) => (r.computationGz ? Buffer.from(r.computationGz).toString('base64') : null))}::text[],
                        ${col((r) => (r.figures === null ? null : json(r.figures)))}::text[],
                        ${col((r) => r.previousRunId)}::uuid[], ${col((r) => json(r.changes))}::text[],
                        ${col((r) => r.taxYear)}::text[])
                 AS u(id, organisation_uuid, client_uuid, trigger, reason, earliest_date, ledger_version, status,
                      started_at, finished_at, engine_ms, transactions, disposals, failures, message, taxpayer,
                      computation_gz, figures, previous_run_id, changes, tax_year)`;
      }
      await appendToOutbox(tx, events);
    },

    /**
     * The securities each client holds after its run, replacing those of its previous run: only what changed is
     * written (a run over an unchanged ledger writes nothing here).
     */
    async setHeldSecurities(
      tx: RawSql,
      held: { organisationUuid: string; clientUuid: string; securityIds: number[] }[],
    ): Promise<void> {
      if (held.length === 0) return;
      const rows = held.flatMap((h) => [...new Set(h.securityIds)].map((securityId) => ({ ...h, securityId })));
      const clientUuids = rows.map((r) => r.clientUuid);
      const securityIds = rows.map((r) => r.securityId);
      await tx.$executeRaw`
        DELETE FROM client_security c
         WHERE c.client_uuid = ANY(${held.map((h) => h.clientUuid)}::uuid[])
           AND NOT EXISTS (SELECT 1 FROM unnest(${clientUuids}::uuid[], ${securityIds}::int[]) AS n(client_uuid, security_id)
                            WHERE n.client_uuid = c.client_uuid AND n.security_id = c.security_id)`;
      if (rows.length === 0) return;
      await tx.$executeRaw`
        INSERT INTO client_security (client_uuid, security_id, organisation_uuid)
        SELECT * FROM unnest(${clientUuids}::uuid[], ${securityIds}::int[], ${rows.map((r) => r.organisationUuid)}::uuid[])
        ON CONFLICT (client_uuid, security_id) DO NOTHING`;
    },

    async listRuns(organisationUuid: string, clientUuid: string, page: number, size: number) {
      const where = { organisationUuid, clientUuid };
      const [runs, total] = await Promise.all([
        prisma.calculationRun.findMany({
          where,
          select: RUN_FIELDS,
          orderBy: [{ finishedAt: 'desc' }, { id: 'asc' }],
          skip: (page - 1) * size,
          take: size,
        }),
        prisma.calculationRun.count({ where }),
      ]);
      return { runs: runs as StoredRun[], total };
    },

    /** A run with its computation (unpacked from computation_gz, or the JSON of runs stored before it). */
    async getRun(organisationUuid: string, id: string) {
      const found = await prisma.calculationRun.findFirst({
        where: { id, organisationUuid },
        select: { ...RUN_FIELDS, computation: true, computationGz: true },
      });
      if (!found) return null;
      const { computationGz, computation, ...run } = found;
      return {
        ...run,
        computation: computationGz ? (JSON.parse(gunzipSync(computationGz).toString('utf8')) as unknown) : computation,
      };
    },

    async latestRun(organisationUuid: string, clientUuid: string): Promise<StoredRun | null> {
      return (await prisma.calculationRun.findFirst({
        where: { organisationUuid, clientUuid },
        select: RUN_FIELDS,
        orderBy: [{ finishedAt: 'desc' }],
      })) as StoredRun | null;
    },

    async queued(organisationUuid: string, clientUuid: string): Promise<boolean> {
      return (await prisma.recalculationQueue.count({ where: { clientUuid, organisationUuid } })) > 0;
    },

    async waiting(): Promise<number> {
      return prisma.recalculationQueue.count();
    },
  };
}

export type CalculationStore = ReturnType<typeof createCalculationStore>;
