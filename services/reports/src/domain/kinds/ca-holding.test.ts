import { describe, expect, it } from 'vitest';
import { csvRecords, parseCsv } from '@gains/testing/csv';
import type { ReportPortfolioAction } from '../report-sources';
import { CA_HOLDING_CSV_COLUMNS, caHoldingLines, createCaHoldingReport } from './ca-holding';
import { answering, fixedSources, holdingAt as at, pdfOf, refusal, SUBJECT } from './kind-test-support';

const report = createCaHoldingReport(() => '2025-04-01');

const P1 = at({}).portfolioUuid;
const P2 = 'p2000000-0000-4000-8000-000000000002';

const action = (f: Partial<ReportPortfolioAction>): ReportPortfolioAction => ({
  portfolioUuid: P1,
  securityId: 1,
  headerCode: 'CA-000001',
  typeName: 'Cash Dividend',
  headerStatus: 'PENDING',
  exDate: '2025-03-01',
  payDate: '2025-03-20',
  holdingQuantity: '0',
  candidateStatus: 'PENDING',
  proposedQuantity: '',
  proposedCash: '',
  ratio: '',
  ...f,
});

// The client at the end of 31/03/2025 and the corporate actions on its holdings, worked by hand:
//   P1 Alpha 2000: CA-000001 split 2:1, ex 10/01/2025, held 1,000 then (the ratio only: the ledger doubles it);
//                  CA-000003 cash dividend of 0.1234 a share, ex 01/03/2025 on the 2,000: 2000 x 0.1234 = 246.80
//   P1 Beta 33.3333: no action
//   P2 (ISA) Alpha 300: CA-000003 on 300: 300 x 0.1234 = 37.02; CA-000004 scrip dividend, ex 15/03/2025:
//                  300 x 0.0123456789 = 3.70370367 new units (a fund's exact places) and no cash
// The documents service answers P1's dividend before its split (it sorts by uuid, the kind by ex-date):
// the kind lists the split first. Total cash: 246.80 + 37.02 = 283.82
const HOLDINGS = [
  at({ quantity: '2000' }),
  at({ securityId: 2, sedol: '', isin: 'US0000BETA01', securityName: 'Beta Inc', quantity: '33.3333' }),
  at({ portfolioUuid: P2, portfolioCode: 'P2', taxWrapper: 'ISA', quantity: '300' }),
];
const ACTIONS = [
  action({ headerCode: 'CA-000003', holdingQuantity: '2000', proposedCash: '246.80', headerStatus: 'RUN' }),
  action({
    headerCode: 'CA-000001',
    typeName: 'Stock Split',
    headerStatus: 'COMPLETED',
    exDate: '2025-01-10',
    payDate: '2025-01-10',
    holdingQuantity: '1000',
    candidateStatus: 'PROCESSED',
    ratio: '2:1',
  }),
  action({ portfolioUuid: P2, headerCode: 'CA-000003', holdingQuantity: '300', proposedCash: '37.02' }),
  action({
    portfolioUuid: P2,
    headerCode: 'CA-000004',
    typeName: 'Scrip Dividend',
    exDate: '2025-03-15',
    payDate: '',
    holdingQuantity: '300',
    candidateStatus: 'PENDING_DIFF',
    proposedQuantity: '3.70370367',
  }),
];
const PARAMS = { securityId: 0, atDate: '2025-03-31' };

describe('ca-holding parameters', () => {
  it('when as at is today or before, then it is taken; in the future or missing, refused naming atDate', () => {
    expect(report.parse({ atDate: '2025-04-01', securityId: 4 })).toEqual({ securityId: 4, atDate: '2025-04-01' });
    expect(report.parse({ atDate: '2025-03-31' })).toEqual({ securityId: 0, atDate: '2025-03-31' });
    expect(refusal(() => report.parse({ atDate: '2025-04-02' }))).toEqual({
      field: 'atDate',
      message: 'atDate cannot be in the future',
    });
    expect(refusal(() => report.parse({}))).toEqual({ field: 'atDate', message: 'atDate is required' });
    expect(refusal(() => report.parse({ atDate: '31/03/2025' }))?.field).toBe('atDate');
    expect(refusal(() => report.parse({ atDate: '2025-03-31', securityId: 'one' }))).toEqual({
      field: 'securityId',
      message: 'securityId must be a positive whole number',
    });
  });
});

