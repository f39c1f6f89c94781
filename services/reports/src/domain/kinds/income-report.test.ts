import { describe, expect, it } from 'vitest';
import { INCOME_CSV_COLUMNS, incomeReport } from './income-report';
import { csvRecords, parseCsv } from '@gains/testing/csv';
import { fixedSources, pdfOf, refusalOf as refusal, row, SUBJECT } from './kind-test-support';

const YEAR = 'a4000000-0000-4000-8000-000000002425';
const TAX_YEARS = async () => [{ uuid: YEAR, label: '2024-25', startDate: '2024-04-06', endDate: '2025-04-05' }];

// The client's income in 2024-25, worked by hand (GBP = amount / rate, to the penny):
//   UK dividend      Alpha paid 10/06/2024: gross 120.00, no tax            net 120.00
//   UK dividend      Alpha paid 10/12/2024: gross 130.50, no tax            net 130.50
//     UK dividends: gross 120.00 + 130.50 = 250.50, tax 0.00, net 250.50
//   Non-UK dividend  Beta paid 01/09/2024: 100.00 USD at 1.25 = 80.00; tax 15.00 USD / 1.25 = 12.00; net 68.00
//   Accrued interest relief, paid 01/10/2024: 10.00, a deduction: gross -10.00, tax 0.00, net -10.00
//   Bank interest    paid 31/03/2025: gross 45.67, tax 9.13, net 45.67 - 9.13 = 36.54
// Overall: gross 250.50 + 80.00 - 10.00 + 45.67 = 366.17; tax 12.00 + 9.13 = 21.13; net 366.17 - 21.13 = 345.04
const ROWS = [
  row({
    type: 'DIVIDEND',
    incomeType: 'UK_DIVIDEND',
    tradeDate: '2024-05-20',
    payDate: '2024-06-10',
    considerationGbp: '120.00',
  }),
  row({
    type: 'DIVIDEND',
    incomeType: 'UK_DIVIDEND',
    tradeDate: '2024-11-20',
    payDate: '2024-12-10',
    considerationGbp: '130.50',
  }),
  row({
    type: 'OVERSEAS_DIVIDEND',
    incomeType: 'NON_UK_DIVIDEND',
    securityName: 'Beta Inc',
    sedol: 'BETA001',
    payDate: '2024-09-01',
    consideration: '100.00',
    currency: 'USD',
    fxRate: '1.25',
    considerationGbp: '80.00',
    taxDeducted: '15.00',
  }),
  row({
    type: 'ACCRUED_INTEREST_RELIEF',
    incomeType: 'ACCRUED_INTEREST_RELIEF',
    securityName: 'Treasury 4% 2030',
    payDate: '2024-10-01',
    considerationGbp: '10.00',
  }),
  row({
    type: 'INTEREST',
    incomeType: 'BANK_INTEREST',
    securityName: 'Cash',
    sedol: '',
    payDate: '2025-03-31',
    considerationGbp: '45.67',
    taxDeducted: '9.13',
  }),
];

describe('income-report parameters', () => {
  it('when both period dates are given, then the period is reported, else the tax year', () => {
    expect(incomeReport.parse({ taxYearUuid: YEAR, startDate: '2024-04-05T23:00:00Z', endDate: '2024-06-30' })).toEqual(
      {
        startDate: '2024-04-06',
        endDate: '2024-06-30',
      },
    );
    expect(incomeReport.parse({ taxYearUuid: YEAR.toUpperCase(), startDate: '2024-04-06' })).toEqual({
      taxYearUuid: YEAR,
    });
  });

  it('when a field is wrong, then the refusal names it', async () => {
    expect(await refusal(() => incomeReport.parse({}))).toMatchObject({ field: 'taxYearUuid' });
    expect(await refusal(() => incomeReport.parse({ taxYearUuid: 'year' }))).toMatchObject({ field: 'taxYearUuid' });
    expect(await refusal(() => incomeReport.parse({ startDate: '2024-06-30', endDate: '2024-06-29' }))).toEqual({
      code: 'INVALID_ARGUMENT',
      field: 'endDate',
      message: 'endDate cannot be before startDate',
    });
    expect(await refusal(() => incomeReport.parse({ startDate: 'soon', endDate: '2024-06-29' }))).toMatchObject({
      field: 'startDate',
    });
  });
});

