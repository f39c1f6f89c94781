import { csvText } from '@gains/access';
import type { Disposal, Holding, TaxYear } from '@gains/contracts';
import { DomainError, invalidArgument, notFound } from '@gains/errors';
import { gbp, quantity, ukDate, type GainsPdf, type PdfBlock, type PdfClient } from '@gains/pdf';
import { taxYearDates } from '../batch-rules';
import type { ReportKind } from '../report-kind';
import { requireUuid } from '../report-rules';

/**
 * The CGT report an adviser sends a client (issue 27; seed 000 §7 POST /clients/cgt-report): one tax year of the
 * tax engine's stored calculation, as the engine wrote it (exact decimal strings, only formatted here): the SA108
 * boxes, the summary, every disposal with its matches and pools, and the holdings with their CGT cost at the
 * year's end (the engine on the ledger up to that day).
 */

export interface CgtReportFor {
  firm: string;
  client: PdfClient;
  /** the tax year reported: its label and first and last days (YYYY-MM-DD) */
  period: { label: string; start: string; end: string };
  /** the engine's figures of the year with its disposals; absent when the calculation has none for it */
  year?: TaxYear;
  /** the pools at the end of the year's last day (or today, for the current year) */
  holdings: Holding[];
  /** the day the holdings stand at, YYYY-MM-DD */
  holdingsAt: string;
  /** when the calculation was made, ISO */
  computedAt: string;
}

const RULES: Record<string, string> = {
  'same-day': 'Same day',
  'thirty-day': '30-day',
  'ten-day': '10-day',
  'section-104': 'Section 104',
  'later-acquisition': 'Later acquisition',
};
const rule = (r: string) => RULES[r] ?? r;
const PERIODS: Record<string, string> = {
  year: 'Whole year',
  upTo29October2024: '06/04/2024 to 29/10/2024',
  from30October2024: '30/10/2024 to 05/04/2025',
};

function summary(y: TaxYear): PdfBlock[] {
  const sa = y.sa108;
  const boxes: PdfBlock = {
    kind: 'keyValues',
    rows: [
      { label: 'Number of disposals', value: String(sa?.numberOfDisposals ?? y.numberOfDisposals) },
      { label: 'Disposal proceeds', value: gbp(sa?.disposalProceeds, 0) },
      { label: 'Allowable costs (including purchase price)', value: gbp(sa?.allowableCosts, 0) },
      { label: 'Gains in the year, before losses', value: gbp(sa?.gainsInTheYearBeforeLosses, 0) },
      { label: 'Losses in the year', value: gbp(sa?.lossesInTheYear, 0) },
      { label: 'Losses brought forward and used', value: gbp(sa?.lossesBroughtForwardUsed, 0) },
      { label: 'Annual exempt amount', value: gbp(sa?.annualExemptAmount, 0) },
      { label: 'Taxable gain', value: gbp(sa?.taxableGain, 0) },
    ],
  };
  const figures: PdfBlock = {
    kind: 'keyValues',
    rows: [
      { label: 'Proceeds', value: gbp(y.proceeds) },
      { label: 'Allowable costs', value: gbp(y.allowableCosts) },
      { label: 'Gains', value: gbp(y.gains) },
      { label: 'Losses', value: gbp(y.losses) },
      { label: 'Net gains', value: gbp(y.netGains) },
      { label: 'Annual exempt amount', value: gbp(y.annualExemptAmount) },
      { label: 'Annual exempt amount remaining', value: gbp(y.annualExemptAmountRemaining) },
      { label: 'Losses brought forward', value: gbp(y.lossesBroughtForward) },
      { label: 'Losses brought forward used', value: gbp(y.lossesBroughtForwardUsed) },
      { label: 'Losses carried forward', value: gbp(y.lossesCarriedForward) },
      { label: 'Taxable gain', value: gbp(y.taxableGain) },
    ],
  };
  return [
    {
      kind: 'columns',
      columns: [
        [{ kind: 'heading', text: 'Summary' }, figures],
        [{ kind: 'heading', text: 'SA108 (whole pounds)' }, boxes],
      ],
    },
    ...split(y),
    ...tax(y),
  ];
}

/** 2024-25: main rates changed on 30 October 2024, so the year's gains are shown either side of it. */
function split(y: TaxYear): PdfBlock[] {
  const p = y.ratePeriods;
  if (!p?.upTo29October2024 || !p.from30October2024) return [];
  const row = (label: string, g: { gains: string; losses: string; netGains: string }) => [
    label,
    gbp(g.gains),
    gbp(g.losses),
    gbp(g.netGains),
  ];
  return [
    { kind: 'heading', text: '2024-25 rate periods' },
    {
      kind: 'table',
      columns: [
        { title: 'Period', width: '*' },
        { title: 'Gains', align: 'right' },
        { title: 'Losses', align: 'right' },
        { title: 'Net gains', align: 'right' },
      ],
      rows: [
        row('06/04/2024 to 29/10/2024', p.upTo29October2024),
        row('30/10/2024 to 05/04/2025', p.from30October2024),
      ],
    },
  ];
}