describe('ca-holding report', () => {
  it('when gathered, then each holding is listed with its corporate actions by ex date, or with none', async () => {
    const { sources, asked } = answering({ clientHoldingsAt: HOLDINGS, portfolioActions: ACTIONS });
    const f = await report.gather(sources, SUBJECT, PARAMS);
    const org = SUBJECT.organisationUuid;
    // each portfolio asked once, though P1 holds two securities
    expect(asked).toEqual([
      ['clientHoldingsAt', org, SUBJECT.client.uuid, '2025-03-31', 0, { includeNil: true }],
      ['portfolioActions', org, [P1, P2], '2025-03-31', 0],
    ]);
    expect(f.lines.map((l) => [l.holding.portfolioCode, l.holding.securityId, l.action?.headerCode ?? null])).toEqual([
      ['P1', 1, 'CA-000001'],
      ['P1', 1, 'CA-000003'],
      ['P1', 2, null],
      ['P2', 1, 'CA-000003'],
      ['P2', 1, 'CA-000004'],
    ]);
    expect(f.proposedCash).toBe('283.82');

    const csv = report.csv(SUBJECT, PARAMS, f);
    expect(parseCsv(csv)[0]).toEqual(CA_HOLDING_CSV_COLUMNS);
    const records = csvRecords(csv);
    expect(records).toHaveLength(5);
    expect(records[0]).toMatchObject({
      'As At': '2025-03-31',
      Portfolio: 'P1',
      SEDOL: 'ALPHA01',
      Quantity: '2000',
      Action: 'CA-000001',
      Type: 'Stock Split',
      Status: 'COMPLETED',
      'Ex Date': '2025-01-10',
      'Holding At Ex Date': '1000',
      'Candidate Status': 'PROCESSED',
      Ratio: '2:1',
      'Proposed Quantity': '',
      'Proposed Cash': '',
    });
    expect(records[1]).toMatchObject({ Action: 'CA-000003', 'Holding At Ex Date': '2000', 'Proposed Cash': '246.80' });
    expect(records[2]).toMatchObject({ Portfolio: 'P1', ISIN: 'US0000BETA01', Quantity: '33.3333', Action: '' });
    expect(records[4]).toMatchObject({
      Portfolio: 'P2',
      'Tax Wrapper': 'ISA',
      Action: 'CA-000004',
      'Pay Date': '',
      'Candidate Status': 'PENDING_DIFF',
      'Proposed Quantity': '3.70370367',
    });
    expect(report.fileStem(SUBJECT, PARAMS, f)).toBe('C0001-holdings-ca-2025-03-31');
    expect(report.subject(PARAMS, f)).toBe('31/03/2025');

    const text = await pdfOf(report, PARAMS, f);
    for (const expected of [
      'Ashworth Wealth',
      'Ann Example',
      'Holdings and corporate actions as at 31/03/2025',
      'P2 (ISA)',
      'Stock Split',
      '10/01/2025',
      '2:1',
      '2,000',
      '£246.80',
      '£37.02',
      '3.70370367',
      'Pending diff',
      'No action',
      'Total £283.82',
    ])
      expect(text).toContain(expected);
  });

  it('when one security is asked for, then only it is read and named', async () => {
    const { sources, asked } = answering({ clientHoldingsAt: [HOLDINGS[1]!], portfolioActions: [] });
    const params = { securityId: 2, atDate: '2025-03-31' };
    const f = await report.gather(sources, SUBJECT, params);
    // the security is the fourth argument of both reads
    expect(asked.map((a) => [a[0], a[4]])).toEqual([
      ['clientHoldingsAt', 2],
      ['portfolioActions', 2],
    ]);
    expect(f).toEqual({ lines: [{ holding: HOLDINGS[1], action: null }], proposedCash: '0.00' });
    expect(await pdfOf(report, params, f)).toContain('Beta Inc (US0000BETA01)');
  });

  it('when nothing is held, then the documents service is not asked and the PDF says so', async () => {
    const { sources } = fixedSources([], { clientHoldingsAt: async () => [] });
    const f = await report.gather(sources, SUBJECT, PARAMS);
    expect(f.lines).toEqual([]);
    expect(await pdfOf(report, PARAMS, f)).toContain('Nothing was held at the end of 31/03/2025.');
  });

  it('when a security was sold or taken over before the day, then it is listed at 0 only with the actions on it', () => {
    // P2 Gamma: 20 held at a takeover ex 01/02/2025 (20 x 1 new for 2 old = 10 new shares, £5.00 cash), none since;
    // P1 Delta: sold before the day, no action: not listed
    const gamma = at({
      portfolioUuid: P2,
      portfolioCode: 'P2',
      securityId: 3,
      securityName: 'Gamma plc',
      quantity: '0',
    });
    const delta = at({ securityId: 4, securityName: 'Delta plc', quantity: '0' });
    const takeover = action({
      portfolioUuid: P2,
      securityId: 3,
      headerCode: 'CA-000009',
      typeName: 'Takeover',
      exDate: '2025-02-01',
      holdingQuantity: '20',
      proposedQuantity: '10',
      proposedCash: '5.00',
    });
    const f = caHoldingLines([gamma, delta], [takeover]);
    expect(f).toEqual({ lines: [{ holding: gamma, action: takeover }], proposedCash: '5.00' });
  });
});
