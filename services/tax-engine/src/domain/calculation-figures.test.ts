import { describe, expect, it } from 'vitest';
import {
  averageCost,
  calculationFigures,
  money,
  pence,
  rowUuidOf,
  taxYearLabelOf,
  valueOf,
  yearChanges,
  type CalculationJson,
  type DisposalJson,
  type LedgerContext,
  type TaxYearJson,
} from './calculation-figures';

const TODAY = '2026-11-27';
const AT = '2026-11-27T09:00:00.000Z';

/** A tax year as the engine presents it, every figure nought unless given. */
function year(taxYear: string, figures: Partial<TaxYearJson> = {}): TaxYearJson {
  const start = Number(taxYear.slice(0, 4));
  return {
    taxYear,
    periodStart: `${start}-04-06`,
    periodEnd: `${start + 1}-04-05`,
    numberOfDisposals: 0,
    indexationAllowance: '0.00',
    gains: '0.00',
    losses: '0.00',
    netGains: '0.00',
    annualExemptAmount: '0.00',
    annualExemptAmountRemaining: '0.00',
    lossesBroughtForward: '0.00',
    lossesBroughtForwardUsed: '0.00',
    lossesCarriedForward: '0.00',
    taxableGain: '0.00',
    holdoverRelief: '0.00',
    cloggedLossesArising: '0.00',
    incomeGains: '0.00',
    exemptGains: '0.00',
    exemptLosses: '0.00',
    disposals: [],
    ...figures,
  };
}

function calc(taxpayer: string, taxYears: TaxYearJson[], extra: Partial<CalculationJson['computation']> = {}) {
  return {
    computation: { taxpayer, taxYears, holdings: [], holdingValues: [], portfolios: [], failures: [], ...extra },
    transactions: 0,
    computeMs: 1,
  } satisfies CalculationJson;
}

const NO_PORTFOLIOS: LedgerContext = { portfolios: [], securities: [], excludedHoldings: [] };

describe('the AE and losses of a year with no disposal yet', () => {
  it('when a trust has no disposal this year, then its AE and AE remaining are the full trust amount and its losses are those carried forward', () => {
    // 2025-26 brought £700 in and carried £1,500 forward (a £800 loss that year): £1,500 comes into 2026-27.
    const figures = calculationFigures(
      calc('trust', [year('2025-26', { lossesBroughtForward: '700.00', lossesCarriedForward: '1500.00' })]),
      NO_PORTFOLIOS,
      TODAY,
      AT,
      { annualExemptAmount: '1500.00', lossesBroughtForward: '700.00' },
    );
    expect(figures.client).toMatchObject({
      annualExemption: '1500.00',
      annualExemptionRemaining: '1500.00',
      broughtForwardLoss: '1500.00',
      unusedBroughtForwardLoss: '1500.00',
    });
  });

  it('when a client has no year at all, then the losses it brought into the ledger are brought forward', () => {
    const figures = calculationFigures(calc('individual', []), NO_PORTFOLIOS, TODAY, AT, {
      annualExemptAmount: '3000',
      lossesBroughtForward: '2500',
    });
    expect(figures.client).toMatchObject({
      annualExemption: '3000.00',
      annualExemptionRemaining: '3000.00',
      broughtForwardLoss: '2500.00',
      unusedBroughtForwardLoss: '2500.00',
    });
  });

  it('when the year has a disposal, then its AE and losses are the engine’s; a company has no AE', () => {
    const current = year('2026-27', {
      annualExemptAmount: '3000.00',
      annualExemptAmountRemaining: '1800.00',
      lossesBroughtForward: '500.00',
      lossesBroughtForwardUsed: '200.00',
    });
    expect(calculationFigures(calc('individual', [current]), NO_PORTFOLIOS, TODAY, AT).client).toMatchObject({
      annualExemption: '3000.00',
      annualExemptionRemaining: '1800.00',
      broughtForwardLoss: '500.00',
      unusedBroughtForwardLoss: '300.00',
    });
    expect(
      calculationFigures(calc('company', []), NO_PORTFOLIOS, TODAY, AT, {
        annualExemptAmount: '',
        lossesBroughtForward: '0',
      }).client,
    ).toMatchObject({ annualExemption: '', annualExemptionRemaining: '', broughtForwardLoss: '0.00' });
  });
});

