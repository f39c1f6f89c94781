import type {
  ExportRow,
  ExportClient,
  ExportPortfolio,
  ExportSecurity,
  ExportSpouse,
} from '../domain/export-client-ledger';
import { Prisma } from './generated/client';
import type { RawSql } from '@gains/db';

/** A ledger row as the export reads it (ExportRow). */
const ROW_COLUMNS =
  Prisma.raw(`t.id, t.uuid::text AS uuid, t.portfolio_id AS "portfolioId", t.security_id AS "securityId",
               to_char(t.trade_date, 'YYYY-MM-DD') AS "tradeDate", ty.effect, t.quantity::text AS quantity,
               t.price::text AS price, t.currency, t.consideration_gbp::text AS "considerationGbp",
               t.expenses_gbp::text AS "expensesGbp",
               to_char(t.original_acquisition_date, 'YYYY-MM-DD') AS "originalAcquisitionDate",
               t.counterparty_name AS "counterpartyName", t.holdover_relief_claimed::text AS "holdoverReliefClaimed",
               t.new_security_id AS "newSecurityId", t.market_value::text AS "marketValue", t.ratio, t.timing`);

/**
 * Reads one client's ledger for the tax engine (ExportClientLedger): the client, its portfolios, and the settled
 * rows of those portfolios a batch at a time by id, so a large ledger is never held whole. Every read names the
 * organisation with the client or portfolio ids it found under it. Over plain pg (rawSql): a firm's
 * recalculation reads every row of the firm through here.
 */
