import { describe, expect, it } from 'vitest';
import type { TaxYearReference } from '@gains/contracts';
import { nextTaxYear, settableTaxYears } from './exempt-amount-rules';

const year = (label: string, amountSetBy: string | null = null): TaxYearReference => ({
  label,
  startDate: `${label.slice(0, 4)}-04-06`,
  endDate: `${Number(label.slice(0, 4)) + 1}-04-05`,
  annualExemptAmount: '3000',
  basicRate: null,
  higherRate: null,
  ratesNote: null,
  amountSetBy,
  amountSetAt: amountSetBy ? '2026-11-26T10:00:00.000Z' : null,
});

describe('the tax years whose exempt amount may be set', () => {
  it('when the years run to 2026-27, then the next is 2027-28 (and 2099-00 follows 2098-99)', () => {
    expect(nextTaxYear('2026-27')).toBe('2027-28');
    expect(nextTaxYear('2098-99')).toBe('2099-00');
    expect(settableTaxYears([year('2025-26'), year('2026-27'), year('2024-25')])).toEqual(['2027-28']);
  });

  it('when a year was set before, then it may be set again beside the next one', () => {
    expect(settableTaxYears([year('2026-27'), year('2027-28', 'Alex Admin')])).toEqual(['2028-29', '2027-28']);
  });
});
