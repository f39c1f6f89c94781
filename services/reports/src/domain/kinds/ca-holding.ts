import { csvText } from '@gains/access';
import { sumDecimals } from '@gains/decimal';
import { gbp, quantity, ukDate, type GainsPdf } from '@gains/pdf';
import type { ReportKind, ReportSubject } from '../report-kind';
import type { ReportHoldingAt, ReportPortfolioAction } from '../report-sources';
import { holdingsBlocks, portfolioCell } from './holding-table';
import { londonToday, parseAtDate, parseSecurityId } from './report-params';
import { safeName } from './stock-transactions';

/**
 * Holdings (CA) as at a date (seed 000 §2.6, §3 `ca-holding`; POST /holdings/ca/report-pdf|report-csv
 * {clientUuid, securityId?, atDate}): per portfolio the client owns and security held at the end of the day, the
 * corporate actions on it (the documents service's headers with an ex-date on or before the day whose candidates
 * include the portfolio): the header, its status and dates, the holding at the ex-date and the candidate's status,
 * and what the previews propose (new shares, cash, the ratio of a split). A holding without an action is listed
 * with none; a security held before the day and no longer (a takeover's old shares) is listed, at 0, only with the
 * actions on it.
 */

export interface CaHoldingParams {
  securityId: number;
  atDate: string;
}

export interface CaHoldingLine {
  holding: ReportHoldingAt;
  /** null: no corporate action on the holding by the day */
  action: ReportPortfolioAction | null;
}

export interface CaHoldingFigures {
  lines: CaHoldingLine[];
  /** the proposed cash of every action, GBP */
  proposedCash: string;
}

const pairKey = (portfolioUuid: string, securityId: number) => `${portfolioUuid.toLowerCase()}|${securityId}`;

/** Each holding, then its actions by ex-date and code (one line each), or one line with none (when still held). */
export function caHoldingLines(
  holdings: readonly ReportHoldingAt[],
  actions: readonly ReportPortfolioAction[],
): CaHoldingFigures {
  const byHolding = new Map<string, ReportPortfolioAction[]>();
  for (const a of actions) {
    const key = pairKey(a.portfolioUuid, a.securityId);
    byHolding.set(key, [...(byHolding.get(key) ?? []), a]);
  }
  const lines: CaHoldingLine[] = [];
  for (const holding of holdings) {
    const found = [...(byHolding.get(pairKey(holding.portfolioUuid, holding.securityId)) ?? [])].sort(
      (a, b) => a.exDate.localeCompare(b.exDate) || a.headerCode.localeCompare(b.headerCode),
    );
    if (found.length === 0 && /[1-9]/.test(holding.quantity)) lines.push({ holding, action: null });
    for (const action of found) lines.push({ holding, action });
  }
  const cash = lines.map((l) => l.action?.proposedCash ?? '').filter((c) => c !== '');
  return { lines, proposedCash: cash.length ? sumDecimals(cash) : '0.00' };
}

