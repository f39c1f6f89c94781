import { rawSql } from '@gains/db';
import type pg from 'pg';
import type { PreviewHeader, PreviewLine, PreviewRow } from '../domain/candidate-previews';
import type { PortfolioRef } from '../domain/deps';

/** A corporate action as its jobs read it: the terms the previews are made from. */
export interface RunHeader extends PreviewHeader {
  id: number;
  uuid: string;
  organisationUuid: string;
  code: string;
  status: string;
  quantityDecimalPlaces: number;
  lines: (PreviewLine & { id: number })[];
}

/** A proposed ledger row as the posting job sends it. */
export interface PostingRow {
  id: number;
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
}

/**
 * The pipeline's reads and writes inside a job's chunk transaction (`tx`, a pg client: they commit with the chunk's
 * cursor), over plain SQL in the documents schema.
 */
export function pipelineStore(tx: pg.ClientBase) {
  const sql = rawSql(tx);
  return {
    async header(headerUuid: string): Promise<RunHeader | null> {
      const [h] = await sql.$queryRaw<(Omit<RunHeader, 'lines' | 'effect'> & { effect: RunHeader['effect'] })[]>`
        SELECT h.id, h.uuid::text AS uuid, h.organisation_uuid::text AS "organisationUuid", h.code, h.status,
               t.effect, h.security_id AS "securityId", to_char(h.ex_date, 'YYYY-MM-DD') AS "exDate",
               to_char(h.pay_date, 'YYYY-MM-DD') AS "payDate", h.parent_security_price::text AS "parentSecurityPrice",
               h.quantity_decimal_places AS "quantityDecimalPlaces"
        FROM header h JOIN document_type t ON t.id = h.document_type_id WHERE h.uuid = ${headerUuid}::uuid`;
      if (!h) return null;
      const lines = await sql.$queryRaw<(PreviewLine & { id: number })[]>`
        SELECT l.id, d.ord, d.transaction_type_name AS "transactionTypeName", l.rate::text AS rate,
               l.per_parent::text AS "perParent", l.price::text AS price,
               CASE WHEN l.new_security THEN l.security_id END AS "newSecurityId",
               l.quantity_decimal_places AS "newSecurityDecimals", l.apportionment_factor::text AS "apportionmentFactor"
        FROM header_line l JOIN line_definition d ON d.id = l.line_definition_id
        WHERE l.header_id = ${h.id} ORDER BY d.ord, l.id`;
      return { ...h, lines };
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
      const inserted = await sql.$queryRaw<{ id: number; portfolioUuid: string }[]>`
        INSERT INTO candidate (uuid, header_id, status, client_uuid, client_code, client_name, portfolio_uuid,
          portfolio_code, portfolio_name, security_id, decimal_places, as_at_date, holding_quantity, cgt_cost, price,
          market_valuation, created_by_name, updated_by_name)
        SELECT gen_random_uuid(), ${headerId}, c.status, c."clientUuid", c."clientCode", c."clientName",
          c."portfolioUuid", c."portfolioCode", c."portfolioName", c."securityId", c."decimalPlaces", c."asAtDate",
          c."holdingQuantity", c."cgtCost", c.price, c."marketValuation", 'Gains', 'Gains'
        FROM json_to_recordset(${JSON.stringify(holders.map((h) => h.candidate))}::json) AS c(status text,
          "clientUuid" uuid, "clientCode" text, "clientName" text, "portfolioUuid" uuid, "portfolioCode" text,
          "portfolioName" text, "securityId" int, "decimalPlaces" int, "asAtDate" date, "holdingQuantity" numeric,
          "cgtCost" numeric, price numeric, "marketValuation" numeric)
        ON CONFLICT (header_id, portfolio_uuid, security_id) DO NOTHING
        RETURNING id, portfolio_uuid::text AS "portfolioUuid"`;
      const ids = new Map(inserted.map((c) => [c.portfolioUuid, c.id]));
      const previews = holders.flatMap(({ candidate: c, rows }) => {
        const candidateId = ids.get(c.portfolioUuid.toLowerCase());
        return candidateId === undefined
          ? []
          : rows.map((r, ord) => ({
              candidateId,
              headerLineId: lineIds.get(r.lineOrd) ?? null,
              status: c.status,
              transactionType: r.transactionType,
              ord,
              portfolioUuid: c.portfolioUuid,
              securityId: r.securityId,
              tradeDate: r.tradeDate,
              holdingQuantity: c.holdingQuantity,
              quantity: r.quantity ?? null,
              price: r.price ?? null,
              consideration: r.consideration ?? null,
              marketValue: r.marketValue ?? null,
              newSecurityId: r.newSecurityId ?? null,
              ratio: r.ratio ?? '',
              apportionmentFactor: r.apportionmentFactor ?? null,
            }));
      });
      if (previews.length === 0) return;
      await sql.$executeRaw`
        INSERT INTO preview (uuid, candidate_id, header_line_id, status, candidate_version, transaction_type, ord,
          portfolio_uuid, security_id, trade_date, holding_quantity, quantity, price, consideration, proceeds,
          market_value, new_security_id, ratio, apportionment_factor)
        SELECT gen_random_uuid(), p."candidateId", p."headerLineId", p.status, 1, p."transactionType", p.ord,
          p."portfolioUuid", p."securityId", p."tradeDate", p."holdingQuantity", p.quantity, p.price, p.consideration,
          p.consideration, p."marketValue", p."newSecurityId", p.ratio, p."apportionmentFactor"
        FROM json_to_recordset(${JSON.stringify(previews)}::json) AS p("candidateId" int, "headerLineId" int,
          status text, "transactionType" text, ord int, "portfolioUuid" uuid, "securityId" int, "tradeDate" date,
          "holdingQuantity" numeric, quantity numeric, price numeric, consideration numeric, "marketValue" numeric,
          "newSecurityId" int, ratio text, "apportionmentFactor" numeric)`;
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
        SELECT p.id, p.candidate_id AS "candidateId", p.transaction_type AS "transactionType",
               p.portfolio_uuid::text AS "portfolioUuid", p.security_id AS "securityId",
               to_char(p.trade_date, 'YYYY-MM-DD') AS "tradeDate", p.quantity::text AS quantity,
               p.price::text AS price, p.consideration::text AS consideration, p.market_value::text AS "marketValue",
               p.new_security_id AS "newSecurityId", p.ratio
        FROM preview p WHERE p.candidate_id = ANY(${candidates.map((c) => c.id)}::int[]) AND p.create_transaction
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
    /** Removes up to `limit` of a header's candidates (their previews with them); answers how many. */
    async removeCandidates(headerId: number, limit: number): Promise<number> {
      return sql.$executeRaw`
        DELETE FROM candidate WHERE id IN (SELECT id FROM candidate WHERE header_id = ${headerId} ORDER BY id LIMIT ${limit})`;
    },

    /** A header's candidate for an edit, locked until the edit commits; null when the header has none such. */
    async candidateForEdit(headerId: number, candidateUuid: string) {
      const [c] = await sql.$queryRaw<
        { id: number; status: string; version: number; holdingQuantity: string; portfolioUuid: string }[]
      >`
        SELECT id, status, version, holding_quantity::text AS "holdingQuantity", portfolio_uuid::text AS "portfolioUuid"
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
      },
      rows: PreviewRow[],
      lineIds: Map<number, number>,
      byName: string,
    ) {
      await sql.$executeRaw`
        UPDATE candidate SET holding_quantity = ${edit.holdingQuantity}::numeric, cgt_cost = ${edit.cgtCost}::numeric,
          group1_quantity = ${edit.group1Quantity}::numeric, group2_quantity = ${edit.group2Quantity}::numeric,
          status = 'EDIT', edited = true, version = version + 1, updated_at = now(), updated_by_name = ${byName}
        WHERE id = ${candidateId}`;
      const [c] = await sql.$queryRaw<{ version: number; portfolioUuid: string }[]>`
        SELECT version, portfolio_uuid::text AS "portfolioUuid" FROM candidate WHERE id = ${candidateId}`;
      await sql.$executeRaw`DELETE FROM preview WHERE candidate_id = ${candidateId} AND posted_transaction_uuid IS NULL`;
      for (const [ord, r] of rows.entries())
        await sql.$executeRaw`
          INSERT INTO preview (uuid, candidate_id, header_line_id, status, candidate_version, transaction_type, ord,
            portfolio_uuid, security_id, trade_date, holding_quantity, quantity, price, consideration, proceeds,
            market_value, new_security_id, ratio, apportionment_factor, edited)
          VALUES (gen_random_uuid(), ${candidateId}, ${lineIds.get(r.lineOrd) ?? null}, 'EDIT', ${c!.version},
            ${r.transactionType}, ${ord}, ${c!.portfolioUuid}::uuid, ${r.securityId}, ${r.tradeDate}::date,
            ${edit.holdingQuantity}::numeric, ${r.quantity ?? null}::numeric, ${r.price ?? null}::numeric,
            ${r.consideration ?? null}::numeric, ${r.consideration ?? null}::numeric, ${r.marketValue ?? null}::numeric,
            ${r.newSecurityId ?? null}, ${r.ratio ?? ''}, ${r.apportionmentFactor ?? null}::numeric, true)`;
      await this.markEdited(headerId, byName);
    },
    async markEdited(headerId: number, byName: string) {
      await sql.$executeRaw`
        UPDATE header SET status = 'EDIT', edited = true, updated_at = now(), updated_by_name = ${byName}
        WHERE id = ${headerId} AND status = 'PENDING'`;
    },

    async candidateCount(headerId: number): Promise<number> {
      const [row] = await sql.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM candidate WHERE header_id = ${headerId}`;
      return row?.n ?? 0;
    },
  };
}