describe('exact money of the figures', () => {
  it('when money strings are added as pennies, then no float error creeps in and signs are kept', () => {
    // 0.10 + 0.20 = 0.30 exactly (as floats, 0.30000000000000004).
    expect(money(pence('0.10') + pence('0.20'))).toBe('0.30');
    expect(money(pence('-12.3'))).toBe('-12.30');
    expect(money(pence('-0.05'))).toBe('-0.05');
    expect(money(pence(''))).toBe('0.00');
  });

  it('when an ISA holding is valued, then quantity x price is rounded half away from zero to the penny', () => {
    // 333.3333 x 1.2345 = 411.49995885 -> £411.50; 3 x 0.125 = 0.375 -> £0.38.
    expect(money(valueOf('333.3333', '1.2345'))).toBe('411.50');
    expect(money(valueOf('3', '0.125'))).toBe('0.38');
  });

  it('when a holding’s average cost is worked out, then it is cost / quantity to four places', () => {
    // 2,400.00 / 600 = 4.0000; 1,674.67 / 400 = 4.186675 -> 4.1867; no shares, no average.
    expect(averageCost('2400.00', '600')).toBe('4.0000');
    expect(averageCost('1674.67', '400')).toBe('4.1867');
    expect(averageCost('10.00', '0')).toBe('');
  });
});

describe('dates and rows of the figures', () => {
  it('when a date is on either side of 6 April, then it is in the tax year it falls in', () => {
    expect(taxYearLabelOf('2026-04-05')).toBe('2025-26');
    expect(taxYearLabelOf('2026-04-06')).toBe('2026-27');
    expect(taxYearLabelOf('2099-12-31')).toBe('2099-00');
  });

  it('when the engine echoes a row’s ref, then the row’s uuid is read back from it', () => {
    expect(rowUuidOf('line 3 (11111111-1111-4111-8111-111111111111)')).toBe('11111111-1111-4111-8111-111111111111');
    expect(rowUuidOf('line 3')).toBeUndefined();
  });

  it('when a back-dated change moves a closed year, then the change names the year, closed, and every figure before and after', () => {
    const before = [{ taxYear: '2024-25', periodEnd: '2025-04-05', figures: { gains: '400.00', losses: '0.00' } }];
    const after = [
      { taxYear: '2024-25', periodEnd: '2025-04-05', figures: { gains: '350.00', losses: '0.00' } },
      { taxYear: '2026-27', periodEnd: '2027-04-05', figures: { gains: '10.00', losses: '0.00' } },
    ];
    expect(yearChanges(before, after, '2026-11-27')).toEqual([
      {
        taxYear: '2024-25',
        closed: true,
        figures: [
          { figure: 'gains', before: '400.00', after: '350.00' },
          { figure: 'losses', before: '0.00', after: '0.00' },
        ],
      },
      {
        taxYear: '2026-27',
        closed: false,
        figures: [
          { figure: 'gains', before: '', after: '10.00' },
          { figure: 'losses', before: '', after: '0.00' },
        ],
      },
    ]);
  });

  it('when an open year moves, then only its moved figures are listed; a figure the earlier run did not keep is no change', () => {
    const before = [{ taxYear: '2026-27', periodEnd: '2027-04-05', figures: { gains: '10.00', losses: '0.00' } }];
    const after = [
      {
        taxYear: '2026-27',
        periodEnd: '2027-04-05',
        figures: { gains: '12.00', losses: '0.00', annualExemptAmount: '3000.00' },
      },
    ];
    expect(yearChanges(before, after, '2026-11-27')).toEqual([
      { taxYear: '2026-27', closed: false, figures: [{ figure: 'gains', before: '10.00', after: '12.00' }] },
    ]);
    // Only a newly kept figure: nothing changed (no closed-year monitor log for every client after an upgrade).
    const closedBefore = [{ taxYear: '2024-25', periodEnd: '2025-04-05', figures: { gains: '1.00' } }];
    const closedAfter = [{ taxYear: '2024-25', periodEnd: '2025-04-05', figures: { gains: '1.00', proceeds: '9.00' } }];
    expect(yearChanges(closedBefore, closedAfter, '2026-11-27')).toEqual([]);
  });

  it('when a run keeps a year’s figures, then the headline figures are all there in reading order', () => {
    const figures = calculationFigures(
      calc('individual', [
        year('2018-19', {
          numberOfDisposals: 1,
          proceeds: '3360.00',
          allowableCosts: '3030.67',
          gains: '329.33',
          netGains: '329.33',
          annualExemptAmount: '11700.00',
          annualExemptAmountRemaining: '11370.67',
        }),
      ]),
      NO_PORTFOLIOS,
      TODAY,
      AT,
    );
    expect(figures.years[0]!.figures).toMatchObject({
      numberOfDisposals: '1',
      proceeds: '3360.00',
      allowableCosts: '3030.67',
      gains: '329.33',
      netGains: '329.33',
      annualExemptAmount: '11700.00',
      annualExemptAmountRemaining: '11370.67',
      lossesBroughtForward: '0.00',
      taxableGain: '0.00',
      lossesCarriedForward: '0.00',
    });
    expect(Object.keys(figures.years[0]!.figures).slice(0, 3)).toEqual([
      'numberOfDisposals',
      'proceeds',
      'allowableCosts',
    ]);
  });
});

