import type { RawSql } from '@gains/db';
import type { HoldingRow } from '../domain/holding-rules';

/** A portfolio that has rows on a security: what a holder list shows of it. */
export interface HolderPortfolio {
  id: number;
  uuid: string;
  code: string;
  name: string;
  taxWrapper: string;
  owners: { clientUuid: string; clientCode: string; clientName: string; percentage: string }[];
  cgtCost: string | null;
  /** an owner has rows on the security traded on or after the day asked about: today's cost is not that day's */
  costMovedSince: boolean;
}

/**
 * A corporate action's holders (ListHolders), over plain pg: the organisation's portfolios with settled rows on the
 * security (or receiving it), a page at a time by portfolio id, and those portfolios' rows on it traded before a
 * day. Every read names the organisation.
 */
export function createHoldersStore(db: RawSql) {
  return {
    async portfolios(
      organisationUuid: string,
      securityId: number,
      afterId: number,
      limit: number,
      since: string,
    ): Promise<HolderPortfolio[]> {
      const rows = await db.$queryRaw<(Omit<HolderPortfolio, 'owners'> & { owners: HolderPortfolio['owners'] })[]>`
        SELECT p.id, p.uuid::text AS uuid, p.code, p.name, p.tax_wrapper AS "taxWrapper",
               h.cgt_cost::text AS "cgtCost",
               (SELECT json_agg(json_build_object('clientUuid', c.uuid, 'clientCode', c.code, 'clientName', c.name,
                                                  'percentage', po.percentage::text) ORDER BY po.percentage DESC, c.code)
                  FROM portfolio_owner po JOIN client c ON c.id = po.client_id WHERE po.portfolio_id = p.id) AS owners,
               EXISTS (SELECT 1 FROM portfolio_owner po JOIN portfolio_owner other ON other.client_id = po.client_id
                         JOIN ledger_transaction t ON t.portfolio_id = other.portfolio_id
                        WHERE po.portfolio_id = p.id AND t.trade_date >= ${since}::date
                          AND (t.security_id = ${securityId} OR t.new_security_id = ${securityId})) AS "costMovedSince"
        FROM portfolio p
        LEFT JOIN holding h ON h.portfolio_id = p.id AND h.security_id = ${securityId}
        WHERE p.organisation_uuid = ${organisationUuid}::uuid AND p.id > ${afterId}
          AND EXISTS (SELECT 1 FROM ledger_transaction t WHERE t.portfolio_id = p.id
                        AND (t.security_id = ${securityId} OR t.new_security_id = ${securityId}))
        ORDER BY p.id LIMIT ${limit}`;
      return rows.map((r) => ({ ...r, owners: r.owners ?? [] }));
    },

    /** How many of the organisation's portfolios `portfolios` pages over for the security. */
    async portfolioCount(organisationUuid: string, securityId: number): Promise<number> {
      const [row] = await db.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM portfolio p
        WHERE p.organisation_uuid = ${organisationUuid}::uuid
          AND EXISTS (SELECT 1 FROM ledger_transaction t WHERE t.portfolio_id = p.id
                        AND (t.security_id = ${securityId} OR t.new_security_id = ${securityId}))`;
      return row?.n ?? 0;
    },

    /** The settled rows on the security of these portfolios traded before `beforeDate`, by portfolio. */
    async rows(portfolioIds: number[], securityId: number, beforeDate: string): Promise<Map<number, HoldingRow[]>> {
      const rows = await db.$queryRaw<(HoldingRow & { portfolioId: number })[]>`
        SELECT t.portfolio_id AS "portfolioId", t.security_id AS "securityId", ty.effect, t.quantity::text AS quantity,
               t.ratio, t.new_security_id AS "newSecurityId", to_char(t.trade_date, 'YYYY-MM-DD') AS "tradeDate",
               COALESCE(t.timing, '') AS timing
        FROM ledger_transaction t JOIN transaction_type ty ON ty.id = t.type_id
        WHERE t.portfolio_id = ANY(${portfolioIds}::int[]) AND t.state = 'SETTLED'
          AND (t.security_id = ${securityId} OR t.new_security_id = ${securityId})
          AND t.trade_date < ${beforeDate}::date
        ORDER BY t.portfolio_id, t.trade_date, t.id`;
      const byPortfolio = new Map<number, HoldingRow[]>();
      for (const { portfolioId, ...row } of rows) {
        const list = byPortfolio.get(portfolioId) ?? [];
        list.push(row);
        byPortfolio.set(portfolioId, list);
      }
      return byPortfolio;
    },

    /** The organisation's portfolio's id, null when the organisation has none such. */
    async portfolioId(organisationUuid: string, portfolioUuid: string): Promise<number | null> {
      const rows = await db.$queryRaw<{ id: number }[]>`
        SELECT id FROM portfolio WHERE organisation_uuid = ${organisationUuid}::uuid AND uuid = ${portfolioUuid}::uuid`;
      return rows[0]?.id ?? null;
    },

    /** A portfolio's settled rows on every security traded on or before `atDate`, and each security's figures. */
    async portfolioRows(portfolioId: number, atDate: string) {
      const rows = await db.$queryRaw<(HoldingRow & { acquired: string | null })[]>`
        SELECT t.security_id AS "securityId", ty.effect, t.quantity::text AS quantity, t.ratio,
               t.new_security_id AS "newSecurityId", to_char(t.trade_date, 'YYYY-MM-DD') AS "tradeDate",
               COALESCE(t.timing, '') AS timing,
               to_char(t.original_acquisition_date, 'YYYY-MM-DD') AS acquired
        FROM ledger_transaction t JOIN transaction_type ty ON ty.id = t.type_id
        WHERE t.portfolio_id = ${portfolioId} AND t.state = 'SETTLED' AND t.security_id IS NOT NULL
          AND t.trade_date <= ${atDate}::date
        ORDER BY t.trade_date, t.id`;
      const ids = [
        ...new Set(rows.flatMap((r) => (r.newSecurityId ? [r.securityId, r.newSecurityId] : [r.securityId]))),
      ];
      const securities = await db.$queryRaw<
        { id: number; price: string | null; places: number; cgtCost: string | null; sedol: string; isin: string }[]
      >`
        SELECT s.id, s.price_gbp::text AS price, s.quantity_decimal_places AS places, h.cgt_cost::text AS "cgtCost",
               s.sedol, s.isin
        FROM security s LEFT JOIN holding h ON h.security_id = s.id AND h.portfolio_id = ${portfolioId}
        WHERE s.id = ANY(${ids}::int[]) ORDER BY s.id`;
      return { rows, securities };
    },

    /** The portfolios the organisation's client owns, with its share. */
    async clientPortfolios(organisationUuid: string, clientUuid: string) {
      return db.$queryRaw<
        { id: number; uuid: string; code: string; name: string; taxWrapper: string; percentage: string }[]
      >`
        SELECT p.id, p.uuid::text AS uuid, p.code, p.name, p.tax_wrapper AS "taxWrapper", po.percentage::text AS percentage
        FROM client c JOIN portfolio_owner po ON po.client_id = c.id JOIN portfolio p ON p.id = po.portfolio_id
        WHERE c.organisation_uuid = ${organisationUuid}::uuid AND c.uuid = ${clientUuid}::uuid
          AND p.organisation_uuid = ${organisationUuid}::uuid
        ORDER BY p.code, p.id`;
    },

    /** Whether the organisation has the client. */
    async hasClient(organisationUuid: string, clientUuid: string): Promise<boolean> {
      const rows = await db.$queryRaw<{ n: number }[]>`
        SELECT 1 AS n FROM client WHERE organisation_uuid = ${organisationUuid}::uuid AND uuid = ${clientUuid}::uuid`;
      return rows.length > 0;
    },

    /** The settled rows of these portfolios traded on or before `atDate` (what deriving a holding reads), by portfolio. */
    async rowsAt(portfolioIds: number[], atDate: string): Promise<Map<number, HoldingRow[]>> {
      const rows = await db.$queryRaw<(HoldingRow & { portfolioId: number })[]>`
        SELECT t.portfolio_id AS "portfolioId", t.security_id AS "securityId", ty.effect, t.quantity::text AS quantity,
               t.ratio, t.new_security_id AS "newSecurityId", to_char(t.trade_date, 'YYYY-MM-DD') AS "tradeDate",
               COALESCE(t.timing, '') AS timing
        FROM ledger_transaction t JOIN transaction_type ty ON ty.id = t.type_id
        WHERE t.portfolio_id = ANY(${portfolioIds}::int[]) AND t.state = 'SETTLED' AND t.security_id IS NOT NULL
          AND t.trade_date <= ${atDate}::date
        ORDER BY t.portfolio_id, t.trade_date, t.id`;
      const byPortfolio = new Map<number, HoldingRow[]>();
      for (const { portfolioId, ...row } of rows) {
        const list = byPortfolio.get(portfolioId) ?? [];
        list.push(row);
        byPortfolio.set(portfolioId, list);
      }
      return byPortfolio;
    },

    async securities(ids: number[]) {
      return db.$queryRaw<
        { id: number; sedol: string; isin: string; securityName: string; issuerName: string; cgtClass: string }[]
      >`
        SELECT id, sedol, isin, security_name AS "securityName", issuer_name AS "issuerName", cgt_class AS "cgtClass"
        FROM security WHERE id = ANY(${ids}::int[])`;
    },

    async security(securityId: number): Promise<{ price: string | null; sedol: string; isin: string } | null> {
      const rows = await db.$queryRaw<{ price: string | null; sedol: string; isin: string }[]>`
        SELECT price_gbp::text AS price, sedol, isin FROM security WHERE id = ${securityId}`;
      return rows[0] ?? null;
    },
  };
}

export type HoldersStore = ReturnType<typeof createHoldersStore>;
