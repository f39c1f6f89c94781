import { firstRole } from '@gains/access';
import { assertMember, type Caller } from '@gains/auth';
import { invalidArgument, permissionDenied } from '@gains/errors';

export const JOB_STATUSES = ['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED', 'PARTIALLY_SUCCEEDED'];
/** Seed 000 §4: the user may choose any. */
export const RESOLUTION_STATUSES: Record<number, string> = {
  1: 'Pending',
  2: 'Assigned',
  3: 'In progress',
  4: 'Closed',
  5: 'Resolved',
};
export const SEVERITIES: Record<number, string> = { 1: 'Low', 2: 'Medium', 3: 'High', 4: 'Urgent' };
export const JOB_SORT_COLUMNS = ['createdAt', 'updatedAt', 'type', 'status', 'startedByName', 'finishedAt'] as const;
export type JobSortColumn = (typeof JOB_SORT_COLUMNS)[number];

/** Reads: any member of the organisation. */
export function assertMonitorReader(caller: Caller, organisationUuid: string): void {
  assertMember(caller, organisationUuid);
  if (!firstRole(caller.roles)) throw permissionDenied('You do not have permission to do this');
}

/** Resolving a monitor log: ADMIN (the provider) and CUSTOMER_ADMIN of the organisation. */
export function assertMonitorWriter(caller: Caller, organisationUuid: string): void {
  assertMember(caller, organisationUuid);
  const role = firstRole(caller.roles);
  if (role !== 'ADMIN' && role !== 'CUSTOMER_ADMIN') {
    throw permissionDenied('You do not have permission to change monitor logs');
  }
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function parseDate(field: string, value: string): string | undefined {
  if (!value) return undefined;
  if (!DATE.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
    throw invalidArgument(field, `${field} must be a date (YYYY-MM-DD)`);
  }
  if (new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value) {
    throw invalidArgument(field, `${field} must be a date (YYYY-MM-DD)`);
  }
  return value;
}

/** Today in London, where the firms work. */
export function londonToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(now);
}

/** The instant a London day starts (23:00 UTC the day before in summer time). */
export function londonDayStart(ymd: string): Date {
  const utcMidnight = new Date(`${ymd}T00:00:00Z`);
  const londonHour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', hourCycle: 'h23' }).format(
      utcMidnight,
    ),
  );
  return new Date(utcMidnight.getTime() - londonHour * 3_600_000);
}

export function nextDay(ymd: string): string {
  const d = new Date(`${ymd}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** [from, to] London dates as an instant range [start, end). */
export function dayRange(from: string | undefined, to: string | undefined): { gte?: Date; lt?: Date } {
  if (from && to && from > to) throw invalidArgument('from', 'From date must not be after To date');
  return { gte: from ? londonDayStart(from) : undefined, lt: to ? londonDayStart(nextDay(to)) : undefined };
}

export interface JobQuery {
  organisationUuid: string;
  page: number;
  size: number;
  sort: { column: JobSortColumn; direction: 'asc' | 'desc' }[];
  type?: string;
  status?: string;
  created: { gte?: Date; lt?: Date };
}

export function parseJobQuery(raw: {
  organisationUuid: string;
  page: number;
  size: number;
  sort: { column: string; direction: string }[];
  type: string;
  status: string;
  from: string;
  to: string;
}): JobQuery {
  const page = raw.page || 1;
  const size = raw.size || 50;
  if (page < 1) throw invalidArgument('page', 'Page must be 1 or more');
  if (size < 1 || size > 1000) throw invalidArgument('size', 'Size must be between 1 and 1000');
  const sort = raw.sort.map((s) => {
    if (!(JOB_SORT_COLUMNS as readonly string[]).includes(s.column)) {
      throw invalidArgument('sort', `Jobs cannot be sorted by ${s.column}`);
    }
    if (s.direction !== 'asc' && s.direction !== 'desc')
      throw invalidArgument('sort', 'Sort direction must be asc or desc');
    return { column: s.column as JobSortColumn, direction: s.direction as 'asc' | 'desc' };
  });
  if (raw.status && !JOB_STATUSES.includes(raw.status)) {
    throw invalidArgument('status', `Status must be one of ${JOB_STATUSES.join(', ')}`);
  }
  return {
    organisationUuid: raw.organisationUuid,
    page,
    size,
    sort,
    type: raw.type || undefined,
    status: raw.status || undefined,
    created: dayRange(parseDate('from', raw.from), parseDate('to', raw.to)),
  };
}

export function parseLogQuery(raw: { from: string; to: string; errorSeverity: number }, today: string) {
  const from = parseDate('from', raw.from) ?? today;
  const to = parseDate('to', raw.to) ?? today;
  if (raw.errorSeverity && !SEVERITIES[raw.errorSeverity]) {
    throw invalidArgument('errorSeverity', 'Severity must be 1 (Low), 2 (Medium), 3 (High) or 4 (Urgent)');
  }
  return { created: dayRange(from, to), severity: raw.errorSeverity || undefined };
}

export function parseLogUpdate(raw: { status: number; notes: string }): { status: number; notes: string } {
  if (!raw.status) throw invalidArgument('status', 'Resolution status is required');
  if (!RESOLUTION_STATUSES[raw.status]) {
    throw invalidArgument('status', 'Resolution status must be 1 (Pending) to 5 (Resolved)');
  }
  if (raw.notes.length > 4000) throw invalidArgument('notes', 'Notes must be at most 4000 characters');
  return { status: raw.status, notes: raw.notes };
}
