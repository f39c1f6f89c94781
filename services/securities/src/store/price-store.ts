import type { PriceSortColumn, PriceSource } from '@gains/contracts';
import { appendToOutbox, type OutboxEvent } from '@gains/outbox';
import { Prisma } from './generated/client';
import { writeAudit, type AuditRecord } from './audit';
import { likeEscape } from './security-store';
import type { SecuritiesPrisma } from './prisma';

/** A stored price, before the organisation's stale flag is added. */
export interface StoredPrice {
  securityId: number;
  date: string;
  price: string;
  currency: string;
  priceGbp: string;
  source: PriceSource;
  setByName: string;
  setAt: string;
}

export interface PriceWrite {
  securityId: number;
  date: string;
  price: string;
  currency: string;
  priceGbp: string;
}

const PRICE_COLUMNS = Prisma.sql`p.security_id AS "securityId", p.date::text AS date, p.price::text AS price,
  p.currency_code AS currency, p.price_gbp::text AS "priceGbp", p.source, p.set_by_name AS "setByName",
  to_char(p.set_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "setAt"`;

/** Canonical decimal text from PostgreSQL numeric text ("512.50000000" -> "512.5"). */
export function trimNumeric(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

function tidy(p: StoredPrice): StoredPrice {
  return { ...p, price: trimNumeric(p.price), priceGbp: trimNumeric(p.priceGbp) };
}

export interface PriceOnDateRow {
  securityId: number;
  sedol: string;
  isin: string;
  securityName: string;
  currency: string;
  price: StoredPrice | null;
}

const PRICE_SORT: Record<PriceSortColumn, string> = {
  securityId: 's.id',
  sedol: 's.sedol',
  isin: 's.isin',
  securityName: 'lower(s.security_name)',
  currency: 's.currency_code',
  date: 'p.date',
  price: 'p.price',
  priceGbp: 'p.price_gbp',
};

export function createPriceStore(prisma: SecuritiesPrisma) {
  return {
    async list(securityId: number, from: string, to: string): Promise<StoredPrice[]> {
      const rows = await prisma.$queryRaw<StoredPrice[]>`SELECT ${PRICE_COLUMNS} FROM security_price p
        WHERE p.security_id = ${securityId} AND p.date BETWEEN ${from}::date AND ${to}::date ORDER BY p.date`;
      return rows.map(tidy);
    },

    /** Each security's latest GBP price on or before each date, in one query (the primary key serves each probe). */
    async latestOnOrBeforeEach(
      securityIds: number[],
      dates: string[],
    ): Promise<{ securityId: number; date: string; priceDate: string; priceGbp: string }[]> {
      if (securityIds.length === 0 || dates.length === 0) return [];
      return prisma.$queryRaw`
        SELECT s.id AS "securityId", to_char(d.at, 'YYYY-MM-DD') AS date,
               to_char(p.date, 'YYYY-MM-DD') AS "priceDate", p.price_gbp::text AS "priceGbp"
          FROM unnest(${securityIds}::int[]) AS s(id) CROSS JOIN unnest(${dates}::date[]) AS d(at)
          JOIN LATERAL (SELECT date, price_gbp FROM security_price sp
                         WHERE sp.security_id = s.id AND sp.date <= d.at ORDER BY sp.date DESC LIMIT 1) p ON true
         ORDER BY 1, 2`;
    },
    async latestOnOrBefore(securityId: number, date: string): Promise<StoredPrice | undefined> {
      const rows = await prisma.$queryRaw<StoredPrice[]>`SELECT ${PRICE_COLUMNS} FROM security_price p
        WHERE p.security_id = ${securityId} AND p.date <= ${date}::date ORDER BY p.date DESC LIMIT 1`;
      return rows[0] && tidy(rows[0]);
    },

    /** Each security's latest price on or before `date`, searched, sorted and paged. */
    async onDate(query: {
      date: string;
      page: number;
      size: number;
      term: string;
      sort: { column: PriceSortColumn; direction: 'asc' | 'desc' }[];
    }): Promise<{ content: PriceOnDateRow[]; totalSize: number }> {
      const contains = `%${likeEscape(query.term)}%`;
      const where = Prisma.sql`(${query.term} = '' OR s.sedol ILIKE ${contains} OR s.isin ILIKE ${contains}
        OR s.security_name ILIKE ${contains})`;
      const orderBy = [...query.sort, { column: 'securityName' as const, direction: 'asc' as const }]
        .map((s) => `${PRICE_SORT[s.column]} ${s.direction === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS FIRST'}`)
        .concat('s.id')
        .join(', ');
      const rows = await prisma.$queryRaw<
        (StoredPrice & {
          sedol: string;
          isin: string;
          securityName: string;
          sid: number;
          scur: string;
          hasPrice: boolean;
        })[]
      >`
        SELECT s.id AS sid, s.sedol, s.isin, s.security_name AS "securityName", s.currency_code AS scur,
               p.security_id IS NOT NULL AS "hasPrice", ${PRICE_COLUMNS}
          FROM security s
          LEFT JOIN LATERAL (SELECT * FROM security_price q WHERE q.security_id = s.id AND q.date <= ${query.date}::date
                              ORDER BY q.date DESC LIMIT 1) p ON TRUE
         WHERE ${where}
         ORDER BY ${Prisma.raw(orderBy)} LIMIT ${query.size} OFFSET ${(query.page - 1) * query.size}`;
      const [{ n }] = await prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM security s WHERE ${where}`;
      return {
        content: rows.map((r) => ({
          securityId: r.sid,
          sedol: r.sedol,
          isin: r.isin,
          securityName: r.securityName,
          currency: r.scur,
          price: r.hasPrice
            ? tidy({
                securityId: r.securityId,
                date: r.date,
                price: r.price,
                currency: r.currency,
                priceGbp: r.priceGbp,
                source: r.source,
                setByName: r.setByName,
                setAt: r.setAt,
              })
            : null,
        })),
        totalSize: Number(n),
      };
    },

    /** The stored prices of these (security, date) pairs, keyed "id|date". */
    async existing(keys: { securityId: number; date: string }[]): Promise<Map<string, string>> {
      const out = new Map<string, string>();
      for (let i = 0; i < keys.length; i += 10_000) {
        const chunk = keys.slice(i, i + 10_000);
        const rows = await prisma.$queryRaw<{ k: string; price: string }[]>`
          SELECT p.security_id || '|' || p.date::text AS k, p.price::text AS price
            FROM security_price p
            JOIN unnest(${chunk.map((k) => k.securityId)}::int[], ${chunk.map((k) => k.date)}::date[]) AS u(id, d)
              ON p.security_id = u.id AND p.date = u.d`;
        for (const r of rows) out.set(r.k, trimNumeric(r.price));
      }
      return out;
    },

    /**
     * Writes prices (insert or replace) in bulk with the audit entries and events, in one transaction.
     */
    async upsert(
      prices: PriceWrite[],
      source: PriceSource,
      actorName: string,
      audit: AuditRecord[],
      events: OutboxEvent[],
    ): Promise<void> {
      await prisma.$transaction(
        async (tx) => {
          for (let i = 0; i < prices.length; i += 10_000) {
            const chunk = prices.slice(i, i + 10_000);
            await tx.$executeRaw`
              INSERT INTO security_price (security_id, date, price, currency_code, price_gbp, source, set_by_name, set_at)
              SELECT u.id, u.d, u.price, u.cur, u.gbp, ${source}, ${actorName}, now()
                FROM unnest(${chunk.map((p) => p.securityId)}::int[], ${chunk.map((p) => p.date)}::date[],
                            ${chunk.map((p) => p.price)}::numeric[], ${chunk.map((p) => p.currency)}::text[],
                            ${chunk.map((p) => p.priceGbp)}::numeric[]) AS u(id, d, price, cur, gbp)
              ON CONFLICT (security_id, date) DO UPDATE
                SET price = EXCLUDED.price, currency_code = EXCLUDED.currency_code, price_gbp = EXCLUDED.price_gbp,
                    source = EXCLUDED.source, set_by_name = EXCLUDED.set_by_name, set_at = EXCLUDED.set_at
                WHERE security_price.price <> EXCLUDED.price OR security_price.price_gbp <> EXCLUDED.price_gbp`;
          }
          await writeAudit(tx, ...audit);
          await appendToOutbox(tx, events);
        },
        { timeout: 60_000 },
      );
    },
  };
}
export type PriceStore = ReturnType<typeof createPriceStore>;
