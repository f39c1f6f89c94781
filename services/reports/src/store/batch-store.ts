import crypto from 'node:crypto';
import type pg from 'pg';
import type { BatchCandidate, BatchPrint } from './generated/client';
import type { ReportsPrisma } from './prisma';

export type StoredBatchPrint = BatchPrint;
export type StoredBatchCandidate = BatchCandidate;

export interface NewCandidate {
  clientUuid: string;
  clientCode: string;
  clientName: string;
  thirtyDayRule: boolean;
  costUpdatePending: boolean;
  pendingIncome: boolean;
  deliveries: string[];
}

/** Sortable columns of the prints grid, to their SQL. */
const PRINT_SORTS: Record<string, keyof BatchPrint> = {
  id: 'id',
  createdAt: 'createdAt',
  modifiedAt: 'updatedAt',
  taxYear: 'taxYear',
  reportType: 'reportType',
  status: 'status',
  identifiedCandidates: 'identifiedCandidates',
  publishedCandidates: 'publishedCandidates',
};
export const BATCH_PRINT_SORTS = Object.keys(PRINT_SORTS);

export function createBatchStore(prisma: ReportsPrisma) {
  return {
    create(
      row: Omit<
        BatchPrint,
        'id' | 'version' | 'createdAt' | 'updatedAt' | 'identifiedCandidates' | 'publishedCandidates' | 'message'
      >,
    ) {
      return prisma.batchPrint.create({ data: row });
    },
    find(organisationUuid: string, id: number) {
      return prisma.batchPrint.findFirst({ where: { organisationUuid, id } });
    },
    async list(q: {
      organisationUuid: string;
      page: number;
      size: number;
      sort: string;
      direction: 'asc' | 'desc';
      status: string;
    }) {
      const where = { organisationUuid: q.organisationUuid, ...(q.status ? { status: q.status } : {}) };
      const [content, totalSize] = await Promise.all([
        prisma.batchPrint.findMany({
          where,
          orderBy: [{ [PRINT_SORTS[q.sort] ?? 'createdAt']: q.direction }, { id: 'desc' }],
          skip: (q.page - 1) * q.size,
          take: q.size,
        }),
        prisma.batchPrint.count({ where }),
      ]);
      return { content, totalSize };
    },
    async candidates(q: { batchId: number; page: number; size: number; status: string }) {
      const where = { batchId: q.batchId, ...(q.status ? { status: q.status } : {}) };
      const [content, totalSize] = await Promise.all([
        prisma.batchCandidate.findMany({
          where,
          orderBy: { clientCode: 'asc' },
          skip: (q.page - 1) * q.size,
          take: q.size,
        }),
        prisma.batchCandidate.count({ where }),
      ]);
      return { content, totalSize };
    },
    pendingCount(batchId: number) {
      return prisma.batchCandidate.count({ where: { batchId, status: 'PENDING' } });
    },
    /** Marks the print as worked on by a job when it is in one of `from` (compare-and-set): false when it was not. */
    async begin(
      organisationUuid: string,
      id: number,
      from: readonly string[],
      status: string,
      jobUuid: string,
      by: string,
    ) {
      const { count } = await prisma.batchPrint.updateMany({
        where: { organisationUuid, id, status: { in: [...from] } },
        data: { status, jobUuid, message: '', updatedByName: by, updatedAt: new Date(), version: { increment: 1 } },
      });
      return count === 1;
    },
  };
}
export type BatchStore = ReturnType<typeof createBatchStore>;

