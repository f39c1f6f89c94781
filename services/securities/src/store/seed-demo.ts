import crypto from 'node:crypto';
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
} from '../domain/demo-securities';
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
  let fxCount = 0;
  await prisma.$transaction(
    async (tx) => {
      await tx.currency.createMany({ data: [...DEMO_CURRENCIES], skipDuplicates: true });
      await tx.issuer.createMany({
        data: issuers.map((i) => ({ uuid: stableUuid(`issuer/${i.key}`), name: i.name, longName: i.longName, updatedByName: 'Demo data' })),
      });
      const issuerUuid = new Map(issuers.map((i) => [i.key, stableUuid(`issuer/${i.key}`)]));
      await tx.security.createMany({
        data: securities.map((s) => ({
          id: s.n,
          sedol: s.sedol,
          isin: s.isin,
          issuerUuid: issuerUuid.get(s.issuerKey)!,
          securityName: s.securityName,
          reportingName: s.reportingName,
          description: s.description,
          longDescription: s.longDescription,
          currencyCode: s.currency,
          assetClass: s.assetClass,
          cgtClass: s.cgtClass,
          quantityDecimalPlaces: s.quantityDecimalPlaces,
          status: s.status,
          updatedByName: 'Demo data',
        })),
      });
      await tx.$executeRaw`SELECT setval(pg_get_serial_sequence('security', 'id'), (SELECT max(id) FROM security))`;

      const fxRows = [...fx].flatMap(([currency, rates]) =>
        [...rates].filter(([date]) => date >= from).map(([date, rate]) => ({ currency, date, rate })),
      );
      // FX from the epoch, so older prices can be converted too.
      const allFx = [...fx].flatMap(([currency, rates]) => [...rates].map(([date, rate]) => ({ currency, date, rate })));
      for (let i = 0; i < allFx.length; i += CHUNK) {
        const c = allFx.slice(i, i + CHUNK);
        await tx.$executeRaw`INSERT INTO fx_rate (currency_code, date, gbp_per_unit, set_by_name)
          SELECT u.c, u.d, u.r, 'Demo data' FROM unnest(${c.map((r) => r.currency)}::text[], ${c.map((r) => r.date)}::date[],
            ${c.map((r) => r.rate)}::numeric[]) AS u(c, d, r)`;
      }
      fxCount = allFx.length;
      void fxRows;

      let ids: number[] = [];
      let dates: string[] = [];
      let prices: string[] = [];
      let currencies: string[] = [];
      const flush = async () => {
        if (ids.length === 0) return;
        // GBP prices are the price; others convert at that day's rate (rounded to 8 places in SQL).
        await tx.$executeRaw`INSERT INTO security_price (security_id, date, price, currency_code, price_gbp, source, set_by_name)
          SELECT u.id, u.d, u.p, u.c,
                 CASE WHEN u.c = 'GBP' THEN u.p
                      ELSE round(u.p * (SELECT f.gbp_per_unit FROM fx_rate f WHERE f.currency_code = u.c AND f.date <= u.d
                                         ORDER BY f.date DESC LIMIT 1), 8) END,
                 'DEMO', 'Demo data'
            FROM unnest(${ids}::int[], ${dates}::date[], ${prices}::numeric[], ${currencies}::text[]) AS u(id, d, p, c)`;
        priceCount += ids.length;
        ids = [];
        dates = [];
        prices = [];
        currencies = [];
      };
      for (const s of securities) {
        for (const p of demoPrices(s, days, from, (d) => acquirerPrices.get(d))) {
          ids.push(s.n);
          dates.push(p.date);
          prices.push(p.price);
          currencies.push(s.currency);
          if (ids.length >= CHUNK) await flush();
        }
      }
      await flush();
    },
    { timeout: 120_000 },
  );
  return { securities: securities.length, prices: priceCount, fxRates: fxCount, ms: Math.round(performance.now() - started) };
}
