import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Security, SecurityPage } from '@gains/contracts';
import { apiRequest } from '@/lib/api-client';
import { sortParams } from '@/components/grid/column-state';
import { securityKeys, type SecuritiesQuery } from './security-keys';

export type { Security, SecuritiesQuery };

/** GET /admin/securities: one page of securities matching the term, in the order asked. */
export function getSecurities(q: SecuritiesQuery, signal?: AbortSignal): Promise<SecurityPage> {
  return apiRequest<SecurityPage>('/admin/securities', {
    organisationUuid: q.organisationUuid,
    signal,
    query: { page: q.page, size: q.size, term: q.term.trim() || undefined, sort: sortParams(q.sort) },
  });
}

export function getSecuritiesQueryOptions(q: SecuritiesQuery) {
  return queryOptions({
    queryKey: securityKeys.grid(q),
    queryFn: ({ signal }) => getSecurities(q, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSecurities(q: SecuritiesQuery) {
  return useQuery(getSecuritiesQueryOptions(q));
}
