import { csvText } from '@gains/access';
import { sumDecimals } from '@gains/decimal';
import { gbp, quantity, ukDate, type GainsPdf } from '@gains/pdf';
import type { ReportKind, ReportSubject } from '../report-kind';
import type { ReportTransaction } from '../report-sources';
import { parsePeriod, parseSecurityId, type Period } from './report-params';

/**
 * Transactions (seed 000 §2.6; POST /transactions/report-pdf|report-csv {clientUuid, securityId?, startDate,
 * endDate}): the client's settled ledger rows of every portfolio it owns traded in the period, with the tax
 * engine's figures on each row where computed. Exact decimals as the clients service answers them.
 */

export interface TransactionsParams extends Period {
  securityId: number;
}

export interface TransactionsFigures {
  rows: ReportTransaction[];
}

export function parseTransactionsParams(raw: Record<string, unknown>): TransactionsParams {
  return { securityId: parseSecurityId(raw.securityId), ...parsePeriod(raw) };
}

/** A file name's part from text a firm typed (a client code): letters, digits, dots, dashes, underscores. */
export const safeName = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, '-') || 'client';

export const periodSubject = (p: Period) => `${ukDate(p.startDate)} to ${ukDate(p.endDate)}`;

/** The security a report is limited to, as its first row names it. */
export function securityFact(securityId: number, rows: readonly ReportTransaction[]) {
  if (securityId === 0) return [];
  const r = rows.find((x) => x.securityId === securityId);
  return [{ label: 'Security', value: r ? `${r.securityName} (${r.sedol || r.isin})` : `Security ${securityId}` }];
}

/** A sum of a column's figures, those not computed left out; '' when none is. */
function total(rows: readonly ReportTransaction[], pick: (r: ReportTransaction) => string | null): string {
  const figures = rows.map(pick).filter((v): v is string => v !== null && v !== '');
  return figures.length ? sumDecimals(figures) : '';
}

export const TRANSACTION_CSV_COLUMNS = [
  'Portfolio',
  'Trade Date',
  'Report Date',
  'Ex Date',
  'Pay Date',
  'SEDOL',
  'ISIN',
  'Security',
  'Transaction Code',
  'Transaction Type',
  'Type Description',
  'Quantity',
  'Price',
  'Consideration',
  'Currency',
  'FX Rate',
  'Consideration GBP',
  'Expenses GBP',
  'CGT Cost',
  'Proceeds',
  'Capital Gain/Loss',
  'Income Gain',
  'Exempt Gain/Loss',
  'Holdover Relief',
  'Clogged Loss',
  'Indexation',
];

export function transactionCsvFields(r: ReportTransaction): string[] {
  return [
    r.portfolioCode,
    r.tradeDate,
    r.reportDate,
    r.exDate ?? '',
    r.payDate ?? '',
    r.sedol,
    r.isin,
    r.securityName,
    r.transactionCode,
    r.type,
    r.typeDescription,
    r.quantity,
    r.price ?? '',
    r.consideration,
    r.currency,
    r.fxRate,
    r.considerationGbp,
    r.expensesGbp,
    r.cgtCost ?? '',
    r.proceeds ?? '',
    r.capitalGainLoss ?? '',
    r.incomeGain ?? '',
    r.exemptGainLoss ?? '',
    r.holdoverRelief ?? '',
    r.cloggedLoss ?? '',
    r.indexation ?? '',
  ];
}

export function transactionsPdf(
  subject: ReportSubject,
  params: TransactionsParams,
  rows: readonly ReportTransaction[],
): GainsPdf {
  const price = (r: ReportTransaction) =>
    r.price === null ? '-' : `${quantity(r.price)}${r.currency === 'GBP' ? '' : ` ${r.currency}`}`;
  return {
    firm: subject.firm,
    title: 'Transactions',
    subtitle: periodSubject(params),
    client: subject.client,
    facts: [
      { label: 'Period', value: periodSubject(params) },
      ...securityFact(params.securityId, rows),
      { label: 'Transactions', value: String(rows.length) },
    ],
    orientation: 'landscape',
    blocks:
      rows.length === 0
        ? [{ kind: 'paragraph', text: 'There are no settled transactions traded in the period.' }]
        : [
            {
              kind: 'table',
              columns: [
                { title: 'Portfolio' },
                { title: 'Trade date' },
                { title: 'Security', width: '*' },
                { title: 'Type' },
                { title: 'Quantity', align: 'right' },
                { title: 'Price', align: 'right' },
                { title: 'Consideration', align: 'right' },
                { title: 'Expenses', align: 'right' },
                { title: 'CGT cost', align: 'right' },
                { title: 'Proceeds', align: 'right' },
                { title: 'Capital gain/loss', align: 'right' },
                { title: 'Income gain', align: 'right' },
                { title: 'Exempt gain/loss', align: 'right' },
              ],
              rows: rows.map((r) => [
                r.portfolioCode,
                ukDate(r.tradeDate),
                `${r.securityName}${r.sedol ? ` (${r.sedol})` : ''}`,
                r.type,
                quantity(r.quantity),
                price(r),
                gbp(r.considerationGbp),
                gbp(r.expensesGbp),
                gbp(r.cgtCost),
                gbp(r.proceeds),
                gbp(r.capitalGainLoss),
                gbp(r.incomeGain),
                gbp(r.exemptGainLoss),
              ]),
              // consideration mixes purchases and sales: only the tax figures add up to something
              totals: [
                'Total',
                '',
                `${rows.length} transaction${rows.length === 1 ? '' : 's'}`,
                '',
                '',
                '',
                '',
                gbp(total(rows, (r) => r.expensesGbp)),
                gbp(total(rows, (r) => r.cgtCost)),
                gbp(total(rows, (r) => r.proceeds)),
                gbp(total(rows, (r) => r.capitalGainLoss)),
                gbp(total(rows, (r) => r.incomeGain)),
                gbp(total(rows, (r) => r.exemptGainLoss)),
              ],
            },
            {
              kind: 'paragraph',
              tone: 'note',
              text: 'Consideration and expenses in GBP at each transaction’s exchange rate. Tax figures are the latest calculation’s; "-" where not computed.',
            },
          ],
  };
}

export const stockTransactionsReport: ReportKind<TransactionsParams, TransactionsFigures> = {
  kind: 'stock-transactions',
  formats: ['pdf', 'csv'],
  parse: parseTransactionsParams,
  async gather(sources, subject, params) {
    const rows = await sources.clientTransactions(subject.organisationUuid, subject.client.uuid, {
      ...params,
      states: ['SETTLED'],
    });
    return { rows };
  },
  subject: (params) => periodSubject(params),
  fileStem: (subject, params) => `${safeName(subject.client.code)}-transactions-${params.startDate}-${params.endDate}`,
  pdf: (subject, params, figures) => transactionsPdf(subject, params, figures.rows),
  csv: (_subject, _params, figures) => csvText([TRANSACTION_CSV_COLUMNS, ...figures.rows.map(transactionCsvFields)]),
};
