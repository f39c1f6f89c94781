import { describe, expect, it } from 'vitest';
import { csvRecords, parseCsv } from '@gains/testing/csv';
import { fixedSources, pdfOf, refusal, row, SUBJECT } from './kind-test-support';
import { OPS_CSV_COLUMNS, opsTransactionsReport } from './ops-transactions';
import { stockTransactionsReport, TRANSACTION_CSV_COLUMNS } from './stock-transactions';

// A client's period, worked by hand:
//   BUY  Alpha 100 @ 2.50 on 10/04/2025: consideration 100 x 2.50 = 250.00, expenses 12.50 (not a disposal)
//   SELL Alpha  40 @ 3.10 on 01/05/2025: consideration 40 x 3.10 = 124.00, expenses 6.20;
//        cost 40/100 of (250.00 + 12.50) = 105.00; proceeds 124.00 - 6.20 = 117.80; gain 117.80 - 105.00 = 12.80
//   SELL Beta 10 @ 20 USD on 20/05/2025 at 1.25 USD per GBP: 200.00 USD / 1.25 = 160.00 GBP; cost 170.00;
//        proceeds 160.00; loss 160.00 - 170.00 = -10.00
// Totals: expenses 12.50 + 6.20 + 0.00 = 18.70; cost 105.00 + 170.00 = 275.00; proceeds 117.80 + 160.00 = 277.80;
//         capital gain/loss 12.80 - 10.00 = 2.80
const ROWS = [
  row({ quantity: '100', price: '2.5', consideration: '250.00', considerationGbp: '250.00', expensesGbp: '12.50' }),
  row({
    uuid: 'r2',
    type: 'SELL',
    tradeDate: '2025-05-01',
    reportDate: '2025-05-01',
    quantity: '40',
    price: '3.1',
    consideration: '124.00',
    considerationGbp: '124.00',
    expensesGbp: '6.20',
    cgtCost: '105.00',
    proceeds: '117.80',
    capitalGainLoss: '12.80',
  }),
  row({
    uuid: 'r3',
    portfolioCode: 'P2',
    securityId: 2,
    sedol: 'BETA001',
    isin: 'US0000BETA01',
    securityName: 'Beta Inc',
    type: 'SELL',
    tradeDate: '2025-05-20',
    reportDate: '2025-05-20',
    quantity: '10',
    price: '20',
    consideration: '200.00',
    currency: 'USD',
    fxRate: '1.25',
    considerationGbp: '160.00',
    cgtCost: '170.00',
    proceeds: '160.00',
    capitalGainLoss: '-10.00',
    state: 'PENDING',
    source: 'IMPORT',
    sourceRef: 'job-7',
    warnings: ['Sale of 10 exceeds the holding of 5 on 2025-05-20', 'Price is stale'],
    version: 3,
  }),
];
const PARAMS = { securityId: 0, startDate: '2025-04-06', endDate: '2025-05-31' };

describe('stock-transactions parameters', () => {
  it('when the period is given as days or as London timestamps, then it is the days', () => {
    expect(stockTransactionsReport.parse({ startDate: '2025-04-06', endDate: '2025-05-31' })).toEqual(PARAMS);
    // 23:00 UTC on 05/04 is midnight of 06/04 in London (BST); 22:59:59 UTC on 31/05 is 23:59:59 there
    expect(
      stockTransactionsReport.parse({
        securityId: 7,
        startDate: '2025-04-05T23:00:00.000Z',
        endDate: '2025-05-31T22:59:59.999Z',
      }),
    ).toEqual({ securityId: 7, startDate: '2025-04-06', endDate: '2025-05-31' });
  });

  it('when a field is wrong, then the refusal names it', () => {
    expect(refusal(() => stockTransactionsReport.parse({ endDate: '2025-05-31' }))).toEqual({
      field: 'startDate',
      message: 'startDate is required',
    });
    expect(
      refusal(() => stockTransactionsReport.parse({ startDate: '2025-04-06', endDate: '2025-02-30' }))?.field,
    ).toBe('endDate');
    expect(refusal(() => stockTransactionsReport.parse({ startDate: '2025-04-06', endDate: '2025-04-05' }))).toEqual({
      field: 'endDate',
      message: 'endDate cannot be before startDate',
    });
    for (const securityId of [-1, 1.5, '7'])
      expect(refusal(() => stockTransactionsReport.parse({ ...PARAMS, securityId }))?.field).toBe('securityId');
  });
});

