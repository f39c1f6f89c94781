import { describe, expect, it } from 'vitest';
import { Rational } from '../../engine/arithmetic';
import { clientPosition } from './client-position';

const r = (text: string) => Rational.parse(text);
const before = {
  ytdCapitalGainLoss: r('1000.37'),
  ytdIncomeGain: r('12.00'),
  annualExemption: r('3000.00'),
  unusedBroughtForwardLoss: r('-500.00'),
};
const figures = (gain: string, income = '0') => {
  const p = clientPosition(before, { capitalGainLoss: r(gain), incomeGain: r(income) });
  return Object.fromEntries(Object.entries(p).map(([k, v]) => [k, v.toFixed(2)]));
};

describe('the Taximiser client position (seed 000 §9)', () => {
  it('within the exempt amount: what is left of it, no chargeable gain, the losses untouched', () => {
    expect(figures('1999.50', '34.61')).toEqual({
      ytdCapitalGainLoss: '1000.37',
      taximiserGainLoss: '1999.50',
      resultantCapitalGainLoss: '2999.87',
      ytdIncomeGain: '12.00',
      taximiserIncomeGains: '34.61',
      resultantIncomeGain: '46.61',
      aeRemaining: '0.13',
      // 3,000 - 500
      chargeableGainsLosses: '2500.00',
      resultantChargeableCapitalGainLoss: '0.00',
      unusedBroughtForwardLosses: '-500.00',
    });
  });

  it('above the exempt amount: the brought-forward losses absorb the excess, then the gain is chargeable', () => {
    // 3,200.37: 200.37 above the exempt amount, so 299.63 of the losses are left.
    expect(figures('2200.00')).toMatchObject({
      aeRemaining: '0.00',
      resultantChargeableCapitalGainLoss: '0.00',
      unusedBroughtForwardLosses: '-299.63',
    });
    // 4,200.37: 1,200.37 above, more than the 500 of losses: 700.37 chargeable, no losses left.
    expect(figures('3200.00')).toMatchObject({
      resultantChargeableCapitalGainLoss: '700.37',
      unusedBroughtForwardLosses: '0.00',
    });
  });

  it('a resultant loss leaves the whole exempt amount', () => {
    expect(figures('-1150.37')).toMatchObject({ resultantCapitalGainLoss: '-150.00', aeRemaining: '3000.00' });
  });
});
