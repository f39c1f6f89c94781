import type pg from 'pg';
import { inTransaction } from '@gains/db';
import type { OutboxEvent } from '@gains/outbox';
import type { RejectedRow } from '../domain/import-csv';
import type { ImportLookups, PreparedTransaction } from '../domain/import-rules';
import { typeKey } from '../domain/import-rules';
import { unnestSelectRows } from './bulk-insert';
import { LEDGER_VALUE_COLUMNS, ledgerValues } from './ledger-columns';
import { refreshOwnersHoldingBreaks, rederiveHoldingsInBulk, type Pair } from './ledger-store';

/** A chunk's rows and the statement parameters that post them (rowsToPost). */
export interface RowsToPost {
  organisationUuid: string;
  chunk: readonly PreparedTransaction[];
  actorName: string;
  input: ReturnType<typeof unnestSelectRows>;
  /** whether the firm has keys recorded in imported_row (legacyTransactionKeys) */
  legacy: boolean;
}

/** A portfolio and security an import posted to, with the earliest trade date it posted. */
export interface TouchedPair extends Pair {
  earliestDate: string;
}
import type { Prisma } from './generated/client';
import type { ClientsPrisma } from './prisma';
import { createTransactionTypeStore } from './transaction-type-store';

/** An import task as the domain sees it. */
export interface ImportTaskRecord {
  id: number;
  uuid: string;
  organisationUuid: string;
  kind: string;
  fileName: string;
  fileHash: string;
  fileKey: string;
  status: string;
  rowsRead: number;
  rowsPosted: number;
  rowsRejected: number;
  rowsSkipped: number;
  cursor: number;
  rejected: RejectedRow[];
  message: string;
  startedBy: string;
  createdDate: string;
  startedDate: string | null;
  finishedDate: string | null;
}

type TaskRow = Prisma.ImportTaskGetPayload<object>;

function toRecord(row: TaskRow, withRejected: boolean): ImportTaskRecord {
  return {
    id: row.id,
    uuid: row.uuid,
    organisationUuid: row.organisationUuid,
    kind: row.kind,
    fileName: row.fileName,
    fileHash: row.fileHash,
    fileKey: row.fileKey,
    status: row.status,
    rowsRead: row.rowsRead,
    rowsPosted: row.rowsPosted,
    rowsRejected: row.rowsRejected,
    rowsSkipped: row.rowsSkipped,
    cursor: row.cursor,
    rejected: withRejected ? (row.rejected as unknown as RejectedRow[]) : [],
    message: row.message,
    startedBy: row.startedBy,
    createdDate: row.createdAt.toISOString(),
    startedDate: row.startedAt?.toISOString() ?? null,
    finishedDate: row.finishedAt?.toISOString() ?? null,
  };
}

// The list never carries the rejected rows (a bad 100,000-row file lists 100,000 of them).
const LIST_SELECT = { rejected: false } as const;

// An imported row's columns: one array per column, except those every row of a file shares ($1 the organisation,
// $3 the actor's name), which are constants of the statement rather than 100,000 copies in an array.
const LEDGER_COLUMNS = [
  { name: 'import_key', type: 'text', expr: (p: string) => `decode(${p}, 'hex')` },
  { name: 'uuid', sql: 'gen_random_uuid()' },
  { name: 'organisation_uuid', sql: '$1::uuid' },
  { name: 'portfolio_id', type: 'int' },
  { name: 'portfolio_code', type: 'text' },
  { name: 'security_id', type: 'int' },
  { name: 'security_code', type: 'text' },
  { name: 'type_id', type: 'int' },
  ...LEDGER_VALUE_COLUMNS,
  { name: 'source', sql: `'IMPORT'` },
  { name: 'source_ref', type: 'text' },
  { name: 'warnings', sql: `'{}'::text[]` },
  { name: 'created_by', sql: '$3::text' },
  { name: 'updated_by', sql: '$3::text' },
  { name: 'updated_at', sql: 'now()' },
] as const;
const LEDGER_NAMES = LEDGER_COLUMNS.map((c) => c.name).join(', ');