function tax(y: TaxYear): PdfBlock[] {
  const t = y.taxDue;
  if (!t) {
    return [
      {
        kind: 'paragraph',
        tone: 'note',
        text: 'The tax due is not shown: it is not worked out for this taxpayer and year (an individual needs the year’s basic-rate band left after income).',
      },
    ];
  }
  return [
    { kind: 'heading', text: 'Capital gains tax at the client’s rates' },
    ...(t.basicRateBandRemaining !== undefined
      ? [{ kind: 'paragraph' as const, text: `Basic-rate band remaining: ${gbp(t.basicRateBandRemaining)}` }]
      : []),
    {
      kind: 'table',
      columns: [
        { title: 'Period', width: '*' },
        { title: 'Taxable gain', align: 'right' },
        { title: 'At lower rate', align: 'right' },
        { title: 'Lower rate', align: 'right' },
        { title: 'At higher rate', align: 'right' },
        { title: 'Higher rate', align: 'right' },
        { title: 'Tax', align: 'right' },
      ],
      rows: t.periods.map((p) => [
        PERIODS[p.period] ?? `${ukDate(p.from)} to ${ukDate(p.to)}`,
        gbp(p.taxableGain),
        gbp(p.lowerRateGain),
        `${p.lowerRate}%`,
        gbp(p.higherRateGain),
        `${p.higherRate}%`,
        gbp(p.tax),
      ]),
      totals: ['Total', '', '', '', '', '', gbp(t.total)],
    },
  ];
}

function disposals(y: TaxYear): PdfBlock[] {
  if (y.disposals.length === 0) return [{ kind: 'paragraph', text: 'There were no disposals in the tax year.' }];
  return [
    {
      kind: 'table',
      columns: [
        { title: 'Date' },
        { title: 'Security', width: '*' },
        { title: 'Matched' },
        { title: 'Quantity', align: 'right' },
        { title: 'Proceeds', align: 'right' },
        { title: 'Cost', align: 'right' },
        { title: 'Gain/loss', align: 'right' },
        { title: 'Pool before', align: 'right' },
        { title: 'Pool after', align: 'right' },
      ],
      // one line for the disposal, one under it for each match
      rows: y.disposals.flatMap((d) => [
        [
          ukDate(d.date),
          d.security,
          d.failure ? `Failed: ${d.failure}` : d.kind,
          quantity(d.quantity),
          gbp(d.proceeds),
          gbp(d.allowableCost),
          gbp(d.gain),
          pool(d.poolBefore),
          pool(d.poolAfter),
        ],
        ...d.matches.map((m) => [
          '',
          m.acquisitionDate ? `  acquired ${ukDate(m.acquisitionDate)}` : '',
          rule(m.rule),
          quantity(m.quantity),
          '',
          gbp(m.cost),
          '',
          pool(m.poolBefore),
          pool(m.poolAfter),
        ]),
      ]),
      totals: [
        'Total',
        `${y.numberOfDisposals} disposal${y.numberOfDisposals === 1 ? '' : 's'}`,
        '',
        '',
        gbp(y.proceeds),
        gbp(y.allowableCosts),
        gbp(y.netGains),
        '',
        '',
      ],
    },
  ];
}

/** A pool as "quantity @ cost". */
function pool(p: Disposal['poolBefore']): string {
  return p ? `${quantity(p.quantity)} / ${gbp(p.cost)}` : '-';
}

function holdings(list: Holding[]): PdfBlock[] {
  const held = list.filter((h) => h.pool && !/^-?0*(\.0*)?$/.test(h.pool.quantity));
  if (held.length === 0) return [{ kind: 'paragraph', text: 'No holdings.' }];
  return [
    {
      kind: 'table',
      columns: [
        { title: 'Security', width: '*' },
        { title: 'Class' },
        { title: 'Quantity', align: 'right' },
        { title: 'CGT cost', align: 'right' },
      ],
      rows: held.map((h) => [h.security, h.gainClass, quantity(h.pool!.quantity), gbp(h.pool!.cost)]),
    },
  ];
}

export function cgtReportPdf(r: CgtReportFor): GainsPdf {
  const y = r.year;
  return {
    firm: r.firm,
    title: `Capital gains tax report ${r.period.label}`,
    subtitle: `${ukDate(r.period.start)} to ${ukDate(r.period.end)}`,
    client: r.client,
    facts: [
      { label: 'Tax year', value: r.period.label },
      { label: 'Calculated', value: ukDate(r.computedAt.slice(0, 10)) },
      ...(y && !y.complete ? [{ label: 'Note', value: 'A disposal of the year failed to compute' }] : []),
    ],
    orientation: 'landscape',
    blocks: [
      ...(y
        ? [...summary(y), { kind: 'heading' as const, text: 'Disposals and their matches' }, ...disposals(y)]
        : [
            {
              kind: 'paragraph' as const,
              text: `The calculation has no disposals or gains in ${r.period.label}: there is nothing to report for the year.`,
            },
          ]),
      { kind: 'heading', text: `Holdings and their CGT cost at ${ukDate(r.holdingsAt)}` },
      ...holdings(r.holdings),
    ],
  };
}

