import { csvText } from '@gains/access';
import { quantity, ukDate, type GainsPdf } from '@gains/pdf';
import type { ReportKind, ReportSubject } from '../report-kind';
import type { ReportReconciliation } from '../report-sources';
import { parseSecurityId } from './report-params';
import { safeName } from './stock-transactions';

/**
 * Reconciliation (seed 000 §2.6; POST /reconciliation/report-pdf|report-csv {clientUuid, securityId?}): the firm's
 * latest reconciled custodian holdings file, each of its holdings of the client's portfolios against the ledger's
 * quantity on the file's date (the custodian import's own reconciliation), breaks (rec breaks) first.
 */

export interface ReconciliationParams {
  securityId: number;
}

export type ReconciliationFigures = ReportReconciliation;

/** The file's dates, '' when it has none for the client. */
function asAtText(f: ReconciliationFigures): string {
  const dates = [...new Set(f.lines.map((l) => l.asAt))].sort();
  if (dates.length === 0) return '';
  return dates.length === 1 ? ukDate(dates[0]) : `${ukDate(dates[0])} to ${ukDate(dates.at(-1))}`;
}

export function reconciliationPdf(subject: ReportSubject, f: ReconciliationFigures): GainsPdf {
  const breaks = f.lines.filter((l) => l.break).length;
  return {
    firm: subject.firm,
    title: 'Reconciliation',
    subtitle: f.fileName ? `Custodian holdings ${asAtText(f) || 'file'}` : 'No custodian file',
    client: subject.client,
    facts: [
      { label: 'Custodian file', value: f.fileName || '-' },
      ...(f.importedAt ? [{ label: 'Imported', value: ukDate(f.importedAt.slice(0, 10)) }] : []),
      { label: 'As at', value: asAtText(f) || '-' },
      { label: 'Breaks', value: String(breaks) },
    ],
    blocks: !f.fileName
      ? [{ kind: 'paragraph', text: 'The firm has not reconciled a custodian holdings file.' }]
      : f.lines.length === 0
        ? [{ kind: 'paragraph', text: 'The custodian file holds nothing of this client’s portfolios.' }]
        : [
            {
              kind: 'table',
              columns: [
                { title: 'Portfolio' },
                { title: 'SEDOL' },
                { title: 'Security', width: '*' },
                { title: 'As at' },
                { title: 'Custodian', align: 'right' },
                { title: 'Ledger', align: 'right' },
                { title: 'Difference', align: 'right' },
                { title: 'Status' },
              ],
              rows: f.lines.map((l) => [
                l.portfolioCode,
                l.sedol || l.isin || '-',
                l.securityName,
                ukDate(l.asAt),
                quantity(l.custodianQuantity),
                quantity(l.ledgerQuantity),
                quantity(l.difference),
                l.break ? 'Break' : 'Agreed',
              ]),
              totals: [
                'Total',
                '',
                `${f.lines.length} holdings`,
                '',
                '',
                '',
                '',
                `${breaks} break${breaks === 1 ? '' : 's'}`,
              ],
            },
          ],
  };
}

export const RECONCILIATION_CSV_COLUMNS = [
  'Custodian File',
  'As At',
  'Portfolio',
  'SEDOL',
  'ISIN',
  'Security',
  'Custodian Quantity',
  'Ledger Quantity',
  'Difference',
  'Break',
];

export const reconciliationReport: ReportKind<ReconciliationParams, ReconciliationFigures> = {
  kind: 'reconciliation',
  formats: ['pdf', 'csv'],
  parse: (raw) => ({ securityId: parseSecurityId(raw.securityId) }),
  gather: (sources, subject, params) =>
    sources.reconciliation(subject.organisationUuid, subject.client.uuid, params.securityId),
  subject: (_params, f) => asAtText(f) || 'No custodian file',
  fileStem: (subject, _params, f) =>
    `${safeName(subject.client.code)}-reconciliation${f.lines[0] ? `-${f.lines[0].asAt}` : ''}`,
  pdf: (subject, _params, f) => reconciliationPdf(subject, f),
  csv: (_subject, _params, f) =>
    csvText([
      RECONCILIATION_CSV_COLUMNS,
      ...f.lines.map((l) => [
        f.fileName,
        l.asAt,
        l.portfolioCode,
        l.sedol,
        l.isin,
        l.securityName,
        l.custodianQuantity,
        l.ledgerQuantity,
        l.difference,
        l.break ? 'Y' : 'N',
      ]),
    ]),
};
