import { invalidArgument } from '@gains/errors';
import type { GridQuery } from './ledger';

/** The server-driven transaction grids (a holding's transactions, ghost transactions): paging, search and sort. */

export const TRANSACTION_SORT_COLUMNS = [
  'tradeDate',
  'reportDate',
  'type',
  'transactionCode',
  'state',
  'quantity',
  'price',
  'consideration',
  'considerationGbp',
  'expenses',
  'currency',
  'sedol',
  'isin',
  'securityName',
  'securityCode',
  'portfolioCode',
  'createdDate',
  'lastModifiedDate',
] as const;
export type TransactionSortColumn = (typeof TRANSACTION_SORT_COLUMNS)[number];

const SIZE_MAX = 10_000;
const TERM_MAX = 100;

export interface RawGridQuery {
  page: number;
  size: number;
  term: string;
  sort: { column: string; direction: string }[];
}

export type TransactionGridQuery = GridQuery<TransactionSortColumn>;

export function parseGridQuery(raw: RawGridQuery): TransactionGridQuery {
  const page = raw.page || 1;
  if (!Number.isInteger(page) || page < 1 || page > 1_000_000) {
    throw invalidArgument('page', 'page must be a whole number from 1 to 1000000');
  }
  const size = raw.size;
  if (!Number.isInteger(size) || size < 0 || size > SIZE_MAX) {
    throw invalidArgument('size', `size must be a whole number from 0 (all) to ${SIZE_MAX}`);
  }
  const term = raw.term.trim();
  if (term.length > TERM_MAX) throw invalidArgument('term', `term must be at most ${TERM_MAX} characters`);
  if (raw.sort.length > 10) throw invalidArgument('sort', 'At most 10 sort columns');
  const sort = raw.sort.map((s) => {
    const column = s.column === 'transactionType' ? 'type' : s.column;
    if (!(TRANSACTION_SORT_COLUMNS as readonly string[]).includes(column)) {
      throw invalidArgument(
        'sort',
        `Cannot sort by ${s.column}: sortable columns are ${TRANSACTION_SORT_COLUMNS.join(', ')}`,
      );
    }
    const direction = (s.direction || 'asc').toLowerCase();
    if (direction !== 'asc' && direction !== 'desc')
      throw invalidArgument('sort', 'sort direction must be asc or desc');
    return { column: column as TransactionSortColumn, direction: direction as 'asc' | 'desc' };
  });
  return { page, size, term, sort };
}
