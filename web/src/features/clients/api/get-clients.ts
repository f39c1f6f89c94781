import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sortParams, type SortItem } from '@/components/grid/column-state';

/** A row of GET /api/clients/summary (spec §3). Money fields are decimal strings or null. */
export interface ClientSummaryRow {
  uuid: string;
  code: string;
  name: string;
  ouCode: string;
  relationshipManager: string | null;
  inactive: boolean;
  type: string | null;
  state: string | null;
  annualException: string | null;
  broughtForwardLoss: string | null;
  unusedBroughtForwardLoss: string | null;
  annualExceptionRemaining: string | null;
  marketValuation: string | null;
  ytdCapitalGainLoss: string | null;
  ytdIncomeGain: string | null;
  ytdExemptGainLoss: string | null;
  ytdHoldoverReliefGain: string | null;
  ytdCloggedLoss: string | null;
  unrealisedCapitalGainLoss: string | null;
  unrealisedIncomeGain: string | null;
  unrealisedExemptGainLoss: string | null;
  indexation: string | null;
  usedIndexation: string | null;
  holdingBreaks: number;
  portfolioCalculationFailures: number;
  incomePending: boolean;
  costUpdatePending: boolean;
  thirtyDayDisposalCounter: number;
}

export interface ClientsPage {
  content: ClientSummaryRow[];
  totalSize: number;
}

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
