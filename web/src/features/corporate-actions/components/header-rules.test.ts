import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { defaultHeaderSearch, statusLabel } from './header-rules';

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
});

describe('a status shown', () => {
  it('when a status is shown, then it reads as words', () => {
    expect(statusLabel('CANDIDATES_CREATION_FAILURES')).toBe('Candidates Creation Failures');
    expect(statusLabel('RUN')).toBe('Run');
  });
});