/** The batch jobs' writes, inside a chunk's transaction (a pg client), so candidates and cursor commit together. */
export const batchSql = {
  async insertCandidates(tx: pg.ClientBase, organisationUuid: string, batchId: number, rows: NewCandidate[]) {
    if (rows.length === 0) return;
    // the ACT monitor's open logs (not closed or resolved) naming each client
    await tx.query(
      `INSERT INTO batch_candidate (uuid, batch_id, client_uuid, client_code, client_name, thirty_day_rule,
                                    cost_update_pending, pending_income, act_monitor_issues, deliveries, status)
       SELECT r.uuid, $2, r.client_uuid, r.client_code, r.client_name, r.thirty_day_rule, r.cost_update_pending,
              r.pending_income,
              (SELECT count(*) FROM monitor_log l
                WHERE l.organisation_uuid = $1::uuid AND l.client_code = r.client_code AND l.mmt_status_id NOT IN (4, 5)),
              string_to_array(r.deliveries, ','), 'PENDING'
         FROM unnest($3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::bool[], $8::bool[], $9::bool[], $10::text[])
              AS r(uuid, client_uuid, client_code, client_name, thirty_day_rule, cost_update_pending, pending_income, deliveries)
       ON CONFLICT (batch_id, client_uuid) DO NOTHING`,
      [
        organisationUuid,
        batchId,
        rows.map(() => crypto.randomUUID()),
        rows.map((r) => r.clientUuid),
        rows.map((r) => r.clientCode),
        rows.map((r) => r.clientName),
        rows.map((r) => r.thirtyDayRule),
        rows.map((r) => r.costUpdatePending),
        rows.map((r) => r.pendingIncome),
        rows.map((r) => r.deliveries.join(',')),
      ],
    );
  },
  async pending(tx: pg.ClientBase, batchId: number, afterCode: string, limit: number) {
    const { rows } = await tx.query<{ uuid: string; clientUuid: string; clientCode: string; deliveries: string[] }>(
      `SELECT uuid, client_uuid AS "clientUuid", client_code AS "clientCode", deliveries FROM batch_candidate
        WHERE batch_id = $1 AND status = 'PENDING' AND client_code > $2 ORDER BY client_code LIMIT $3`,
      [batchId, afterCode, limit],
    );
    return rows;
  },
  async completed(tx: pg.ClientBase, uuids: string[]) {
    if (uuids.length)
      await tx.query(
        `UPDATE batch_candidate SET status = 'COMPLETE', reports = reports + 1, failure_reason = '', updated_at = now()
          WHERE uuid = ANY($1::uuid[])`,
        [uuids],
      );
  },
  async failed(tx: pg.ClientBase, failures: { uuid: string; reason: string }[]) {
    if (failures.length)
      await tx.query(
        `UPDATE batch_candidate c SET failure_reason = f.reason, updated_at = now()
           FROM unnest($1::uuid[], $2::text[]) AS f(uuid, reason) WHERE c.uuid = f.uuid`,
        [failures.map((f) => f.uuid), failures.map((f) => f.reason)],
      );
  },
  /** The print's counts from its candidates, and its status when a job ends. */
  async settle(tx: pg.ClientBase, batchId: number, status?: string) {
    await tx.query(
      `UPDATE batch_print p SET
          identified_candidates = (SELECT count(*) FROM batch_candidate WHERE batch_id = p.id),
          published_candidates = (SELECT count(*) FROM batch_candidate WHERE batch_id = p.id AND status = 'COMPLETE'),
          status = coalesce($2, p.status), updated_at = now(), version = version + 1
        WHERE p.id = $1`,
      [batchId, status ?? null],
    );
  },
  async pendingCount(tx: pg.ClientBase, batchId: number): Promise<number> {
    const { rows } = await tx.query<{ n: string }>(
      `SELECT count(*) AS n FROM batch_candidate WHERE batch_id = $1 AND status = 'PENDING'`,
      [batchId],
    );
    return Number(rows[0]!.n);
  },
  async fail(tx: pg.ClientBase, batchId: number, message: string) {
    await tx.query(
      `UPDATE batch_print SET status = 'FAILED', message = $2, updated_at = now(), version = version + 1 WHERE id = $1`,
      [batchId, message],
    );
  },
};
