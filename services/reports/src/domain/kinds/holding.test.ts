import type { Holding } from '@gains/contracts';
import { describe, expect, it } from 'vitest';
import { csvRecords, parseCsv } from '@gains/testing/csv';
import type { ReportPrice } from '../report-sources';
import { createHoldingReport, HOLDING_CSV_COLUMNS } from './holding';
import { answering, holdingAt as at, pdfOf, refusal, SUBJECT } from './kind-test-support';

const report = createHoldingReport(() => '2025-04-01');

// The client at the end of 31/03/2025, worked by hand:
//   P1   Alpha  100     at 2.50   = 250.00; cost: pool 412.50 for 150 shares, P1's 100: 412.50 x 100 / 150 = 275.00
//   P1   Beta   33.3333 at 1.2345 = 41.14995885 -> 41.15; cost: its pool alone, 50.00
//   P1   Gamma  5       no price  = -;       cost: its pool alone (engine code ID3), 12.345 -> 12.35
//   P2   Alpha  50      at 2.50   = 125.00; cost 412.50 x 50 / 150 = 137.50
//   ISA1 Alpha  10      at 2.50   = 25.00;  outside CGT: no cost
// Totals: market value 250.00 + 41.15 + 125.00 + 25.00 = 441.15; cost 275.00 + 50.00 + 12.35 + 137.50 = 474.85
const HOLDINGS = [
  at({ quantity: '100.0000' }),
  at({ securityId: 2, sedol: '', isin: 'US0000BETA01', securityName: 'Beta Inc', quantity: '33.3333' }),
  at({ securityId: 3, sedol: '', isin: '', securityName: 'Gamma Ltd', quantity: '5.0000' }),
  at({ portfolioCode: 'P2', quantity: '50.0000' }),
  at({ portfolioCode: 'ISA1', taxWrapper: 'ISA', quantity: '10.0000' }),
];
const POOLS: Holding[] = [
  {
    security: 'ALPHA01',
    gainClass: 'CAPITAL',
    pool: { quantity: '150', cost: '412.50' },
    portfolios: [
      { portfolio: 'P1', quantity: '100' },
      { portfolio: 'P2', quantity: '50' },
    ],
  },
  {
    security: 'US0000BETA01',
    gainClass: 'CAPITAL',
    pool: { quantity: '33.3333', cost: '50.00' },
    portfolios: [{ portfolio: 'P1', quantity: '33.3333' }],
  },
  {
    security: 'ID3',
    gainClass: 'CAPITAL',
    pool: { quantity: '5', cost: '12.345' },
    portfolios: [{ portfolio: 'P1', quantity: '5' }],
  },
] as Holding[];
const PRICES = new Map<number, ReportPrice>([
  [1, { priceGbp: '2.5', priceDate: '2025-03-31' }],
  [2, { priceGbp: '1.23450000', priceDate: '2025-03-28' }],
]);
const PARAMS = { securityId: 0, atDate: '2025-03-31' };

describe('holding parameters', () => {
  it('when as at is today or before, then it is taken; in the future or missing, refused naming atDate', () => {
    expect(report.parse({ atDate: '2025-04-01', securityId: 4 })).toEqual({ securityId: 4, atDate: '2025-04-01' });
    expect(refusal(() => report.parse({ atDate: '2025-04-02' }))).toEqual({
      field: 'atDate',
      message: 'atDate cannot be in the future',
    });
    expect(refusal(() => report.parse({}))?.field).toBe('atDate');
    expect(refusal(() => report.parse({ atDate: '2025-03-31', securityId: 0.5 }))?.field).toBe('securityId');
  });
});

describe('holding report', () => {
  it('when gathered, then each holding has its value at the day’s price and its share of the pool’s cost', async () => {
    const { sources, asked } = answering({ clientHoldingsAt: HOLDINGS, poolsAt: POOLS, pricesAt: PRICES });
    const f = await report.gather(sources, SUBJECT, PARAMS);
    const org = SUBJECT.organisationUuid;
    const client = SUBJECT.client.uuid;
    expect(asked).toEqual([
      ['clientHoldingsAt', org, client, '2025-03-31', 0],
      ['poolsAt', org, client, '2025-03-31'],
      ['pricesAt', org, [1, 2, 3, 1, 1], '2025-03-31'],
    ]);
    expect(f.lines.map((l) => [l.portfolioCode, l.securityId, l.marketValue, l.cgtCost])).toEqual([
      ['P1', 1, '250.00', '275.00'],
      ['P1', 2, '41.15', '50.00'],
      ['P1', 3, '', '12.35'],
      ['P2', 1, '125.00', '137.50'],
      ['ISA1', 1, '25.00', ''],
    ]);
    expect([f.marketValue, f.cgtCost]).toEqual(['441.15', '474.85']);

    const csv = report.csv(SUBJECT, PARAMS, f);
    expect(parseCsv(csv)[0]).toEqual(HOLDING_CSV_COLUMNS);
    expect(csvRecords(csv)[1]).toMatchObject({
      'As At': '2025-03-31',
      Portfolio: 'P1',
      ISIN: 'US0000BETA01',
      Quantity: '33.3333',
      Price: '1.23450000',
      'Price Date': '2025-03-28',
      'Market Value': '41.15',
      'CGT Cost': '50.00',
    });
    expect(report.fileStem(SUBJECT, PARAMS, f)).toBe('C0001-holdings-2025-03-31');
    expect(report.subject(PARAMS, f)).toBe('31/03/2025');

    const text = await pdfOf(report, PARAMS, f);
    for (const expected of [
      'Ashworth Wealth',
      'Ann Example',
      'Holdings',
      'As at 31/03/2025',
      'ISA1 (ISA)',
      '33.3333',
      '£1.2345',
      '28/03/2025',
      '£41.15',
      '£137.50',
      'Total £441.15 £474.85',
    ])
      expect(text).toContain(expected);
  });

  it('when nothing is held, then the PDF says so', async () => {
    const f = { lines: [], marketValue: '0.00', cgtCost: '0.00' };
    expect(await pdfOf(report, PARAMS, f)).toContain('Nothing was held at the end of 31/03/2025.');
  });
});
