import { describe, expect, it } from 'vitest';
import { allows, assertAllowed, HEADER_STATUSES } from './header-status';

describe('what a header’s status allows (seed 001 §4)', () => {
  it('Delete only in PENDING, Reverse only in RUN or COMPLETED, Create transactions in PENDING, EDIT or RUN', () => {
    const where = (action: Parameters<typeof allows>[1]) => HEADER_STATUSES.filter((s) => allows(s, action));
    expect(where('delete')).toEqual(['PENDING']);
    expect(where('reverse')).toEqual(['RUN', 'COMPLETED']);
    expect(where('process')).toEqual(['PENDING', 'EDIT', 'RUN']);
    expect(where('editRows')).toEqual(['PENDING', 'EDIT']);
  });

  it('refuses a forbidden transition naming the status, and anything while a job works on the header', () => {
    expect(() => assertAllowed('COMPLETED', 'delete')).toThrow(
      expect.objectContaining({
        code: 'FAILED_PRECONDITION',
        message: 'Delete is allowed only while the header is PENDING; it is COMPLETED',
      }),
    );
    expect(() => assertAllowed('PENDING', 'reverse')).toThrow(
      expect.objectContaining({
        message: 'Reverse is allowed only while the header is RUN or COMPLETED; it is PENDING',
      }),
    );
    expect(() => assertAllowed('CREATING_TRANSACTIONS', 'process')).toThrow(
      expect.objectContaining({ code: 'ABORTED', field: 'status' }),
    );
    expect(() => assertAllowed('EDIT', 'process')).not.toThrow();
  });
});
