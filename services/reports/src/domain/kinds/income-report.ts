import { csvText, INCOME_TYPE_ITEMS } from '@gains/access';
import { divideDecimal, subtractDecimal, sumDecimals } from '@gains/decimal';
import { DomainError, invalidArgument, notFound } from '@gains/errors';
import { gbp, ukDate, type GainsPdf, type PdfBlock } from '@gains/pdf';
import type { ReportKind, ReportSubject } from '../report-kind';
import type { ReportTransaction } from '../report-sources';
import { requireUuid } from '../report-rules';
import { parseDay } from './report-params';
import { safeName } from './stock-transactions';

/**
 * Income statement (seed 000 §2.6; POST /clients/income-report {clientUuid, taxYearUuid} or {clientUuid,
 * startDate, endDate}): the client's settled income rows paid in a tax year or a period (by pay date, else trade
 * date), grouped by the income types of seed 000 §3, each gross, tax deducted at source and net, in GBP, with
 * totals per type and overall. A row's gross is its consideration in GBP; its tax deducted is given in the
 * transaction's currency and taken to GBP at the row's rate (amount / fx rate, to the penny), as the ledger takes
 * its consideration. Accrued interest relief reduces income: it is shown negative, so the totals net it off.
 */

export type IncomeParams =
  | { taxYearUuid: string; startDate?: undefined; endDate?: undefined }
  | { taxYearUuid?: undefined; startDate: string; endDate: string };

export interface IncomeLine {
  portfolioCode: string;
  /** the pay date, else the trade date */
  date: string;
  sedol: string;
  isin: string;
  securityName: string;
  type: string;
  currency: string;
  fxRate: string;
  gross: string;
  tax: string;
  net: string;
}

export interface IncomeGroup {
  incomeType: string;
  name: string;
  lines: IncomeLine[];
  gross: string;
  tax: string;
  net: string;
}

export interface IncomeFigures {
  /** the tax year's label ('2024-25'), or '' for a period */
  label: string;
  startDate: string;
  endDate: string;
  groups: IncomeGroup[];
  gross: string;
  tax: string;
  net: string;
}

/** Income types that are deductions from income rather than income. */
const DEDUCTIONS = new Set(['ACCRUED_INTEREST_RELIEF']);

const sum = (values: string[]) => (values.length ? sumDecimals(values) : '0.00');

/** The income rows as lines grouped by income type, in the coded list's order; figures exact to the penny. */
export function incomeGroups(rows: readonly ReportTransaction[]): IncomeGroup[] {
  const byType = new Map<string, IncomeLine[]>();
  for (const r of rows) {
    if (!r.incomeType) continue;
    const sign = (v: string) => (DEDUCTIONS.has(r.incomeType) ? subtractDecimal('0', v) : v);
    const gross = sign(r.considerationGbp);
    const tax = sign(r.taxDeducted ? divideDecimal(r.taxDeducted, r.fxRate || '1', 2) : '0.00');
    const lines = byType.get(r.incomeType) ?? [];
    lines.push({
      portfolioCode: r.portfolioCode,
      date: r.payDate ?? r.tradeDate,
      sedol: r.sedol,
      isin: r.isin,
      securityName: r.securityName,
      type: r.type,
      currency: r.currency,
      fxRate: r.fxRate,
      gross,
      tax,
      net: subtractDecimal(gross, tax),
    });
    byType.set(r.incomeType, lines);
  }
  const order = INCOME_TYPE_ITEMS.map((t) => t.code);
  const rank = (code: string) => (order.includes(code) ? order.indexOf(code) : order.length);
  return [...byType.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([incomeType, lines]) => ({
      incomeType,
      name: INCOME_TYPE_ITEMS.find((t) => t.code === incomeType)?.name ?? incomeType,
      lines,
      gross: sum(lines.map((l) => l.gross)),
      tax: sum(lines.map((l) => l.tax)),
      net: sum(lines.map((l) => l.net)),
    }));
}

const periodText = (f: IncomeFigures) => `${ukDate(f.startDate)} to ${ukDate(f.endDate)}`;

