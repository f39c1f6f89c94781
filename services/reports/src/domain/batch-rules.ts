import { REPORT_TYPES } from '@gains/contracts';
import { invalidArgument } from '@gains/errors';

/** Seed 000 §2.9 names Partially Run and Complete; a print is also being identified or published, or failed. */
export const BATCH_STATUSES = [
  'IDENTIFYING',
  'IDENTIFIED',
  'PUBLISHING',
  'PARTIALLY_RUN',
  'COMPLETE',
  'FAILED',
] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];
/** A print whose candidates may be published (again: a Partially Run print resumes with its Pending ones). */
export const PUBLISHABLE: readonly string[] = ['IDENTIFIED', 'PARTIALLY_RUN'];

export interface NewBatchPrint {
  reportingPeriod: string;
  taxYear: string;
  clientState: string;
  relationshipManager: string;
  reportType: string;
}

const text = (field: string, value: unknown, max: number): string => {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw invalidArgument(field, `${field} must be text`);
  if (value.trim().length > max) throw invalidArgument(field, `${field} must be at most ${max} characters`);
  return value.trim();
};

/** A new print as asked for, every field checked and named when wrong; `kinds` are the kinds the service renders. */
export function parseNewBatchPrint(raw: Record<string, unknown>, kinds: readonly string[]): NewBatchPrint {
  const taxYear = text('taxYear', raw.taxYear, 7);
  const m = /^(\d{4})-(\d{2})$/.exec(taxYear);
  if (!taxYear) throw invalidArgument('taxYear', 'Tax year is required');
  if (!m || (Number(m[1]) + 1) % 100 !== Number(m[2]))
    throw invalidArgument('taxYear', 'taxYear must be a UK tax year such as 2024-25');
  const reportType = text('reportType', raw.reportType, 40);
  if (!reportType) throw invalidArgument('reportType', 'Report type is required');
  const offered = REPORT_TYPES.filter((t) => kinds.includes(t.code)).map((t) => t.code as string);
  if (!offered.includes(reportType))
    throw invalidArgument('reportType', `reportType must be one of ${offered.join(', ')}`);
  return {
    reportingPeriod: text('reportingPeriod', raw.reportingPeriod, 40).toUpperCase(),
    taxYear,
    clientState: text('clientState', raw.clientState, 40),
    relationshipManager: text('relationshipManager', raw.relationshipManager, 100),
    reportType,
  };
}

/** The tax year's first and last days: 2024-25 runs from 6 April 2024 to 5 April 2025. */
export function taxYearDates(taxYear: string): { startDate: string; endDate: string } {
  const first = Number(taxYear.slice(0, 4));
  return { startDate: `${first}-04-06`, endDate: `${first + 1}-04-05` };
}

/** The parameters of a kind's report for a print's tax year (each kind's own: a year, an as-at day, a period). */
export function batchParameters(kind: string, taxYear: string, today: string): Record<string, unknown> {
  const { startDate: start, endDate: end } = taxYearDates(taxYear);
  const asAt = end < today ? end : today;
  switch (kind) {
    case 'holding':
    case 'ca-holding':
      return { atDate: asAt };
    case 'stock-transactions':
    case 'ops-transactions':
      return { startDate: start, endDate: asAt };
    case 'income-report':
      return { startDate: start, endDate: end };
    case 'reconciliation':
      return {};
    default:
      // cgt-realised: the year by its label
      return { taxYear };
  }
}

export interface BatchClientFacts {
  serviceLevel: string;
  overrideReportTypeMapping: boolean;
  reportTypeMappings: { reportTypeId: number; generate: boolean }[];
  electronicReport: boolean;
  paperlessReport: boolean;
  printedReport: boolean;
  clientPortalReport: boolean;
}

/**
 * Whether a client gets the print's report: its own mappings when it overrides its service level's, else the
 * service level's. A client with no mapping at all (no service level set up) gets what the firm prints; one whose
 * mappings do not generate the report is left out (it opted out).
 */
export function receivesReport(
  client: BatchClientFacts,
  serviceLevels: ReadonlyMap<string, { reportTypeId: number; generate: boolean }[]>,
  reportType: string,
): boolean {
  const mappings = client.overrideReportTypeMapping
    ? client.reportTypeMappings
    : (serviceLevels.get(client.serviceLevel) ?? []);
  if (mappings.length === 0) return true;
  const id = REPORT_TYPES.find((t) => t.code === reportType)?.id;
  return mappings.some((m) => m.reportTypeId === id && m.generate);
}

/** How the client's reports go out (seed 000 §3); printed when it chose none. */
export function deliveriesOf(client: BatchClientFacts): string[] {
  const chosen = [
    client.electronicReport && 'ELECTRONIC',
    client.paperlessReport && 'PAPERLESS',
    client.printedReport && 'PRINTED',
    client.clientPortalReport && 'PORTAL',
  ].filter((d): d is string => typeof d === 'string');
  return chosen.length ? chosen : ['PRINTED'];
}
