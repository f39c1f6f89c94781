import { describe, expect, it } from 'vitest';
import { assertAllowed } from './header-status';

describe('a header action refused by its status (seed 001 §4; the table is @gains/access header-status.ts)', () => {
  it('is FAILED_PRECONDITION naming the status, and ABORTED while a job works on the header', () => {
    expect(() => assertAllowed('COMPLETED', 'delete')).toThrow(
      expect.objectContaining({
        code: 'FAILED_PRECONDITION',
        message: 'Delete is allowed only while the header is PENDING; it is COMPLETED',
        field: 'status',
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
