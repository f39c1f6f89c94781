import { csvText, HEADER_STATUSES } from '@gains/access';
import { invalidArgument } from '@gains/errors';
import { ukDate } from '@gains/pdf';
import type { FirmSubject, ReportKind } from '../report-kind';
import type { CaFilters, CaPage, ReportCaHeader, ReportSources } from '../report-sources';
import { assertPageRole } from '../report-rules';
import { londonToday } from './report-params';

/**
 * CA Headers (seed 000 §2.6, seed 001 §7; POST admin/documents/headers/report-csv {searchDateType, from, to,
 * status, ...}): every corporate action header of the organisation the search's filters find, with its counts, as a
 * CSV. A firm report: the organisation's, in no client's reports list, for the Corporate Actions page's roles (the
 * documents service's own rule for these reads). Its filters are checked here, each named, before the job is queued.
 */

export interface CaReportParams {
  filters: CaFilters;
}

export interface CaReportFigures<Row> {
  /** the London day it was made, YYYY-MM-DD: the file's name starts with it */
  day: string;
  rows: Row[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TYPES = ['PAY_DATE', 'EX_DATE', 'TRADE_DATE', 'CREATED_DATE', 'LAST_MODIFIED_DATE'] as const;
const CA_DATE_TYPES = 'PAY_DATE, EX_DATE, CREATED_DATE or LAST_MODIFIED_DATE';

function text(field: string, raw: unknown, max: number): string {
  if (raw === undefined || raw === null) return '';
  if (typeof raw !== 'string') throw invalidArgument(field, `${field} must be text`);
  const value = raw.trim();
  if (value.length > max) throw invalidArgument(field, `${field} must be at most ${max} characters`);
  return value;
}

function day(field: string, raw: unknown): string {
  const value = text(field, raw, 10);
  if (value && !(DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)))
    throw invalidArgument(field, `${field} must be a date as YYYY-MM-DD`);
  return value;
}

/**
 * The documents service's header search filters, each named when wrong (its own rules: it checks them again).
 * The headers report names its dates `from`/`to` and needs a date type; the candidates report's are
 * `startDate`/`endDate`.
 */
export function parseCaFilters(raw: Record<string, unknown>, report: 'headers' | 'candidates'): CaFilters {
  const documentTypeCode = text('documentTypeCode', raw.documentTypeCode, 2).toUpperCase() || 'CA';
  if (documentTypeCode !== 'CA' && documentTypeCode !== 'PM')
    throw invalidArgument('documentTypeCode', 'documentTypeCode must be CA or PM');
  const typeUuid = text('type', raw.type, 36);
  if (typeUuid && !UUID.test(typeUuid)) throw invalidArgument('type', 'type must be a uuid');
  const status = text('status', raw.status, 40);
  if (status && !(HEADER_STATUSES as readonly string[]).includes(status))
    throw invalidArgument('status', `status must be one of ${HEADER_STATUSES.join(', ')}`);
  const security = raw.security ?? 0;
  if (typeof security !== 'number' || !Number.isInteger(security) || security < 0 || security > 2_147_483_647)
    throw invalidArgument('security', 'security must be a whole number from 0');
  const layerUuid = text('layerUuid', raw.layerUuid, 36);
  if (layerUuid && !UUID.test(layerUuid)) throw invalidArgument('layerUuid', 'layerUuid must be a uuid');
  const searchDateType = text('searchDateType', raw.searchDateType, 40).toUpperCase();
  if (report === 'headers' && !searchDateType)
    throw invalidArgument('searchDateType', `searchDateType is required: ${CA_DATE_TYPES}`);
  const allowed = DATE_TYPES.filter((t) => documentTypeCode === 'PM' || t !== 'TRADE_DATE');
  if (searchDateType && !(allowed as readonly string[]).includes(searchDateType))
    throw invalidArgument('searchDateType', `searchDateType must be one of ${allowed.join(', ')}`);
  const [fromField, toField] = report === 'headers' ? ['from', 'to'] : ['startDate', 'endDate'];
  const from = day(fromField, raw[fromField]);
  const to = day(toField, raw[toField]);
  if (from && to && to < from)
    throw invalidArgument(
      toField,
      report === 'headers' ? 'To must not be before From' : 'End Date must not be before Start Date',
    );
  return {
    documentTypeCode,
    typeUuid: typeUuid.toLowerCase(),
    status,
    securityId: security,
    layerUuid: layerUuid.toLowerCase(),
    searchDateType,
    from,
    to,
  };
}

/** The reports list's subject: the date type and range, and the status when one is asked for. */
export function caSubject({ filters: f }: CaReportParams): string {
  const range = f.from || f.to ? ` ${f.from ? ukDate(f.from) : 'any'} to ${f.to ? ukDate(f.to) : 'any'}` : '';
  return `${f.documentTypeCode} ${f.searchDateType || 'PAY_DATE'}${range}${f.status ? ` ${f.status}` : ''}`;
}

/** Every page of a CA read, one after another (the documents service answers at most 1,000 rows a page). */
export async function everyPage<Row>(read: (cursor: string) => Promise<CaPage<Row>>): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor = '';
  do {
    const page = await read(cursor);
    rows.push(...page.rows);
    cursor = page.nextCursor;
  } while (cursor);
  return rows;
}

