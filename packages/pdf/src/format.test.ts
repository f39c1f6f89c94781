import { describe, expect, it } from 'vitest';
import { decimal, gbp, quantity, ukDate } from './format';

describe('gbp', () => {
  it('when given a decimal string, then it is pounds to the penny with en-GB grouping', () => {
    expect(gbp('1234.5')).toBe('£1,234.50');
    expect(gbp('-12.3')).toBe('-£12.30');
    expect(gbp('0')).toBe('£0.00');
    expect(gbp('1000000')).toBe('£1,000,000.00');
    expect(gbp('999.99')).toBe('£999.99');
    expect(gbp('+7')).toBe('£7.00');
    expect(gbp('007.10')).toBe('£7.10');
  });

  it('when it has more places, then it is rounded half away from zero, exactly, beyond what a float holds', () => {
    expect(gbp('2.675')).toBe('£2.68'); // 2.675 as a float is 2.67499999...
    expect(gbp('-2.675')).toBe('-£2.68');
    expect(gbp('2.674999')).toBe('£2.67');
    expect(gbp('999999.995')).toBe('£1,000,000.00');
    expect(gbp('12345678901234567890.125')).toBe('£12,345,678,901,234,567,890.13');
    expect(gbp('-0.004')).toBe('£0.00');
    expect(gbp('3.00005', 4)).toBe('£3.0001');
  });

  it('when empty, then a dash; when not a decimal, then it throws rather than print a misread figure', () => {
    expect(gbp('')).toBe('-');
    expect(gbp(undefined)).toBe('-');
    expect(gbp(null)).toBe('-');
    expect(() => gbp('12,30')).toThrow('gbp: "12,30" is not a decimal number');
    expect(() => gbp('1e3')).toThrow(/not a decimal/);
    expect(() => gbp('£5')).toThrow(/not a decimal/);
  });
});

describe('quantity and decimal', () => {
  it('when a quantity is given, then it is grouped and keeps exactly its decimals', () => {
    expect(quantity('1000.0000')).toBe('1,000.0000');
    expect(quantity('1500')).toBe('1,500');
    expect(quantity('0.125')).toBe('0.125');
    expect(quantity('-2500.50')).toBe('-2,500.50');
    expect(quantity('123456789.1234')).toBe('123,456,789.1234');
    expect(quantity('')).toBe('-');
  });

  it('when a decimal is rounded to places, then it is grouped without a currency', () => {
    expect(decimal('1234.5678', 2)).toBe('1,234.57');
    expect(decimal('-0.5', 0)).toBe('-1');
    expect(decimal('12', 1)).toBe('12.0');
  });
});

describe('ukDate', () => {
  it('when given YYYY-MM-DD, then it is DD/MM/YYYY', () => {
    expect(ukDate('2026-11-27')).toBe('27/11/2026');
    expect(ukDate('2027-04-05')).toBe('05/04/2027');
    expect(ukDate('')).toBe('-');
    expect(() => ukDate('27/11/2026')).toThrow('ukDate: "27/11/2026" is not a date as YYYY-MM-DD');
  });
});
