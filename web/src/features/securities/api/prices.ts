import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PriceInput,
  PriceOnDatePage,
  PriceUploadProblem,
  PriceUploadResult,
  SecurityPrice,
} from '@gains/contracts';
import { apiRequest, isApiError } from '@/lib/api-client';
import { sortParams } from '@/components/grid/column-state';
import { securityKeys, type SecuritiesQuery } from './security-keys';

export type PricesOnDateQuery = SecuritiesQuery & { date: string };

/** GET /admin/securities/prices?date=: each security's latest price on or before the date. */
export function getPricesOnDate(q: PricesOnDateQuery, signal?: AbortSignal): Promise<PriceOnDatePage> {
  return apiRequest<PriceOnDatePage>('/admin/securities/prices', {
    organisationUuid: q.organisationUuid,
    signal,
    query: {
      date: q.date,
      page: q.page,
      size: q.size,
      term: q.term.trim() || undefined,
      sort: sortParams(q.sort),
    },
  });
}

export function getPricesOnDateQueryOptions(q: PricesOnDateQuery) {
  return queryOptions({
    queryKey: securityKeys.pricesOnDate(q),
    queryFn: ({ signal }) => getPricesOnDate(q, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePricesOnDate(q: PricesOnDateQuery) {
  return useQuery(getPricesOnDateQueryOptions(q));
}

/** PUT /admin/securities/:id/prices/:date. */
export function useSavePrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      organisationUuid,
      securityId,
      date,
      body,
    }: {
      organisationUuid: string;
      securityId: number;
      date: string;
      body: PriceInput;
    }) =>
      apiRequest<SecurityPrice>(`/admin/securities/${securityId}/prices/${date}`, {
        method: 'PUT',
        organisationUuid,
        body,
      }),
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.all }),
  });
}

/** The bad lines of a refused upload (the 400 answer's `problems`); empty for any other failure. */
export function uploadProblems(error: unknown): PriceUploadProblem[] {
  if (!isApiError(error)) return [];
  const problems = error.body.problems;
  return Array.isArray(problems) ? (problems as PriceUploadProblem[]) : [];
}

/** POST /admin/securities/prices/upload: all or nothing, every bad line named. */
export function useUploadPrices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ organisationUuid, csv }: { organisationUuid: string; csv: string }) =>
      apiRequest<PriceUploadResult>('/admin/securities/prices/upload', {
        method: 'POST',
        organisationUuid,
        body: { csv },
      }),
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.all }),
  });
}
