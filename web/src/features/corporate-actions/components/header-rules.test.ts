import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { defaultHeaderSearch, MOVEMENT_SEARCH_DATE_TYPES, SEARCH_DATE_TYPES, statusLabel } from './header-rules';

describe('the header search defaults (seed 001 §2, §9)', () => {
  it('when the page opens, then every type and status is searched by pay date, today to today', () => {
    expect(defaultHeaderSearch(dayjs('2026-11-27T10:00:00'))).toEqual({
      type: '',
      status: '',
      searchDateType: 'PAY_DATE',
      from: '2026-11-27',
      to: '2026-11-27',
    });
  });

  it('when the portfolio movements page opens, then it searches by trade date, which only movements offer', () => {
    expect(defaultHeaderSearch(dayjs('2026-11-27T10:00:00'), 'PM').searchDateType).toBe('TRADE_DATE');
    expect(MOVEMENT_SEARCH_DATE_TYPES[0]).toEqual({ value: 'TRADE_DATE', label: 'Trade Date' });
    expect(SEARCH_DATE_TYPES.map((t) => t.value)).not.toContain('TRADE_DATE');
  });
});

describe('a status shown', () => {
  it('when a status is shown, then it reads as words', () => {
    expect(statusLabel('CANDIDATES_CREATION_FAILURES')).toBe('Candidates Creation Failures');
    expect(statusLabel('RUN')).toBe('Run');
  });
});
