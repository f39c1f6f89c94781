import { addDecimal, compareDecimal, divideDecimal, multiplyDecimal, sumDecimals } from '@gains/decimal';

/** Places a calculated rate price and an apportionment factor are kept to. */
export const RATE_PRICE_PLACES = 12;

/** A line's terms as the rules read them: its rate per `perParent` parent shares at `price` each. */
export interface RateLine {
  rate: string;
  perParent: string;
  price: string;
  /** the line takes the header's parent security price, not its own */
  useParentSecurityPrice?: boolean;
  /** the line's definition uses an apportionment factor */
  apportioned?: boolean;
}

/**
 * Seed 001 §9: the calculated rate price is the rate divided by perParent, times the price (what the line gives per
 * parent share). A line that uses the parent security price takes the header's.
 */
export function calculatedRatePrice(line: RateLine, parentSecurityPrice: string | null): string {
  const price = line.useParentSecurityPrice ? (parentSecurityPrice ?? '0') : line.price;
  if (compareDecimal(line.perParent, '0') <= 0) return '0';
  return divideDecimal(multiplyDecimal(line.rate, price), line.perParent, RATE_PRICE_PLACES);
}

/**
 * Seed 001 §9, the apportionment factors of a header's apportioned lines: method 1, each line's rate price over the
 * sum of them all; method 2, over the parent security price plus that sum (the parent keeps the rest: 1 less the
 * sum of the factors). A factor is 0 when its denominator is not above 0. Lines that are not apportioned get none.
 */
export function apportionmentFactors(
  lines: readonly RateLine[],
  method: 1 | 2,
  parentSecurityPrice: string | null,
): (string | null)[] {
  const ratePrices = lines.map((l) => calculatedRatePrice(l, parentSecurityPrice));
  const sum = sumDecimals(ratePrices.filter((_, i) => lines[i]!.apportioned));
  const denominator = method === 1 ? sum : addDecimal(parentSecurityPrice ?? '0', sum);
  return lines.map((l, i) => {
    if (!l.apportioned) return null;
    if (compareDecimal(denominator, '0') <= 0) return '0';
    return divideDecimal(ratePrices[i]!, denominator, RATE_PRICE_PLACES);
  });
}
