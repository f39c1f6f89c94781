import { describe, expect, it } from 'vitest';
import type { Caller } from '@gains/auth';
import { aeBandLabel, assertMiReader, parseMiDates, taxYearLabel } from './mi-rules';

const ASHW = '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000002';
const BRKF = '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000003';
const caller = (roles: string[], organisationUuids: string[]): Caller => ({
  userUuid: 'u',
  email: 'e@x',
  name: 'n',
  roles,
  organisationUuids,
  sessionId: 's',
  token: 't',
});

describe('MI figures rules', () => {
  it('when dates are given twice or out of order, then each is held at once, in order', () => {
    expect(parseMiDates(['2026-10-31', '2026-09-30', '2026-10-31'])).toEqual(['2026-09-30', '2026-10-31']);
  });
  it('when a date is not a real date or there are none, then the field is named', () => {
    expect(() => parseMiDates(['2026-02-30'])).toThrow(/dates must be dates as YYYY-MM-DD/);
    expect(() => parseMiDates([])).toThrow(/at least one date/);
    expect(() =>
      parseMiDates(Array.from({ length: 25 }, (_, i) => `2026-01-${String(i + 1).padStart(2, '0')}`)),
    ).toThrow(/at most 24/);
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

  it('when a non-admin or another firm asks, then the service itself refuses (seed 000 §6: admins only)', () => {
    expect(() => assertMiReader(caller(['ROLE_CUSTOMER_NON_ADMIN'], [ASHW]), ASHW)).toThrow(/MI Dashboard/);
    expect(() => assertMiReader(caller(['ROLE_CUSTOMER_ADMIN'], [BRKF]), ASHW)).toThrow(/not a member/);
    expect(() => assertMiReader(caller(['ROLE_CUSTOMER_ADMIN'], [ASHW]), ASHW)).not.toThrow();
    expect(() => assertMiReader(caller(['ROLE_ADMIN'], []), ASHW)).not.toThrow();
  });
});