const P1 = '11111111-1111-4111-8111-111111111111';
const P2 = '22222222-2222-4222-8222-222222222222';
const ROW1 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1';
const ROW2 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa2';
const ROW3 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa3';
const TWO_PORTFOLIOS: LedgerContext = {
  portfolios: [
    { uuid: P1, code: 'P1', excluded: false },
    { uuid: P2, code: 'P2', excluded: false },
  ],
  securities: [
    { id: 1, code: 'SEC1', priceGbp: '10' },
    { id: 2, code: 'SEC2', priceGbp: '5' },
  ],
  excludedHoldings: [],
};

function disposal(d: Partial<DisposalJson> & Pick<DisposalJson, 'security' | 'portfolios'>): DisposalJson {
  return {
    date: '2026-06-01',
    kind: 'sale',
    gainClass: 'capital',
    gain: '0.00',
    holdoverRelief: '0.00',
    indexationAllowance: '0.00',
    matches: [{ rule: 'section-104' }],
    ...d,
  };
}

const part = (portfolio: string, ref: string, quantity: string, gain: string) => ({
  portfolio,
  ref: `line 2 (${ref})`,
  quantity,
  proceeds: '0.00',
  acquisitionCost: '0.00',
  allowableCost: '0.00',
  gain,
});

const held = (portfolio: string, security: string, quantity: string) => ({
  security,
  portfolio,
  gainClass: 'capital',
  quantity,
  cgtCost: '0.00',
});

