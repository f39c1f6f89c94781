import { describe, expect, it } from 'vitest';
import { Rational } from '../../engine/arithmetic';
import { chooseDisposals, type PlanHolding, type PlanParameters } from './choose-disposals';

const r = (text: string) => Rational.parse(text);
const holding = (
  securityId: number,
  label: string,
  quantity: string,
  cost: string,
  price: string,
  more: Partial<PlanHolding> = {},
): PlanHolding => ({
  securityId,
  label,
  quantity: r(quantity),
  cost: r(cost),
  price: r(price),
  gainClass: 'capital',
  pooled: true,
  decimals: 0,
  ...more,
});
// Gains per unit, worked by hand: VOD 2.00 - 1.50 = 0.50 (0.25 a pound sold); BP 4.00 - 5.00 = -1.00 (-0.25);
// the gilt 100 - 95 = 5 (0.05, exempt); the offshore fund 6.50 - 5.00 = 1.50 (0.2308, income); AZN 120 - 80 = 40
// (0.3333).
const HOLDINGS = [
  holding(1, 'VOD', '1000', '1500.00', '2.00'),
  holding(2, 'BP.', '500', '2500.00', '4.00'),
  holding(3, 'TR30', '100', '9500.00', '100.00', { gainClass: 'exempt', decimals: 2 }),
  holding(4, 'OFF', '200', '1000.00', '6.50', { gainClass: 'income', decimals: 3, pooled: false }),
  holding(5, 'AZN', '100', '8000.00', '120.00'),
];
const position = { ytdCapitalGainLoss: r('1000.37'), annualExemption: r('3000.00') };
const plan = (p: Partial<PlanParameters> & Pick<PlanParameters, 'action'>) =>
  chooseDisposals(HOLDINGS, { include: 'NONE', exclude: 'NONE', ...p }, position);
const rows = (result: ReturnType<typeof plan>) =>
  result.disposals.map((d) => [
    d.holding.label,
    d.quantity.toFixed(d.holding.decimals),
    d.cost.toFixed(2),
    d.proceeds.toFixed(2),
    d.gain.toFixed(2),
  ]);

