import { describe, expect, it } from 'vitest';
import type { Computation, Disposal, TaxYear } from '@gains/contracts';
import {
  annualExemptionOf,
  broughtForwardLossesOf,
  disposalById,
  disposalsPage,
  exemptionGainLossOf,
  warningsOf,
  yearSummaries,
} from './calculation-slices';

// HMRC HS284 (2019) Example 3, worked by hand: the pool is 1,500 LOBSTER costing 4,000 + 150 + 2,050 + 80 = 6,280.
// Sale 1 (2018-05-01): 700 for 3,360 less 100; cost 6,280 x 700/1,500 = 2,930.67; gain 3,260 - 2,930.67 = 329.33.
// Sale 2 (2019-02-01): 400 for 2,080 less 105; cost 3,349.33 x 400/800 = 1,674.67; gain 1,975 - 1,674.67 = 300.33.
const pool = (quantity: string, cost: string) => ({ quantity, cost });
const sale = (date: string, quantity: string, figures: Partial<Disposal>): Disposal => ({
  date,
  security: 'LOBSTER',
  type: 'SELL',
  kind: 'sale',
  gainClass: 'capital',
  quantity,
  proceeds: '0.00',
  disposalCosts: '0.00',
  acquisitionCost: '0.00',
  allowableCost: '0.00',
  indexationAllowance: '0.00',
  holdoverRelief: '0.00',
  gain: '0.00',
  matches: [],
  portfolios: [],
  ...figures,
});
const year = (taxYear: string, periodStart: string, periodEnd: string, figures: Partial<TaxYear>) =>
  ({
    taxYear,
    periodStart,
    periodEnd,
    complete: true,
    numberOfDisposals: 0,
    incomeGains: '0.00',
    exemptGains: '0.00',
    exemptLosses: '0.00',
    annualExemptAmount: '0.00',
    annualExemptAmountRemaining: '0.00',
    lossesBroughtForward: '0.00',
    lossesBroughtForwardUsed: '0.00',
    lossesCarriedForward: '0.00',
    disposals: [],
    ...figures,
  }) as TaxYear;

const first = sale('2018-05-01', '700', {
  proceeds: '3360.00',
  disposalCosts: '100.00',
  acquisitionCost: '2930.67',
  allowableCost: '3030.67',
  gain: '329.33',
  matches: [
    {
      rule: 'section-104',
      quantity: '700',
      acquisitionQuantity: '700',
      cost: '2930.67',
      poolBefore: pool('1500', '6280'),
      poolAfter: pool('800', '3349.333333333333333333'),
    } as Disposal['matches'][number],
  ],
  poolBefore: pool('1500', '6280'),
  poolAfter: pool('800', '3349.333333333333333333'),
  portfolios: [
    {
      portfolio: 'MAIN',
      ref: 'row-3',
      quantity: '700',
      proceeds: '3360.00',
      acquisitionCost: '2930.67',
      disposalCosts: '100.00',
      allowableCost: '3030.67',
      gain: '329.33',
    },
  ],
});
const second = sale('2019-02-01', '400', {
  proceeds: '2080.00',
  disposalCosts: '105.00',
  acquisitionCost: '1674.67',
  allowableCost: '1779.67',
  gain: '300.33',
});
const computation = {
  taxpayer: 'individual',
  taxYears: [
    year('2018-19', '2018-04-06', '2019-04-05', {
      numberOfDisposals: 2,
      gains: '629.66',
      annualExemptAmount: '11700.00',
      annualExemptAmountRemaining: '11070.34',
      disposals: [first, second],
    }),
    year('2019-20', '2019-04-06', '2020-04-05', {
      complete: false,
      annualExemptAmount: '12000.00',
      annualExemptAmountRemaining: '12000.00',
      lossesBroughtForward: '500.00',
      lossesCarriedForward: '500.00',
      exemptGains: '12.50',
    }),
  ],
  holdings: [],
  holdingValues: [],
  portfolios: [],
  failures: [{ security: 'LOBSTER', date: '2019-06-01', ref: 'row-9', message: 'Sells 900, holds 400' }],
} as unknown as Computation;

describe('the slices of a stored run', () => {
  it('when the disposals are paged, then they are numbered from 1 across the years, figures untouched', () => {
    const all = disposalsPage(computation, { page: 1, size: 10 });
    expect(all.totalSize).toBe(2);
    expect(all.content.map((d) => [d.id, d.taxYear, d.date, d.gain])).toEqual([
      ['1', '2018-19', '2018-05-01', '329.33'],
      ['2', '2018-19', '2019-02-01', '300.33'],
    ]);
    const secondPage = disposalsPage(computation, { page: 2, size: 1 });
    expect(secondPage).toEqual({ content: [expect.objectContaining({ id: '2', gain: '300.33' })], totalSize: 2 });
    expect(disposalsPage(computation, { page: 1, size: 10, taxYear: '2019-20' })).toEqual({
      content: [],
      totalSize: 0,
    });
  });

  it('when a disposal is opened, then its matches carry the pool before and after as the engine wrote them', () => {
    const d = disposalById(computation, '1')!;
    expect(d.matches[0]).toMatchObject({ rule: 'section-104', quantity: '700', cost: '2930.67' });
    expect(d.matches[0]!.poolAfter).toEqual({ quantity: '800', cost: '3349.333333333333333333' });
    expect(d.portfolios).toEqual([expect.objectContaining({ portfolio: 'MAIN', ref: 'row-3', gain: '329.33' })]);
    expect(disposalById(computation, '3')).toBeUndefined();
  });

  it('when the summary is made, then the years keep their totals without the disposals', () => {
    const [y] = yearSummaries(computation.taxYears);
    expect(y).toMatchObject({ taxYear: '2018-19', numberOfDisposals: 2, gains: '629.66', disposals: [] });
    expect(computation.taxYears[0]!.disposals).toHaveLength(2);
  });

  it('when a disposal failed, then the warnings name it, its tax year, and the year it left incomplete', () => {
    expect(warningsOf(computation)).toEqual([
      {
        kind: 'FAILURE',
        security: 'LOBSTER',
        date: '2019-06-01',
        taxYear: '2019-20',
        ref: 'row-9',
        message: 'Sells 900, holds 400',
      },
      expect.objectContaining({ kind: 'INCOMPLETE_YEAR', taxYear: '2019-20', date: '2020-04-05', ref: null }),
    ]);
  });

  it('when the yearly figures are asked, then each year answers its own exact strings', () => {
    expect(annualExemptionOf(computation.taxYears)).toEqual([
      { taxYear: '2018-19', annualExemptAmount: '11700.00', annualExemptAmountRemaining: '11070.34' },
      { taxYear: '2019-20', annualExemptAmount: '12000.00', annualExemptAmountRemaining: '12000.00' },
    ]);
    expect(broughtForwardLossesOf(computation.taxYears)[1]).toEqual({
      taxYear: '2019-20',
      lossesBroughtForward: '500.00',
      lossesBroughtForwardUsed: '0.00',
      lossesCarriedForward: '500.00',
    });
    expect(exemptionGainLossOf(computation.taxYears)[1]).toEqual({
      taxYear: '2019-20',
      incomeGains: '0.00',
      exemptGains: '12.50',
      exemptLosses: '0.00',
    });
  });
});
