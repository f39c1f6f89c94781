import { savedSort } from '@/components/grid/use-server-grid';
import { initialGridQuery } from '@/components/grid/grid-query';
import type { SortItem } from '@/components/grid/column-state';
import type { SecuritiesQuery } from '../api/security-keys';
import { DEFAULT_SECURITY_SORT, SECURITIES_GRID_ID } from './securities-columns';

/** The saved sort of a securities grid, else security name. */
export function initialSecuritySort(gridId: string = SECURITIES_GRID_ID): SortItem[] {
  return savedSort(gridId, DEFAULT_SECURITY_SORT);
}

/** The query the securities grid will send first for this address (the route loader prefetches it). */
export function initialSecuritiesQuery(organisationUuid: string, searchParams: URLSearchParams): SecuritiesQuery {
  const { page, size, term } = initialGridQuery(SECURITIES_GRID_ID, searchParams);
  return { organisationUuid, page, size, term, sort: initialSecuritySort() };
}