describe('the reliefs of each portfolio and holding', () => {
  it('when a gift held over is split across portfolios and a loss is to a connected person, then each portfolio and holding carries its share', () => {
    // A gift of 3 SEC1 (1 from P1, 2 from P2) with £100.00 held over: P1 a third, £33.33; P2 the rest, £66.67.
    // A sale of 100 SEC2 from P1 to the taxpayer's brother at a £300.00 loss: a clogged loss, all P1's.
    const gift = disposal({
      security: 'SEC1',
      kind: 'gift',
      quantity: '3',
      holdoverRelief: '100.00',
      portfolios: [part('P1', ROW1, '1', '0.00'), part('P2', ROW2, '2', '0.00')],
    });
    const toBrother = disposal({
      security: 'SEC2',
      quantity: '100',
      gain: '-300.00',
      counterparty: 'Brother',
      connected: true,
      portfolios: [part('P1', ROW3, '100', '-300.00')],
    });
    const figures = calculationFigures(
      calc(
        'individual',
        [
          year('2026-27', {
            numberOfDisposals: 2,
            holdoverRelief: '100.00',
            cloggedLossesArising: '300.00',
            disposals: [gift, toBrother],
          }),
        ],
        { holdingValues: [held('P1', 'SEC1', '9'), held('P2', 'SEC1', '8'), held('P1', 'SEC2', '50')] },
      ),
      TWO_PORTFOLIOS,
      TODAY,
      AT,
    );
    expect(figures.client).toMatchObject({ ytdHoldoverReliefGain: '100.00', ytdCloggedLoss: '300.00' });
    expect(figures.portfolios.map((p) => [p.portfolioCode, p.holdoverRelief, p.cloggedLoss, p.indexation])).toEqual([
      ['P1', '33.33', '300.00', ''],
      ['P2', '66.67', '0.00', ''],
    ]);
    expect(
      figures.holdings.map((h) => [h.portfolioCode, h.securityId, h.holdoverRelief, h.cloggedLoss, h.indexation]),
    ).toEqual([
      ['P1', 1, '33.33', '0.00', ''],
      ['P2', 1, '66.67', '0.00', ''],
      ['P1', 2, '0.00', '300.00', ''],
    ]);
    expect(figures.transactions.map((t) => [t.transactionUuid, t.holdoverRelief, t.cloggedLoss, t.indexation])).toEqual(
      [
        [ROW1, '33.33', '0.00', ''],
        [ROW2, '66.67', '0.00', ''],
        [ROW3, '0.00', '300.00', ''],
      ],
    );
  });

  it('when a company holds a pool in two portfolios, then each holding’s indexation is its share of the pool’s, and a split disposal’s allowance is shared', () => {
    // Pool of 1,000 SEC1: cost £10,000.00, indexed cost £12,345.67, so £2,345.67 of indexation. P1 holds 300:
    // 2,345.67 x 0.3 = 703.701 -> £703.70; P2 the rest, £1,641.97 (2,345.67 x 0.7 = 1,641.969).
    // This year's sale of 3 (1 from P1, 2 from P2) used £100.00 of indexation allowance: £33.33 and £66.67.
    const sale = disposal({
      security: 'SEC1',
      quantity: '3',
      gain: '30.00',
      indexationAllowance: '100.00',
      portfolios: [part('P1', ROW1, '1', '10.00'), part('P2', ROW2, '2', '20.00')],
    });
    const figures = calculationFigures(
      calc('company', [year('2026-27', { numberOfDisposals: 1, indexationAllowance: '100.00', disposals: [sale] })], {
        holdings: [
          {
            security: 'SEC1',
            gainClass: 'capital',
            pool: { quantity: '1000', cost: '10000.00', indexedCost: '12345.67' },
            portfolios: [
              { portfolio: 'P1', quantity: '300' },
              { portfolio: 'P2', quantity: '700' },
            ],
          },
        ],
        holdingValues: [held('P1', 'SEC1', '300'), held('P2', 'SEC1', '700')],
      }),
      TWO_PORTFOLIOS,
      TODAY,
      AT,
      { annualExemptAmount: '', lossesBroughtForward: '0' },
    );
    expect(figures.client).toMatchObject({ indexation: '2345.67', usedIndexation: '100.00', annualExemption: '' });
    expect(figures.holdings.map((h) => [h.portfolioCode, h.indexation])).toEqual([
      ['P1', '703.70'],
      ['P2', '1641.97'],
    ]);
    expect(figures.portfolios.map((p) => [p.portfolioCode, p.indexation])).toEqual([
      ['P1', '703.70'],
      ['P2', '1641.97'],
    ]);
    expect(figures.transactions.map((t) => [t.transactionUuid, t.indexation, t.capitalGainLoss])).toEqual([
      [ROW1, '33.33', '10.00'],
      [ROW2, '66.67', '20.00'],
    ]);
  });
});