/** The Corporate Actions page's roles (ADMIN, CUSTOMER_ADMIN): the documents service's rule for these reads. */
export function assertCaReportUser(caller: Parameters<typeof assertPageRole>[0], organisationUuid: string): void {
  assertPageRole(caller, organisationUuid, 'CorporateActions', 'Corporate actions reports are for administrators');
}

/** Timestamps as `YYYY-MM-DD HH:MM:SS` (UTC), dates as `YYYY-MM-DD`: one form throughout both reports. */
export const timestamp = (iso: string) => (iso ? iso.slice(0, 19).replace('T', ' ') : '');

export const HEADER_COLUMNS = [
  'Code',
  'Name',
  'Header Type',
  'Status',
  'Security',
  'SEDOL',
  'ISIN',
  'Ex Date',
  'Pay Date',
  'Trade Date',
  'Layer',
  'Candidates',
  'Successes',
  'Failures',
  'Run Candidates',
  'Run Successes',
  'Run Failures',
  'Runs',
  'Candidates Edited',
  'Previews Edited',
  'Posted Transactions',
  'Created By',
  'Created At',
  'Modified By',
  'Modified At',
  'Version',
  'Organisation',
];

export function headerRow(h: ReportCaHeader): string[] {
  const n = h.counts;
  const count = (v: number | undefined) => String(v ?? 0);
  return [
    h.code,
    h.name,
    h.typeName,
    h.status,
    h.securityName,
    h.sedol,
    h.isin,
    h.exDate,
    h.payDate,
    h.tradeDate,
    h.layerName,
    count(n?.candidates),
    count(n?.successes),
    count(n?.failures),
    count(n?.runCandidates),
    count(n?.runSuccesses),
    count(n?.runFailures),
    count(n?.runs),
    count(n?.candidatesEdited),
    count(n?.previewsEdited),
    count(n?.postedTransactions),
    h.createdByName,
    timestamp(h.createdDate),
    h.lastModifiedByName,
    timestamp(h.lastModifiedDate),
    String(h.version),
    h.orgName,
  ];
}

/** The kind, with London's today injectable for tests (the file's name starts with the day it was made). */
export function createCaHeadersReport(
  today: () => string = londonToday,
): ReportKind<CaReportParams, CaReportFigures<ReportCaHeader>, FirmSubject> {
  return {
    kind: 'ca-headers',
    scope: 'firm',
    authorise: assertCaReportUser,
    formats: ['csv'],
    parse: (raw) => ({ filters: parseCaFilters(raw, 'headers') }),
    async gather(sources: ReportSources, subject, params) {
      const rows = await everyPage((cursor) => sources.caHeaders(subject.organisationUuid, params.filters, cursor));
      return { day: today(), rows };
    },
    subject: caSubject,
    fileStem: (_subject, _params, figures) => `${figures.day}-document-list`,
    csv: (_subject, _params, figures) => csvText([HEADER_COLUMNS, ...figures.rows.map(headerRow)]),
  };
}

export const caHeadersReport = createCaHeadersReport();
