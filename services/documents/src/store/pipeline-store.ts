import { plainDecimal } from '@gains/decimal';
import { rawSql } from '@gains/db';
import type pg from 'pg';
import type { PreviewHeader, PreviewLine, PreviewRow } from '../domain/candidate-previews';
import type { PortfolioRef, ProcessingOverride } from '../domain/deps';
import { NO_PROCESSING_OVERRIDE, processingOverrideOf } from '../domain/document-type-rules';
import { replaceDecision } from '../domain/refresh-decision';
import type { GroupMethod } from '../domain/document-types';

/** A corporate action as its jobs read it: the terms the previews are made from. */
export interface RunHeader extends PreviewHeader {
  id: number;
  uuid: string;
  organisationUuid: string;
  code: string;
  status: string;
  quantityDecimalPlaces: number;
  documentTypeCode: string;
  /** a portfolio movement's */
  tradeDate: string | null;
  /** an equalisation's distribution period start, when the terms give it */
  startDate: string | null;
  /** the type's Group 1 / Group 2 method (FIFO, LIFO or AVERAGE) */
  groupMethod: GroupMethod;
  lines: (PreviewLine & { id: number })[];
  /** the header's processing override (its own, copied from its type; its type's for a header made before) */
  override: ProcessingOverride;
}

/** A proposed ledger row as the posting job sends it. */
export interface PostingRow {
  id: number;
  /** the ledger row's code: the header's and the preview's, so each posted row names where it came from */
  transactionCode: string;
  transactionType: string;
  portfolioUuid: string;
  securityId: number;
  tradeDate: string;
  quantity: string | null;
  price: string | null;
  consideration: string | null;
  marketValue: string | null;
  newSecurityId: number | null;
  ratio: string;
  acquisitionDate: string | null;
}

/** An included candidate and the rows it will post. */
export interface PostingCandidate {
  id: number;
  portfolioUuid: string;
  portfolioCode: string;
  rows: PostingRow[];
}

/** A candidate as a job writes it: a holder's portfolio with its first owner named. */
export interface CandidateWrite extends PortfolioRef {
  securityId: number;
  decimalPlaces: number;
  asAtDate: string;
  holdingQuantity: string;
  cgtCost: string | null;
  price: string | null;
  marketValuation: string | null;
  status: string;
  /** a portfolio movement's units and share moved */
  transferQuantity?: string | null;
  transferPercentage?: string | null;
  failureReason?: string;
  /** equalisation: Group 1 / Group 2 units under each method, and the type's method's */
  groups?: {
    group1Fifo: string;
    group2Fifo: string;
    group1Lifo: string;
    group2Lifo: string;
    group1Average: string;
    group2Average: string;
    group1Quantity: string;
    group2Quantity: string;
  };
}

/** A candidate's rows to write, as one set. */
interface PreviewSet {
  candidateId: number;
  status: string;
  candidateVersion: number;
  edited: boolean;
  portfolioUuid: string;
  holdingQuantity: string;
  rows: PreviewRow[];
  /** who made them: the user whose edit worked them out again, else the documents service's jobs */
  byName?: string;
}

/**
 * The pipeline's reads and writes inside a job's chunk transaction (`tx`, a pg client: they commit with the chunk's
 * cursor), over plain SQL in the documents schema.
 */
