import { describe, expect, it } from 'vitest';
import { Rational, type Taxpayer } from '../../engine';
import { loadReferenceData } from '../../store/reference-data-files';
import type { LedgerContext } from '../calculation-figures';
import { currentYearAllowances } from '../current-year-allowances';
import { planOnLedger, type PlanInput } from './plan-on-ledger';

const referenceData = loadReferenceData();
const TODAY = '2026-11-27';
const taxpayer: Taxpayer = { kind: 'individual' };
const allowances = currentYearAllowances(taxpayer, '2026-27', referenceData);
const HEADER =
  'date,type,security,quantity,amount,expenses,portfolio,ownership,acquired,counterparty,holdover,new_security,market_value,class,timing,ref';
const ledger = (...rows: string[]) => `${HEADER}\n${rows.map((r) => `${r},,,,,,,,,`).join('\n')}\n`;
const context: LedgerContext = {
  portfolios: [{ uuid: 'p-1', code: 'GIA-1', excluded: false, percentage: '100' }],
  securities: [
    { id: 1, code: 'VOD', priceGbp: '2.00', cgtClass: 'CAPITAL', name: 'Vodafone' },
    { id: 2, code: 'AZN', priceGbp: '120.00', cgtClass: 'CAPITAL', name: 'AstraZeneca' },
  ],
  excludedHoldings: [],
};
const plan = (ledgerCsv: string, input: Omit<PlanInput, 'portfolioUuid'>) =>
  planOnLedger({ ledgerCsv, taxpayer }, context, { portfolioUuid: 'p-1', ...input }, TODAY, allowances, referenceData);
const POOLS = ledger('2020-05-01,BUY,VOD,1000,1500.00,,GIA-1', '2021-06-01,BUY,AZN,100,8000.00,,GIA-1');

