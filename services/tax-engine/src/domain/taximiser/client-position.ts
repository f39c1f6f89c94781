import { Rational } from '../../engine/arithmetic';

/** The client's figures a plan starts from (the stored run's, for the current tax year). */
export interface PositionBefore {
  ytdCapitalGainLoss: Rational;
  ytdIncomeGain: Rational;
  annualExemption: Rational;
  /** unused losses brought forward, as stored (a loss may be stored negative): its size is what counts */
  unusedBroughtForwardLoss: Rational;
}

/** The Taximiser's client position (seed 000 §3, §9), every figure to the penny. */
export interface PlanPositionFigures {
  ytdCapitalGainLoss: Rational;
  taximiserGainLoss: Rational;
  resultantCapitalGainLoss: Rational;
  ytdIncomeGain: Rational;
  taximiserIncomeGains: Rational;
  resultantIncomeGain: Rational;
  aeRemaining: Rational;
  chargeableGainsLosses: Rational;
  resultantChargeableCapitalGainLoss: Rational;
  unusedBroughtForwardLosses: Rational;
}

const floor0 = (r: Rational) => Rational.max(r, Rational.ZERO);

/**
 * The client position after a plan, by the formulas of seed 000 §9: the plan's capital gain and income gain totals
 * added to the year's; the exempt amount left (all of it while the resultant gain is a loss); the chargeable gain
 * after the exempt amount and the brought-forward losses; and the losses left unused.
 */
export function clientPosition(
  before: PositionBefore,
  plan: { capitalGainLoss: Rational; incomeGain: Rational },
): PlanPositionFigures {
  const resultant = before.ytdCapitalGainLoss.add(plan.capitalGainLoss);
  const ae = before.annualExemption;
  const bfl = before.unusedBroughtForwardLoss.abs();
  // The losses left: all of them while the exempt amount covers the gain, else what the gain above it leaves,
  // written as a loss (negative).
  const above = resultant.sub(ae);
  const unused = !above.isPositive() ? before.unusedBroughtForwardLoss : floor0(bfl.sub(above)).neg();
  return {
    ytdCapitalGainLoss: before.ytdCapitalGainLoss,
    taximiserGainLoss: plan.capitalGainLoss,
    resultantCapitalGainLoss: resultant,
    ytdIncomeGain: before.ytdIncomeGain,
    taximiserIncomeGains: plan.incomeGain,
    resultantIncomeGain: before.ytdIncomeGain.add(plan.incomeGain),
    aeRemaining: resultant.isNegative() ? ae : floor0(ae.sub(resultant)),
    chargeableGainsLosses: floor0(ae.sub(bfl)),
    resultantChargeableCapitalGainLoss: floor0(resultant.sub(ae.add(bfl))),
    unusedBroughtForwardLosses: unused.isZero() ? Rational.ZERO : unused,
  };
}
