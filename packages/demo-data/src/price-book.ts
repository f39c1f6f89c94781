import { addDays, businessDays } from './calendar';
import { multiply } from './decimals';
import {
  DEMO_CORPORATE_EVENTS,
  DEMO_EPOCH,
  DEMO_FX_START,
  demoFxRates,
  demoPrices,
  generateDemoSecurities,
  type DemoData,
} from './demo-securities';

/**
 * Every demo security's daily close up to the day before `today`, as the securities service seeds them, for
 * whoever needs a demo price on a date without asking that service: the clients service's read model of
 * securities and its demo ledgers.
 */
export interface DemoPriceBook extends DemoData {
  /** The close of security `n` on `date`, or on the last business day before it; undefined when none. */
  priceOn(n: number, date: string): string | undefined;
  /** The last close before `today` in the security's currency, and in GBP at that day's demo rate. */
  latest(n: number): { date: string; price: string; priceGbp: string } | undefined;
}

export function demoPriceBook(today: string): DemoPriceBook {
  const data = generateDemoSecurities();
  const days = businessDays(DEMO_EPOCH, addDays(today, -1));
  const index = new Map(days.map((d, i) => [d, i]));
  const acquirer = data.securities[DEMO_CORPORATE_EVENTS.takeover.acquirerN - 1]!;
  const acquirerPrices = new Map(demoPrices(acquirer, days, DEMO_EPOCH).map((p) => [p.date, Number(p.price)]));
  const series = data.securities.map((s) => demoPrices(s, days, DEMO_EPOCH, (d) => acquirerPrices.get(d)));
  const fx = new Map(
    Object.keys(DEMO_FX_START).map((c) => [c, new Map(demoFxRates(c, days, DEMO_EPOCH).map((r) => [r.date, r.rate]))]),
  );
  const priceOn = (n: number, date: string) => {
    const prices = series[n - 1];
    if (!prices || prices.length === 0) return undefined;
    let d = date;
    for (let back = 0; back < 4 && !index.has(d); back++) d = addDays(d, -1);
    const i = index.get(d);
    if (i === undefined) return date > days.at(-1)! ? prices.at(-1)!.price : undefined;
    // Prices run from the epoch without gaps until a delisting, so the day's position is its index.
    return (prices[Math.min(i, prices.length - 1)] ?? prices.at(-1))!.price;
  };
  const latest = (n: number) => {
    const s = data.securities[n - 1];
    const last = series[n - 1]?.at(-1);
    if (!s || !last) return undefined;
    const rate = s.currency === 'GBP' ? undefined : fx.get(s.currency)?.get(last.date);
    return { ...last, priceGbp: rate === undefined ? last.price : multiply(8, last.price, rate) };
  };
  return { ...data, priceOn, latest };
}