describe('stock-transactions report', () => {
  it('when gathered, then the settled rows of the period and security are read', async () => {
    const { sources, asked } = fixedSources(ROWS);
    await stockTransactionsReport.gather(sources, SUBJECT, { ...PARAMS, securityId: 2 });
    expect(asked).toEqual([
      {
        org: SUBJECT.organisationUuid,
        client: SUBJECT.client.uuid,
        query: { securityId: 2, startDate: '2025-04-06', endDate: '2025-05-31', states: ['SETTLED'] },
      },
    ]);
  });

  it('when written as CSV, then each row has its exact decimals under the header', () => {
    const text = stockTransactionsReport.csv(SUBJECT, PARAMS, { rows: ROWS });
    expect(parseCsv(text)[0]).toEqual(TRANSACTION_CSV_COLUMNS);
    const records = csvRecords(text);
    expect(records).toHaveLength(3);
    expect(records[1]).toMatchObject({
      'Trade Date': '2025-05-01',
      SEDOL: 'B0YBKJ7',
      'Transaction Type': 'SELL',
      Quantity: '40',
      Price: '3.1',
      'Consideration GBP': '124.00',
      'Expenses GBP': '6.20',
      'CGT Cost': '105.00',
      Proceeds: '117.80',
      'Capital Gain/Loss': '12.80',
      'Income Gain': '',
    });
    expect(records[2]).toMatchObject({
      Portfolio: 'P2',
      Consideration: '200.00',
      Currency: 'USD',
      'FX Rate': '1.25',
      'Consideration GBP': '160.00',
      'Capital Gain/Loss': '-10.00',
    });
    expect(stockTransactionsReport.fileStem(SUBJECT, PARAMS, { rows: ROWS })).toBe(
      'C0001-transactions-2025-04-06-2025-05-31',
    );
    expect(stockTransactionsReport.subject(PARAMS, { rows: ROWS })).toBe('06/04/2025 to 31/05/2025');
  });

  it('when written as PDF, then the firm, client, period, rows and totals read back', async () => {
    const text = await pdfOf(stockTransactionsReport, PARAMS, { rows: ROWS });
    for (const expected of [
      'Ashworth Wealth',
      'Ann Example',
      '1 High Street',
      'Transactions',
      '06/04/2025 to 31/05/2025',
      '10/04/2025',
      '20/05/2025',
      '£250.00',
      '£117.80',
      '-£10.00',
      '20 USD',
      '3 transactions',
      '£18.70',
      '£275.00',
      '£277.80',
      '£2.80',
    ])
      expect(text).toContain(expected);
  });

  it('when there are no rows, then the PDF says so', async () => {
    expect(await pdfOf(stockTransactionsReport, PARAMS, { rows: [] })).toContain(
      'There are no settled transactions traded in the period.',
    );
  });
});

describe('ops-transactions report', () => {
  it('when gathered, then every state is read', async () => {
    const { sources, asked } = fixedSources(ROWS);
    await opsTransactionsReport.gather(sources, SUBJECT, PARAMS);
    expect(asked).toEqual([{ org: SUBJECT.organisationUuid, client: SUBJECT.client.uuid, query: PARAMS }]);
    expect(opsTransactionsReport.formats).toEqual(['csv']);
  });

  it('when written as CSV, then the operational fields follow the ledger fields', () => {
    const text = opsTransactionsReport.csv(SUBJECT, PARAMS, { rows: ROWS });
    expect(parseCsv(text)[0]).toEqual(OPS_CSV_COLUMNS);
    expect(csvRecords(text)[2]).toMatchObject({
      'Consideration GBP': '160.00',
      State: 'PENDING',
      Source: 'IMPORT',
      'Source Ref': 'job-7',
      'Created By': 'Manager',
      'Created At': '2025-04-10T09:00:00.000Z',
      Version: '3',
      Warnings: 'Sale of 10 exceeds the holding of 5 on 2025-05-20; Price is stale',
    });
    expect(opsTransactionsReport.fileStem(SUBJECT, PARAMS, { rows: ROWS })).toBe(
      'C0001-ops-transactions-2025-04-06-2025-05-31',
    );
  });
});
