import { initialGridQuery } from '@/components/grid/grid-query';
import { loadColumnState, sortOf, type SortItem } from '@/components/grid/column-state';
import { DEFAULT_CLIENT_SORT } from '../components/clients-columns';
import type { ClientsQuery } from './get-clients';

export const CLIENTS_GRID_ID = 'clients';
export const LIVE_FILTER = 'live';

/** The saved sort of the clients grid, else organisation then client code. */
export function initialClientSort(): SortItem[] {
  const saved = loadColumnState(CLIENTS_GRID_ID);
  return saved ? sortOf(saved) : DEFAULT_CLIENT_SORT;
}

/** The query the clients grid will send first for this address (used by the route loader to prefetch). */
export function initialClientsQuery(organisationUuid: string, searchParams: URLSearchParams): ClientsQuery {
  return { organisationUuid, ...initialGridQuery(CLIENTS_GRID_ID, searchParams), sort: initialClientSort() };
}
