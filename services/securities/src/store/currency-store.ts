import type { Currency, FxRate } from '@gains/contracts';
import { writeAudit, type AuditRecord } from './audit';
import { trimNumeric } from './price-store';
import type { SecuritiesPrisma } from './prisma';

export function createCurrencyStore(prisma: SecuritiesPrisma) {
  return {
    async list(): Promise<Currency[]> {
      const rows = await prisma.currency.findMany({ orderBy: { isoCode: 'asc' } });
      return rows.map((r) => ({ isoCode: r.isoCode, name: r.name, decimalPlaces: r.decimalPlaces }));
    },

    async exists(isoCode: string): Promise<boolean> {
      return (await prisma.currency.count({ where: { isoCode } })) > 0;
    },

    async fxRates(query: { currency: string; from: string; to: string }): Promise<FxRate[]> {
      return (
        await prisma.$queryRaw<FxRate[]>`
        SELECT f.currency_code AS currency, f.date::text AS date, f.gbp_per_unit::text AS "gbpPerUnit",
               f.set_by_name AS "setByName"
          FROM fx_rate f
         WHERE (${query.currency} = '' OR f.currency_code = ${query.currency})
           AND f.date BETWEEN ${query.from}::date AND ${query.to}::date
         ORDER BY f.currency_code, f.date`
      ).map((r) => ({ ...r, gbpPerUnit: trimNumeric(r.gbpPerUnit) }));
    },

    /** The latest rate of each currency. */
    async latestRates(): Promise<FxRate[]> {
      return (
        await prisma.$queryRaw<FxRate[]>`
        SELECT DISTINCT ON (f.currency_code) f.currency_code AS currency, f.date::text AS date,
               f.gbp_per_unit::text AS "gbpPerUnit", f.set_by_name AS "setByName"
          FROM fx_rate f ORDER BY f.currency_code, f.date DESC`
      ).map((r) => ({ ...r, gbpPerUnit: trimNumeric(r.gbpPerUnit) }));
    },

    /** Every rate of the given currencies up to `to`, oldest first (for pricing many lines at once). */
    async ratesUpTo(currencies: string[], to: string): Promise<Map<string, { date: string; gbpPerUnit: string }[]>> {
      const rows = await prisma.$queryRaw<{ currency: string; date: string; rate: string }[]>`
        SELECT currency_code AS currency, date::text AS date, gbp_per_unit::text AS rate FROM fx_rate
         WHERE currency_code = ANY(${currencies}::text[]) AND date <= ${to}::date ORDER BY currency_code, date`;
      const out = new Map<string, { date: string; gbpPerUnit: string }[]>();
      for (const r of rows) {
        const list = out.get(r.currency) ?? [];
        list.push({ date: r.date, gbpPerUnit: trimNumeric(r.rate) });
        out.set(r.currency, list);
      }
      return out;
    },

    async upsertRate(
      rate: { currency: string; date: string; gbpPerUnit: string },
      actorName: string,
      audit: AuditRecord,
    ) {
      await prisma.$transaction(async (tx) => {
        await tx.$executeRaw`
          INSERT INTO fx_rate (currency_code, date, gbp_per_unit, set_by_name, set_at)
          VALUES (${rate.currency}, ${rate.date}::date, ${rate.gbpPerUnit}::numeric, ${actorName}, now())
          ON CONFLICT (currency_code, date) DO UPDATE
            SET gbp_per_unit = EXCLUDED.gbp_per_unit, set_by_name = EXCLUDED.set_by_name, set_at = now()`;
        await writeAudit(tx, audit);
      });
    },
  };
}
export type CurrencyStore = ReturnType<typeof createCurrencyStore>;
