import crypto from 'node:crypto';
import type pg from 'pg';
import { multiplyDecimals } from '../domain/decimal-rules';
import { addDays } from '../domain/date-rules';
import {
  businessDays,
  DEMO_CORPORATE_EVENTS,
  DEMO_CURRENCIES,
  DEMO_EPOCH,
  DEMO_FX_START,
  demoFxRates,
  demoPrices,
  generateDemoSecurities,
} from '@gains/demo-data';
import type { SecuritiesPrisma } from './prisma';

export interface DemoSeedOptions {
  today: string;
  /** Days of price history to insert, counting back from today (0: none). */
  priceDays: number;
}

/** GAINS_DEMO_PRICE_DAYS: days of demo prices (default five years, 1826); tests that need none set 0. */
export function demoOptionsFromEnv(env: NodeJS.ProcessEnv, today: string): DemoSeedOptions {
  const raw = env.GAINS_DEMO_PRICE_DAYS;
  const days = raw === undefined || raw === '' ? 1826 : Number(raw);
  return { today, priceDays: Number.isInteger(days) && days >= 0 ? Math.min(days, 3660) : 1826 };
}

function stableUuid(text: string): string {
  const h = crypto.createHash('sha256').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const CHUNK = 50_000;

/**
 * Seeds the demo currencies, issuers, securities, FX rates and prices into an empty schema (a schema with
 * any security is left alone). Prices go in with INSERT ... SELECT FROM unnest(...) in chunks.
 */
export async function seedDemoSecurities(
  prisma: SecuritiesPrisma,
  pool: pg.Pool,
  options: DemoSeedOptions,
): Promise<{ securities: number; prices: number; fxRates: number; ms: number } | undefined> {
  if ((await prisma.security.count()) > 0) return undefined;
  const started = performance.now();
  const { issuers, securities } = generateDemoSecurities();
  const from = options.priceDays > 0 ? addDays(options.today, -options.priceDays + 1) : '9999-12-31';
  const yesterday = addDays(options.today, -1);
  const days = businessDays(DEMO_EPOCH, yesterday);
  const fx = new Map<string, Map<string, string>>();
  for (const currency of Object.keys(DEMO_FX_START)) {
    fx.set(currency, new Map(demoFxRates(currency, days, DEMO_EPOCH).map((r) => [r.date, r.rate])));
  }
  const acquirer = securities[DEMO_CORPORATE_EVENTS.takeover.acquirerN - 1]!;
  const acquirerPrices = new Map(demoPrices(acquirer, days, DEMO_EPOCH).map((p) => [p.date, Number(p.price)]));

  let priceCount = 0;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const q = (sql: string, params: unknown[]) => client.query(sql, params);
    await q(
      `INSERT INTO currency (iso_code, name, decimal_places) SELECT * FROM unnest($1::text[], $2::text[], $3::int[])
       ON CONFLICT DO NOTHING`,
      [
        DEMO_CURRENCIES.map((c) => c.isoCode),
        DEMO_CURRENCIES.map((c) => c.name),
        DEMO_CURRENCIES.map((c) => c.decimalPlaces),
      ],
    );
    const issuerUuid = new Map(issuers.map((i) => [i.key, stableUuid(`issuer/${i.key}`)]));
    await q(
      `INSERT INTO issuer (uuid, name, long_name, updated_by_name)
       SELECT u, n, l, 'Demo data' FROM unnest($1::uuid[], $2::text[], $3::text[]) AS t(u, n, l)`,
      [issuers.map((i) => issuerUuid.get(i.key)), issuers.map((i) => i.name), issuers.map((i) => i.longName)],
    );
    const col = <K extends keyof (typeof securities)[number]>(k: K) => securities.map((s) => s[k]);
    await q(
      `INSERT INTO security (id, sedol, isin, issuer_uuid, security_name, reporting_name, description, long_description,
                             currency_code, asset_class, cgt_class, quantity_decimal_places, status, updated_by_name)
       SELECT *, 'Demo data' FROM unnest($1::int[], $2::text[], $3::text[], $4::uuid[], $5::text[], $6::text[], $7::text[],
                                         $8::text[], $9::text[], $10::text[], $11::text[], $12::int[], $13::text[])`,
      [
        col('n'),
        col('sedol'),
        col('isin'),
        securities.map((s) => issuerUuid.get(s.issuerKey)),
        col('securityName'),
        col('reportingName'),
        col('description'),
        col('longDescription'),
        col('currency'),
        col('assetClass'),
        col('cgtClass'),
        col('quantityDecimalPlaces'),
        col('status'),
      ],
    );
    await q(`SELECT setval(pg_get_serial_sequence('security', 'id'), (SELECT max(id) FROM security))`, []);

    // FX from the epoch, so older prices can be converted too.
    const allFx = [...fx].flatMap(([currency, rates]) => [...rates].map(([date, rate]) => ({ currency, date, rate })));
    await q(
      `INSERT INTO fx_rate (currency_code, date, gbp_per_unit, set_by_name)
       SELECT c, d, r, 'Demo data' FROM unnest($1::text[], $2::date[], $3::numeric[]) AS u(c, d, r)`,
      [allFx.map((r) => r.currency), allFx.map((r) => r.date), allFx.map((r) => r.rate)],
    );
    const gbpPerUnit = (currency: string, date: string) => fx.get(currency)?.get(date);
    // Bulk loading into an empty table: its key and foreign key are built once afterwards, which is much
    // faster than checking them row by row (PostgreSQL's "Populating a Database").
    await q('ALTER TABLE security_price DROP CONSTRAINT security_price_security_id_fkey', []);
    await q('ALTER TABLE security_price DROP CONSTRAINT security_price_pkey', []);

    let ids: number[] = [];
    let dates: string[] = [];
    let prices: string[] = [];
    let currencies: string[] = [];
    let gbp: (string | null)[] = [];
    const flush = async () => {
      if (ids.length === 0) return;
      await q(
        `INSERT INTO security_price (security_id, date, price, currency_code, price_gbp, source, set_by_name)
         SELECT id, d, p, c, coalesce(g, p), 'DEMO', 'Demo data' FROM unnest($1::int[], $2::date[], $3::numeric[], $4::text[], $5::numeric[])
           AS u(id, d, p, c, g)`,
        [ids, dates, prices, currencies, gbp],
      );
      priceCount += ids.length;
      ids = [];
      dates = [];
      prices = [];
      currencies = [];
      gbp = [];
    };
    for (const s of securities) {
      for (const p of demoPrices(s, days, from, (d) => acquirerPrices.get(d))) {
        ids.push(s.n);
        dates.push(p.date);
        prices.push(p.price);
        currencies.push(s.currency);
        // GBP prices are their own GBP price (null here, the price in SQL); other currencies convert at
        // that day's demo rate (the rates are on the same business days).
        gbp.push(s.currency === 'GBP' ? null : multiplyDecimals(p.price, gbpPerUnit(s.currency, p.date)!, 8));
        if (ids.length >= CHUNK) await flush();
      }
    }
    await flush();
    await q('ALTER TABLE security_price ADD CONSTRAINT security_price_pkey PRIMARY KEY (security_id, date)', []);
    await q(
      `ALTER TABLE security_price ADD CONSTRAINT security_price_security_id_fkey FOREIGN KEY (security_id)
       REFERENCES security (id) ON DELETE RESTRICT ON UPDATE CASCADE`,
      [],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
  const fxCount = [...fx.values()].reduce((n, m) => n + m.size, 0);
  return {
    securities: securities.length,
    prices: priceCount,
    fxRates: fxCount,
    ms: Math.round(performance.now() - started),
  };
}
