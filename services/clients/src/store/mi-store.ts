import { AE_BAND_BOUNDS } from '../domain/mi-rules';
import type { ClientsPrisma } from './prisma';

/** A ledger row as the holding rule reads it, with its portfolio. */
export interface MiHoldingRow {
  portfolioId: number;
  securityId: number;
  effect: string;
  quantity: string;
  ratio: string | null;
  newSecurityId: number | null;
  tradeDate: string;
  timing: string;
}

// The effects that move a holding by adding or taking its quantity (holding-rules.ts): the only ones a sum can add up.
const ADDS = ['BUY', 'TRANSFER_IN', 'SPOUSE_IN', 'RIGHTS_ISSUE', 'OPEN_OFFER'];
const TAKES = ['SELL', 'TRANSFER_OUT', 'GIFT_OUT', 'SPOUSE_OUT', 'REDEMPTION'];
// A holding moved by a ratio or another security's shares cannot be summed: its rows go through the holding rule.
const NOT_ADDITIVE = ['SPLIT', 'CONSOLIDATION', 'BONUS', 'TAKEOVER', 'DEMERGER'];

/** The MI Dashboard's figures the clients service owns: one grouped query each, scoped by the organisation. */
export function createMiStore(prisma: ClientsPrisma) {
  return {
    async clientCounts(organisationUuid: string) {
      const [byState, byBand, [totals]] = await Promise.all([
        prisma.$queryRaw<{ key: string; count: number }[]>`
          SELECT state AS key, count(*)::int AS count FROM client
           WHERE organisation_uuid = ${organisationUuid}::uuid GROUP BY state ORDER BY state`,
        // The band is the number of bounds the figure is above: 0 for £0 or less, bounds.length above the last.
        prisma.$queryRaw<{ band: number; count: number }[]>`
          SELECT CASE WHEN c.annual_exemption_remaining IS NULL THEN -1
                      ELSE (SELECT count(*) FROM unnest(${[...AE_BAND_BOUNDS]}::numeric[]) b
                             WHERE c.annual_exemption_remaining > b) END::int AS band,
                 count(*)::int AS count
            FROM client c WHERE c.organisation_uuid = ${organisationUuid}::uuid GROUP BY 1 ORDER BY 1`,
        prisma.$queryRaw<{ clients: number; failures: number; failing: number; breaks: number; breaking: number }[]>`
          SELECT count(*)::int AS clients,
                 COALESCE(sum(calculation_failures), 0)::int AS failures,
                 count(*) FILTER (WHERE calculation_failures > 0)::int AS failing,
                 COALESCE(sum(holding_breaks), 0)::int AS breaks,
                 count(*) FILTER (WHERE holding_breaks > 0)::int AS breaking
            FROM client WHERE organisation_uuid = ${organisationUuid}::uuid`,
      ]);
      return { byState, byBand, totals: totals! };
    },

    /** Realised figures the tax engine stored on settled rows, by the UK tax year (from 6 April) of the trade date. */
    async realisedByTaxYear(organisationUuid: string) {
      return prisma.$queryRaw<
        { startYear: number; capital: string; income: string; exempt: string; disposals: number }[]
      >`
        SELECT (extract(year FROM t.trade_date)::int
                - CASE WHEN to_char(t.trade_date, 'MM-DD') < '04-06' THEN 1 ELSE 0 END) AS "startYear",
               COALESCE(sum(t.capital_gain_loss), 0)::text AS capital,
               COALESCE(sum(t.income_gain), 0)::text AS income,
               COALESCE(sum(t.exempt_gain_loss), 0)::text AS exempt,
               count(t.capital_gain_loss)::int AS disposals
          FROM portfolio p JOIN ledger_transaction t ON t.portfolio_id = p.id
         WHERE p.organisation_uuid = ${organisationUuid}::uuid AND t.state = 'SETTLED'
           AND (t.capital_gain_loss IS NOT NULL OR t.income_gain IS NOT NULL OR t.exempt_gain_loss IS NOT NULL)
         GROUP BY 1 ORDER BY 1`;
    },

    /**
     * The organisation's quantity of each security at each date, summed in SQL over every (portfolio, security)
     * moved only by adding and taking: each row falls into the first date on or after its trade date (width_bucket,
     * no per-row subquery), and a date's quantity is the sum of its own and earlier buckets. The few (portfolio, security) a ratio or another security
     * moves, or whose disposals ever took more than was held (a rec break floors the holding at zero), are left out
     * and named, with their portfolios' rows, for the holding rule.
     */
    async quantitiesAt(organisationUuid: string, dates: string[]) {
      const last = dates.at(-1)!;
      const special = await prisma.$queryRaw<{ portfolioId: number; securityId: number }[]>`
        SELECT DISTINCT x.portfolio_id AS "portfolioId", x.security_id AS "securityId" FROM (
          SELECT t.portfolio_id, unnest(ARRAY[t.security_id, t.new_security_id]) AS security_id
            FROM portfolio p JOIN ledger_transaction t ON t.portfolio_id = p.id
            JOIN transaction_type ty ON ty.id = t.type_id
           WHERE p.organisation_uuid = ${organisationUuid}::uuid AND t.state = 'SETTLED'
             AND ty.effect = ANY(${NOT_ADDITIVE}::text[]) AND t.trade_date <= ${last}::date
          UNION ALL
          SELECT h.portfolio_id, h.security_id FROM holding h
           WHERE h.organisation_uuid = ${organisationUuid}::uuid AND h.rec_break) x
         WHERE x.security_id IS NOT NULL`;
      // width_bucket counts the dates before the trade date, so +1 is the first date on or after it (1-based).
      const bucketSums = await prisma.$queryRaw<{ k: number; securityId: number; quantity: string }[]>`
        WITH special AS MATERIALIZED (
          SELECT * FROM unnest(${special.map((s) => s.portfolioId)}::int[], ${special.map((s) => s.securityId)}::int[])
            AS s(portfolio_id, security_id)),
        bucketed AS (
          SELECT t.security_id, width_bucket(t.trade_date - 1, ${dates}::date[]) + 1 AS i,
                 sum(CASE WHEN ty.effect = ANY(${ADDS}::text[]) THEN t.quantity ELSE -t.quantity END) AS q
            FROM portfolio p JOIN ledger_transaction t ON t.portfolio_id = p.id
            JOIN transaction_type ty ON ty.id = t.type_id
           WHERE p.organisation_uuid = ${organisationUuid}::uuid AND t.state = 'SETTLED'
             AND t.security_id IS NOT NULL AND t.trade_date <= ${last}::date
             AND ty.effect = ANY(${[...ADDS, ...TAKES]}::text[])
             AND NOT EXISTS (SELECT 1 FROM special s
                              WHERE s.portfolio_id = t.portfolio_id AND s.security_id = t.security_id)
           GROUP BY 1, 2)
        SELECT k, b.security_id AS "securityId", sum(b.q)::text AS quantity
          FROM generate_series(1, ${dates.length}::int) k JOIN bucketed b ON b.i <= k
         GROUP BY k, b.security_id HAVING sum(b.q) <> 0
         ORDER BY 1, 2`;
      const summed = bucketSums.map((r) => ({ date: dates[r.k - 1]!, securityId: r.securityId, quantity: r.quantity }));
      const portfolios = [...new Set(special.map((s) => s.portfolioId))];
      const rows =
        portfolios.length === 0
          ? []
          : await prisma.$queryRaw<MiHoldingRow[]>`
            SELECT t.portfolio_id AS "portfolioId", t.security_id AS "securityId", ty.effect,
                   t.quantity::text AS quantity, t.ratio, t.new_security_id AS "newSecurityId",
                   to_char(t.trade_date, 'YYYY-MM-DD') AS "tradeDate", COALESCE(t.timing, '') AS timing
              FROM ledger_transaction t JOIN transaction_type ty ON ty.id = t.type_id
             WHERE t.portfolio_id = ANY(${portfolios}::int[]) AND t.state = 'SETTLED'
               AND t.security_id IS NOT NULL AND t.trade_date <= ${last}::date
             ORDER BY t.portfolio_id, t.trade_date, t.id`;
      return { summed, special, rows };
    },
  };
}

export type MiStore = ReturnType<typeof createMiStore>;
