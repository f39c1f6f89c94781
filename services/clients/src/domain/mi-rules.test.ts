import { describe, expect, it } from 'vitest';
import { aeBandLabel, parseMiDates, taxYearLabel } from './mi-rules';

describe('MI figures rules', () => {
  it('when dates are given twice or out of order, then each is held at once, in order', () => {
    expect(parseMiDates(['2026-10-31', '2026-09-30', '2026-10-31'])).toEqual(['2026-09-30', '2026-10-31']);
  });
  it('when a date is not a real date or there are none, then the field is named', () => {
    expect(() => parseMiDates(['2026-02-30'])).toThrow(/dates must be dates as YYYY-MM-DD/);
    expect(() => parseMiDates([])).toThrow(/at least one date/);
    expect(() => parseMiDates(Array.from({ length: 25 }, (_, i) => `2026-01-${String(i + 1).padStart(2, '0')}`))).toThrow(
      /at most 24/,
    );
  });
  it('when a band index is -1, then the client is not calculated yet', () => {
    expect(aeBandLabel(-1)).toBe('Not calculated');
    expect(aeBandLabel(0)).toBe('£0 (used up)');
    expect(aeBandLabel(4)).toBe('Over £3,000');
  });
  it('when a tax year starts in 1999 or 2025, then its label has two digits after the dash', () => {
    expect(taxYearLabel(1999)).toBe('1999-00');
    expect(taxYearLabel(2025)).toBe('2025-26');
  });
});
