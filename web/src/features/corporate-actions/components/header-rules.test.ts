import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  defaultHeaderSearch,
  HEADER_STATUSES,
  headerActions,
  isInProgress,
  MOVEMENT_SEARCH_DATE_TYPES,
  SEARCH_DATE_TYPES,
  statusLabel,
} from './header-rules';

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

describe('the header footer buttons (seed 001 §4)', () => {
  const enabled = (action: 'createTransactions' | 'delete' | 'reverse') =>
    HEADER_STATUSES.filter((s) => headerActions(s)[action]);

  it('when the status is PENDING, EDIT or RUN, then Create transactions is enabled, and in no other status', () => {
    expect(enabled('createTransactions')).toEqual(['PENDING', 'EDIT', 'RUN']);
  });

  it('when the status is PENDING, then Delete is enabled, and in no other status', () => {
    expect(enabled('delete')).toEqual(['PENDING']);
  });

  it('when the status is RUN or COMPLETED, then Reverse is enabled, and in no other status', () => {
    expect(enabled('reverse')).toEqual(['RUN', 'COMPLETED']);
  });

  it('when a job works on the header, then it is in progress and nothing is enabled', () => {
    const working = HEADER_STATUSES.filter(isInProgress);
    expect(working).toEqual([
      'CREATING_CANDIDATES',
      'CREATING_PREVIEWS',
      'CREATING_TRANSACTIONS',
      'DELETING',
      'REVERSING',
      'REFRESHING',
    ]);
    for (const status of working)
      expect(headerActions(status)).toEqual({ createTransactions: false, delete: false, reverse: false });
  });

  it('when a status is shown, then it reads as words', () => {
    expect(statusLabel('CANDIDATES_CREATION_FAILURES')).toBe('Candidates Creation Failures');
    expect(statusLabel('RUN')).toBe('Run');
  });
});
