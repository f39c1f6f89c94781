import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import {
  INITIAL,
  POUNDS,
  SETTLEMENTS,
  isDayMonth,
  isTaxYear,
  toTaxpayer,
  yearMapErrorTarget,
  type Values,
} from './taxpayer-form';

const values = (taxpayer: Partial<Values['taxpayer']>): Values => ({
  taxpayer: { ...INITIAL.taxpayer, ...taxpayer },
});
const row = (year: string, amount: string) => ({ year, amount });

describe('the taxpayer form as the request', () => {
  it('when nothing is filled in, then only the kind is sent', () => {
    expect(toTaxpayer(INITIAL)).toEqual({ kind: 'individual' });
  });

  it('when an individual gives the band left and attributed gains, then each is a map of tax years to pounds', () => {
    const taxpayer = toTaxpayer(
      values({
        basicRateBandRemaining: [row(' 2024-25 ', '12,570.00'), row('', '')],
        attributedGains: [row('2023-24', '1,200'), row('2024-25', '300.5')],
      }),
    );
    expect(taxpayer).toEqual({
      kind: 'individual',
      basicRateBandRemaining: { '2024-25': '12570.00' },
      attributedGains: { '2023-24': '1200', '2024-25': '300.5' },
    });
  });

  it('when a trust gives its settlements in the group, then they are sent as a number, and a band is not', () => {
    expect(
      toTaxpayer(
        values({
          kind: 'trust',
          settlementsInGroup: ' 3 ',
          basicRateBandRemaining: [row('2024-25', '1000')],
          attributedGains: [row('2024-25', '500')],
        }),
      ),
    ).toEqual({
      kind: 'trust',
      vulnerableBeneficiaryTrust: false,
      settlementsInGroup: 3,
      attributedGains: { '2024-25': '500' },
    });
  });

  it('when a company gives its year end as day and month, then it is sent MM-DD, without attributed gains', () => {
    expect(
      toTaxpayer(values({ kind: 'company', accountingYearEnd: '31/3', attributedGains: [row('2024-25', '500')] })),
    ).toEqual({ kind: 'company', accountingYearEnd: '03-31' });
    expect(toTaxpayer(values({ kind: 'company', accountingYearEnd: '' }))).toEqual({ kind: 'company' });
  });

  it('when another kind fills fields of a kind it is not, then they are left out', () => {
    expect(
      toTaxpayer(
        values({
          kind: 'personal-representatives',
          dateOfDeath: dayjs('2024-06-01'),
          settlementsInGroup: '2',
          accountingYearEnd: '31/12',
        }),
      ),
    ).toEqual({ kind: 'personal-representatives', dateOfDeath: '2024-06-01' });
  });
});

describe('the taxpayer form’s rules', () => {
  it('takes tax years as HMRC writes them', () => {
    expect(isTaxYear('2024-25')).toBe(true);
    expect(isTaxYear('1999-00')).toBe(true);
    expect(isTaxYear('2024-26')).toBe(false);
    expect(isTaxYear('2024')).toBe(false);
  });

  it('takes pounds and pence, not negative', () => {
    for (const ok of ['0', '1500', '1,500.00', '12570.5']) expect(POUNDS.test(ok)).toBe(true);
    for (const bad of ['-1', '1.234', '1,50', '£5', 'abc']) expect(POUNDS.test(bad)).toBe(false);
  });

  it('takes settlements in the group as a whole number from 1', () => {
    for (const ok of ['1', '2', ' 10 ']) expect(SETTLEMENTS.test(ok)).toBe(true);
    for (const bad of ['0', '-1', '1.5', 'two', '']) expect(SETTLEMENTS.test(bad)).toBe(false);
  });

  it('takes an accounting year end as a real day and month', () => {
    for (const ok of ['31/12', '5/4', '29/02', '30-09']) expect(isDayMonth(ok)).toBe(true);
    for (const bad of ['31/04', '0/1', '12', '2024-12-31', '31/13']) expect(isDayMonth(bad)).toBe(false);
  });
});

describe('a server complaint about a per-year amount', () => {
  const form = values({ attributedGains: [row('2023-24', '1'), row('2024-25', '-1')] });

  it('when it names a year of the list, then it goes on that row’s amount', () => {
    expect(yearMapErrorTarget('taxpayer.attributedGains.2024-25', form)).toEqual([
      'taxpayer',
      'attributedGains',
      1,
      'amount',
    ]);
  });

  it('when it names the list or a year not in it, then it goes on the first row', () => {
    expect(yearMapErrorTarget('taxpayer.attributedGains', form)).toEqual(['taxpayer', 'attributedGains', 0, 'amount']);
    expect(yearMapErrorTarget('taxpayer.attributedGains.2020-21', form)?.[2]).toBe(0);
  });

  it('when the list has no rows or the field is another, then it has no row to go on', () => {
    expect(yearMapErrorTarget('taxpayer.basicRateBandRemaining.2024-25', form)).toBeUndefined();
    expect(yearMapErrorTarget('taxpayer.lossesBroughtForward', form)).toBeUndefined();
  });
});
