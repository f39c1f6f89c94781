import { describe, expect, it } from 'vitest';
import { candidatePreviews, sharesForRatio } from './candidate-previews';

describe('a split’s ratio as the ledger takes it', () => {
  it('when the rate comes from the store at its column’s scale, then the ratio drops the trailing zeros', () => {
    // 2 new for every 1 held, read back as 2.0000000000 and 1.0000000000: the ledger takes new:old, 8 places at most
    const rows = candidatePreviews(
      { effect: 'SPLIT', securityId: 7, exDate: '2026-09-01', payDate: '2026-09-15', parentSecurityPrice: null },
      [
        {
          ord: 1,
          transactionTypeName: 'SPLIT',
          rate: '2.0000000000',
          perParent: '1.0000000000',
          price: null,
          newSecurityId: null,
          newSecurityDecimals: 0,
          apportionmentFactor: null,
        },
      ],
      { holdingQuantity: '165', decimalPlaces: 0 },
    );
    expect(rows.map((r) => r.ratio)).toEqual(['2:1']);
  });

  it('when the rate has a fraction, then it keeps it', () => {
    const rows = candidatePreviews(
      {
        effect: 'CONSOLIDATION',
        securityId: 7,
        exDate: '2026-09-01',
        payDate: '2026-09-15',
        parentSecurityPrice: null,
      },
      [
        {
          ord: 1,
          transactionTypeName: 'CONSOLIDATION',
          rate: '1.5000000000',
          perParent: '10.0000000000',
          price: null,
          newSecurityId: null,
          newSecurityDecimals: 0,
          apportionmentFactor: null,
        },
      ],
      { holdingQuantity: '100', decimalPlaces: 0 },
    );
    expect(rows.map((r) => r.ratio)).toEqual(['1.5:10']);
  });
});

describe('the shares a ratio gives a holding', () => {
  it('when split, consolidated or issued as bonus, then whole units of the security’s places, rounded down', () => {
    expect(sharesForRatio('165', '2:1', 0)).toBe('330'); // 165 x 2 / 1
    expect(sharesForRatio('1000', '1:3', 0)).toBe('333'); // 333 1/3: the third goes for cash
    expect(sharesForRatio('100', '1:3', 4)).toBe('33.3333'); // a fund's 4 places
    expect(sharesForRatio('250', '3:20', 0)).toBe('37'); // bonus 3 for 20: 37.5
  });
});