export function createLedgerExportStore(db: RawSql) {
  return {
    async client(organisationUuid: string, clientUuid: string): Promise<ExportClient | null> {
      return (await this.clients(organisationUuid, [clientUuid]))[0] ?? null;
    },

    /** The client's spouse or civil partner today (the latest SPOUSE relationship either way round), or null. */
    async spouse(clientId: number): Promise<ExportSpouse | null> {
      const rows = await db.$queryRaw<ExportSpouse[]>`
        SELECT c.uuid::text AS "clientUuid", c.code, c.name
        FROM relationship r
        JOIN client c ON c.id = CASE WHEN r.parent_client_id = ${clientId} THEN r.child_client_id ELSE r.parent_client_id END
        WHERE (r.parent_client_id = ${clientId} OR r.child_client_id = ${clientId}) AND r.type_code = 'SPOUSE'
          AND r.start_date <= current_date AND (r.end_date IS NULL OR r.end_date >= current_date)
        ORDER BY r.start_date DESC, r.id DESC LIMIT 1`;
      return rows[0] ?? null;
    },

    /**
     * What these portfolios bought less what they sold (GBP, considerations) from `from` on, at least 0: settled
     * rows only, transfers and corporate actions left out. The Taximiser's estimate of a year's ISA subscriptions.
     */
    async netPurchasesSince(portfolioIds: number[], from: string): Promise<string> {
      if (portfolioIds.length === 0) return '0.00';
      const rows = await db.$queryRaw<{ net: string }[]>`
        SELECT GREATEST(COALESCE(sum(CASE ty.effect WHEN 'BUY' THEN t.consideration_gbp ELSE -t.consideration_gbp END), 0), 0)::numeric(20,2)::text AS net
        FROM ledger_transaction t JOIN transaction_type ty ON ty.id = t.type_id
        WHERE t.portfolio_id = ANY(${portfolioIds}::int[]) AND t.trade_date >= ${from}::date
          AND ty.effect IN ('BUY', 'SELL') AND t.state = 'SETTLED'`;
      return rows[0]?.net ?? '0.00';
    },

    /** The organisation's clients of these uuids (others are left out), with their overrides and ledger versions. */
    async clients(organisationUuid: string, clientUuids: string[]): Promise<(ExportClient & { uuid: string })[]> {
      const rows = await db.$queryRaw<
        {
          id: number;
          uuid: string;
          code: string;
          type: string;
          company: boolean;
          deceased: boolean;
          date_deceased: string | null;
          year_end_override: boolean;
          year_end_input: string | null;
          version_ms: number;
        }[]
      >`
        SELECT c.id, c.uuid::text AS uuid, c.code, c.type, c.company, c.deceased,
               to_char(c.date_deceased, 'YYYY-MM-DD') AS date_deceased, c.year_end_override, c.year_end_input,
               (EXTRACT(EPOCH FROM GREATEST(
                  c.updated_at,
                  (SELECT max(o.created_at) FROM tax_override o WHERE o.client_id = c.id),
                  (SELECT max(p.updated_at) FROM portfolio p JOIN portfolio_owner po ON po.portfolio_id = p.id
                    WHERE po.client_id = c.id),
                  (SELECT max(t.updated_at) FROM ledger_transaction t JOIN portfolio_owner po
                    ON po.portfolio_id = t.portfolio_id WHERE po.client_id = c.id)
               )) * 1000)::float8 AS version_ms
        FROM client c WHERE c.uuid = ANY(${clientUuids}::uuid[]) AND c.organisation_uuid = ${organisationUuid}::uuid`;
      if (rows.length === 0) return [];
      const overrides = await db.$queryRaw<
        { client_id: number; tax_year: string; override_type: string; amount: string | null }[]
      >`
        SELECT client_id, tax_year, override_type, amount::text AS amount FROM tax_override
         WHERE client_id = ANY(${rows.map((r) => r.id)}::int[]) ORDER BY client_id, tax_year`;
      return rows.map((row) => ({
        id: row.id,
        uuid: row.uuid.toLowerCase(),
        code: row.code,
        type: row.type,
        company: row.company,
        deceased: row.deceased,
        dateDeceased: row.date_deceased,
        yearEnd: row.year_end_override ? row.year_end_input : null,
        ledgerVersion: Math.round(row.version_ms),
        overrides: overrides
          .filter((o) => o.client_id === row.id)
          .map((o) => ({ taxYear: o.tax_year, type: o.override_type, amount: o.amount })),
      }));
    },

    /**
     * The organisation's clients owning a portfolio, uuids above `after`, at most `limit`, and (when `count`) how
     * many in all.
     */
    async ledgerClients(organisationUuid: string, after: string, limit: number, count: boolean) {
      const rows = await db.$queryRaw<{ uuid: string }[]>`
        SELECT c.uuid::text AS uuid FROM client c
        WHERE c.organisation_uuid = ${organisationUuid}::uuid AND c.uuid > ${after}::uuid
          AND EXISTS (SELECT 1 FROM portfolio_owner po WHERE po.client_id = c.id)
        ORDER BY c.uuid LIMIT ${limit}`;
      if (!count) return { uuids: rows.map((r) => r.uuid), total: 0 };
      const [{ n }] = await db.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM client c WHERE c.organisation_uuid = ${organisationUuid}::uuid
          AND EXISTS (SELECT 1 FROM portfolio_owner po WHERE po.client_id = c.id)`;
      return { uuids: rows.map((r) => r.uuid), total: n };
    },

    async portfolios(clientId: number): Promise<ExportPortfolio[]> {
      return (await this.portfoliosOf([clientId])).map(({ clientId: _, ...p }) => p);
    },

    /** The portfolios the clients own, each with its owner (a joint portfolio once per owner asked for). */
    async portfoliosOf(clientIds: number[]): Promise<(ExportPortfolio & { clientId: number })[]> {
      return db.$queryRaw<(ExportPortfolio & { clientId: number })[]>`
        SELECT po.client_id AS "clientId", p.id, p.uuid::text AS uuid, p.code, p.tax_wrapper AS "taxWrapper",
               po.percentage::text AS percentage
        FROM portfolio_owner po JOIN portfolio p ON p.id = po.portfolio_id
        WHERE po.client_id = ANY(${clientIds}::int[]) ORDER BY po.client_id, p.code, p.id`;
    },

    /**
     * The settled rows of the portfolios (with a resolved security) after (portfolio, id), at most `limit`, in
     * portfolio then id order: a batch of clients' ledgers read a page at a time.
     */
    async rowsOf(
      portfolioIds: number[],
      after: { portfolioId: number; id: bigint },
      limit: number,
    ): Promise<ExportRow[]> {
      if (portfolioIds.length === 0) return [];
      return db.$queryRaw<ExportRow[]>`
        SELECT ${ROW_COLUMNS}
        FROM ledger_transaction t JOIN transaction_type ty ON ty.id = t.type_id
        WHERE t.portfolio_id = ANY(${portfolioIds}::int[]) AND t.state = 'SETTLED' AND t.security_id IS NOT NULL
          AND (t.portfolio_id, t.id) > (${after.portfolioId}::int, ${after.id}::bigint)
        ORDER BY t.portfolio_id, t.id LIMIT ${limit}`;
    },

    /** The settled rows of the portfolios with a resolved security, ids above `afterId`, at most `limit`. */
    async rows(portfolioIds: number[], afterId: bigint, limit: number): Promise<ExportRow[]> {
      if (portfolioIds.length === 0) return [];
      return db.$queryRaw<ExportRow[]>`
        SELECT ${ROW_COLUMNS}
        FROM ledger_transaction t JOIN transaction_type ty ON ty.id = t.type_id
        WHERE t.portfolio_id = ANY(${portfolioIds}::int[]) AND t.id > ${afterId} AND t.state = 'SETTLED'
          AND t.security_id IS NOT NULL
        ORDER BY t.id LIMIT ${limit}`;
    },

    /** The rows of each portfolio the CSV carries (settled, with a security and a ledger effect). */
    async rowCounts(portfolioIds: number[]): Promise<Map<number, number>> {
      if (portfolioIds.length === 0) return new Map();
      const rows = await db.$queryRaw<{ portfolio_id: number; n: bigint }[]>`
        SELECT t.portfolio_id, count(*) AS n
        FROM ledger_transaction t JOIN transaction_type ty ON ty.id = t.type_id
        WHERE t.portfolio_id = ANY(${portfolioIds}::int[]) AND t.state = 'SETTLED' AND t.security_id IS NOT NULL
          AND ty.effect <> ''
        GROUP BY t.portfolio_id`;
      return new Map(rows.map((r) => [r.portfolio_id, Number(r.n)]));
    },

    /** The securities the rows and holdings of the portfolios name (new securities of takeovers too). */
    async securities(portfolioIds: number[]): Promise<ExportSecurity[]> {
      const seen = new Set<number>();
      return (await this.securitiesOf(portfolioIds))
        .filter((s) => !seen.has(s.id) && seen.add(s.id))
        .map(({ portfolioId: _, ...s }) => s);
    },

    /** The same, each with a portfolio that names it, in security id order. */
    async securitiesOf(portfolioIds: number[]): Promise<(ExportSecurity & { portfolioId: number })[]> {
      if (portfolioIds.length === 0) return [];
      return db.$queryRaw<(ExportSecurity & { portfolioId: number })[]>`
        SELECT n.portfolio_id AS "portfolioId", s.id, s.sedol, s.isin, s.security_name AS name,
               s.cgt_class AS "cgtClass", s.price_gbp::text AS "priceGbp", to_char(s.price_date, 'YYYY-MM-DD') AS "priceDate"
        FROM security s JOIN (
          SELECT t.portfolio_id, t.security_id FROM ledger_transaction t WHERE t.portfolio_id = ANY(${portfolioIds}::int[])
          UNION SELECT t.portfolio_id, t.new_security_id FROM ledger_transaction t
           WHERE t.portfolio_id = ANY(${portfolioIds}::int[]) AND t.new_security_id IS NOT NULL
          UNION SELECT h.portfolio_id, h.security_id FROM holding h WHERE h.portfolio_id = ANY(${portfolioIds}::int[])
        ) n ON n.security_id = s.id
        ORDER BY s.id, n.portfolio_id`;
    },

    async holdings(portfolioIds: number[]): Promise<{ portfolioId: number; securityId: number; quantity: string }[]> {
      if (portfolioIds.length === 0) return [];
      return db.$queryRaw<{ portfolioId: number; securityId: number; quantity: string }[]>`
        SELECT portfolio_id AS "portfolioId", security_id AS "securityId", quantity::text AS quantity
        FROM holding WHERE portfolio_id = ANY(${portfolioIds}::int[]) AND quantity <> 0 ORDER BY portfolio_id, security_id`;
    },
  };
}

export type LedgerExportStore = ReturnType<typeof createLedgerExportStore>;
