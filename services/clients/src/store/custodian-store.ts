import crypto from 'node:crypto';
import type pg from 'pg';
import type { HoldingRow } from '../domain/holding-rules';
import type { HoldingDifference } from '../domain/import-rules';
import type { Pair } from './ledger-store';

/** A holding the custodian agrees with on a date (the ledger's own oversold flag beside it). */
export interface AgreedHolding {
  portfolioId: number;
  securityId: number;
  date: string;
  /** The ledger itself disposes of more than it holds at some date: its rec break stays. */
  ledgerRecBreak: boolean;
}

/** The key that keeps a later file from raising an identical break again: same holding, date and both figures. */
function breakKey(d: HoldingDifference): string {
  const h = d.holding;
  return `${h.portfolioId}|${h.securityId}|${h.date}|${h.quantity}|${d.ledgerQuantity}`;
}

/**
 * A custodian reconciliation's writes, each inside the caller's transaction (the job runner's chunk, a pg client),
 * so a chunk's breaks, flags and the task's cursor commit together.
 */
export function createCustodianStore() {
  return {
    /** The settled rows of each pair, as deriving a holding reads them (rows of a takeover into it included). */
    async holdingRowsIn(
      db: pg.ClientBase,
      organisationUuid: string,
      pairs: readonly Pair[],
    ): Promise<Map<string, HoldingRow[]>> {
      const out = new Map<string, HoldingRow[]>();
      if (pairs.length === 0) return out;
      const { rows } = await db.query<{
        portfolioId: number;
        securityId: number;
        newSecurityId: number | null;
        quantity: string;
        ratio: string | null;
        tradeDate: string;
        timing: string;
        effect: string;
      }>(
        `SELECT t.portfolio_id AS "portfolioId", t.security_id AS "securityId", t.new_security_id AS "newSecurityId",
                t.quantity::text AS quantity, t.ratio, t.trade_date::text AS "tradeDate", t.timing, tt.effect
           FROM ledger_transaction t JOIN transaction_type tt ON tt.id = t.type_id
          WHERE t.organisation_uuid = $1::uuid AND t.state = 'SETTLED' AND t.portfolio_id = ANY($2::int[])
          ORDER BY t.trade_date, t.id`,
        [organisationUuid, [...new Set(pairs.map((p) => p.portfolioId))]],
      );
      for (const p of pairs) {
        out.set(
          `${p.portfolioId}|${p.securityId}`,
          rows
            .filter(
              (r) =>
                r.portfolioId === p.portfolioId && (r.securityId === p.securityId || r.newSecurityId === p.securityId),
            )
            .map((r) => ({
              securityId: r.securityId,
              effect: r.effect,
              quantity: r.quantity,
              ratio: r.ratio,
              newSecurityId: r.newSecurityId,
              tradeDate: r.tradeDate,
              timing: r.timing,
            })),
        );
      }
      return out;
    },

    /**
     * One chunk of a custodian file reconciled: each difference not raised before (natural key) a custodian break;
     * every differing holding flagged as a rec break; a holding the custodian now agrees with cleared, unless the
     * ledger itself oversells it or a break stands for a later date; the portfolios' and owners' counts kept; the
     * task's cursor and rows moved. Answers the differences raised now (the chunk's monitor logs).
     */
    async recordChunkIn(
      db: pg.ClientBase,
      task: { id: number; organisationUuid: string },
      chunk: { differences: readonly HoldingDifference[]; agreed: readonly AgreedHolding[]; rows: number },
      nextCursor: number,
    ): Promise<HoldingDifference[]> {
      const organisationUuid = task.organisationUuid;
      const { differences, agreed } = chunk;
      const { rows: fresh } = await db.query<{ natural_key: string }>(
        `INSERT INTO imported_row (organisation_uuid, kind, natural_key, task_id)
         SELECT $1::uuid, 'CUSTODIAN_BREAK', k, $2::int FROM unnest($3::text[]) AS k
         ON CONFLICT DO NOTHING RETURNING natural_key`,
        [organisationUuid, task.id, differences.map(breakKey)],
      );
      const freshKeys = new Set(fresh.map((r) => r.natural_key));
      const raised = differences.filter((d) => freshKeys.delete(breakKey(d)));
      if (raised.length > 0) {
        const column = <T>(f: (d: HoldingDifference) => T) => raised.map(f);
        await db.query(
          `INSERT INTO custodian_break (uuid, organisation_uuid, task_id, portfolio_id, security_id, as_at,
                                        custodian_quantity, ledger_quantity, difference, message)
           SELECT u, $1::uuid, $2::int, p, s, d, c, l, x, m
             FROM unnest($3::uuid[], $4::int[], $5::int[], $6::date[], $7::numeric[], $8::numeric[], $9::numeric[],
                         $10::text[]) AS t(u, p, s, d, c, l, x, m)`,
          [
            organisationUuid,
            task.id,
            column(() => crypto.randomUUID()),
            column((d) => d.holding.portfolioId),
            column((d) => d.holding.securityId),
            column((d) => d.holding.date),
            column((d) => d.holding.quantity),
            column((d) => d.ledgerQuantity),
            column((d) => d.difference),
            column((d) => d.message),
          ],
        );
      }
      if (differences.length > 0) {
        // A holding the ledger never had gets a row of its own, at nil, so its break shows.
        await db.query(
          `INSERT INTO holding (portfolio_id, security_id, organisation_uuid, quantity, rec_break)
           SELECT DISTINCT p, s, $1::uuid, 0, true FROM unnest($2::int[], $3::int[]) AS u(p, s)
           ON CONFLICT (portfolio_id, security_id) DO UPDATE SET rec_break = true`,
          [
            organisationUuid,
            differences.map((d) => d.holding.portfolioId),
            differences.map((d) => d.holding.securityId),
          ],
        );
      }
      const clearing = agreed.filter((a) => !a.ledgerRecBreak);
      if (clearing.length > 0) {
        await db.query(
          `UPDATE holding h SET rec_break = false
             FROM unnest($2::int[], $3::int[], $4::date[]) AS u(p, s, d)
            WHERE h.organisation_uuid = $1::uuid AND h.portfolio_id = u.p AND h.security_id = u.s AND h.rec_break
              AND NOT EXISTS (SELECT 1 FROM custodian_break b
                               WHERE b.organisation_uuid = $1::uuid AND b.portfolio_id = u.p AND b.security_id = u.s
                                 AND b.as_at > u.d)`,
          [
            organisationUuid,
            clearing.map((a) => a.portfolioId),
            clearing.map((a) => a.securityId),
            clearing.map((a) => a.date),
          ],
        );
      }
      const portfolioIds = [
        ...new Set([...differences.map((d) => d.holding.portfolioId), ...clearing.map((a) => a.portfolioId)]),
      ];
      if (portfolioIds.length > 0) {
        await db.query(
          `UPDATE portfolio p
              SET rec_breaks = (SELECT count(*)::int FROM holding h WHERE h.portfolio_id = p.id AND h.rec_break)
            WHERE p.id = ANY($1::int[]) AND p.organisation_uuid = $2::uuid`,
          [portfolioIds, organisationUuid],
        );
        // The clients grid's Holding Breaks: each owner's rec breaks over every portfolio it owns.
        await db.query(
          `UPDATE client c
              SET holding_breaks = (SELECT coalesce(sum(p.rec_breaks), 0)::int
                                      FROM portfolio_owner po JOIN portfolio p ON p.id = po.portfolio_id
                                     WHERE po.client_id = c.id)
            WHERE c.organisation_uuid = $1::uuid
              AND c.id IN (SELECT client_id FROM portfolio_owner WHERE portfolio_id = ANY($2::int[]))`,
          [organisationUuid, portfolioIds],
        );
      }
      await db.query(`UPDATE import_task SET cursor = $2, rows_posted = rows_posted + $3 WHERE id = $1`, [
        task.id,
        nextCursor,
        chunk.rows,
      ]);
      return raised;
    },

    /** The owners' client codes of each portfolio (a monitor log names the client), in code order. */
    async ownerCodesIn(
      db: pg.ClientBase,
      organisationUuid: string,
      portfolioIds: readonly number[],
    ): Promise<Map<number, string[]>> {
      const out = new Map<number, string[]>();
      if (portfolioIds.length === 0) return out;
      const { rows } = await db.query<{ portfolioId: number; code: string }>(
        `SELECT po.portfolio_id AS "portfolioId", c.code
           FROM portfolio_owner po JOIN client c ON c.id = po.client_id JOIN portfolio p ON p.id = po.portfolio_id
          WHERE p.organisation_uuid = $1::uuid AND po.portfolio_id = ANY($2::int[]) ORDER BY c.code`,
        [organisationUuid, [...new Set(portfolioIds)]],
      );
      for (const r of rows) out.set(r.portfolioId, [...(out.get(r.portfolioId) ?? []), r.code]);
      return out;
    },

    /** Breaks a task raised (its message at the end). */
    async breakCountIn(db: pg.ClientBase, taskId: number): Promise<number> {
      const { rows } = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM custodian_break WHERE task_id = $1',
        [taskId],
      );
      return rows[0]?.n ?? 0;
    },

    /** Moves a task's posted and skipped rows (a prices upload's counts, known only at its end). */
    async addCountsIn(db: pg.ClientBase, taskId: number, counts: { posted: number; skipped: number }): Promise<void> {
      await db.query(
        'UPDATE import_task SET rows_posted = rows_posted + $2, rows_skipped = rows_skipped + $3 WHERE id = $1',
        [taskId, counts.posted, counts.skipped],
      );
    },
  };
}
export type CustodianStore = ReturnType<typeof createCustodianStore>;
