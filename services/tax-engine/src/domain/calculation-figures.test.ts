import { describe, expect, it } from 'vitest';
import { averageCost, money, pence, rowUuidOf, taxYearLabelOf, valueOf, yearChanges } from './calculation-figures';

describe('exact money of the figures', () => {
  it('when money strings are added as pennies, then no float error creeps in and signs are kept', () => {
    // 0.10 + 0.20 = 0.30 exactly (as floats, 0.30000000000000004).
    expect(money(pence('0.10') + pence('0.20'))).toBe('0.30');
    expect(money(pence('-12.3'))).toBe('-12.30');
    expect(money(pence('-0.05'))).toBe('-0.05');
    expect(money(pence(''))).toBe('0.00');
  });

  it('when an ISA holding is valued, then quantity x price is rounded half away from zero to the penny', () => {
    // 333.3333 x 1.2345 = 411.49995885 -> £411.50; 3 x 0.125 = 0.375 -> £0.38.
    expect(money(valueOf('333.3333', '1.2345'))).toBe('411.50');
    expect(money(valueOf('3', '0.125'))).toBe('0.38');
  });

  it('when a holding’s average cost is worked out, then it is cost / quantity to four places', () => {
    // 2,400.00 / 600 = 4.0000; 1,674.67 / 400 = 4.186675 -> 4.1867; no shares, no average.
    expect(averageCost('2400.00', '600')).toBe('4.0000');
    expect(averageCost('1674.67', '400')).toBe('4.1867');
    expect(averageCost('10.00', '0')).toBe('');
  });
});

describe('dates and rows of the figures', () => {
  it('when a date is on either side of 6 April, then it is in the tax year it falls in', () => {
    expect(taxYearLabelOf('2026-04-05')).toBe('2025-26');
    expect(taxYearLabelOf('2026-04-06')).toBe('2026-27');
    expect(taxYearLabelOf('2099-12-31')).toBe('2099-00');
  });

  it('when the engine echoes a row’s ref, then the row’s uuid is read back from it', () => {
    expect(rowUuidOf('line 3 (11111111-1111-4111-8111-111111111111)')).toBe('11111111-1111-4111-8111-111111111111');
    expect(rowUuidOf('line 3')).toBeUndefined();
  });

  it('when a back-dated change moves a closed year, then the change names the year, closed, before and after', () => {
    const before = [{ taxYear: '2024-25', periodEnd: '2025-04-05', figures: { gains: '400.00', losses: '0.00' } }];
    const after = [
      { taxYear: '2024-25', periodEnd: '2025-04-05', figures: { gains: '350.00', losses: '0.00' } },
      { taxYear: '2026-27', periodEnd: '2027-04-05', figures: { gains: '10.00', losses: '0.00' } },
    ];
    expect(yearChanges(before, after, '2026-11-27')).toEqual([
      { taxYear: '2024-25', closed: true, figures: [{ figure: 'gains', before: '400.00', after: '350.00' }] },
      {
        taxYear: '2026-27',
        closed: false,
        figures: [
          { figure: 'gains', before: '', after: '10.00' },
          { figure: 'losses', before: '', after: '0.00' },
        ],
      },
    ]);
  });
});
