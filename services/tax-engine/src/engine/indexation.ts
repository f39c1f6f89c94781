import type { DayNumber } from './dates';
import { monthKey } from './dates';
import { Rational } from './rational';

/**
 * Indexation allowance for companies (TCGA 1992 s53-s56, s110): RPI rise between operative events,
 * frozen at December 2017 (FA 2018). The factor (RE - RL) / RL is rounded to three decimal places, as
 * HMRC's published indexation factors are (CG50606 allows them for the pool); nil when RPI has not risen.
 */

export const INDEXATION_FROZEN_MONTH = '2017-12';

export type IndexationRounding = 'three-decimal-places' | 'exact';

export function indexationMonth(day: DayNumber): string {
  const m = monthKey(day);
  return m > INDEXATION_FROZEN_MONTH ? INDEXATION_FROZEN_MONTH : m;
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
