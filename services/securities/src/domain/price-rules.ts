import { daysBetween } from './date-rules';

/** An organisation's price aging settings (seed 000 §3 Organisation.customer). */
export interface PriceAging {
  usePriceAgingDays: boolean;
  oldPriceAgeDays: number | null;
}

export const NO_PRICE_AGING: PriceAging = { usePriceAgingDays: false, oldPriceAgeDays: null };

/** The age limit that applies, or null when the organisation does not age prices. */
export function priceAgeLimit(aging: PriceAging): number | null {
  return aging.usePriceAgingDays && aging.oldPriceAgeDays !== null && aging.oldPriceAgeDays >= 0
    ? aging.oldPriceAgeDays
    : null;
}

/** A price dated `priceDate` is stale on `asAt` when it is more than oldPriceAgeDays older (and aging is on). */
export function isStale(priceDate: string, asAt: string, aging: PriceAging): boolean {
  const limit = priceAgeLimit(aging);
  return limit !== null && daysBetween(priceDate, asAt) > limit;
}

/** The latest of `prices` dated on or before `asAt` (what valuations use), or undefined. */
export function latestOnOrBefore<P extends { date: string }>(prices: readonly P[], asAt: string): P | undefined {
  let best: P | undefined;
  for (const p of prices) if (p.date <= asAt && (!best || p.date > best.date)) best = p;
  return best;
}