describe('a Taximiser plan on the client’s ledger', () => {
  it('harvests the 2026-27 exempt amount of £3,000 exactly, and the engine agrees with §9 on a plain pool', () => {
    // No gain yet this year: 3,000.00 of room. AZN first (40.00 a share, a third of each pound): 75 shares.
    const result = plan(POOLS, {
      parameters: { action: 'HARVEST_ANNUAL_EXEMPTION', include: 'NONE', exclude: 'NONE' },
    });
    expect(result.disposals.map((d) => [d.code, d.quantity, d.cgtCost, d.proceeds, d.capitalGainLoss])).toEqual([
      ['AZN', '75.0000', '6000.00', '9000.00', '3000.00'],
    ]);
    expect(result.disposals[0]!.formula).toEqual({ cgtCost: '6000.00', proceeds: '9000.00', gain: '3000.00' });
    expect(result.disposals[0]!.matchedBy).toEqual(['section-104']);
    expect(result.disposals[0]!.difference).toBe('');
    expect(result.totals).toMatchObject({ proceedTotal: '9000.00', capitalGainLossTotal: '3000.00', disposalCount: 1 });
    expect(result.position).toMatchObject({
      resultantCapitalGainLoss: '3000.00',
      aeRemaining: '0.00',
      resultantChargeableCapitalGainLoss: '0.00',
    });
  });

  it('matches a sale first with shares bought the same day, and says why the figures differ from §9', () => {
    // 10 AZN bought today for 1,300.00: the holding is 110 shares costing 9,300.00 (84.5454... each). 10% is 11
    // shares: §9 costs them 9,300 x 11 / 110 = 930.00; HMRC matches 10 with today's purchase (1,300.00) and 1 with
    // the pool (80.00): 1,380.00 against proceeds of 11 x 120 = 1,320.00, a loss of 60.00.
    const result = plan(
      ledger(
        '2020-05-01,BUY,VOD,1000,1500.00,,GIA-1',
        '2021-06-01,BUY,AZN,100,8000.00,,GIA-1',
        `${TODAY},BUY,AZN,10,1300.00,,GIA-1`,
      ),
      {
        parameters: { action: 'DISPOSE_PERCENTAGE', percent: Rational.parse('10'), include: 'NONE', exclude: 'NONE' },
      },
    );
    const azn = result.disposals.find((d) => d.code === 'AZN')!;
    expect([azn.quantity, azn.cgtCost, azn.proceeds, azn.capitalGainLoss]).toEqual([
      '11.0000',
      '1380.00',
      '1320.00',
      '-60.00',
    ]);
    expect(azn.formula).toEqual({ cgtCost: '930.00', proceeds: '1320.00', gain: '390.00' });
    expect(azn.matchedBy).toContain('same-day');
    expect(azn.difference).toMatch(/same-day rule/);
    // VOD: 100 of 1,000 from the pool, as §9: 150.00 for 200.00.
    expect(result.disposals.find((d) => d.code === 'VOD')).toMatchObject({
      cgtCost: '150.00',
      capitalGainLoss: '50.00',
    });
    expect(result.totals).toMatchObject({
      costTotal: '1530.00',
      proceedTotal: '1520.00',
      capitalGainLossTotal: '-10.00',
    });
  });

  it('computes quantities a user entered at a price a user set, and refuses more than is held', () => {
    const result = plan(POOLS, { quantities: [{ securityId: 1, quantity: '400' }], prices: { 1: '2.50' } });
    // 400 x 2.50 = 1,000.00 for 1,500 x 400 / 1,000 = 600.00.
    expect(result.disposals.map((d) => [d.code, d.cgtCost, d.proceeds, d.capitalGainLoss])).toEqual([
      ['VOD', '600.00', '1000.00', '400.00'],
    ]);
    expect(() => plan(POOLS, { quantities: [{ securityId: 1, quantity: '1000.5' }] })).toThrow(
      'Disposal amount must not be more than the 1000 held',
    );
  });

  it('shows the holdings it started from, at the latest price, with their unrealised gains', () => {
    const result = plan(POOLS, { quantities: [] });
    // AZN: 100 x 120.00 = 12,000.00 against 8,000.00; VOD: 1,000 x 2.00 = 2,000.00 against 1,500.00.
    expect(
      result.holdings.map((h) => [h.code, h.quantity, h.cgtCost, h.price, h.marketValue, h.unrealisedGainLoss]),
    ).toEqual(
      expect.arrayContaining([
        ['AZN', '100.0000', '8000.00', '120.0000', '12000.00', '4000.00'],
        ['VOD', '1000.0000', '1500.00', '2.0000', '2000.00', '500.00'],
      ]),
    );
    expect(result.tradeDate).toBe(TODAY);
  });

  it('works out the plan’s CGT at the client’s rates, and says why when it cannot', () => {
    // Selling everything: AZN 12,000.00 - 8,000.00 = 4,000.00 and VOD 2,000.00 - 1,500.00 = 500.00, a gain of
    // 4,500.00; less the 2026-27 exempt amount of 3,000.00, 1,500.00 is taxable, inside a 10,000.00 basic-rate band:
    // 18% of 1,500.00 = 270.00. Before the plan no gain, no tax.
    const banded: Taxpayer = { kind: 'individual', basicRateBandRemaining: { '2026-27': '10000' } };
    const all = {
      parameters: { action: 'DISPOSE_PERCENTAGE', percent: Rational.parse('100'), include: 'NONE', exclude: 'NONE' },
    } as const;
    const result = planOnLedger(
      { ledgerCsv: POOLS, taxpayer: banded },
      context,
      { portfolioUuid: 'p-1', ...all },
      TODAY,
      allowances,
      referenceData,
    );
    expect(result.totals.capitalGainLossTotal).toBe('4500.00');
    expect(result.tax).toMatchObject({ taxYear: '2026-27', before: '0.00', after: '270.00', plan: '270.00' });
    expect(result.tax.note).toContain('18%');
    expect(plan(POOLS, all).tax).toMatchObject({ before: '', after: '', plan: '' });
    expect(plan(POOLS, all).tax.note).toMatch(/basic-rate band/);
  });

  it('warns of a holding bought in the last 30 days and of a repurchase within 30 days, with the figures both ways', () => {
    const result = plan(ledger('2020-05-01,BUY,VOD,1000,1500.00,,GIA-1', '2026-11-20,BUY,VOD,100,190.00,,GIA-1'), {
      quantities: [{ securityId: 1, quantity: '100' }],
    });
    // 1,100 shares costing 1,690.00: 100 cost 153.64 (1,690 x 100 / 1,100 = 153.636...), sold for 200.00: 46.36.
    expect(result.disposals[0]).toMatchObject({ cgtCost: '153.64', capitalGainLoss: '46.36' });
    expect(result.holdings.find((h) => h.code === 'VOD')!.boughtWithin30Days).toBe('2026-11-20');
    expect(result.warnings[0]).toBe(
      'VOD was bought on 2026-11-20, within the last 30 days: check the matching before trading.',
    );
    expect(result.warnings[1]).toContain(
      'the gain of £46.36 stands only if VOD is not bought back in this account by 2026-12-27',
    );
  });

  it('matches a sale with a repurchase already in the ledger within 30 days, and says why the figures differ', () => {
    // 100 VOD bought on 2 December (5 days on) for 250.00: HMRC matches today's sale of 100 with them (the 30-day
    // rule): 200.00 - 250.00 = -50.00. §9's average over the 1,100 held: 1,750 x 100 / 1,100 = 159.09 (159.0909...),
    // a gain of 40.91.
    const result = plan(ledger('2020-05-01,BUY,VOD,1000,1500.00,,GIA-1', '2026-12-02,BUY,VOD,100,250.00,,GIA-1'), {
      quantities: [{ securityId: 1, quantity: '100' }],
    });
    expect(result.disposals[0]).toMatchObject({ cgtCost: '250.00', proceeds: '200.00', capitalGainLoss: '-50.00' });
    expect(result.disposals[0]!.formula).toEqual({ cgtCost: '159.09', proceeds: '200.00', gain: '40.91' });
    expect(result.disposals[0]!.matchedBy).toEqual(['thirty-day']);
    expect(result.disposals[0]!.difference).toMatch(/30 days after the sale/);
  });

  it('raises cash with less tax than selling pro rata, and says how much less', () => {
    // £12,000 from the least gain per pound first: all 1,000 VOD (2,000.00 for 1,500.00: 500.00), then 84 AZN
    // (10,000 / 120 = 83.3, rounded up: 10,080.00 for 6,720.00: 3,360.00). Gain 3,860.00, taxable 860.00 after the
    // 3,000.00 exempt amount, at 18%: 154.80. Pro rata: 12,080 / 14,000 = 86.2857% of each, rounded up: 863 VOD
    // (1,726.00 for 1,294.50: 431.50) and 87 AZN (10,440.00 for 6,960.00: 3,480.00): gain 3,911.50, taxable 911.50,
    // 164.07 (164.07 exactly: 911.50 x 18%). The plan saves 9.27.
    const banded: Taxpayer = { kind: 'individual', basicRateBandRemaining: { '2026-27': '20000' } };
    const result = planOnLedger(
      { ledgerCsv: POOLS, taxpayer: banded },
      context,
      {
        portfolioUuid: 'p-1',
        parameters: { action: 'RAISE_PROCEEDS', amount: Rational.parse('12000'), include: 'NONE', exclude: 'NONE' },
      },
      TODAY,
      allowances,
      referenceData,
    );
    expect(result.disposals.map((d) => [d.code, d.quantity, d.capitalGainLoss])).toEqual([
      ['VOD', '1000.0000', '500.00'],
      ['AZN', '84.0000', '3360.00'],
    ]);
    expect(result.tax).toMatchObject({ plan: '154.80', proRata: '164.07', saving: '9.27' });
    expect(result.tax.proRataNote).toBe('Selling 86.29% of every holding for the same cash would cost £164.07 in tax');
  });

  it('sells a joint portfolio’s shares and answers the client’s part: half of a sale of 100 from a 50% account', () => {
    // The account holds 1,000 VOD bought for 1,500.00; the client owns half: 500 shares costing 750.00. 10% of the
    // holding is 100 of the account's shares: the client disposes of 50, costing 750 x 100 / 1,000 = 75.00, for
    // half of 100 x 2.00 = 100.00: a gain of 25.00. The engine agrees (the row's ownership column gives them half).
    const joint: LedgerContext = {
      ...context,
      portfolios: [{ uuid: 'p-1', code: 'JOINT', excluded: false, percentage: '50' }],
    };
    const result = planOnLedger(
      { ledgerCsv: ledger('2020-05-01,BUY,VOD,1000,1500.00,,JOINT,50'), taxpayer },
      joint,
      {
        portfolioUuid: 'p-1',
        parameters: { action: 'DISPOSE_PERCENTAGE', percent: Rational.parse('10'), include: 'NONE', exclude: 'NONE' },
      },
      TODAY,
      allowances,
      referenceData,
    );
    expect(result.holdings[0]).toMatchObject({ quantity: '1000.0000', cgtCost: '750.00', marketValue: '1000.00' });
    expect(result.disposals.map((d) => [d.quantity, d.cgtCost, d.proceeds, d.capitalGainLoss, d.difference])).toEqual([
      ['100.0000', '75.00', '100.00', '25.00', ''],
    ]);
    expect(result.disposals[0]!.formula).toEqual({ cgtCost: '75.00', proceeds: '100.00', gain: '25.00' });
  });
});
