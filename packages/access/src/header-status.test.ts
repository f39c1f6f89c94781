import { describe, expect, it } from 'vitest';
import { allows, HEADER_STATUSES, headerActions, headerRefusal, isInProgress } from './header-status';

describe('what a header’s status allows (seed 001 §4)', () => {
  const where = (action: Parameters<typeof allows>[1]) => HEADER_STATUSES.filter((s) => allows(s, action));

  it('Delete only in PENDING, Reverse only in RUN or COMPLETED, Create transactions in PENDING, EDIT or RUN', () => {
    expect(where('delete')).toEqual(['PENDING']);
    expect(where('reverse')).toEqual(['RUN', 'COMPLETED']);
    expect(where('process')).toEqual(['PENDING', 'EDIT', 'RUN']);
  });

  it('candidate, preview and proposed rows are editable only while PENDING or EDIT', () => {
    expect(where('editRows')).toEqual(['PENDING', 'EDIT']);
  });

  it('the buttons follow the same table', () => {
    for (const status of HEADER_STATUSES) {
      const buttons = headerActions(status);
      expect(buttons.createTransactions).toBe(allows(status, 'process'));
      expect(buttons.delete).toBe(allows(status, 'delete'));
      expect(buttons.reverse).toBe(allows(status, 'reverse'));
    }
  });

  it('while a job works on the header (the five in-progress states and REFRESHING), nothing is allowed', () => {
    const working = HEADER_STATUSES.filter(isInProgress);
    expect(working).toEqual([
      'CREATING_CANDIDATES',
      'CREATING_PREVIEWS',
      'CREATING_TRANSACTIONS',
      'DELETING',
      'REVERSING',
      'REFRESHING',
    ]);
    for (const status of working) {
      expect(Object.values(headerActions(status)).some(Boolean)).toBe(false);
      expect(headerRefusal(status, 'process')).toMatchObject({ busy: true });
    }
  });

  it('a refusal names where the action is allowed and the status it met', () => {
    expect(headerRefusal('COMPLETED', 'delete')?.message).toBe(
      'Delete is allowed only while the header is PENDING; it is COMPLETED',
    );
    expect(headerRefusal('EDIT', 'process')).toBeNull();
  });
});