export function createImportStore(prisma: ClientsPrisma, pool?: pg.Pool) {
  const types = createTransactionTypeStore(prisma);

  return {
    async insert(task: {
      uuid: string;
      organisationUuid: string;
      kind: string;
      fileName: string;
      fileHash: string;
      fileKey: string;
      startedBy: string;
    }): Promise<ImportTaskRecord> {
      return toRecord(await prisma.importTask.create({ data: task }), true);
    },

    async findByUuid(organisationUuid: string, uuid: string): Promise<ImportTaskRecord | null> {
      const row = await prisma.importTask.findFirst({ where: { organisationUuid, uuid } });
      return row ? toRecord(row, true) : null;
    },

    /** The organisation's newest task of a kind that succeeded (the latest custodian file), if any. */
    async latestSucceeded(organisationUuid: string, kind: string) {
      const row = await prisma.importTask.findFirst({
        where: { organisationUuid, kind, status: 'SUCCEEDED' },
        omit: LIST_SELECT,
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      });
      return row ? toRecord({ ...row, rejected: [] }, false) : null;
    },

    /** A task of the same file that posted it, if any. */
    async findSucceeded(organisationUuid: string, kind: string, fileHash: string) {
      const row = await prisma.importTask.findFirst({
        where: { organisationUuid, kind, fileHash, status: 'SUCCEEDED' },
        omit: LIST_SELECT,
        orderBy: { id: 'asc' },
      });
      return row ? toRecord({ ...row, rejected: [] }, false) : null;
    },

    async page(organisationUuid: string, query: { page: number; size: number; kind: string; status: string }) {
      const where: Prisma.ImportTaskWhereInput = {
        organisationUuid,
        ...(query.kind ? { kind: query.kind } : {}),
        ...(query.status ? { status: query.status } : {}),
      };
      const [rows, totalSize] = await Promise.all([
        prisma.importTask.findMany({
          where,
          omit: LIST_SELECT,
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          skip: (query.page - 1) * query.size,
          take: query.size,
        }),
        prisma.importTask.count({ where }),
      ]);
      return { content: rows.map((r) => toRecord({ ...r, rejected: [] }, false)), totalSize };
    },

    /** Tasks a stop left unfinished (queued or running), to resume at start. */
    async unfinished(): Promise<ImportTaskRecord[]> {
      const rows = await prisma.importTask.findMany({
        where: { status: { in: ['QUEUED', 'RUNNING'] } },
        omit: LIST_SELECT,
        orderBy: { id: 'asc' },
      });
      return rows.map((r) => toRecord({ ...r, rejected: [] }, false));
    },

    /** What a file's rows are checked against, each read once for the whole file. */
    async lookups(organisationUuid: string, today: string): Promise<ImportLookups> {
      const [clients, portfolios, owners, securities, typeList] = await Promise.all([
        prisma.client.findMany({ where: { organisationUuid }, select: { id: true, uuid: true, code: true } }),
        prisma.portfolio.findMany({ where: { organisationUuid }, select: { id: true, code: true } }),
        prisma.$queryRaw<{ portfolioId: number; code: string }[]>`
          SELECT po.portfolio_id AS "portfolioId", c.code FROM portfolio_owner po
            JOIN client c ON c.id = po.client_id
            JOIN portfolio p ON p.id = po.portfolio_id
           WHERE p.organisation_uuid = ${organisationUuid}::uuid`,
        prisma.security.findMany({
          where: { status: { not: 'DELETED' } },
          select: { id: true, sedol: true, isin: true },
        }),
        types.list(organisationUuid, false),
      ]);
      const ownerCodes = new Map<number, Set<string>>();
      for (const o of owners) {
        ownerCodes.set(o.portfolioId, (ownerCodes.get(o.portfolioId) ?? new Set()).add(o.code.toUpperCase()));
      }
      const securityIds = new Map<string, number>();
      for (const s of securities) {
        if (s.sedol) securityIds.set(s.sedol.toUpperCase(), s.id);
        if (s.isin) securityIds.set(s.isin.toUpperCase(), s.id);
      }
      return {
        today,
        clients: new Map(clients.map((c) => [c.code.toUpperCase(), { id: c.id, uuid: c.uuid }])),
        portfolios: new Map(
          portfolios.map((p) => [
            p.code.toUpperCase(),
            { id: p.id, code: p.code, ownerCodes: ownerCodes.get(p.id) ?? new Set() },
          ]),
        ),
        foreignPortfolios: new Set(),
        securities: securityIds,
        types: new Map(typeList.map((t) => [typeKey(t.name), t])),
      };
    },

    /** Of the codes given (upper case), those that are another organisation's portfolios. */
    async foreignPortfolioCodes(organisationUuid: string, codes: readonly string[]): Promise<Set<string>> {
      if (codes.length === 0) return new Set();
      const rows = await prisma.$queryRaw<{ code: string }[]>`
        SELECT DISTINCT upper(code) AS code FROM portfolio
         WHERE organisation_uuid <> ${organisationUuid}::uuid AND upper(code) = ANY(${[...codes]}::text[])`;
      return new Set(rows.map((r) => r.code));
    },

    /**
     * A chunk's rows written as postRows' parameters: apart from posting them, so that the job writes the next
     * chunk's while the database posts this one.
     */
    rowsToPost(
      task: { id: number; organisationUuid: string },
      chunk: readonly PreparedTransaction[],
      actorName: string,
      legacy: boolean,
    ): RowsToPost {
      const rows = chunk.map((r) => [
        r.naturalKey,
        r.portfolioId,
        r.portfolioCode,
        r.securityId,
        r.securityCode,
        r.typeId,
        ...ledgerValues(r.values),
        `import:${task.id}:${r.line}`,
      ]);
      // $1 organisation, $2 the rows' count, $3 the actor, then the columns.
      const input = unnestSelectRows(LEDGER_COLUMNS, rows, 4);
      return { organisationUuid: task.organisationUuid, chunk, actorName, input, legacy };
    },

    /**
     * Posts rows of a file in the caller's transaction (or a pool's: one statement's), in one statement: each row
     * inserted with its natural key
     * (import_key) unless a row with that key is in the ledger already (the partial unique index, ON CONFLICT DO
     * NOTHING). A key this task posted already (an earlier attempt at the chunk whose other half committed: the
     * same source_ref) counts as posted by it; a key of another task's is skipped, as is one recorded in
     * imported_row before keys moved onto the ledger row. Answers the counts and what the rows posted, by portfolio
     * and security with the earliest trade date, for rederiveTouched and announceImported.
     */
    async postRows(
      db: pg.ClientBase | pg.Pool,
      { organisationUuid, chunk, actorName, input, legacy }: RowsToPost,
    ): Promise<{ posted: number; skipped: number; touched: TouchedPair[] }> {
      if (chunk.length === 0) return { posted: 0, skipped: 0, touched: [] };
      // Keys imported before they moved onto the ledger row (migration 20261127074835) are honoured (`legacy`, asked
      // once per file: no key is recorded there any more). One statement, so the rows reach the database at once, and
      // no CTE, which would hold every row a second time.
      // The chunk's commit need not wait for its WAL to reach disk: a crash loses at most the last chunks whole
      // (WAL is written in order, the runner's cursor with them), and the job resumes from the cursor that survived.
      const column = (name: string) => input.expressions[LEDGER_COLUMNS.findIndex((c) => c.name === name)]!;
      const recordedBefore = (key: string) => `EXISTS (SELECT 1 FROM imported_row r WHERE r.organisation_uuid = $1::uuid
                                 AND r.kind = 'TRANSACTIONS' AND r.natural_key = encode(${key}, 'hex'))`;
      const params = [organisationUuid, chunk.length, actorName, ...input.values];
      const inserted = await db.query(
        `INSERT INTO ledger_transaction (${LEDGER_NAMES})
         SELECT ${input.expressions.join(', ')}
           FROM ${input.from}, (SELECT set_config('synchronous_commit', 'off', true)) AS asynchronous(commit)
          WHERE $2::int > 0 ${legacy ? `AND NOT ${recordedBefore(column('import_key'))}` : ''}
         ON CONFLICT (organisation_uuid, import_key) WHERE import_key IS NOT NULL DO NOTHING`,
        params,
      );
      // Some rows were not posted (rare: a file imported again): the keys another task posted, or recorded before,
      // are skipped; a key this task posted (an earlier attempt's committed half: the same source_ref) is its own.
      const { rows: answer } =
        inserted.rowCount === chunk.length
          ? { rows: [{ others: [] as string[] }] }
          : await db.query<{ others: string[] }>(
              `SELECT coalesce(array_agg(encode(i.import_key, 'hex')), '{}') AS others
                 FROM (SELECT ${input.expressions.map((e, n) => `${e} AS ${LEDGER_COLUMNS[n]!.name}`).join(', ')}
                         FROM ${input.from} WHERE $2::int > 0) i
                WHERE EXISTS (SELECT 1 FROM ledger_transaction l
                               WHERE l.organisation_uuid = $1::uuid AND l.import_key = i.import_key
                                 AND l.import_key IS NOT NULL AND l.source_ref <> i.source_ref)
                      ${legacy ? `OR ${recordedBefore('i.import_key')}` : ''}`,
              params,
            );
      const others = new Set(answer[0]!.others);
      const touched = new Map<string, TouchedPair>();
      for (const r of chunk) {
        if (others.size > 0 && others.has(r.naturalKey)) continue;
        const key = `${r.portfolioId}|${r.securityId}`;
        const seen = touched.get(key);
        if (!seen)
          touched.set(key, { portfolioId: r.portfolioId, securityId: r.securityId, earliestDate: r.values.tradeDate });
        else if (r.values.tradeDate < seen.earliestDate) seen.earliestDate = r.values.tradeDate;
      }
      return { posted: chunk.length - others.size, skipped: others.size, touched: [...touched.values()] };
    },

    /** postRows in a transaction of its own (its one statement's), committed when it answers. */
    async postRowsAlone(rows: RowsToPost) {
      if (!pool) throw new Error('the import store was made without a pool');
      return this.postRows(pool, rows);
    },

    /** Whether the firm has transaction keys recorded in imported_row, before keys moved onto the ledger row. */
    async legacyTransactionKeys(organisationUuid: string): Promise<boolean> {
      const [row] = await prisma.$queryRaw<{ any: boolean }[]>`
        SELECT EXISTS (SELECT 1 FROM imported_row WHERE organisation_uuid = ${organisationUuid}::uuid
                                                    AND kind = 'TRANSACTIONS') AS any`;
      return row!.any;
    },

    /** A chunk's counts and the task's cursor, in the runner's transaction (Interface Logging reads them). */
    async countChunk(db: pg.ClientBase, id: number, nextCursor: number, counts: { posted: number; skipped: number }) {
      await db.query(
        `UPDATE import_task SET cursor = $2, rows_posted = rows_posted + $3, rows_skipped = rows_skipped + $4
          WHERE id = $1`,
        [id, nextCursor, counts.posted, counts.skipped],
      );
    },

    /** Runs `work` in a transaction of its own on another connection (the second half of a chunk). */
    async inOwnTransaction<T>(work: (db: pg.ClientBase) => Promise<T>): Promise<T> {
      if (!pool) throw new Error('the import store was made without a pool');
      return inTransaction(pool, work);
    },

    /**
     * Locks the owners of the portfolios an import touched, in id order, before the holdings are re-derived: a
     * calculation's figures are written client first, then its portfolios and holdings (calculation-store), so
     * taking the clients first here keeps the two from deadlocking (the file's last chunk rolled back and ran again).
     */
    async lockOwners(db: pg.ClientBase, organisationUuid: string, touched: readonly TouchedPair[]): Promise<void> {
      if (touched.length === 0) return;
      await db.query(
        `SELECT c.id FROM client c
          WHERE c.organisation_uuid = $1::uuid
            AND c.id IN (SELECT client_id FROM portfolio_owner WHERE portfolio_id = ANY($2::int[]))
          ORDER BY c.id FOR UPDATE`,
        [organisationUuid, [...new Set(touched.map((t) => t.portfolioId))]],
      );
    },

    /**
     * The holdings of the pairs an import posted to, re-derived (once per file, at its end), without their
     * owners' Holding Breaks: two of these run at once on disjoint portfolios, and an owner of both halves'
     * portfolios is counted once both are in (announceImported).
     */
    async rederiveTouched(db: pg.ClientBase, organisationUuid: string, touched: readonly TouchedPair[]) {
      if (touched.length === 0) return;
      await rederiveHoldingsInBulk(
        db,
        organisationUuid,
        touched.map(({ portfolioId, securityId }) => ({ portfolioId, securityId })),
        { owners: false },
      );
    },

    /**
     * After the holdings are re-derived: the owners' Holding Breaks of the portfolios an import touched, and one
     * ledger.changed per owner, from the earliest date of any row posted to a portfolio they own.
     */
    async announceImported(
      db: pg.ClientBase,
      organisationUuid: string,
      touched: readonly TouchedPair[],
      events: (changed: { clientUuid: string; earliestDate: string }[]) => OutboxEvent[],
    ): Promise<void> {
      if (touched.length === 0) return;
      await refreshOwnersHoldingBreaks(db, organisationUuid, [...new Set(touched.map((t) => t.portfolioId))]);
      const earliest = new Map<number, string>();
      for (const t of touched) {
        const before = earliest.get(t.portfolioId);
        if (!before || t.earliestDate < before) earliest.set(t.portfolioId, t.earliestDate);
      }
      const { rows: owners } = await db.query<{ portfolioId: number; clientUuid: string }>(
        `SELECT po.portfolio_id AS "portfolioId", c.uuid::text AS "clientUuid"
           FROM portfolio_owner po JOIN client c ON c.id = po.client_id JOIN portfolio p ON p.id = po.portfolio_id
          WHERE p.organisation_uuid = $1::uuid AND po.portfolio_id = ANY($2::int[])`,
        [organisationUuid, [...earliest.keys()]],
      );
      const perClient = new Map<string, string>();
      for (const o of owners) {
        const date = earliest.get(o.portfolioId)!;
        const before = perClient.get(o.clientUuid);
        if (!before || date < before) perClient.set(o.clientUuid, date);
      }
      const outbox = events([...perClient].map(([clientUuid, earliestDate]) => ({ clientUuid, earliestDate })));
      if (outbox.length === 0) return;
      await db.query(
        `INSERT INTO outbox_event (id, subject, payload, trace_parent)
         SELECT i, s, decode(p, 'hex'), t FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) AS u(i, s, p, t)`,
        [
          outbox.map((e) => e.id),
          outbox.map((e) => e.subject),
          outbox.map((e) => Buffer.from(e.payload).toString('hex')),
          outbox.map((e) => e.traceParent ?? null),
        ],
      );
    },

    /** Fails a task its job failed (the runner gave up on a chunk), in the runner's transaction; rows posted stay. */
    async failIn(db: pg.ClientBase, organisationUuid: string, uuid: string, message: string): Promise<void> {
      await db.query(
        `UPDATE import_task SET status = 'FAILED', message = $3, finished_at = now()
          WHERE organisation_uuid = $1::uuid AND uuid = $2::uuid AND status IN ('QUEUED', 'RUNNING')`,
        [organisationUuid, uuid, message],
      );
    },

    /** Finishes a task inside the caller's transaction (the job's last chunk), only if not finished yet. */
    async finishIn(
      db: pg.ClientBase,
      id: number,
      outcome: {
        status: 'SUCCEEDED' | 'FAILED';
        rowsRead: number;
        rejected?: RejectedRow[];
        rowsSkipped?: number;
        message: string;
      },
    ): Promise<void> {
      await db.query(
        `UPDATE import_task
            SET status = $2, rows_read = $3, message = $4, finished_at = now(),
                rejected = COALESCE($5::jsonb, rejected), rows_rejected = COALESCE($6, rows_rejected),
                rows_posted = CASE WHEN $2 = 'FAILED' THEN 0 ELSE rows_posted END,
                rows_skipped = COALESCE($7, rows_skipped)
          WHERE id = $1 AND status IN ('QUEUED', 'RUNNING')`,
        [
          id,
          outcome.status,
          outcome.rowsRead,
          outcome.message,
          outcome.rejected ? JSON.stringify(outcome.rejected) : null,
          outcome.rejected ? new Set(outcome.rejected.map((r) => r.line)).size : null,
          outcome.rowsSkipped ?? null,
        ],
      );
    },

    async countsIn(db: pg.ClientBase, id: number): Promise<{ posted: number; skipped: number }> {
      const { rows } = await db.query<{ posted: number; skipped: number }>(
        'SELECT rows_posted AS posted, rows_skipped AS skipped FROM import_task WHERE id = $1',
        [id],
      );
      return rows[0] ?? { posted: 0, skipped: 0 };
    },

    async markRunningIn(db: pg.ClientBase, id: number, rowsRead: number): Promise<void> {
      await db.query(
        `UPDATE import_task SET status = 'RUNNING', rows_read = $2, started_at = coalesce(started_at, now())
          WHERE id = $1 AND status IN ('QUEUED', 'RUNNING')`,
        [id, rowsRead],
      );
    },
  };
}
export type ImportStore = ReturnType<typeof createImportStore>;
