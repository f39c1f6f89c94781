import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientSummaryRow, Page } from '@gains/contracts';
import { apiRequest } from '@/lib/api-client';
import { sortParams, type SortItem } from '@/components/grid/column-state';

export type { ClientSummaryRow };

export type ClientsPage = Page<ClientSummaryRow>;

export interface ClientsQuery {
  organisationUuid: string;
  page: number;
  size: number;
  term: string;
  /** 'live' for live clients only. */
  filter: string;
  sort: SortItem[];
}

export const clientKeys = {
  all: ['clients'] as const,
  summaries: (organisationUuid: string) => [...clientKeys.all, 'summary', organisationUuid] as const,
  summary: (q: ClientsQuery) =>
    [
      ...clientKeys.summaries(q.organisationUuid),
      { page: q.page, size: q.size, term: q.term, filter: q.filter, sort: sortParams(q.sort) },
    ] as const,
};

export function getClients(q: ClientsQuery, signal?: AbortSignal): Promise<ClientsPage> {
  return apiRequest<ClientsPage>('/clients/summary', {
    organisationUuid: q.organisationUuid,
    signal,
    query: {
      page: q.page,
      size: q.size,
      term: q.term.trim() || undefined,
      filter: q.filter || undefined,
      sort: sortParams(q.sort),
    },
  });
}

export function getClientsQueryOptions(q: ClientsQuery) {
  return queryOptions({
    queryKey: clientKeys.summary(q),
    queryFn: ({ signal }) => getClients(q, signal),
    placeholderData: keepPreviousData,
  });
}

export function useClients(q: ClientsQuery) {
  return useQuery(getClientsQueryOptions(q));
}