describe('income-report', () => {
  it('when a tax year is asked, then its settled income by pay date is read and grouped by income type', async () => {
    const { sources, asked } = fixedSources(ROWS, { taxYears: TAX_YEARS });
    const f = await incomeReport.gather(sources, SUBJECT, { taxYearUuid: YEAR });
    expect(asked).toEqual([
      {
        org: SUBJECT.organisationUuid,
        client: SUBJECT.client.uuid,
        query: { securityId: 0, startDate: '2024-04-06', endDate: '2025-04-05', incomeOnly: true, states: ['SETTLED'] },
      },
    ]);
    expect(f.groups.map((g) => [g.incomeType, g.gross, g.tax, g.net])).toEqual([
      ['UK_DIVIDEND', '250.50', '0.00', '250.50'],
      ['NON_UK_DIVIDEND', '80.00', '12.00', '68.00'],
      ['ACCRUED_INTEREST_RELIEF', '-10.00', '0.00', '-10.00'],
      ['BANK_INTEREST', '45.67', '9.13', '36.54'],
    ]);
    expect([f.gross, f.tax, f.net]).toEqual(['366.17', '21.13', '345.04']);
    expect(incomeReport.subject({ taxYearUuid: YEAR }, f)).toBe('2024-25');
    expect(incomeReport.fileStem(SUBJECT, { taxYearUuid: YEAR }, f)).toBe('C0001-income-2024-25');

    const csv = incomeReport.csv(SUBJECT, { taxYearUuid: YEAR }, f);
    expect(parseCsv(csv)[0]).toEqual(INCOME_CSV_COLUMNS);
    const lines = csvRecords(csv);
    expect(
      lines.map((l) => [l['Income Type'], l['Pay Date'], l['Gross GBP'], l['Tax Deducted GBP'], l['Net GBP']]),
    ).toEqual([
      ['UK_DIVIDEND', '2024-06-10', '120.00', '0.00', '120.00'],
      ['UK_DIVIDEND', '2024-12-10', '130.50', '0.00', '130.50'],
      ['NON_UK_DIVIDEND', '2024-09-01', '80.00', '12.00', '68.00'],
      ['ACCRUED_INTEREST_RELIEF', '2024-10-01', '-10.00', '0.00', '-10.00'],
      ['BANK_INTEREST', '2025-03-31', '45.67', '9.13', '36.54'],
    ]);
    expect(lines[2]).toMatchObject({
      'Income Type Name': 'Non-UK company dividend',
      Currency: 'USD',
      'FX Rate': '1.25',
    });

    const text = await pdfOf(incomeReport, { taxYearUuid: YEAR }, f);
    for (const expected of [
      'Ashworth Wealth',
      'Ann Example',
      'BA1 1AA',
      'Income statement 2024-25',
      '06/04/2024 to 05/04/2025',
      'UK company dividend',
      'Total UK company dividend £250.50 £0.00 £250.50',
      'Non-UK company dividend £80.00 £12.00 £68.00',
      '-£10.00',
      '10/12/2024',
      'Total income £366.17 £21.13 £345.04',
    ])
      expect(text).toContain(expected);
  });

  it('when a period is asked, then it is read and named by its dates', async () => {
    const { sources, asked } = fixedSources([]);
    const params = { startDate: '2024-06-01', endDate: '2024-06-30' };
    const f = await incomeReport.gather(sources, SUBJECT, params);
    expect((asked[0] as { query: { startDate: string } }).query.startDate).toBe('2024-06-01');
    expect([f.groups, f.gross, f.net]).toEqual([[], '0.00', '0.00']);
    expect(incomeReport.subject(params, f)).toBe('01/06/2024 to 30/06/2024');
    expect(incomeReport.fileStem(SUBJECT, params, f)).toBe('C0001-income-2024-06-01-2024-06-30');
    expect(await pdfOf(incomeReport, params, f)).toContain('No income was paid in the period.');
  });

  it('when the year is not the client’s or starts before its reporting restriction, then it is refused', async () => {
    const { sources } = fixedSources(ROWS, { taxYears: TAX_YEARS });
    const other = 'a4000000-0000-4000-8000-000000009999';
    expect(await refusal(() => incomeReport.gather(sources, SUBJECT, { taxYearUuid: other }))).toMatchObject({
      code: 'NOT_FOUND',
      field: 'taxYearUuid',
    });
    const restricted = { ...SUBJECT, client: { ...SUBJECT.client, reportingRestrictionFrom: '2025-04-06' } };
    expect(await refusal(() => incomeReport.gather(sources, restricted, { taxYearUuid: YEAR }))).toMatchObject({
      code: 'FAILED_PRECONDITION',
      field: 'taxYearUuid',
    });
    expect(
      await refusal(() => incomeReport.gather(sources, restricted, { startDate: '2025-04-01', endDate: '2025-04-30' })),
    ).toMatchObject({ code: 'FAILED_PRECONDITION', field: 'startDate' });
  });
});
