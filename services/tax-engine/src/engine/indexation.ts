import type { DayNumber } from './dates';
import { monthKey } from './dates';
import { Rational } from './arithmetic';

/**
 * Indexation allowance for companies (TCGA 1992 s53-s56, s110): RPI rise between operative events, from
 * March 1982, frozen at December 2017 (FA 2018). RPI before January 1987 is the January 1974 = 100 series
 * divided by 3.945 (CG17274), as HMRC publishes it, in the reference data. The factor (RE - RL) / RL is rounded to three decimal places, as
 * HMRC's published indexation factors are (CG50606 allows them for the pool); nil when RPI has not risen.
 */

export const INDEXATION_FROZEN_MONTH = '2017-12';
/** Indexation runs from March 1982 (FA 1982; s54(1)): expenditure before it is indexed from that month. */
export const INDEXATION_FIRST_MONTH = '1982-03';

export type IndexationRounding = 'three-decimal-places' | 'exact';

export function indexationMonth(day: DayNumber): string {
  const m = monthKey(day);
  return m > INDEXATION_FROZEN_MONTH
    ? INDEXATION_FROZEN_MONTH
    : m < INDEXATION_FIRST_MONTH
      ? INDEXATION_FIRST_MONTH
      : m;
}

/** Indexation factor from month `from` to month `to`, or null when RPI for either month is missing. */
export function indexationFactor(
  rpi: Map<string, Rational>,
  from: string,
  to: string,
  rounding: IndexationRounding,
): Rational | null {
  if (to <= from) return Rational.ZERO;
  const rl = rpi.get(from);
  const re = rpi.get(to);
  if (rl === undefined || re === undefined) return null;
  if (re.lte(rl)) return Rational.ZERO;
  const factor = re.sub(rl).div(rl);
  return rounding === 'exact' ? factor : factor.roundTo(3, 'half-up');
}