/** A status code as words: RUN_FAILURES -> Run failures. */
const words = (code: string) => {
  const text = code.toLowerCase().replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

const codeOf = (h: ReportHoldingAt) => h.sedol || h.isin || `ID${h.securityId}`;

export function caHoldingPdf(subject: ReportSubject, params: CaHoldingParams, f: CaHoldingFigures): GainsPdf {
  const single = params.securityId > 0 ? f.lines.find((l) => l.holding.securityId === params.securityId) : undefined;
  return {
    firm: subject.firm,
    title: `Holdings and corporate actions as at ${ukDate(params.atDate)}`,
    client: subject.client,
    facts: [
      { label: 'As at', value: ukDate(params.atDate) },
      ...(params.securityId > 0
        ? [
            {
              label: 'Security',
              value: single
                ? `${single.holding.securityName} (${codeOf(single.holding)})`
                : `Security ${params.securityId}`,
            },
          ]
        : []),
      { label: 'Corporate actions', value: String(f.lines.filter((l) => l.action).length) },
    ],
    orientation: 'landscape',
    blocks: holdingsBlocks({
      atDate: params.atDate,
      columns: [
        { title: 'Portfolio' },
        { title: 'Security', width: '*' },
        { title: 'Quantity', align: 'right' },
        { title: 'Action' },
        { title: 'Type' },
        { title: 'Status' },
        { title: 'Ex date' },
        { title: 'Pay date' },
        { title: 'Held at ex date', align: 'right' },
        { title: 'Candidate' },
        { title: 'Ratio' },
        { title: 'New quantity', align: 'right' },
        { title: 'Cash', align: 'right' },
      ],
      rows: f.lines.map(({ holding: h, action: a }) => [
        portfolioCell(h),
        `${h.securityName} (${codeOf(h)})`,
        quantity(h.quantity),
        ...(a
          ? [
              a.headerCode,
              a.typeName,
              words(a.headerStatus),
              ukDate(a.exDate),
              ukDate(a.payDate),
              quantity(a.holdingQuantity),
              words(a.candidateStatus),
              a.ratio || '-',
              quantity(a.proposedQuantity),
              gbp(a.proposedCash),
            ]
          : ['No action', '-', '-', '-', '-', '-', '-', '-', '-', '-']),
      ]),
      totals: ['Total', '', '', '', '', '', '', '', '', '', '', '', gbp(f.proposedCash)],
      note: 'Corporate actions with an ex date on or before the date whose candidates include the holding. New quantity and Cash are what the action’s previews propose for the holding (shares received; cash paid, GBP).',
    }),
  };
}

export const CA_HOLDING_CSV_COLUMNS = [
  'As At',
  'Portfolio',
  'Tax Wrapper',
  'SEDOL',
  'ISIN',
  'Security',
  'Quantity',
  'Action',
  'Type',
  'Status',
  'Ex Date',
  'Pay Date',
  'Holding At Ex Date',
  'Candidate Status',
  'Ratio',
  'Proposed Quantity',
  'Proposed Cash',
];

export function caHoldingCsv(params: CaHoldingParams, f: CaHoldingFigures): string {
  return csvText([
    CA_HOLDING_CSV_COLUMNS,
    ...f.lines.map(({ holding: h, action: a }) => [
      params.atDate,
      h.portfolioCode,
      h.taxWrapper,
      h.sedol,
      h.isin,
      h.securityName,
      h.quantity,
      ...(a
        ? [
            a.headerCode,
            a.typeName,
            a.headerStatus,
            a.exDate,
            a.payDate,
            a.holdingQuantity,
            a.candidateStatus,
            a.ratio,
            a.proposedQuantity,
            a.proposedCash,
          ]
        : ['', '', '', '', '', '', '', '', '', '']),
    ]),
  ]);
}

/** The kind, with London's today injectable for tests ('As at' cannot be in the future). */
export function createCaHoldingReport(
  today: () => string = londonToday,
): ReportKind<CaHoldingParams, CaHoldingFigures> {
  return {
    kind: 'ca-holding',
    formats: ['pdf', 'csv'],
    parse: (raw) => ({ securityId: parseSecurityId(raw.securityId), atDate: parseAtDate(raw, today()) }),
    async gather(sources, subject, params) {
      const org = subject.organisationUuid;
      const holdings = await sources.clientHoldingsAt(org, subject.client.uuid, params.atDate, params.securityId, {
        includeNil: true,
      });
      const portfolios = [...new Set(holdings.map((h) => h.portfolioUuid))];
      const actions = portfolios.length
        ? await sources.portfolioActions(org, portfolios, params.atDate, params.securityId)
        : [];
      return caHoldingLines(holdings, actions);
    },
    subject: (params) => ukDate(params.atDate),
    fileStem: (subject, params) => `${safeName(subject.client.code)}-holdings-ca-${params.atDate}`,
    pdf: caHoldingPdf,
    csv: (_subject, params, f) => caHoldingCsv(params, f),
  };
}

export const caHoldingReport = createCaHoldingReport();
