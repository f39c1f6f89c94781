import dayjs from 'dayjs';

export { HEADER_STATUSES, headerActions, isInProgress } from '@gains/access';

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

/** 'PENDING_DIFF' → 'Pending Diff': statuses read as words in lists and tags. */
export function statusLabel(status: string): string {
  return status
    .toLowerCase()
    .split('_')
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(' ');
}
