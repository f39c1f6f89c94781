import { describe, expect, it } from 'vitest';
import { apportionmentFactors, calculatedRatePrice } from './rate-price';

describe('the calculated rate price (seed 001 §9)', () => {
  it('is rate / perParent x price', () => {
    // 1 new share for every 3 held, at £2.40: £0.80 a parent share
    expect(calculatedRatePrice({ rate: '1', perParent: '3', price: '2.40' }, null)).toBe('0.800000000000');
    // 2 for 5 at £1.25: £0.50
    expect(calculatedRatePrice({ rate: '2', perParent: '5', price: '1.25' }, null)).toBe('0.500000000000');
  });

  it('takes the header’s parent security price where the line says so, and is 0 without a perParent', () => {
    expect(calculatedRatePrice({ rate: '1', perParent: '1', price: '9', useParentSecurityPrice: true }, '3.50')).toBe(
      '3.500000000000',
    );
    expect(calculatedRatePrice({ rate: '1', perParent: '0', price: '9' }, null)).toBe('0');
  });
});

describe('apportionment factors (seed 001 §9)', () => {
  // A demerger: the parent (retained) at £6.00 a share and 1 new share for every 4 held at £8.00 (£2.00 a parent
  // share); both lines apportioned.
  const parent = { rate: '1', perParent: '1', price: '6.00', apportioned: true };
  const child = { rate: '1', perParent: '4', price: '8.00', apportioned: true };

  it('method 1: each rate price over the sum of them all', () => {
    // 6 / (6 + 2) = 0.75; 2 / 8 = 0.25
    expect(apportionmentFactors([parent, child], 1, null)).toEqual(['0.750000000000', '0.250000000000']);
  });

  it('method 2: over the parent security price plus the sum of the apportioned lines', () => {
    // only the new line is apportioned: 2 / (6 + 2) = 0.25, the parent keeps 0.75
    expect(apportionmentFactors([{ ...parent, apportioned: false }, child], 2, '6.00')).toEqual([
      null,
      '0.250000000000',
    ]);
  });

  it('is 0 when the denominator is not above 0', () => {
    expect(apportionmentFactors([{ ...child, rate: '0' }], 1, null)).toEqual(['0']);
  });
});
