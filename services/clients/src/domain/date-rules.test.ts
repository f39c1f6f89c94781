import { describe, expect, it } from 'vitest';
import { dateProblem, isIsoDate } from './date-rules';

describe('dates', () => {
  it('when a date is read, then only real calendar days pass (leap years by the Gregorian rule)', () => {
    for (const real of ['2024-02-29', '2000-02-29', '2025-01-31', '2025-04-30', '2025-12-31', '1900-01-01']) {
      expect(isIsoDate(real), real).toBe(true);
    }
    for (const unreal of ['2023-02-29', '1900-02-29', '2025-04-31', '2025-13-01', '2025-00-10', '2025-01-00']) {
      expect(isIsoDate(unreal), unreal).toBe(false);
    }
    for (const shape of ['2025-1-01', '25-01-01', '2025/01/01', ' 2025-01-01', '']) {
      expect(isIsoDate(shape), shape).toBe(false);
    }
  });

  it('when a date is checked against today, then a future day or one before 1900 is named', () => {
    expect(dateProblem('tradeDate', '2026-11-28', '2026-11-27')).toBe('tradeDate must not be in the future');
    expect(dateProblem('tradeDate', '1899-12-31')).toBe('tradeDate must be after 1900-01-01');
    expect(dateProblem('tradeDate', '2026-02-30')).toBe('tradeDate must be a date as YYYY-MM-DD');
    expect(dateProblem('tradeDate', '2026-11-27', '2026-11-27')).toBeUndefined();
  });
});
