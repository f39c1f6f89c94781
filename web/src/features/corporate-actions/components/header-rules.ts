import dayjs from 'dayjs';

/**
 * A header's statuses (seed 001 §4), in the documents service's order
 * (services/documents/src/domain/header-status.ts HEADER_STATUSES).
 */
export const HEADER_STATUSES = [
  'AWAITING_SETUP',
  'CREATING_CANDIDATES',
  'CANDIDATES_CREATION_FAILURES',
  'CREATING_PREVIEWS',
  'PREVIEWS_CREATION_FAILURES',
  'NO_CANDIDATES_FOUND',
  'CANDIDATES_CREATED',
  'PENDING',
  'EDIT',
  'CREATING_TRANSACTIONS',
  'TRANSACTIONS_FAILED',
  'TRANSACTIONS_CREATED',
  'NO_TRANSACTIONS_FOUND',
  'RUN',
  'RUN_FAILURES',
  'COMPLETED',
  'DELETING',
  'DELETED',
  'DELETION_FAILURES',
  'REVERSING',
  'REVERSED',
  'REVERSE_FAILURES',
  'REFRESHING',
] as const;

/** The date a corporate action search filters on; trade date is for portfolio movements only (seed 001 §2). */
export const SEARCH_DATE_TYPES = [
  { value: 'PAY_DATE', label: 'Pay Date' },
  { value: 'EX_DATE', label: 'Ex Date' },
  { value: 'CREATED_DATE', label: 'Created Date' },
  { value: 'LAST_MODIFIED_DATE', label: 'Last Modified Date' },
] as const;
/** A portfolio movement's search adds its trade date, first: the default there (seed 001 §2). */
export const MOVEMENT_SEARCH_DATE_TYPES = [{ value: 'TRADE_DATE', label: 'Trade Date' }, ...SEARCH_DATE_TYPES] as const;
export type SearchDateType = (typeof MOVEMENT_SEARCH_DATE_TYPES)[number]['value'];

/** CA: corporate actions; PM: portfolio movements (seed 001 §1). */
export type DocumentTypeCode = 'CA' | 'PM';

/** How often an open header is asked again while a job works on it. */
export const HEADER_POLL_MS = 2_000;

/** The search form's values: '' for 'All'; dates YYYY-MM-DD, whole days inclusive. */
export interface HeaderSearch {
  type: string;
  status: string;
  searchDateType: SearchDateType;
  from: string;
  to: string;
}

/** The form at first: every type and status, by pay date, today to today (seed 001 §2, §9). */
export function defaultHeaderSearch(today = dayjs(), documentTypeCode: DocumentTypeCode = 'CA'): HeaderSearch {
  const day = today.format('YYYY-MM-DD');
  return {
    type: '',
    status: '',
    searchDateType: documentTypeCode === 'PM' ? 'TRADE_DATE' : 'PAY_DATE',
    from: day,
    to: day,
  };
}

/**
 * A job is working on the header; every action waits for it. The documents service's IN_PROGRESS: seed 001 §4's
 * five and REFRESHING, which the service also treats as a job at work.
 */
const IN_PROGRESS: ReadonlySet<string> = new Set([
  'CREATING_CANDIDATES',
  'CREATING_PREVIEWS',
  'CREATING_TRANSACTIONS',
  'DELETING',
  'REVERSING',
  'REFRESHING',
]);

export function isInProgress(status: string): boolean {
  return IN_PROGRESS.has(status);
}

/** The footer's buttons per status (seed 001 §4; the service refuses the same, header-status.ts `allows`). */
export function headerActions(status: string): { createTransactions: boolean; delete: boolean; reverse: boolean } {
  const idle = !isInProgress(status);
  return {
    createTransactions: idle && ['PENDING', 'EDIT', 'RUN'].includes(status),
    delete: idle && status === 'PENDING',
    reverse: idle && ['RUN', 'COMPLETED'].includes(status),
  };
}

/** 'PENDING_DIFF' → 'Pending Diff': statuses read as words in lists and tags. */
export function statusLabel(status: string): string {
  return status
    .toLowerCase()
    .split('_')
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(' ');
}
