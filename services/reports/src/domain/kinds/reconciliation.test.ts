import { describe, expect, it } from 'vitest';
import { csvRecords, parseCsv } from '@gains/testing/csv';
import { answering, pdfOf, refusal, SUBJECT } from './kind-test-support';
import { RECONCILIATION_CSV_COLUMNS, reconciliationReport, type ReconciliationFigures } from './reconciliation';

// The custodian's file of 30/04/2025 against the ledger, worked by hand (difference = custodian - ledger):
//   P2 Beta   custodian 12.5, ledger 10   -> 2.5, a break
//   P1 Gamma  custodian 0,    ledger 40   -> -40, a break (the custodian holds none)
//   P1 Alpha  custodian 1000, ledger 1000 -> 0, agreed
const FIGURES: ReconciliationFigures = {
  fileName: 'custodian-2025-04-30.csv',
  importedAt: '2025-05-01T08:00:00.000Z',
  lines: [
    {
      portfolioCode: 'P2',
      securityId: 2,
      sedol: 'BETA001',
      isin: 'GB00BETA0011',
      securityName: 'Beta plc',
      asAt: '2025-04-30',
      custodianQuantity: '12.5',
      ledgerQuantity: '10',
      difference: '2.5',
      break: true,
    },
    {
      portfolioCode: 'P1',
      securityId: 3,
      sedol: 'GAMMA01',
      isin: 'GB00GAMMA011',
      securityName: 'Gamma plc',
      asAt: '2025-04-30',
      custodianQuantity: '0',
      ledgerQuantity: '40',
      difference: '-40',
      break: true,
    },
    {
      portfolioCode: 'P1',
      securityId: 1,
      sedol: 'ALPHA01',
      isin: 'GB00ALPHA011',
      securityName: 'Alpha plc',
      asAt: '2025-04-30',
      custodianQuantity: '1000',
      ledgerQuantity: '1000',
      difference: '0',
      break: false,
    },
  ],
};

describe('reconciliation report', () => {
  it('when the security is wrong, then the refusal names it; absent, every security', () => {
    expect(reconciliationReport.parse({})).toEqual({ securityId: 0 });
    expect(refusal(() => reconciliationReport.parse({ securityId: -2 }))?.field).toBe('securityId');
  });

  it('when gathered, then the client’s reconciliation is read for the security', async () => {
    const { sources, asked } = answering({ reconciliation: FIGURES });
    expect(await reconciliationReport.gather(sources, SUBJECT, { securityId: 2 })).toBe(FIGURES);
    expect(asked).toEqual([['reconciliation', SUBJECT.organisationUuid, SUBJECT.client.uuid, 2]]);
  });

  it('when written, then the CSV has each holding’s quantities and the PDF shows the breaks first', async () => {
    const csv = reconciliationReport.csv(SUBJECT, { securityId: 0 }, FIGURES);
    expect(parseCsv(csv)[0]).toEqual(RECONCILIATION_CSV_COLUMNS);
    expect(
      csvRecords(csv).map((r) => [r.Portfolio, r['Custodian Quantity'], r['Ledger Quantity'], r.Difference, r.Break]),
    ).toEqual([
      ['P2', '12.5', '10', '2.5', 'Y'],
      ['P1', '0', '40', '-40', 'Y'],
      ['P1', '1000', '1000', '0', 'N'],
    ]);
    expect(reconciliationReport.subject({ securityId: 0 }, FIGURES)).toBe('30/04/2025');
    expect(reconciliationReport.fileStem(SUBJECT, { securityId: 0 }, FIGURES)).toBe('C0001-reconciliation-2025-04-30');
    const text = await pdfOf(reconciliationReport, { securityId: 0 }, FIGURES);
    for (const expected of [
      'Ashworth Wealth',
      'Ann Example',
      'Reconciliation',
      'custodian-2025-04-30.csv',
      'BETA001 Beta plc 30/04/2025 12.5 10 2.5 Break',
      '-40 Break',
      '1,000 1,000 0 Agreed',
      '2 breaks',
    ])
      expect(text).toContain(expected);
    expect(text.indexOf('Beta plc')).toBeLessThan(text.indexOf('Alpha plc'));
  });

  it('when the firm has no custodian file, then the PDF says so', async () => {
    const none = { fileName: '', importedAt: '', lines: [] };
    expect(await pdfOf(reconciliationReport, { securityId: 0 }, none)).toContain(
      'The firm has not reconciled a custodian holdings file.',
    );
  });
});
