/**
 * The Singular Reports tabs' rules (seed 000 §2.6, §5), pure: no clock (today is passed in), no I/O. Dates are
 * calendar days as YYYY-MM-DD, so they compare as text.
 */

type Client = { uuid: string } | undefined;
type Format = 'pdf' | 'csv';

/**
 * Seed 000 §5: the CGT and income tabs are disabled without a client, or when the tax year starts before the
 * client's reportingRestrictionFrom.
 */
export function taxYearReportable(
  client: Client,
  taxYear: { startDate: string } | undefined,
  reportingRestrictionFrom: string | null | undefined,
): boolean {
  if (!client || !taxYear) return false;
  return !reportingRestrictionFrom || taxYear.startDate >= reportingRestrictionFrom.slice(0, 10);
}

export const AS_AT_IN_FUTURE = "'As at' cannot be in the future";
export const END_BEFORE_START = 'Period end cannot be before period start';
export const TO_BEFORE_FROM = 'To cannot be before From';

/** Holdings 'As at' is at most today (seed 000 §5); the picker greys out later days with this. */
export function afterToday(day: string, today: string): boolean {
  return day > today;
}

/** Seed 000 §5: a period's end cannot be before its start; either end left open is not a wrong period. */
export function periodInOrder(start: string | undefined, end: string | undefined): boolean {
  return !start || !end || end >= start;
}

/**
 * Seed 000 §5 'Date searches are sent as start of day to end of day': the first and last instants of the calendar
 * day, in UTC, so the day the user picked is the day the server reads whatever the offset of the browser.
 */
export const dayStart = (day: string) => `${day}T00:00:00.000Z`;
export const dayEnd = (day: string) => `${day}T23:59:59.999Z`;

/** The security a report is narrowed to: its numeric id, omitted when none is selected (seed 000 §7). */
const narrowedTo = (securityId: number | undefined) => (securityId === undefined ? {} : { securityId });

/** What a download tab asks: its body, or why it cannot yet (the reason shown beside the disabled Download). */
export type ReportRequest<B> = { ok: true; body: B } | { ok: false; reason: string };
const refuse = (reason: string) => ({ ok: false as const, reason });
export const NO_CLIENT = 'Select a client in the Clients area to report on them.';

/** Holdings and Holdings (CA): POST holdings[/ca]/report-pdf|csv {clientUuid, securityId?, atDate}. */
export function holdingsRequest(
  client: Client,
  securityId: number | undefined,
  atDate: string | undefined,
  today: string,
): ReportRequest<{ clientUuid: string; securityId?: number; atDate: string }> {
  if (!client) return refuse(NO_CLIENT);
  if (!atDate) return refuse("'As at' is required");
  if (afterToday(atDate, today)) return refuse(AS_AT_IN_FUTURE);
  return { ok: true, body: { clientUuid: client.uuid, ...narrowedTo(securityId), atDate } };
}

/** Reconciliations: POST reconciliation/report-pdf|csv {clientUuid, securityId?}. */
export function reconciliationRequest(
  client: Client,
  securityId: number | undefined,
): ReportRequest<{ clientUuid: string; securityId?: number }> {
  if (!client) return refuse(NO_CLIENT);
  return { ok: true, body: { clientUuid: client.uuid, ...narrowedTo(securityId) } };
}

/** Transactions and Ops Transactions: {clientUuid, securityId?, startDate, endDate}, start of day to end of day. */
export function transactionsRequest(
  client: Client,
  securityId: number | undefined,
  start: string | undefined,
  end: string | undefined,
): ReportRequest<{ clientUuid: string; securityId?: number; startDate: string; endDate: string }> {
  if (!client) return refuse(NO_CLIENT);
  if (!start) return refuse('Period start is required');
  if (!end) return refuse('Period end is required');
  if (!periodInOrder(start, end)) return refuse(END_BEFORE_START);
  return {
    ok: true,
    body: { clientUuid: client.uuid, ...narrowedTo(securityId), startDate: dayStart(start), endDate: dayEnd(end) },
  };
}

export type IncomeBody =
  | { clientUuid: string; taxYearUuid: string; format: Format }
  | { clientUuid: string; startDate: string; endDate: string; format: Format };

/**
 * Income Statement: POST clients/income-report {clientUuid} plus the period when both its ends are given (seed 000
 * §7), otherwise the tax year. Disabled without a client, and when the year (or the period) starts before the
 * client's reporting restriction (§5).
 */
export function incomeRequest(
  client: Client,
  taxYear: { uuid: string; startDate: string } | undefined,
  restrictionFrom: string | null | undefined,
  period: { start?: string; end?: string },
  format: Format,
): ReportRequest<IncomeBody> {
  if (!client) return refuse(NO_CLIENT);
  const restriction = restrictionFrom?.slice(0, 10);
  if (period.start && period.end) {
    if (!periodInOrder(period.start, period.end)) return refuse(END_BEFORE_START);
    if (restriction && period.start < restriction) return refuse(RESTRICTED_PERIOD);
    return {
      ok: true,
      body: { clientUuid: client.uuid, startDate: dayStart(period.start), endDate: dayEnd(period.end), format },
    };
  }
  if (!taxYear) return refuse('Choose a tax year, or a period start and end');
  if (!taxYearReportable(client, taxYear, restrictionFrom)) return refuse(RESTRICTED_YEAR);
  return { ok: true, body: { clientUuid: client.uuid, taxYearUuid: taxYear.uuid, format } };
}
export const RESTRICTED_YEAR = "This tax year starts before the client's reporting restriction";
export const RESTRICTED_PERIOD = "The period starts before the client's reporting restriction";

/** CA Headers and CA Candidates filters (seed 000 §2.6): '' for every status; From and To whole days. */
export interface CaReportFilters {
  status: string;
  searchDateType: string;
  from: string;
  to: string;
}

/**
 * POST admin/documents/headers/report-csv {searchDateType, from, to, status} and .../candidates/report-csv with the
 * candidate filters (startDate, endDate); corporate actions only (documentTypeCode CA). To cannot precede From.
 */
export function caReportRequest(
  report: 'headers' | 'candidates',
  f: CaReportFilters,
): ReportRequest<Record<string, string>> {
  if (!f.from) return refuse('From is required');
  if (!f.to) return refuse('To is required');
  if (!periodInOrder(f.from, f.to)) return refuse(TO_BEFORE_FROM);
  const shared = { documentTypeCode: 'CA', status: f.status, searchDateType: f.searchDateType };
  return {
    ok: true,
    body:
      report === 'headers' ? { ...shared, from: f.from, to: f.to } : { ...shared, startDate: f.from, endDate: f.to },
  };
}

/** Calculation Failures: POST calculations/failures/report-csv {clientUuid}: the client's latest run. */
export function failuresRequest(client: Client): ReportRequest<{ clientUuid: string }> {
  if (!client) return refuse(NO_CLIENT);
  return { ok: true, body: { clientUuid: client.uuid } };
}
