import { describe, expect, it } from 'vitest';
import { defaultPeriodStart, equalisationGroups } from './equalisation-groups';

describe('equalisationGroups', () => {
  it('when 1,000 were held before the period, 400 bought then 300 sold in it, then each method takes the sale from its group', () => {
    // held at the ex-date: 1,000 + 400 - 300 = 1,100
    const groups = equalisationGroups(
      { holdingQuantity: '1100', heldAtPeriodStart: '1000', moves: [{ quantity: '400' }, { quantity: '-300' }] },
      4,
    );
    // FIFO: the 300 sold come out of the 1,000 Group 1 units: G1 700, G2 400 (700 + 400 = 1,100)
    expect(groups.FIFO).toEqual({ group1: '700', group2: '400' });
    // LIFO: out of the 400 Group 2 units: G1 1,000, G2 100
    expect(groups.LIFO).toEqual({ group1: '1000', group2: '100' });
    // AVERAGE: 300 pro rata of 1,400 (1,000 : 400): 300 x 400 / 1,400 = 85.714285... from Group 2, so
    // G2 = 400 - 85.714285... = 314.285714... rounded down to 4 places 314.2857; G1 = 1,100 - 314.2857 = 785.7143
    expect(groups.AVERAGE).toEqual({ group1: '785.7143', group2: '314.2857' });
  });

  it('when the security has whole units, then Group 2 rounds down and Group 1 takes the rest', () => {
    const groups = equalisationGroups(
      { holdingQuantity: '1100', heldAtPeriodStart: '1000', moves: [{ quantity: '400' }, { quantity: '-300' }] },
      0,
    );
    // 314.2857... down to 314; 1,100 - 314 = 786
    expect(groups.AVERAGE).toEqual({ group1: '786', group2: '314' });
  });

  it('when nothing moved in the period, then every unit is Group 1 under each method', () => {
    const groups = equalisationGroups({ holdingQuantity: '250.5', heldAtPeriodStart: '250.5', moves: [] }, 4);
    expect(groups).toEqual({
      FIFO: { group1: '250.5', group2: '0' },
      LIFO: { group1: '250.5', group2: '0' },
      AVERAGE: { group1: '250.5', group2: '0' },
    });
  });

  it('when a sale comes before the buy, then LIFO can only take it from Group 1', () => {
    // 500 held; sold 200 (nothing bought yet, so all from Group 1: 300); bought 100 (G2 100); holding 400
    const groups = equalisationGroups(
      { holdingQuantity: '400', heldAtPeriodStart: '500', moves: [{ quantity: '-200' }, { quantity: '100' }] },
      2,
    );
    expect(groups.LIFO).toEqual({ group1: '300', group2: '100' });
    expect(groups.FIFO).toEqual({ group1: '300', group2: '100' });
    expect(groups.AVERAGE).toEqual({ group1: '300', group2: '100' });
  });

  it('when the sale is more than the first group holds, then the rest comes from the other group', () => {
    // FIFO: 100 G1 + 300 G2, sold 250: 100 from G1, 150 from G2: G1 0, G2 150
    // LIFO: 250 from G2: G1 100, G2 50
    const groups = equalisationGroups(
      { holdingQuantity: '150', heldAtPeriodStart: '100', moves: [{ quantity: '300' }, { quantity: '-250' }] },
      0,
    );
    expect(groups.FIFO).toEqual({ group1: '0', group2: '150' });
    expect(groups.LIFO).toEqual({ group1: '100', group2: '50' });
    // AVERAGE: 250 x 300 / 400 = 187.5 from G2: G2 112.5 down to 112; G1 150 - 112 = 38
    expect(groups.AVERAGE).toEqual({ group1: '38', group2: '112' });
  });
});

describe('defaultPeriodStart', () => {
  it('when a previous equalisation of the security exists, then the period starts on its ex-date', () => {
    expect(defaultPeriodStart('2026-06-01', '2025-12-01')).toBe('2025-12-01');
  });
  it('when none, then six months before the ex-date (a month end stays in its month)', () => {
    expect(defaultPeriodStart('2026-06-15', null)).toBe('2025-12-15');
    expect(defaultPeriodStart('2026-08-31', null)).toBe('2026-02-28');
  });
});
