import { renderPdf } from '@gains/pdf';
import { pdfText } from '@gains/pdf/pdf-text';
import type { AnyReportKind, ReportSubject } from '../report-kind';
import type { ReportSources, ReportTransaction } from '../report-sources';

/**
 * What the kinds' unit tests share: a subject, sources that answer fixed figures (the services' answers are
 * tested in their own suites), a CSV read back into fields, and a PDF read back as text with poppler.
 */

export const SUBJECT: ReportSubject = {
  organisationUuid: '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000002',
  firm: 'Ashworth Wealth',
  client: {
    uuid: 'a3000000-0000-4000-8000-000000000001',
    code: 'C0001',
    name: 'Ann Example',
    address: ['1 High Street', 'Bath', 'BA1 1AA'],
    reportingRestrictionFrom: null,
  },
};

/** Sources whose ledger reads answer the rows given and record what was asked; the rest refuse. */
export function fixedSources(rows: ReportTransaction[], extra: Partial<ReportSources> = {}) {
  const asked: unknown[] = [];
  const refuse = () => Promise.reject(new Error('not read by this kind'));
  const sources: ReportSources = {
    organisationName: refuse,
    client: refuse,
    taxYears: refuse,
    storedYear: refuse,
    poolsAt: refuse,
    clientHoldingsAt: refuse,
    pricesAt: refuse,
    reconciliation: refuse,
    portfolioActions: refuse,
    calculationFailures: refuse,
    caHeaders: refuse,
    caCandidates: refuse,
    async clientTransactions(org, client, query) {
      asked.push({ org, client, query });
      return rows;
    },
    ...extra,
  };
  return { sources, asked };
}

/** A ledger row with the fields a test does not care about filled in. */
export function row(fields: Partial<ReportTransaction>): ReportTransaction {
  return {
    uuid: 'r0000000-0000-4000-8000-000000000000',
    portfolioCode: 'P1',
    securityId: 1,
    sedol: 'B0YBKJ7',
    isin: 'GB00B0YBKJ71',
    securityName: 'Alpha plc',
    transactionCode: '',
    type: 'BUY',
    typeDescription: 'Purchase',
    state: 'SETTLED',
    tradeDate: '2025-04-10',
    reportDate: '2025-04-10',
    exDate: null,
    payDate: null,
    quantity: '0',
    price: null,
    consideration: '0.00',
    currency: 'GBP',
    fxRate: '1',
    considerationGbp: '0.00',
    expensesGbp: '0.00',
    incomeType: '',
    taxDeducted: null,
    cgtCost: null,
    proceeds: null,
    capitalGainLoss: null,
    incomeGain: null,
    exemptGainLoss: null,
    holdoverRelief: null,
    cloggedLoss: null,
    indexation: null,
    source: 'MANUAL',
    sourceRef: '',
    warnings: [],
    version: 1,
    createdAt: '2025-04-10T09:00:00.000Z',
    createdBy: 'Manager',
    updatedAt: '2025-04-10T09:00:00.000Z',
    updatedBy: 'Manager',
    ...fields,
  };
}

/** CSV text (CRLF, quoted fields) back into rows of fields. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      fields.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      fields.push(field);
      rows.push(fields);
      fields = [];
      field = '';
      i++;
    } else field += ch;
  }
  return rows;
}

/** The CSV as objects keyed by its header row. */
export function csvRecords(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
}

/** A kind's PDF rendered and read back as a viewer shows it, runs of spaces made one. */
export async function pdfOf(kind: AnyReportKind, params: unknown, figures: unknown): Promise<string> {
  if (!kind.pdf) throw new Error(`${kind.kind} has no PDF`);
  const pdf = await renderPdf(kind.pdf(SUBJECT, params, figures));
  return pdfText(pdf).replace(/[ \t]+/g, ' ');
}