export function incomePdf(subject: ReportSubject, f: IncomeFigures): GainsPdf {
  const money = [
    { title: 'Gross', align: 'right' as const },
    { title: 'Tax deducted', align: 'right' as const },
    { title: 'Net', align: 'right' as const },
  ];
  const groups: PdfBlock[] = f.groups.flatMap((g): PdfBlock[] => [
    { kind: 'heading', text: g.name },
    {
      kind: 'table',
      columns: [{ title: 'Paid' }, { title: 'Portfolio' }, { title: 'Security', width: '*' }, ...money],
      rows: g.lines.map((l) => [
        ukDate(l.date),
        l.portfolioCode,
        `${l.securityName}${l.sedol ? ` (${l.sedol})` : ''}`,
        gbp(l.gross),
        gbp(l.tax),
        gbp(l.net),
      ]),
      totals: [`Total ${g.name}`, '', '', gbp(g.gross), gbp(g.tax), gbp(g.net)],
    },
  ]);
  return {
    firm: subject.firm,
    title: f.label ? `Income statement ${f.label}` : 'Income statement',
    subtitle: periodText(f),
    client: subject.client,
    facts: [...(f.label ? [{ label: 'Tax year', value: f.label }] : []), { label: 'Period', value: periodText(f) }],
    blocks:
      f.groups.length === 0
        ? [{ kind: 'paragraph', text: 'No income was paid in the period.' }]
        : [
            { kind: 'heading', text: 'Summary' },
            {
              kind: 'table',
              columns: [{ title: 'Income type', width: '*' }, ...money],
              rows: f.groups.map((g) => [g.name, gbp(g.gross), gbp(g.tax), gbp(g.net)]),
              totals: ['Total income', gbp(f.gross), gbp(f.tax), gbp(f.net)],
            },
            ...groups,
            {
              kind: 'paragraph',
              tone: 'note',
              text: 'Amounts in GBP at each payment’s exchange rate, by pay date. Accrued interest relief is a deduction and is shown negative.',
            },
          ],
  };
}

export const INCOME_CSV_COLUMNS = [
  'Income Type',
  'Income Type Name',
  'Pay Date',
  'Portfolio',
  'SEDOL',
  'ISIN',
  'Security',
  'Transaction Type',
  'Currency',
  'FX Rate',
  'Gross GBP',
  'Tax Deducted GBP',
  'Net GBP',
];

export function incomeCsv(f: IncomeFigures): string {
  return csvText([
    INCOME_CSV_COLUMNS,
    ...f.groups.flatMap((g) =>
      g.lines.map((l) => [
        g.incomeType,
        g.name,
        l.date,
        l.portfolioCode,
        l.sedol,
        l.isin,
        l.securityName,
        l.type,
        l.currency,
        l.fxRate,
        l.gross,
        l.tax,
        l.net,
      ]),
    ),
  ]);
}

const given = (v: unknown) => v !== undefined && v !== null && v !== '';

export const incomeReport: ReportKind<IncomeParams, IncomeFigures> = {
  kind: 'income-report',
  formats: ['pdf', 'csv'],
  parse(raw) {
    // seed 000 §7: the period when both its dates are given, else the tax year
    if (given(raw.startDate) && given(raw.endDate)) {
      const startDate = parseDay('startDate', raw.startDate);
      const endDate = parseDay('endDate', raw.endDate);
      if (endDate < startDate) throw invalidArgument('endDate', 'endDate cannot be before startDate');
      return { startDate, endDate };
    }
    if (!given(raw.taxYearUuid))
      throw invalidArgument('taxYearUuid', 'taxYearUuid is required (or startDate and endDate)');
    return { taxYearUuid: requireUuid('taxYearUuid', typeof raw.taxYearUuid === 'string' ? raw.taxYearUuid : '') };
  },
  async gather(sources, subject, params) {
    const org = subject.organisationUuid;
    let period: { label: string; startDate: string; endDate: string };
    let field: string;
    if (params.taxYearUuid !== undefined) {
      const years = await sources.taxYears(org, subject.client.uuid);
      const year = years.find((y) => y.uuid === params.taxYearUuid);
      if (!year) throw notFound(`Tax year ${params.taxYearUuid} of the client`, 'taxYearUuid');
      period = { label: year.label, startDate: year.startDate, endDate: year.endDate };
      field = 'taxYearUuid';
    } else {
      period = { label: '', startDate: params.startDate!, endDate: params.endDate! };
      field = 'startDate';
    }
    // Seed 000 §5: nothing is reported from before the client's reporting restriction.
    const restriction = subject.client.reportingRestrictionFrom;
    if (restriction && period.startDate < restriction)
      throw new DomainError(
        'FAILED_PRECONDITION',
        `The period starts before the client's reporting restriction (${ukDate(restriction)})`,
        field,
      );
    const rows = await sources.clientTransactions(org, subject.client.uuid, {
      securityId: 0,
      startDate: period.startDate,
      endDate: period.endDate,
      incomeOnly: true,
      states: ['SETTLED'],
    });
    const groups = incomeGroups(rows);
    return {
      ...period,
      groups,
      gross: sum(groups.map((g) => g.gross)),
      tax: sum(groups.map((g) => g.tax)),
      net: sum(groups.map((g) => g.net)),
    };
  },
  subject: (_params, f) => f.label || periodText(f),
  fileStem: (subject, _params, f) =>
    `${safeName(subject.client.code)}-income-${f.label || `${f.startDate}-${f.endDate}`}`,
  pdf: (subject, _params, f) => incomePdf(subject, f),
  csv: (_subject, _params, f) => incomeCsv(f),
};
