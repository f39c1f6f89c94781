import { csvText } from '@gains/access';
import type { ReportKind } from '../report-kind';
import {
  parseTransactionsParams,
  periodSubject,
  safeName,
  TRANSACTION_CSV_COLUMNS,
  transactionCsvFields,
  transactionsPdf,
  type TransactionsFigures,
  type TransactionsParams,
} from './stock-transactions';

/**
 * Ops Transactions (seed 000 §2.6; POST /transactions/ops/report-csv, CSV only): every row of the client's
 * portfolios traded in the period whatever its state, with the operational fields an operations team reconciles
 * with: state, where it came from, who made and changed it and when, its version and warnings.
 */

export const OPS_CSV_COLUMNS = [
  ...TRANSACTION_CSV_COLUMNS,
  'State',
  'Source',
  'Source Ref',
  'Created By',
  'Created At',
  'Updated By',
  'Updated At',
  'Version',
  'Warnings',
];

export const opsTransactionsReport: ReportKind<TransactionsParams, TransactionsFigures> = {
  kind: 'ops-transactions',
  formats: ['csv'],
  parse: parseTransactionsParams,
  async gather(sources, subject, params) {
    return { rows: await sources.clientTransactions(subject.organisationUuid, subject.client.uuid, params) };
  },
  subject: (params) => periodSubject(params),
  fileStem: (subject, params) =>
    `${safeName(subject.client.code)}-ops-transactions-${params.startDate}-${params.endDate}`,
  // CSV only (seed 000 §7); a PDF asked for directly is the same rows as the Transactions layout
  pdf: (subject, params, figures) => transactionsPdf(subject, params, figures.rows),
  csv: (_subject, _params, figures) =>
    csvText([
      OPS_CSV_COLUMNS,
      ...figures.rows.map((r) => [
        ...transactionCsvFields(r),
        r.state,
        r.source,
        r.sourceRef,
        r.createdBy,
        r.createdAt,
        r.updatedBy,
        r.updatedAt,
        String(r.version),
        r.warnings.join('; '),
      ]),
    ]),
};
