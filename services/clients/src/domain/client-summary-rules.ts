import { isUuid, PAGE_MAX, TERM_MAX_LENGTH } from '@gains/access';
import { invalidArgument } from '@gains/errors';
import { CLIENT_SUMMARY_MONEY_FIELDS } from '@gains/contracts';
import type { ClientSummaryQuery, SortableColumn } from './client-summary';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_SORT: ClientSummaryQuery['sort'] = [
  { column: 'ouCode', direction: 'asc' },
  { column: 'code', direction: 'asc' },
];

export const SORTABLE_COLUMNS: readonly SortableColumn[] = [
  'code',
  'name',
  'ouCode',
  'relationshipManager',
  'inactive',
  'type',
  'state',
  ...CLIENT_SUMMARY_MONEY_FIELDS,
  'holdingBreaks',
  'portfolioCalculationFailures',
  'incomePending',
  'costUpdatePending',
  'thirtyDayDisposalCounter',
];

export interface RawClientSummaryQuery {
  organisationUuid: string;
  page: number;
  size: number;
  term: string;
  filter: string;
  sort: { column: string; direction: string }[];
}

/** Checks a grid request: unknown columns, directions, sizes and filters are refused by name. */
export function parseClientSummaryQuery(raw: RawClientSummaryQuery): ClientSummaryQuery {
  if (!isUuid(raw.organisationUuid)) throw invalidArgument('organisationUuid', 'organisationUuid must be a uuid');
  const page = raw.page || 1;
  const size = raw.size || 10;
  if (!Number.isInteger(page) || page < 1 || page > PAGE_MAX) {
    throw invalidArgument('page', `page must be a whole number from 1 to ${PAGE_MAX}`);
  }
  if (!(PAGE_SIZES as readonly number[]).includes(size)) {
    throw invalidArgument('size', `size must be one of ${PAGE_SIZES.join(', ')}`);
  }
  if (raw.filter && raw.filter !== 'live') throw invalidArgument('filter', "filter must be 'live' or empty");
  const sort = raw.sort.map(({ column, direction }) => {
    if (!(SORTABLE_COLUMNS as readonly string[]).includes(column)) {
      throw invalidArgument('sort', `cannot sort by '${column}'`);
    }
    const dir = direction.toLowerCase();
    if (dir !== 'asc' && dir !== 'desc')
      throw invalidArgument('sort', `sort direction must be asc or desc, not '${direction}'`);
    return { column: column as SortableColumn, direction: dir as 'asc' | 'desc' };
  });
  return {
    organisationUuid: raw.organisationUuid,
    page,
    size,
    term: raw.term.trim().slice(0, TERM_MAX_LENGTH),
    liveOnly: raw.filter === 'live',
    sort: sort.length > 0 ? sort : DEFAULT_SORT,
  };
}