describe('the Taximiser planner', () => {
  it('disposes a percentage of every holding, rounded down to whole shares or the fund’s decimals', () => {
    expect(rows(plan({ action: 'DISPOSE_PERCENTAGE', percent: r('12.5') }))).toEqual([
      ['VOD', '125', '187.50', '250.00', '62.50'],
      // 62.5 shares: 62, whose cost is 2,500 x 62 / 500.
      ['BP.', '62', '310.00', '248.00', '-62.00'],
      ['TR30', '12.50', '1187.50', '1250.00', '62.50'],
      ['OFF', '25.000', '125.00', '162.50', '37.50'],
      ['AZN', '12', '960.00', '1440.00', '480.00'],
    ]);
  });

  it('harvests what is left of the exempt amount from capital gains only, the last holding in whole shares, then fills with smaller gains', () => {
    // 3,000.00 - 1,000.37 = 1,999.63 of room. AZN (the greatest gain a pound) first: 1,999.63 / 40 = 49.99, so 49
    // shares, 1,960.00; 39.63 left: VOD 39.63 / 0.50 = 79.26, so 79 shares, 39.50. 0.13 left, less than a share.
    const result = plan({ action: 'HARVEST_ANNUAL_EXEMPTION' });
    expect(rows(result)).toEqual([
      ['AZN', '49', '3920.00', '5880.00', '1960.00'],
      ['VOD', '79', '118.50', '158.00', '39.50'],
    ]);
    expect(result.disposals[0]!.reason).toBe('sell 49 of AZN: gain £1,960.00, uses the rest of the exempt amount');
    expect(result.summary).toBe('realises gains of £1,999.50 of the £1,999.63 left of the exempt amount');
  });

  it('harvests nothing when the year’s gains have used the exempt amount', () => {
    const result = chooseDisposals(
      HOLDINGS,
      { action: 'HARVEST_ANNUAL_EXEMPTION', include: 'NONE', exclude: 'NONE' },
      { ytdCapitalGainLoss: r('3200.00'), annualExemption: r('3000.00') },
    );
    expect(result.disposals).toEqual([]);
    expect(result.summary).toMatch(/nothing is left of the exempt amount/);
  });

  it('raises cash with the least gain: losses first, then the smallest gain a pound, rounding the last sale up', () => {
    // BP's 500 shares raise 2,000.00 at a loss of 500.00; 150.00 more from the gilt (0.05 a pound): 1.50 units.
    expect(rows(plan({ action: 'RAISE_PROCEEDS', amount: r('2150.00') }))).toEqual([
      ['BP.', '500', '2500.00', '2000.00', '-500.00'],
      ['TR30', '1.50', '142.50', '150.00', '7.50'],
    ]);
    // Without exempt securities the fund comes next: 150 / 6.50 = 23.0769..., up to 23.077 units: proceeds
    // 150.0005 -> 150.00, cost 1,000 x 23.077 / 200 = 115.385 -> 115.39.
    expect(rows(plan({ action: 'RAISE_PROCEEDS', amount: r('2150.00'), exclude: 'EXEMPT' }))).toEqual([
      ['BP.', '500', '2500.00', '2000.00', '-500.00'],
      ['OFF', '23.077', '115.39', '150.00', '34.61'],
    ]);
  });

  it('raises cash from at most a percentage of each holding', () => {
    // 20% on offer: BP 100 shares (400.00), then the gilt 600 / 100 = 6.00 units of its 20.00.
    expect(
      rows(plan({ action: 'RAISE_PROCEEDS', amount: r('1000'), include: 'PERCENT_OF_ALL', includePercent: r('20') })),
    ).toEqual([
      ['BP.', '100', '500.00', '400.00', '-100.00'],
      ['TR30', '6.00', '570.00', '600.00', '30.00'],
    ]);
  });

  it('realises a gain budget in pounds from the least gains a pound first', () => {
    // VOD (0.25 a pound) before AZN: 300 / 0.50 = 600 shares.
    expect(rows(plan({ action: 'REALISE_BUDGET_AMOUNT', amount: r('300'), include: 'LEAST_GAINS' }))).toEqual([
      ['VOD', '600', '900.00', '1200.00', '300.00'],
    ]);
  });

  it('realises a percentage of the unrealised capital gain from the greatest gains first', () => {
    // Unrealised capital gains: VOD 500 + AZN 4,000 = 4,500; half is 2,250.00. AZN 2,250 / 40 = 56.25, so 56
    // shares, 2,240.00; 10.00 left: VOD 20 shares.
    const result = plan({ action: 'REALISE_BUDGET_PERCENT', percent: r('50'), include: 'GREATEST_GAINS' });
    expect(rows(result)).toEqual([
      ['AZN', '56', '4480.00', '6720.00', '2240.00'],
      ['VOD', '20', '30.00', '40.00', '10.00'],
    ]);
    expect(result.summary).toBe('realises gains of £2,250.00 of the £2,250.00 budget');
  });

  it('leaves out what the exclude option names', () => {
    const labels = (exclude: PlanParameters['exclude']) =>
      plan({ action: 'DISPOSE_PERCENTAGE', percent: r('10'), exclude }).disposals.map((d) => d.holding.label);
    expect(labels('EXEMPT')).toEqual(['VOD', 'BP.', 'OFF', 'AZN']);
    expect(labels('INCOME')).toEqual(['VOD', 'BP.', 'TR30', 'AZN']);
    expect(labels('EXEMPT_AND_INCOME')).toEqual(['VOD', 'BP.', 'AZN']);
    expect(labels('S104')).toEqual(['OFF']);
  });

  it('says when the holdings cannot raise the cash asked for', () => {
    const result = plan({ action: 'RAISE_PROCEEDS', amount: r('1000000'), exclude: 'EXEMPT_AND_INCOME' });
    // Everything: 2,000 + 2,000 + 12,000.
    expect(result.disposals.map((d) => d.quantity.toString())).toEqual(['500', '1000', '100']);
    expect(result.summary).toBe('raises £16,000.00: the holdings in the plan cannot raise the £1,000,000.00 asked for');
  });
});
