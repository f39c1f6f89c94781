import type { Caller } from '@gains/auth';
import { SECURITY_SORT_COLUMNS, type Page, type Security, type SecuritySortColumn } from '@gains/contracts';
import { PAGE_MAX, TERM_MAX_LENGTH } from '@gains/access';
import { invalidArgument } from '@gains/errors';
import { assertAdmin } from './access';
import type { SecuritiesDeps } from './deps';

export const PAGE_SIZE_MAX = 100;

export interface RawSortOrder {
  column: string;
  direction: string;
}

/** Checks page, size and sort of a grid call; the columns come from `columns`. */
export function checkGridQuery<C extends string>(
  raw: { page: number; size: number; term: string; sort: RawSortOrder[] },
  columns: readonly C[],
): { page: number; size: number; term: string; sort: { column: C; direction: 'asc' | 'desc' }[] } {
  const page = raw.page || 1;
  const size = raw.size || 10;
  if (!Number.isInteger(page) || page < 1 || page > PAGE_MAX) {
    throw invalidArgument('page', `page must be a whole number from 1 to ${PAGE_MAX}`);
  }
  if (!Number.isInteger(size) || size < 1 || size > PAGE_SIZE_MAX) {
    throw invalidArgument('size', `size must be a whole number from 1 to ${PAGE_SIZE_MAX}`);
  }
  const term = raw.term.trim();
  if (term.length > TERM_MAX_LENGTH)
    throw invalidArgument('term', `term must be at most ${TERM_MAX_LENGTH} characters`);
  const sort = raw.sort.map((s) => {
    if (!(columns as readonly string[]).includes(s.column)) {
      throw invalidArgument('sort', `sort column must be one of ${columns.join(', ')}`);
    }
    const direction = s.direction.toLowerCase();
    if (direction !== 'asc' && direction !== 'desc')
      throw invalidArgument('sort', 'sort direction must be asc or desc');
    return { column: s.column as C, direction: direction as 'asc' | 'desc' };
  });
  return { page, size, term, sort };
}

/** The securities grid: server-driven page, size, term and sort. Admins of any firm read the shared list. */
export async function listSecurities(
  deps: SecuritiesDeps,
  caller: Caller,
  organisationUuid: string,
  raw: { page: number; size: number; term: string; sort: RawSortOrder[] },
): Promise<Page<Security>> {
  assertAdmin(caller, organisationUuid);
  return deps.securities.findPage(checkGridQuery<SecuritySortColumn>(raw, SECURITY_SORT_COLUMNS));
}
