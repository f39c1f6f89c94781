import { describe, expect, it } from 'vitest';
import { taxpayerProblems } from './taxpayer-rules';

describe('taxpayer rules', () => {
  it('when a taxpayer is complete, then there is nothing to say', () => {
    expect(taxpayerProblems({ kind: 'individual' })).toEqual([]);
    expect(taxpayerProblems({ kind: 'trust', vulnerableBeneficiaryTrust: true })).toEqual([]);
    expect(taxpayerProblems({ kind: 'personal-representatives', dateOfDeath: '2023-08-14' })).toEqual([]);
    expect(
      taxpayerProblems({
        kind: 'company',
        annualExemptAmountOverrides: { '2024-25': '1500.5' },
        lossesBroughtForward: '2500.00',
      }),
    ).toEqual([]);
  });

  it('when a figure cannot be read, then its field and the rule are named (the engine would read it as nothing)', () => {
    expect(
      taxpayerProblems({
        kind: 'individual',
        annualExemptAmountOverrides: { '2024-26': '100', '2023-24': '1,500', '2022-23': '-1' },
        lossesBroughtForward: '12.345',
      }),
    ).toEqual([
      { field: 'annualExemptAmountOverrides.2024-26', message: '"2024-26" is not a tax year; write it as 2024-25' },
      {
        field: 'annualExemptAmountOverrides.2023-24',
        message: 'an annual exempt amount must be pounds and pence, not negative (1500.00)',
      },
      {
        field: 'annualExemptAmountOverrides.2022-23',
        message: 'an annual exempt amount must be pounds and pence, not negative (1500.00)',
      },
      {
        field: 'lossesBroughtForward',
        message: 'losses brought forward must be pounds and pence, not negative (2500.00)',
      },
    ]);
  });

  it('when the kind is unknown or a date of death is not a date, then it is refused; details another kind does not use are not', () => {
    expect(taxpayerProblems({ kind: 'partnership' as never })[0]!.field).toBe('kind');
    expect(taxpayerProblems({ kind: 'personal-representatives', dateOfDeath: '2023-02-30' })).toEqual([
      { field: 'dateOfDeath', message: 'date of death must be a date, YYYY-MM-DD' },
    ]);
    // Personal representatives without a date of death get the full amount every year (see the README).
    expect(taxpayerProblems({ kind: 'personal-representatives' })).toEqual([]);
    expect(taxpayerProblems({ kind: 'individual', vulnerableBeneficiaryTrust: true })).toEqual([]);
    expect(taxpayerProblems({ kind: 'trust', dateOfDeath: '2023-02-01' })).toEqual([]);
  });

  it('when a group of settlements or attributed gains cannot be read, then the field and the rule are named', () => {
    expect(
      taxpayerProblems({ kind: 'trust', settlementsInGroup: 3, attributedGains: { '2024-25': '5000.00' } }),
    ).toEqual([]);
    expect(
      taxpayerProblems({ kind: 'trust', settlementsInGroup: 2.5, attributedGains: { '2024': '1', '2023-24': 'x' } }),
    ).toEqual([
      {
        field: 'settlementsInGroup',
        message: "the settlements in a group must be a whole number of settlements (the settlor's, this one included)",
      },
      { field: 'attributedGains.2024', message: '"2024" is not a tax year; write it as 2024-25' },
      {
        field: 'attributedGains.2023-24',
        message: 'attributed gains must be pounds and pence, not negative (5000.00)',
      },
    ]);
  });

  it("when an accounting year end is not a month and day, or not a company's, then it is refused", () => {
    expect(taxpayerProblems({ kind: 'company', accountingYearEnd: '03-31' })).toEqual([]);
    const message = 'an accounting year end must be a month and day, MM-DD (12-31)';
    for (const accountingYearEnd of ['02-29', '13-01', '04-31', '2024-12-31'])
      expect(taxpayerProblems({ kind: 'company', accountingYearEnd })).toEqual([
        { field: 'accountingYearEnd', message },
      ]);
    expect(taxpayerProblems({ kind: 'individual', accountingYearEnd: '12-31' })).toEqual([
      { field: 'accountingYearEnd', message: 'an accounting year end is for a company only' },
    ]);
  });

  it('when a basic-rate band is given for someone other than an individual, or cannot be read, then it is refused', () => {
    expect(taxpayerProblems({ kind: 'individual', basicRateBandRemaining: { '2024-25': '20000.00' } })).toEqual([]);
    expect(
      taxpayerProblems({ kind: 'individual', basicRateBandRemaining: { '2024-26': '1', '2023-24': 'lots' } }),
    ).toEqual([
      { field: 'basicRateBandRemaining.2024-26', message: '"2024-26" is not a tax year; write it as 2024-25' },
      {
        field: 'basicRateBandRemaining.2023-24',
        message: 'the basic-rate band left must be pounds and pence, not negative (20000.00)',
      },
    ]);
    expect(taxpayerProblems({ kind: 'trust', basicRateBandRemaining: { '2024-25': '1' } })).toEqual([
      {
        field: 'basicRateBandRemaining.2024-25',
        message: 'a basic-rate band is for an individual only (trusts pay one rate)',
      },
    ]);
  });
});
