import { renderPdf } from '@gains/pdf';
import { pdfTextOneSpaced } from '@gains/pdf/pdf-text';
import { DomainError } from '@gains/errors';
import type { AnyReportKind, ReportSubject } from '../report-kind';
import type { ReportHoldingAt, ReportSources, ReportTransaction } from '../report-sources';

/**
 * What the kinds' unit tests share: a subject, sources that answer fixed figures (the services' answers are
 * tested in their own suites), rows and holdings with defaults, a refusal's field and message, and a PDF read back as
 * text with poppler (a CSV is read back with `@gains/testing/csv`).
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

type Answers = { [K in keyof ReportSources]?: Awaited<ReturnType<ReportSources[K]>> };

/** Sources that give the answers named, each read recorded as [its name, ...its arguments]; the rest refuse. */
export function answering(answers: Answers) {
  const asked: unknown[][] = [];
  const extra = Object.fromEntries(
    Object.entries(answers).map(([name, answer]) => [
      name,
      async (...args: unknown[]) => (asked.push([name, ...args]), answer),
    ]),
  ) as Partial<ReportSources>;
  return { sources: fixedSources([], extra).sources, asked };
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

/** A holding at a day with the fields a test does not care about filled in: Alpha in P1 (GIA), none held. */
export function holdingAt(fields: Partial<ReportHoldingAt>): ReportHoldingAt {
  return {
    portfolioUuid: 'p1000000-0000-4000-8000-000000000001',
    portfolioCode: 'P1',
    portfolioName: 'Portfolio 1',
    taxWrapper: 'GIA',
    percentage: '100',
    securityId: 1,
    sedol: 'ALPHA01',
    isin: 'GB00ALPHA011',
    securityName: 'Alpha plc',
    issuerName: 'Alpha',
    cgtClass: 'CAPITAL',
    quantity: '0',
    ...fields,
  };
}

/** The field and message a parse refuses with; undefined when it does not refuse. */
export function refusal(fn: () => unknown) {
  try {
    fn();
  } catch (e) {
    if (e instanceof DomainError) return { field: e.field, message: e.message };
    throw e;
  }
  return undefined;
}

/** The code, field and message a call (a parse or a gather) refuses with; undefined when it does not refuse. */
export async function refusalOf(fn: () => unknown) {
  try {
    await fn();
  } catch (e) {
    if (e instanceof DomainError) return { code: e.code, field: e.field, message: e.message };
    throw e;
  }
  return undefined;
}

/** A kind's PDF rendered and read back as a viewer shows it, runs of spaces made one. */
export async function pdfOf(kind: AnyReportKind, params: unknown, figures: unknown): Promise<string> {
  if (!kind.pdf) throw new Error(`${kind.kind} has no PDF`);
  return pdfTextOneSpaced(await renderPdf(kind.pdf(SUBJECT, params, figures)));
}
