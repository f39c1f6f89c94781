import { describe, expect, it } from 'vitest';
import { canonicalDecimal, multiplyDecimals, positiveDecimalProblem } from './decimal-rules';
import { pastDateProblem } from './date-rules';
import { isStale, latestOnOrBefore } from './price-rules';

const aging = { usePriceAgingDays: true, oldPriceAgeDays: 5 };

describe('latest price on or before a date', () => {
  const prices = [{ date: '2025-01-06' }, { date: '2025-01-10' }, { date: '2025-01-08' }];
  it('when prices straddle the date, then the latest before or on it is used', () => {
    expect(latestOnOrBefore(prices, '2025-01-09')?.date).toBe('2025-01-08');
    expect(latestOnOrBefore(prices, '2025-01-10')?.date).toBe('2025-01-10');
  });
  it('when every price is later, then there is none', () => {
    expect(latestOnOrBefore(prices, '2025-01-05')).toBeUndefined();
  });
});

describe('stale prices', () => {
  it('when aging is on, then a price more than oldPriceAgeDays old is stale and one exactly that old is not', () => {
    expect(isStale('2025-01-01', '2025-01-06', aging)).toBe(false); // 5 days
    expect(isStale('2025-01-01', '2025-01-07', aging)).toBe(true); // 6 days
  });
  it('when the organisation does not use price aging days, then nothing is stale', () => {
    expect(isStale('2020-01-01', '2025-01-07', { usePriceAgingDays: false, oldPriceAgeDays: 5 })).toBe(false);
    expect(isStale('2020-01-01', '2025-01-07', { usePriceAgingDays: true, oldPriceAgeDays: null })).toBe(false);
  });
});

describe('decimals', () => {
  it('when a price is multiplied by an FX rate, then the product is exact and rounded half up', () => {
    expect(multiplyDecimals('123.45', '0.79', 8)).toBe('97.5255');
    expect(multiplyDecimals('1.23456789', '0.5', 8)).toBe('0.61728395'); // ...3945 rounds up
    expect(multiplyDecimals('10', '1', 8)).toBe('10');
  });
  it('when a price is bad, then the rule is named', () => {
    expect(positiveDecimalProblem('price', '-1', 8)).toBe('price must not be negative');
    expect(positiveDecimalProblem('price', '0.000', 8)).toBe('price must be more than 0');
    expect(positiveDecimalProblem('price', '1e5', 8)).toMatch(/decimal number/);
    expect(positiveDecimalProblem('price', '1.123456789', 8)).toBe('price must have at most 8 decimal places');
    expect(positiveDecimalProblem('price', '12.5', 8)).toBeUndefined();
    expect(canonicalDecimal('012.3400')).toBe('12.34');
  });
  it('when a date is in the future or not a date, then the rule is named', () => {
    expect(pastDateProblem('date', '2025-02-30', '2025-06-01')).toBe('date must be a date as YYYY-MM-DD');
    expect(pastDateProblem('date', '2025-06-02', '2025-06-01')).toBe('date must not be in the future');
    expect(pastDateProblem('date', '2025-06-01', '2025-06-01')).toBeUndefined();
  });
});