export const CGT_CSV_COLUMNS = [
  'Tax Year',
  'Date',
  'Security',
  'Kind',
  'Line',
  'Match Rule',
  'Acquisition Date',
  'Quantity',
  'Proceeds',
  'Allowable Cost',
  'Gain',
  'Pool Before Quantity',
  'Pool Before Cost',
  'Pool After Quantity',
  'Pool After Cost',
];

/** The disposals and their matches, one row each, with the engine's exact decimals (no grouping, no £). */
export function cgtReportCsv(r: CgtReportFor): string {
  const y = r.year;
  if (!y) return csvText([CGT_CSV_COLUMNS]);
  const rows = y.disposals.flatMap((d) => [
    [
      y.taxYear,
      d.date,
      d.security,
      d.kind,
      'DISPOSAL',
      '',
      '',
      d.quantity,
      d.proceeds,
      d.allowableCost,
      d.gain,
      d.poolBefore?.quantity ?? '',
      d.poolBefore?.cost ?? '',
      d.poolAfter?.quantity ?? '',
      d.poolAfter?.cost ?? '',
    ],
    ...d.matches.map((m) => [
      y.taxYear,
      d.date,
      d.security,
      d.kind,
      'MATCH',
      m.rule,
      m.acquisitionDate ?? '',
      m.quantity,
      '',
      m.cost,
      '',
      m.poolBefore?.quantity ?? '',
      m.poolBefore?.cost ?? '',
      m.poolAfter?.quantity ?? '',
      m.poolAfter?.cost ?? '',
    ]),
  ]);
  return csvText([CGT_CSV_COLUMNS, ...rows]);
}

/** Today in London, YYYY-MM-DD. */
const londonToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());

/** The year by the client's tax year uuid (Singular Reports), or by its label for every client (a batch print). */
type CgtParams = { taxYearUuid: string } | { taxYear: string };

export const cgtRealisedReport: ReportKind<CgtParams, CgtReportFor> = {
  kind: 'cgt-realised',
  formats: ['pdf', 'csv'],
  parse(raw) {
    if (raw.taxYearUuid === undefined && typeof raw.taxYear === 'string') {
      if (!/^\d{4}-\d{2}$/.test(raw.taxYear))
        throw invalidArgument('taxYear', 'taxYear must be a tax year such as 2024-25');
      return { taxYear: raw.taxYear };
    }
    return { taxYearUuid: requireUuid('taxYearUuid', typeof raw.taxYearUuid === 'string' ? raw.taxYearUuid : '') };
  },
  async gather(sources, subject, params) {
    const org = subject.organisationUuid;
    // By label (a batch print): the UK tax year of that name, which a client with no rows before it also has
    // (reported as having nothing in it); by uuid (Singular Reports): one of the client's years.
    const taxYear =
      'taxYear' in params
        ? { label: params.taxYear, ...taxYearDates(params.taxYear) }
        : (await sources.taxYears(org, subject.client.uuid)).find((y) => y.uuid === params.taxYearUuid);
    if (!taxYear)
      throw notFound(`Tax year ${'taxYearUuid' in params ? params.taxYearUuid : ''} of the client`, 'taxYearUuid');
    // Seed 000 §5: no report of a year that starts before the client's reporting restriction.
    const restriction = subject.client.reportingRestrictionFrom;
    if (restriction && taxYear.startDate < restriction)
      throw new DomainError(
        'FAILED_PRECONDITION',
        `Tax year ${taxYear.label} starts before the client's reporting restriction`,
        'taxYearUuid',
      );
    const today = londonToday();
    const holdingsAt = taxYear.endDate < today ? taxYear.endDate : today;
    const [stored, holdings] = await Promise.all([
      sources.storedYear(org, subject.client.uuid, taxYear.label),
      sources.poolsAt(org, subject.client.uuid, holdingsAt),
    ]);
    return {
      firm: subject.firm,
      client: subject.client,
      period: { label: taxYear.label, start: taxYear.startDate, end: taxYear.endDate },
      ...stored,
      holdings,
      holdingsAt,
    };
  },
  subject: (_params, figures) => figures.period.label,
  fileStem: (subject, _params, figures) => `${subject.client.code}-cgt-report-${figures.period.label}`,
  pdf: (_subject, _params, figures) => cgtReportPdf(figures),
  csv: (_subject, _params, figures) => cgtReportCsv(figures),
};