export function pipelineStore(tx: pg.ClientBase) {
  const sql = rawSql(tx);
  /**
   * Candidates' proposed rows, each set in its order and against the header line it comes from, in one statement
   * however many there are. The holder's money on a row is Proceeds, or Expense where the holder pays.
   */
  const insertPreviews = async (sets: readonly PreviewSet[], lineIds: Map<number, number>) => {
    const previews = sets.flatMap((set) =>
      set.rows.map((r, ord) => ({
        candidateId: set.candidateId,
        headerLineId: lineIds.get(r.lineOrd) ?? null,
        status: set.status,
        candidateVersion: set.candidateVersion,
        edited: set.edited,
        transactionType: r.transactionType,
        ord,
        portfolioUuid: r.portfolioUuid ?? set.portfolioUuid,
        securityId: r.securityId,
        tradeDate: r.tradeDate,
        holdingQuantity: set.holdingQuantity,
        quantity: r.quantity ?? null,
        price: r.price ?? null,
        consideration: r.consideration ?? null,
        proceeds: r.paid ? null : (r.consideration ?? null),
        expense: r.paid ? (r.consideration ?? null) : null,
        marketValue: r.marketValue ?? null,
        newSecurityId: r.newSecurityId ?? null,
        ratio: r.ratio ?? '',
        apportionmentFactor: r.apportionmentFactor ?? null,
        acquisitionDate: r.acquisitionDate ?? null,
        group1Qualifying: r.group1Qualifying ?? null,
        group2Qualifying: r.group2Qualifying ?? null,
        byName: set.byName ?? 'Gains',
        sedol: r.sedol ?? '',
        isin: r.isin ?? '',
      })),
    );
    if (previews.length === 0) return;
    await sql.$executeRaw`
      INSERT INTO preview (uuid, candidate_id, header_line_id, status, candidate_version, edited, transaction_type, ord,
        portfolio_uuid, security_id, trade_date, holding_quantity, quantity, price, consideration, proceeds, expense,
        market_value, new_security_id, ratio, apportionment_factor, acquisition_date, group1_qualifying,
        group2_qualifying, created_by_name, updated_by_name, sedol, isin)
      SELECT gen_random_uuid(), p."candidateId", p."headerLineId", p.status, p."candidateVersion", p.edited,
        p."transactionType", p.ord, p."portfolioUuid", p."securityId", p."tradeDate", p."holdingQuantity", p.quantity,
        p.price, p.consideration, p.proceeds, p.expense, p."marketValue", p."newSecurityId", p.ratio,
        p."apportionmentFactor", p."acquisitionDate", p."group1Qualifying", p."group2Qualifying", p."byName",
        p."byName", p.sedol, p.isin
      FROM json_to_recordset(${JSON.stringify(previews)}::json) AS p("candidateId" int, "headerLineId" int,
        status text, "candidateVersion" int, edited boolean, "transactionType" text, ord int, "portfolioUuid" uuid,
        "securityId" int, "tradeDate" date, "holdingQuantity" numeric, quantity numeric, price numeric,
        consideration numeric, proceeds numeric, expense numeric, "marketValue" numeric, "newSecurityId" int,
        ratio text, "apportionmentFactor" numeric, "acquisitionDate" date, "group1Qualifying" numeric,
        "group2Qualifying" numeric, "byName" text, sedol text, isin text)`;
  };
  return {
    async header(headerUuid: string): Promise<RunHeader | null> {
      const [h] = await sql.$queryRaw<
        (Omit<RunHeader, 'lines' | 'effect' | 'override'> & { effect: RunHeader['effect']; override: unknown })[]
      >`
        SELECT h.id, h.uuid::text AS uuid, h.organisation_uuid::text AS "organisationUuid", h.code, h.status,
               t.effect, h.security_id AS "securityId", to_char(h.ex_date, 'YYYY-MM-DD') AS "exDate",
               to_char(h.pay_date, 'YYYY-MM-DD') AS "payDate", h.parent_security_price::text AS "parentSecurityPrice",
               trim_scale(h.fraction_price)::text AS "fractionPrice",
               h.quantity_decimal_places AS "quantityDecimalPlaces", t.document_type_code AS "documentTypeCode",
               to_char(h.trade_date, 'YYYY-MM-DD') AS "tradeDate",
               to_char(h.start_date, 'YYYY-MM-DD') AS "startDate", t.group_method AS "groupMethod",
               CASE WHEN h.processing_override = '{}'::jsonb THEN t.processing_override
                    ELSE h.processing_override END AS override
        FROM header h JOIN document_type t ON t.id = h.document_type_id WHERE h.uuid = ${headerUuid}::uuid`;
      if (!h) return null;
      const lines = await sql.$queryRaw<(PreviewLine & { id: number })[]>`
        SELECT l.id, d.ord, d.transaction_type_name AS "transactionTypeName", l.rate::text AS rate,
               l.per_parent::text AS "perParent", l.price::text AS price,
               CASE WHEN l.new_security THEN l.security_id END AS "newSecurityId",
               l.quantity_decimal_places AS "newSecurityDecimals", l.apportionment_factor::text AS "apportionmentFactor"
        FROM header_line l JOIN line_definition d ON d.id = l.line_definition_id
        WHERE l.header_id = ${h.id} ORDER BY d.ord, l.id`;
      return { ...h, lines, override: processingOverrideOf(h.override) };
    },

    /**
     * The latest ex-date before this header's of another live equalisation of the same security in the organisation
     * (its distribution period ended there); null when none.
     */
    async previousEqualisationExDate(header: RunHeader): Promise<string | null> {
      const [row] = await sql.$queryRaw<{ exDate: string | null }[]>`
        SELECT to_char(max(h.ex_date), 'YYYY-MM-DD') AS "exDate"
        FROM header h JOIN document_type t ON t.id = h.document_type_id
        WHERE h.organisation_uuid = ${header.organisationUuid}::uuid AND h.security_id = ${header.securityId}
          AND t.effect = 'EQUALISATION' AND h.id <> ${header.id} AND h.ex_date < ${header.exDate}::date
          AND h.status NOT IN ('DELETED', 'REVERSED')`;
      return row?.exDate ?? null;
    },

    async setStatus(headerId: number, status: string, byName: string, detail = ''): Promise<void> {
      const [before] = await sql.$queryRaw<{ status: string }[]>`SELECT status FROM header WHERE id = ${headerId}`;
      await sql.$executeRaw`UPDATE header SET status = ${status}, updated_at = now() WHERE id = ${headerId}`;
      await sql.$executeRaw`
        INSERT INTO header_audit (header_id, by_name, action, from_status, to_status, detail)
        VALUES (${headerId}, ${byName}, 'STATUS', ${before?.status ?? ''}, ${status}, ${detail})`;
    },

    /**
     * Holders and the rows each proposes, in two statements however many there are (one statement a row made a
     * page of 500 holders a thousand round trips); a holder already a candidate (a repeated chunk) is left as it
     * is, its rows too.
     */
    async addCandidates(
      headerId: number,
      holders: readonly { candidate: CandidateWrite; rows: PreviewRow[] }[],
      lineIds: Map<number, number>,
    ): Promise<void> {
      if (holders.length === 0) return;
      const inserted = await sql.$queryRaw<{ id: number; portfolioUuid: string; securityId: number }[]>`
        INSERT INTO candidate (uuid, header_id, status, client_uuid, client_code, client_name, portfolio_uuid,
          portfolio_code, portfolio_name, security_id, decimal_places, as_at_date, holding_quantity, cgt_cost, price,
          market_valuation, transfer_quantity, transfer_percentage, failure_reason, created_by_name, updated_by_name,
          group1_fifo, group2_fifo, group1_lifo, group2_lifo, group1_average, group2_average, group1_quantity,
          group2_quantity)
        SELECT gen_random_uuid(), ${headerId}, c.status, c."clientUuid", c."clientCode", c."clientName",
          c."portfolioUuid", c."portfolioCode", c."portfolioName", c."securityId", c."decimalPlaces", c."asAtDate",
          c."holdingQuantity", c."cgtCost", c.price, c."marketValuation", c."transferQuantity", c."transferPercentage",
          coalesce(c."failureReason", ''), 'Gains', 'Gains', (c.groups->>'group1Fifo')::numeric,
          (c.groups->>'group2Fifo')::numeric, (c.groups->>'group1Lifo')::numeric, (c.groups->>'group2Lifo')::numeric,
          (c.groups->>'group1Average')::numeric, (c.groups->>'group2Average')::numeric,
          (c.groups->>'group1Quantity')::numeric, (c.groups->>'group2Quantity')::numeric
        FROM json_to_recordset(${JSON.stringify(holders.map((h) => h.candidate))}::json) AS c(status text,
          "clientUuid" uuid, "clientCode" text, "clientName" text, "portfolioUuid" uuid, "portfolioCode" text,
          "portfolioName" text, "securityId" int, "decimalPlaces" int, "asAtDate" date, "holdingQuantity" numeric,
          "cgtCost" numeric, price numeric, "marketValuation" numeric, "transferQuantity" numeric,
          "transferPercentage" numeric, "failureReason" text, groups json)
        ON CONFLICT (header_id, portfolio_uuid, security_id) DO NOTHING
        RETURNING id, portfolio_uuid::text AS "portfolioUuid", security_id AS "securityId"`;
      const ids = new Map(inserted.map((c) => [`${c.portfolioUuid}/${c.securityId}`, c.id]));
      const sets = holders.flatMap(({ candidate: c, rows }) => {
        const candidateId = ids.get(`${c.portfolioUuid.toLowerCase()}/${c.securityId}`);
        return candidateId === undefined ? [] : [{ ...c, candidateId, candidateVersion: 1, edited: false, rows }];
      });
      await insertPreviews(sets, lineIds);
    },
    /** One holder and the rows it proposes (addCandidates). */
    async addCandidate(headerId: number, c: CandidateWrite, rows: PreviewRow[], lineIds: Map<number, number>) {
      await this.addCandidates(headerId, [{ candidate: c, rows }], lineIds);
    },

    /** How many included candidates are not yet processed: what a posting job has to do. */
    async toPostCount(headerId: number): Promise<number> {
      const [row] = await sql.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM candidate WHERE header_id = ${headerId} AND status IN ('PENDING', 'EDIT')`;
      return row?.n ?? 0;
    },

    /** Included candidates not yet processed (PENDING, EDIT), after `afterId`, with the rows they will post. */
    async toPost(headerId: number, afterId: number, limit: number): Promise<PostingCandidate[]> {
      const candidates = await sql.$queryRaw<Omit<PostingCandidate, 'rows'>[]>`
        SELECT id, portfolio_uuid::text AS "portfolioUuid", portfolio_code AS "portfolioCode"
        FROM candidate WHERE header_id = ${headerId} AND id > ${afterId} AND status IN ('PENDING', 'EDIT')
        ORDER BY id LIMIT ${limit}`;
      if (candidates.length === 0) return [];
      const rows = await sql.$queryRaw<(PostingRow & { candidateId: number })[]>`
        SELECT p.id, p.candidate_id AS "candidateId", h.code || '-' || p.id AS "transactionCode",
               p.transaction_type AS "transactionType",
               p.portfolio_uuid::text AS "portfolioUuid", p.security_id AS "securityId",
               to_char(p.trade_date, 'YYYY-MM-DD') AS "tradeDate", p.quantity::text AS quantity,
               p.price::text AS price, p.consideration::text AS consideration, p.market_value::text AS "marketValue",
               p.new_security_id AS "newSecurityId", p.ratio,
               to_char(p.acquisition_date, 'YYYY-MM-DD') AS "acquisitionDate"
        FROM preview p JOIN candidate c ON c.id = p.candidate_id JOIN header h ON h.id = c.header_id
        WHERE p.candidate_id = ANY(${candidates.map((c) => c.id)}::int[]) AND p.create_transaction
          AND p.posted_transaction_uuid IS NULL AND p.status IN ('PENDING', 'EDIT')
        ORDER BY p.candidate_id, p.ord, p.id`;
      return candidates.map((c) => ({
        ...c,
        rows: rows.filter((r) => r.candidateId === c.id).map(({ candidateId: _c, ...r }) => r),
      }));
    },

    /** Candidates' rows posted (each row's ledger uuid), in two statements: the rows, then the candidates. */
    async postedMany(candidates: readonly { candidateId: number; rows: { id: number; uuid: string }[] }[]) {
      if (candidates.length === 0) return;
      const rows = candidates.flatMap((c) => c.rows);
      if (rows.length > 0)
        await sql.$executeRaw`
          UPDATE preview p SET posted_transaction_uuid = r.uuid, status = 'PROCESSED', updated_at = now()
          FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(id int, uuid uuid) WHERE p.id = r.id`;
      await sql.$executeRaw`
        UPDATE candidate SET status = 'PROCESSED', failure_reason = '', updated_at = now()
        WHERE id = ANY(${candidates.map((c) => c.candidateId)}::int[])`;
    },
    /** Why a candidate's rows could not be posted. */
    async failed(candidateId: number, reason: string): Promise<void> {
      await sql.$executeRaw`
        UPDATE candidate SET status = 'FAILED', failure_reason = ${reason}, updated_at = now() WHERE id = ${candidateId}`;
    },
    async counted(headerId: number): Promise<{ processed: number; failed: number }> {
      const [row] = await sql.$queryRaw<{ processed: number; failed: number }[]>`
        SELECT count(*) FILTER (WHERE status = 'PROCESSED')::int AS processed,
               count(*) FILTER (WHERE status = 'FAILED')::int AS failed
        FROM candidate WHERE header_id = ${headerId}`;
      return row ?? { processed: 0, failed: 0 };
    },
    async finishRun(headerId: number, status: string): Promise<void> {
      await sql.$executeRaw`UPDATE header SET run_count = run_count + 1 WHERE id = ${headerId}`;
      await this.setStatus(headerId, status, 'Gains');
    },

    /** Processed candidates after `afterId` with the ledger rows they posted (not yet reversed). */
    async toReverse(headerId: number, afterId: number, limit: number) {
      const candidates = await sql.$queryRaw<{ id: number; portfolioCode: string }[]>`
        SELECT id, portfolio_code AS "portfolioCode" FROM candidate
        WHERE header_id = ${headerId} AND id > ${afterId} AND status IN ('PROCESSED', 'PARTIALLY_PROCESSED')
        ORDER BY id LIMIT ${limit}`;
      if (candidates.length === 0) return [];
      const rows = await sql.$queryRaw<{ id: number; candidateId: number; uuid: string }[]>`
        SELECT id, candidate_id AS "candidateId", posted_transaction_uuid::text AS uuid FROM preview
        WHERE candidate_id = ANY(${candidates.map((c) => c.id)}::int[]) AND posted_transaction_uuid IS NOT NULL
          AND reversal_transaction_uuid IS NULL
        ORDER BY candidate_id, ord, id`;
      return candidates.map((c) => ({ ...c, rows: rows.filter((r) => r.candidateId === c.id) }));
    },
    /** A candidate's posted rows reversed in the ledger: the reversal recorded beside each. */
    async reversed(candidateId: number, rows: { id: number; uuid: string }[]): Promise<void> {
      for (const r of rows)
        await sql.$executeRaw`
          UPDATE preview SET reversal_transaction_uuid = ${r.uuid}::uuid, status = 'REVERSED', updated_at = now()
          WHERE id = ${r.id}`;
      await sql.$executeRaw`
        UPDATE candidate SET status = 'REVERSED', failure_reason = '', updated_at = now() WHERE id = ${candidateId}`;
    },
    /** Why a processed candidate's rows could not be reversed (it stays PROCESSED, its rows posted). */
    async notReversed(candidateId: number, reason: string): Promise<void> {
      await sql.$executeRaw`
        UPDATE candidate SET failure_reason = ${reason}, updated_at = now() WHERE id = ${candidateId}`;
    },
    /** Removes up to `limit` of a header's candidates (their previews with them); answers how many. */
    async removeCandidates(headerId: number, limit: number): Promise<number> {
      return sql.$executeRaw`
        DELETE FROM candidate WHERE id IN (SELECT id FROM candidate WHERE header_id = ${headerId} ORDER BY id LIMIT ${limit})`;
    },

    /** A header's candidate for an edit, locked until the edit commits; null when the header has none such. */
    async candidateForEdit(headerId: number, candidateUuid: string) {
      const [c] = await sql.$queryRaw<
        {
          id: number;
          status: string;
          version: number;
          holdingQuantity: string;
          portfolioUuid: string;
          securityId: number;
          decimalPlaces: number;
          cgtCost: string | null;
          price: string | null;
          transferPercentage: string | null;
          firstAcquiredDate: string | null;
          sedol: string;
          isin: string;
        }[]
      >`
        SELECT id, status, version, holding_quantity::text AS "holdingQuantity", portfolio_uuid::text AS "portfolioUuid",
               security_id AS "securityId", decimal_places AS "decimalPlaces", cgt_cost::text AS "cgtCost",
               price::text AS price, transfer_percentage::text AS "transferPercentage",
               -- a transfer at cost's original acquisition date, kept when its previews are made again
               (SELECT to_char(min(p.acquisition_date), 'YYYY-MM-DD') FROM preview p
                 WHERE p.candidate_id = candidate.id AND p.transaction_type = 'TRANSFER_IN') AS "firstAcquiredDate",
               -- a movement's rows name their security (its header has none)
               coalesce((SELECT max(p.sedol) FROM preview p WHERE p.candidate_id = candidate.id), '') AS sedol,
               coalesce((SELECT max(p.isin) FROM preview p WHERE p.candidate_id = candidate.id), '') AS isin
        FROM candidate WHERE header_id = ${headerId} AND uuid = ${candidateUuid}::uuid FOR UPDATE`;
      return c ?? null;
    },
    /** A candidate's status (and its unposted previews') set by an include or exclude; the header is then EDIT. */
    async setCandidateStatus(headerId: number, candidateId: number, status: string, byName: string) {
      await sql.$executeRaw`
        UPDATE candidate SET status = ${status}, version = version + 1, updated_at = now(), updated_by_name = ${byName}
        WHERE id = ${candidateId}`;
      await sql.$executeRaw`
        UPDATE preview SET status = ${status}, updated_at = now() WHERE candidate_id = ${candidateId}
          AND posted_transaction_uuid IS NULL`;
      await this.markEdited(headerId, byName);
    },
    /** A candidate's figures edited and its previews made again from them (EDIT). */
    async replaceCandidate(
      headerId: number,
      candidateId: number,
      edit: {
        holdingQuantity: string;
        cgtCost: string | null;
        group1Quantity: string | null;
        group2Quantity: string | null;
        transferQuantity?: string | null;
        transferPercentage?: string | null;
      },
      rows: PreviewRow[],
      lineIds: Map<number, number>,
      byName: string,
    ) {
      await sql.$executeRaw`
        UPDATE candidate SET holding_quantity = ${edit.holdingQuantity}::numeric, cgt_cost = ${edit.cgtCost}::numeric,
          group1_quantity = ${edit.group1Quantity}::numeric, group2_quantity = ${edit.group2Quantity}::numeric,
          transfer_quantity = COALESCE(${edit.transferQuantity ?? null}::numeric, transfer_quantity),
          transfer_percentage = COALESCE(${edit.transferPercentage ?? null}::numeric, transfer_percentage),
          status = 'EDIT', edited = true, version = version + 1, updated_at = now(), updated_by_name = ${byName}
        WHERE id = ${candidateId}`;
      const [c] = await sql.$queryRaw<{ version: number; portfolioUuid: string }[]>`
        SELECT version, portfolio_uuid::text AS "portfolioUuid" FROM candidate WHERE id = ${candidateId}`;
      await sql.$executeRaw`DELETE FROM preview WHERE candidate_id = ${candidateId} AND posted_transaction_uuid IS NULL`;
      await insertPreviews(
        [
          {
            candidateId,
            status: 'EDIT',
            candidateVersion: c!.version,
            edited: true,
            portfolioUuid: c!.portfolioUuid,
            holdingQuantity: edit.holdingQuantity,
            rows,
            byName,
          },
        ],
        lineIds,
      );
      await this.markEdited(headerId, byName);
    },
    /** A header's unposted preview for an edit, locked until the edit commits; null when the header has none such. */
    async previewForEdit(headerId: number, previewUuid: string) {
      const [p] = await sql.$queryRaw<
        {
          id: number;
          ord: number;
          status: string;
          version: number;
          transactionType: string;
          holdingQuantity: string;
          proceeds: string | null;
          expense: string | null;
          posted: boolean;
          candidateId: number;
          candidateStatus: string;
          group2Quantity: string | null;
        }[]
      >`
        SELECT p.id, p.ord, p.status, p.version, p.transaction_type AS "transactionType",
               p.holding_quantity::text AS "holdingQuantity", p.proceeds::text AS proceeds, p.expense::text AS expense,
               p.posted_transaction_uuid IS NOT NULL AS posted, c.id AS "candidateId", c.status AS "candidateStatus",
               c.group2_quantity::text AS "group2Quantity"
        FROM preview p JOIN candidate c ON c.id = p.candidate_id
        WHERE c.header_id = ${headerId} AND p.uuid = ${previewUuid}::uuid FOR UPDATE OF p`;
      return p ?? null;
    },
    /** A preview's figures edited (EDIT); the header is then EDIT. */
    async editPreview(
      headerId: number,
      previewId: number,
      edit: {
        holdingQuantity: string;
        quantity: string | null;
        consideration: string | null;
        proceeds: string | null;
        expense: string | null;
        marketValue: string | null;
      },
      byName: string,
    ) {
      await sql.$executeRaw`
        UPDATE preview SET holding_quantity = ${edit.holdingQuantity}::numeric, quantity = ${edit.quantity}::numeric,
          consideration = ${edit.consideration}::numeric, proceeds = ${edit.proceeds}::numeric,
          expense = ${edit.expense}::numeric, market_value = ${edit.marketValue}::numeric, status = 'EDIT',
          edited = true, version = version + 1, updated_at = now(), updated_by_name = ${byName}
        WHERE id = ${previewId}`;
      await this.markEdited(headerId, byName);
    },
    async markEdited(headerId: number, byName: string) {
      await sql.$executeRaw`
        UPDATE header SET status = 'EDIT', edited = true, updated_at = now(), updated_by_name = ${byName}
        WHERE id = ${headerId} AND status = 'PENDING'`;
    },

    /**
     * A refresh begins: every candidate not yet posted is marked stale until the ledger shows its holder again.
     * Answers how many candidates the header had.
     */
    async beginRefresh(headerId: number): Promise<number> {
      await sql.$executeRaw`
        UPDATE candidate SET stale = true
        WHERE header_id = ${headerId} AND status IN ('PENDING', 'EDIT', 'EXCLUDED', 'PENDING_DIFF', 'FAILED')`;
      return this.candidateCount(headerId);
    },
    /**
     * A holder found again: a new one is added (`newStatus`). One whose holding differs from its candidate's gets
     * the ledger's figures and rows again and is PENDING_DIFF (its rows EXCLUDED until it is included again),
     * unless the processing override lets Gains take the new figures without a review (`replaceDecision`): then
     * it keeps its status with the new figures and rows. An equal one, or one already posted, is left as it is.
     * Answers whether it now differs (PENDING_DIFF).
     */
    async refreshCandidate(
      headerId: number,
      c: CandidateWrite,
      rows: PreviewRow[],
      lineIds: Map<number, number>,
      newStatus: string,
      /** the date the holding is read at, as the reason names it; a movement's also differs when its cost does */
      at: 'ex-date' | 'trade date' = 'ex-date',
      override: ProcessingOverride = NO_PROCESSING_OVERRIDE,
    ): Promise<boolean> {
      const [found] = await sql.$queryRaw<
        {
          id: number;
          status: string;
          edited: boolean;
          holdingQuantity: string;
          cgtCost: string | null;
          stale: boolean;
          rowCount: number;
          acquisitionDate: string | null;
        }[]
      >`
        SELECT id, status, edited, holding_quantity::text AS "holdingQuantity", cgt_cost::text AS "cgtCost", stale,
               (SELECT count(*)::int FROM preview p WHERE p.candidate_id = candidate.id) AS "rowCount",
               (SELECT to_char(min(p.acquisition_date), 'YYYY-MM-DD') FROM preview p
                 WHERE p.candidate_id = candidate.id) AS "acquisitionDate"
        FROM candidate
        WHERE header_id = ${headerId} AND portfolio_uuid = ${c.portfolioUuid}::uuid AND security_id = ${c.securityId}
        FOR UPDATE`;
      if (!found) {
        await this.addCandidate(headerId, { ...c, status: newStatus }, rows, lineIds);
        return newStatus === 'PENDING_DIFF';
      }
      const g = c.groups;
      const [same] = await sql.$queryRaw<{ quantity: boolean; cost: boolean; groups: boolean; marketValue: boolean }[]>`
        SELECT ${found.holdingQuantity}::numeric = ${c.holdingQuantity}::numeric AS quantity,
               ${found.cgtCost}::numeric IS NOT DISTINCT FROM ${c.cgtCost}::numeric AS cost,
               (${g === undefined} OR (group1_fifo, group2_fifo, group1_lifo, group2_lifo, group1_average, group2_average)
                  IS NOT DISTINCT FROM (${g?.group1Fifo ?? null}::numeric, ${g?.group2Fifo ?? null}::numeric,
                                        ${g?.group1Lifo ?? null}::numeric, ${g?.group2Lifo ?? null}::numeric,
                                        ${g?.group1Average ?? null}::numeric, ${g?.group2Average ?? null}::numeric))
                 AS groups,
               market_valuation IS NOT DISTINCT FROM ${c.marketValuation}::numeric AS "marketValue"
          FROM candidate WHERE id = ${found.id}`;
      // a transfer at cost moves the holding's CGT cost, so a movement's candidate differs when that changed too, and
      // when it can move now and could not before (a price or a cost it lacked), or the other way round
      const movable = rows.length > 0;
      const movability = at === 'trade date' && found.rowCount > 0 !== movable;
      const acquisitionDate = rows.find((r) => r.acquisitionDate)?.acquisitionDate ?? null;
      const decision = replaceDecision(
        {
          quantity: !same?.quantity,
          groups: at === 'ex-date' && !same?.groups,
          cost: !same?.cost,
          costDecidesRows: at === 'trade date',
          movability,
          marketValue: !same?.marketValue,
          acquisitionDate: found.rowCount > 0 && movable && (found.acquisitionDate ?? null) !== acquisitionDate,
        },
        { status: found.status, edited: found.edited },
        override,
      );
      if (!found.stale || decision === 'same') {
        await sql.$executeRaw`UPDATE candidate SET stale = false WHERE id = ${found.id}`;
        return false;
      }
      const status = decision === 'replace' ? (movable ? found.status : 'EXCLUDED') : 'PENDING_DIFF';
      const reason =
        same?.quantity && movability
          ? movable
            ? `The holding can move now: the ledger has the figures it lacked at the ${at}`
            : c.failureReason || 'The holding cannot move now'
          : !same?.quantity
            ? `The ledger now holds ${plainDecimal(c.holdingQuantity)} at the ${at}; the candidate had ${plainDecimal(found.holdingQuantity)}`
            : at === 'ex-date' && !same?.groups
              ? `The ledger's trades in the distribution period now make Group 1 ${plainDecimal(g?.group1Quantity ?? '0')} and Group 2 ${plainDecimal(g?.group2Quantity ?? '0')}`
              : !same?.cost
                ? `The holding’s CGT cost at the ${at} is now ${plainDecimal(c.cgtCost ?? '0')}; the candidate had ${plainDecimal(found.cgtCost ?? '0')}`
                : !same?.marketValue
                  ? `The holding’s market value at the ${at} is now ${plainDecimal(c.marketValuation ?? '0')}`
                  : `The holding’s original acquisition date is now ${acquisitionDate ?? 'none'}; the candidate had ${found.acquisitionDate ?? 'none'}`;
      await sql.$executeRaw`
        UPDATE candidate SET holding_quantity = ${c.holdingQuantity}::numeric, cgt_cost = ${c.cgtCost}::numeric,
          price = ${c.price}::numeric, market_valuation = ${c.marketValuation}::numeric, status = ${status},
          group1_fifo = ${c.groups?.group1Fifo ?? null}::numeric, group2_fifo = ${c.groups?.group2Fifo ?? null}::numeric,
          group1_lifo = ${c.groups?.group1Lifo ?? null}::numeric, group2_lifo = ${c.groups?.group2Lifo ?? null}::numeric,
          group1_average = ${c.groups?.group1Average ?? null}::numeric,
          group2_average = ${c.groups?.group2Average ?? null}::numeric,
          group1_quantity = ${c.groups?.group1Quantity ?? null}::numeric,
          group2_quantity = ${c.groups?.group2Quantity ?? null}::numeric,
          stale = false, version = version + 1, updated_at = now(), updated_by_name = 'Gains',
          transfer_quantity = coalesce(${c.transferQuantity ?? null}::numeric, transfer_quantity),
          failure_reason = ${decision === 'replace' ? `Replaced by the ledger’s figures: ${reason}` : reason}
        WHERE id = ${found.id}`;
      const [v] = await sql.$queryRaw<{ version: number }[]>`SELECT version FROM candidate WHERE id = ${found.id}`;
      await sql.$executeRaw`DELETE FROM preview WHERE candidate_id = ${found.id} AND posted_transaction_uuid IS NULL`;
      await insertPreviews(
        [
          {
            ...c,
            candidateId: found.id,
            // a replaced candidate's rows are proposed as it is (an excluded one's stay excluded)
            status: decision === 'replace' ? status : 'EXCLUDED',
            candidateVersion: v!.version,
            edited: false,
            rows,
          },
        ],
        lineIds,
      );
      return decision === 'review';
    },
    /** A refresh ends: the candidates the ledger no longer shows holding are PENDING_DIFF; answers how many. */
    async endRefresh(headerId: number, at: 'ex-date' | 'trade date' = 'ex-date'): Promise<number> {
      // nothing is held now, so nothing is proposed
      await sql.$executeRaw`
        DELETE FROM preview WHERE posted_transaction_uuid IS NULL
          AND candidate_id IN (SELECT id FROM candidate WHERE header_id = ${headerId} AND stale)`;
      const gone = await sql.$executeRaw`
        UPDATE candidate SET status = 'PENDING_DIFF', stale = false, version = version + 1, updated_at = now(),
          updated_by_name = 'Gains', failure_reason = ${`The ledger no longer shows this holding at the ${at}; the candidate had `} || trim_scale(holding_quantity)::text,
          holding_quantity = 0, market_valuation = 0,
          transfer_quantity = CASE WHEN transfer_quantity IS NULL THEN NULL ELSE 0 END
        WHERE header_id = ${headerId} AND stale`;
      await sql.$executeRaw`
        UPDATE preview SET status = 'EXCLUDED', updated_at = now()
        WHERE candidate_id IN (SELECT id FROM candidate WHERE header_id = ${headerId} AND status = 'PENDING_DIFF')
          AND posted_transaction_uuid IS NULL`;
      return gone;
    },
    /** The header's edited flag and how many candidates differ from the ledger. */
    async refreshed(headerId: number): Promise<{ edited: boolean; differing: number }> {
      const [row] = await sql.$queryRaw<{ edited: boolean; differing: number }[]>`
        SELECT h.edited, (SELECT count(*)::int FROM candidate c WHERE c.header_id = h.id AND c.status = 'PENDING_DIFF')
               AS differing
        FROM header h WHERE h.id = ${headerId}`;
      return row ?? { edited: false, differing: 0 };
    },
    /** A portfolio movement's out and in portfolios, in order. */
    async movements(headerId: number): Promise<(PortfolioRef & { direction: string; transferPercentage: string })[]> {
      return sql.$queryRaw`
        SELECT direction, client_uuid::text AS "clientUuid", client_code AS "clientCode", client_name AS "clientName",
               portfolio_uuid::text AS "portfolioUuid", portfolio_code AS "portfolioCode",
               portfolio_name AS "portfolioName", transfer_percentage::text AS "transferPercentage"
        FROM movement_portfolio WHERE header_id = ${headerId} ORDER BY direction DESC, ord, id`;
    },

    async candidateCount(headerId: number): Promise<number> {
      const [row] = await sql.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM candidate WHERE header_id = ${headerId}`;
      return row?.n ?? 0;
    },
  };
}
