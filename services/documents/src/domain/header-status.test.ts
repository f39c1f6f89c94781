import { describe, expect, it } from 'vitest';
import { HEADER_STATUSES } from '@gains/access';
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

  // Seed 001 §4, written out here rather than read from the table: Delete only in PENDING; Reverse only in RUN or
  // COMPLETED; Create transactions only in PENDING, EDIT or RUN; rows editable only in PENDING or EDIT; and
  // nothing while a job works on the header.
  const SEED_RULES = {
    delete: ['PENDING'],
    reverse: ['RUN', 'COMPLETED'],
    process: ['PENDING', 'EDIT', 'RUN'],
    editRows: ['PENDING', 'EDIT'],
  } as const;
  const WORKING = ['CREATING_CANDIDATES', 'CREATING_PREVIEWS', 'CREATING_TRANSACTIONS', 'DELETING', 'REVERSING'];
  const cases = HEADER_STATUSES.flatMap((status) =>
    (Object.keys(SEED_RULES) as (keyof typeof SEED_RULES)[]).map((action) => ({ status, action })),
  );

  it.each(cases)('$action in $status: allowed only as §4 says', ({ status, action }) => {
    const allowed = (SEED_RULES[action] as readonly string[]).includes(status);
    if (allowed) return expect(() => assertAllowed(status, action)).not.toThrow();
    const code = WORKING.includes(status) || status === 'REFRESHING' ? 'ABORTED' : 'FAILED_PRECONDITION';
    expect(() => assertAllowed(status, action)).toThrow(
      expect.objectContaining({ code, field: 'status', message: expect.stringContaining(status) }),
    );
  });
});
