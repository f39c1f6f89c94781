import { csvText } from '@gains/access';
import { portfolioPoolCost, type Holding } from '@gains/contracts';
import { multiplyDecimal, plainDecimal, roundDecimal, sumDecimals } from '@gains/decimal';
import { gbp, quantity, ukDate, type GainsPdf } from '@gains/pdf';
import type { ReportKind, ReportSubject } from '../report-kind';
import type { ReportHoldingAt, ReportPrice } from '../report-sources';
import { holdingsBlocks, portfolioCell } from './holding-table';
import { londonToday, parseAtDate, parseSecurityId } from './report-params';
import { safeName } from './stock-transactions';

/**
 * Holdings as at a date (seed 000 §2.6; POST /holdings/report-pdf|report-csv {clientUuid, securityId?, atDate}):
 * per portfolio the client owns and security, the quantity held at the end of the day (the ledger's settled rows),
 * the GBP price on or before it and the market value (quantity x price, to the penny), and the CGT cost: the tax
 * engine's section 104 pool at the end of the day (the engine on the ledger up to it), shared among the portfolios
 * holding the security by their quantities in the pool. ISA and pension portfolios are outside CGT: no cost.
 */

export interface HoldingParams {
  securityId: number;
  atDate: string;
}

export interface HoldingLine extends ReportHoldingAt {
  /** '' when the security has no price on or before the day */
  price: string;
  priceDate: string;
  marketValue: string;
  /** '' when outside CGT or not pooled */
  cgtCost: string;
}

export interface HoldingFigures {
  lines: HoldingLine[];
  marketValue: string;
  cgtCost: string;
}

/** The tax engine's code for a security in its ledger: the SEDOL, else the ISIN, else ID<id>. */
const engineCode = (h: Pick<ReportHoldingAt, 'sedol' | 'isin' | 'securityId'>) =>
  h.sedol || h.isin || `ID${h.securityId}`;

/** The portfolio's part of the security's pool cost at the day (ISA and pension portfolios are outside CGT). */
export const poolCostOf = (pools: readonly Holding[], h: ReportHoldingAt): string =>
  portfolioPoolCost(pools, engineCode(h), h.portfolioCode);

export function holdingLines(
  holdings: readonly ReportHoldingAt[],
  pools: readonly Holding[],
  prices: ReadonlyMap<number, ReportPrice>,
): HoldingFigures {
  const lines = holdings.map((h) => {
    const price = prices.get(h.securityId);
    return {
      ...h,
      price: price?.priceGbp ?? '',
      priceDate: price?.priceDate ?? '',
      marketValue: price ? roundDecimal(multiplyDecimal(h.quantity, price.priceGbp), 2) : '',
      cgtCost: h.taxWrapper === 'GIA' ? poolCostOf(pools, h) : '',
    };
  });
  const total = (values: string[]) => {
    const given = values.filter((v) => v !== '');
    return given.length ? sumDecimals(given) : '0.00';
  };
  return {
    lines,
    marketValue: total(lines.map((l) => l.marketValue)),
    cgtCost: total(lines.map((l) => l.cgtCost)),
  };
}

/** A price as far as its places go (the securities service answers 8): 1.23450000 -> £1.2345, 2.5 -> £2.50. */
function priceText(price: string): string {
  const plain = plainDecimal(price);
  return gbp(plain, Math.max(2, (plain.split('.')[1] ?? '').length));
}

export function holdingPdf(subject: ReportSubject, params: HoldingParams, f: HoldingFigures, title: string): GainsPdf {
  const single = params.securityId > 0 ? f.lines.find((l) => l.securityId === params.securityId) : undefined;
  return {
    firm: subject.firm,
    title,
    subtitle: `As at ${ukDate(params.atDate)}`,
    client: subject.client,
    facts: [
      { label: 'As at', value: ukDate(params.atDate) },
      ...(params.securityId > 0
        ? [
            {
              label: 'Security',
              value: single ? `${single.securityName} (${engineCode(single)})` : `Security ${params.securityId}`,
            },
          ]
        : []),
      { label: 'Market value', value: gbp(f.marketValue) },
    ],
    orientation: 'landscape',
    blocks: holdingsBlocks({
      atDate: params.atDate,
      columns: [
        { title: 'Portfolio' },
        { title: 'SEDOL' },
        { title: 'ISIN' },
        { title: 'Security', width: '*' },
        { title: 'Quantity', align: 'right' },
        { title: 'Price', align: 'right' },
        { title: 'Price date' },
        { title: 'Market value', align: 'right' },
        { title: 'CGT cost', align: 'right' },
      ],
      rows: f.lines.map((l) => [
        portfolioCell(l),
        l.sedol || '-',
        l.isin || '-',
        l.securityName,
        quantity(l.quantity),
        l.price ? priceText(l.price) : '-',
        ukDate(l.priceDate),
        gbp(l.marketValue),
        gbp(l.cgtCost),
      ]),
      totals: ['Total', '', '', '', '', '', '', gbp(f.marketValue), gbp(f.cgtCost)],
      note: 'Market value is the quantity at the latest GBP price on or before the date. CGT cost is the section 104 pool at the date, shared among the portfolios by quantity; ISA and pension portfolios are outside CGT.',
    }),
  };
}

export const HOLDING_CSV_COLUMNS = [
  'As At',
  'Portfolio',
  'Tax Wrapper',
  'Ownership %',
  'SEDOL',
  'ISIN',
  'Security',
  'Issuer',
  'CGT Class',
  'Quantity',
  'Price',
  'Price Date',
  'Market Value',
  'CGT Cost',
];

export function holdingCsv(params: HoldingParams, f: HoldingFigures): string {
  return csvText([
    HOLDING_CSV_COLUMNS,
    ...f.lines.map((l) => [
      params.atDate,
      l.portfolioCode,
      l.taxWrapper,
      l.percentage,
      l.sedol,
      l.isin,
      l.securityName,
      l.issuerName,
      l.cgtClass,
      l.quantity,
      l.price,
      l.priceDate,
      l.marketValue,
      l.cgtCost,
    ]),
  ]);
}

/** The kind, with London's today injectable for tests ('As at' cannot be in the future). */
export function createHoldingReport(today: () => string = londonToday): ReportKind<HoldingParams, HoldingFigures> {
  return {
    kind: 'holding',
    formats: ['pdf', 'csv'],
    parse: (raw) => ({ securityId: parseSecurityId(raw.securityId), atDate: parseAtDate(raw, today()) }),
    async gather(sources, subject, params) {
      const org = subject.organisationUuid;
      const [holdings, pools] = await Promise.all([
        sources.clientHoldingsAt(org, subject.client.uuid, params.atDate, params.securityId),
        sources.poolsAt(org, subject.client.uuid, params.atDate),
      ]);
      const prices = await sources.pricesAt(
        org,
        holdings.map((h) => h.securityId),
        params.atDate,
      );
      return holdingLines(holdings, pools, prices);
    },
    subject: (params) => ukDate(params.atDate),
    fileStem: (subject, params) => `${safeName(subject.client.code)}-holdings-${params.atDate}`,
    pdf: (subject, params, f) => holdingPdf(subject, params, f, 'Holdings'),
    csv: (_subject, params, f) => holdingCsv(params, f),
  };
}

export const holdingReport = createHoldingReport();
