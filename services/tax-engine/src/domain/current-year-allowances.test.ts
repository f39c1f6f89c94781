import { describe, expect, it } from 'vitest';
import { loadReferenceData } from '../store/reference-data-files';
import { currentYearAllowances } from './current-year-allowances';

const ref = loadReferenceData();

describe('the allowances of a year with no disposal', () => {
  it('when the taxpayer is an individual, then the AE is the year’s full amount (£3,000 from 2024-25)', () => {
    expect(currentYearAllowances({ kind: 'individual' }, '2026-27', ref)).toEqual({
      annualExemptAmount: '3000.00',
      lossesBroughtForward: '0',
    });
  });

  it('when the taxpayer is a trust, then half; with a vulnerable beneficiary, all', () => {
    expect(currentYearAllowances({ kind: 'trust' }, '2026-27', ref).annualExemptAmount).toBe('1500.00');
    expect(
      currentYearAllowances({ kind: 'trust', vulnerableBeneficiaryTrust: true }, '2026-27', ref).annualExemptAmount,
    ).toBe('3000.00');
    // A group of four settlements: 1,500 / 4 = 375, not below a tenth of 3,000 (300).
    expect(currentYearAllowances({ kind: 'trust', settlementsInGroup: 4 }, '2026-27', ref).annualExemptAmount).toBe(
      '375.00',
    );
  });

  it('when personal representatives act, then all for the year of death and the two following, then none', () => {
    const pr = { kind: 'personal-representatives' as const, dateOfDeath: '2024-06-01' };
    expect(currentYearAllowances(pr, '2026-27', ref).annualExemptAmount).toBe('3000.00');
    expect(currentYearAllowances(pr, '2027-28', ref).annualExemptAmount).toBe('0.00');
  });

  it('when the taxpayer is a company, then it has no AE', () => {
    expect(currentYearAllowances({ kind: 'company' }, '2026-27', ref).annualExemptAmount).toBe('');
  });

  it('when the client overrides the year’s AE or brings losses, then those are its allowances', () => {
    expect(
      currentYearAllowances(
        { kind: 'trust', annualExemptAmountOverrides: { '2026-27': '1000' }, lossesBroughtForward: '2500.00' },
        '2026-27',
        ref,
      ),
    ).toEqual({ annualExemptAmount: '1000.00', lossesBroughtForward: '2500.00' });
  });

  it('when a provider admin added a later year, then its amount is used and a statutory year stays as it is', () => {
    const added = { '2027-28': '3500', '2026-27': '9999' };
    expect(currentYearAllowances({ kind: 'individual' }, '2027-28', ref, added).annualExemptAmount).toBe('3500.00');
    expect(currentYearAllowances({ kind: 'individual' }, '2026-27', ref, added).annualExemptAmount).toBe('3000.00');
  });
});
