import { describe, expect, it } from 'vitest';
import type { TaxDue } from './computation';
import { compute, pence, tx, year } from '../../test/engine-support';

/** Each period as [period, taxable gain, lower-rate gain @ rate, higher-rate gain @ rate, tax]. */
const periods = (t: TaxDue | null) =>
  t?.periods.map((p) => [
    p.period,
    pence(p.taxableGain),
    `${pence(p.lowerRateGain)} @ ${p.lowerRate}`,
    `${pence(p.higherRateGain)} @ ${p.higherRate}`,
    pence(p.tax),
  ]);

// 2024-25: a gain of £10,000 on 1 June 2024 (before the rates changed), a gain of £10,000 on 1 November 2024 and a
// loss of £2,000 on 1 December 2024 (after).
const rows2024 = [
  tx('2024-05-01', 'BUY', 'EARLY', '1000', '10'),
  tx('2024-06-01', 'SELL', 'EARLY', '1000', '20'),
  tx('2024-05-01', 'BUY', 'LATE', '1000', '10'),
  tx('2024-11-01', 'SELL', 'LATE', '1000', '20'),
  tx('2024-05-01', 'BUY', 'LOSS', '1000', '10'),
  tx('2024-12-01', 'SELL', 'LOSS', '1000', '8'),
];

describe("tax due at the taxpayer's rates", () => {
  it('when an individual has 2024-25 gains in both rate periods, then losses and the exempt amount go against the later (higher-rate) gains first', () => {
    // Gains 20,000, loss 2,000, net 18,000, exempt amount 3,000: taxable 15,000. The 5,000 of loss and exempt
    // amount are set against the gains from 30 October first: taxable there 10,000 - 5,000 = 5,000; up to
    // 29 October 10,000. Basic-rate band left £12,000: used by the earlier gains first (10% instead of 20% saves
    // more than 18% instead of 24%): 10,000 at 10% = 1,000; then 2,000 of the later at 18% = 360 and 3,000 at
    // 24% = 720. Total £2,080.
    const c = compute(rows2024, { kind: 'individual', basicRateBandRemaining: { '2024-25': '12000' } });
    const y = year(c, '2024-25');
    expect(pence(y.taxableGain)).toBe('15000.00');
    expect(periods(y.taxDue)).toEqual([
      ['upTo29October2024', '10000.00', '10000.00 @ 10', '0.00 @ 20', '1000.00'],
      ['from30October2024', '5000.00', '2000.00 @ 18', '3000.00 @ 24', '1080.00'],
    ]);
    expect(pence(y.taxDue!.total)).toBe('2080.00');
    expect([
      y.taxDue!.periods[0].from,
      y.taxDue!.periods[0].to,
      y.taxDue!.periods[1].from,
      y.taxDue!.periods[1].to,
    ]).toEqual(['2024-04-06', '2024-10-29', '2024-10-30', '2025-04-05']);
  });

  it('when an individual gives no basic-rate band for the year, then the tax is not worked out', () => {
    expect(year(compute(rows2024), '2024-25').taxDue).toBeNull();
  });

  it('when a trust has 2024-25 gains, then it pays 20% up to 29 October and 24% from 30 October, deductions against the later first', () => {
    // Exempt amount 1,500: taxable 16,500; deductions 2,000 + 1,500 = 3,500 against the later gains: 6,500 at 24%
    // = 1,560; the earlier 10,000 at 20% = 2,000. Total £3,560.
    const y = year(compute(rows2024, { kind: 'trust' }), '2024-25');
    expect(periods(y.taxDue)).toEqual([
      ['upTo29October2024', '10000.00', '0.00 @ 20', '10000.00 @ 20', '2000.00'],
      ['from30October2024', '6500.00', '0.00 @ 24', '6500.00 @ 24', '1560.00'],
    ]);
    expect(pence(y.taxDue!.total)).toBe('3560.00');
    expect(y.taxDue!.basicRateBandRemaining).toBeNull();
  });

  it('when the deductions exceed the later gains, then the rest comes off the earlier ones', () => {
    // Up to 29 October a gain of 10,000; from 30 October 1,000; exempt amount 3,000: the later 1,000 is covered,
    // the other 2,000 comes off the earlier gains: taxable 8,000, all before 30 October. No basic-rate band left:
    // 8,000 at 20% = £1,600.
    const c = compute(
      [
        tx('2024-05-01', 'BUY', 'A', '1000', '10'),
        tx('2024-06-01', 'SELL', 'A', '1000', '20'),
        tx('2024-05-01', 'BUY', 'B', '100', '10'),
        tx('2024-11-01', 'SELL', 'B', '100', '20'),
      ],
      { kind: 'individual', basicRateBandRemaining: { '2024-25': '0' } },
    );
    expect(periods(year(c, '2024-25').taxDue)).toEqual([
      ['upTo29October2024', '8000.00', '0.00 @ 10', '8000.00 @ 20', '1600.00'],
      ['from30October2024', '0.00', '0.00 @ 18', '0.00 @ 24', '0.00'],
    ]);
  });

  it('when a year has one rate period, then the basic-rate band takes the lower rate and the rest the higher', () => {
    // 2023-24: a gain of 20,000, exempt amount 6,000: taxable 14,000. Band left 5,000: 5,000 at 10% = 500,
    // 9,000 at 20% = 1,800. Total £2,300.
    const c = compute([tx('2023-05-01', 'BUY', 'A', '1000', '10'), tx('2023-06-01', 'SELL', 'A', '1000', '30')], {
      kind: 'individual',
      basicRateBandRemaining: { '2023-24': '5000' },
    });
    const y = year(c, '2023-24');
    expect(periods(y.taxDue)).toEqual([['year', '14000.00', '5000.00 @ 10', '9000.00 @ 20', '2300.00']]);
    expect(pence(y.taxDue!.total)).toBe('2300.00');
  });

  it('when the taxpayer is a company, then no capital gains tax is worked out (corporation tax)', () => {
    expect(year(compute(rows2024, { kind: 'company' }), '2024-25').taxDue).toBeNull();
  });
});
