import { describe, expect, it } from 'vitest';
import { dayNumber, formatDay, parseIsoDate, ymd } from './dates';

describe('day numbers', () => {
  it('when known dates are formatted, then they read as the calendar has them (worked by hand)', () => {
    // 1970-01-01 is day 0; 2000-01-01 is 30 x 365 + 7 leap days (1972-1996) = 10,957; 29 February 2000 is
    // 31 + 28 days later; 2024-01-01 is 54 x 365 + 13 leap days (1972-2020) = 19,723; the day before day 0 is 1969-12-31.
    expect(formatDay(0)).toBe('1970-01-01');
    expect(formatDay(-1)).toBe('1969-12-31');
    expect(formatDay(10_957)).toBe('2000-01-01');
    expect(formatDay(11_016)).toBe('2000-02-29');
    expect(formatDay(19_723)).toBe('2024-01-01');
    expect(ymd(11_016)).toEqual([2000, 2, 29]);
  });

  it('when any date of years 0000-9999 is formatted, then it is what Date#toISOString gives and parses back to the same day', () => {
    const first = dayNumber(0, 1, 1);
    const last = dayNumber(9999, 12, 31);
    const wrong: string[] = [];
    for (let day = first; day <= last; day += day > -30_000 && day < 90_000 ? 1 : 13) {
      const text = formatDay(day);
      const expected = new Date(day * 86_400_000).toISOString().slice(0, 10);
      if (text !== expected || parseIsoDate(text) !== day) wrong.push(`${day}: ${text} (${expected})`);
    }
    expect(wrong).toEqual([]);
  });
});
