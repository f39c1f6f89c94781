import { sortParams, type SortItem } from '@/components/grid/column-state';

/** A server-driven grid's query over securities (GET /admin/securities, GET /admin/securities/prices). */
export interface SecuritiesQuery {
  organisationUuid: string;
  page: number;
  size: number;
  term: string;
  sort: SortItem[];
}

/** Query keys of the securities feature. */
export const securityKeys = {
  all: ['securities'] as const,
  grids: (organisationUuid: string) => [...securityKeys.all, 'grid', organisationUuid] as const,
  grid: (q: SecuritiesQuery) =>
    [
      ...securityKeys.grids(q.organisationUuid),
      { page: q.page, size: q.size, term: q.term, sort: sortParams(q.sort) },
    ] as const,
  detail: (organisationUuid: string, id: number) => [...securityKeys.all, 'detail', organisationUuid, id] as const,
  prices: (organisationUuid: string, id: number, from: string, to: string) =>
    [...securityKeys.all, 'prices', organisationUuid, id, from, to] as const,
  pricesOnDate: (q: SecuritiesQuery & { date: string }) =>
    [
      ...securityKeys.all,
      'prices-on-date',
      q.organisationUuid,
      q.date,
      { page: q.page, size: q.size, term: q.term, sort: sortParams(q.sort) },
    ] as const,
  issuers: (organisationUuid: string) => [...securityKeys.all, 'issuers', organisationUuid] as const,
  currencies: (organisationUuid: string) => [...securityKeys.all, 'currencies', organisationUuid] as const,
  changes: (organisationUuid: string, status: string) =>
    [...securityKeys.all, 'changes', organisationUuid, status] as const,
};
