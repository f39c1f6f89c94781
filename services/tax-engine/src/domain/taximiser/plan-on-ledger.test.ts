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
});
