import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SecurityDetail, SecurityPriceHistory } from '@gains/contracts';
import { apiRequest } from '@/lib/api-client';
import { securityKeys } from './security-keys';

export type { SecurityDetail, SecurityPriceHistory };

export function getSecurityQueryOptions(organisationUuid: string, id: number) {
  return queryOptions({
    queryKey: securityKeys.detail(organisationUuid, id),
    queryFn: ({ signal }) => apiRequest<SecurityDetail>(`/admin/securities/${id}`, { organisationUuid, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** GET /admin/securities/:id: the security, its issuer, its latest price and its pending changes. */
export function useSecurity(organisationUuid: string, id: number) {
  return useQuery(getSecurityQueryOptions(organisationUuid, id));
}

export function getPriceHistoryQueryOptions(organisationUuid: string, id: number, from: string, to: string) {
  return queryOptions({
    queryKey: securityKeys.prices(organisationUuid, id, from, to),
    queryFn: ({ signal }) =>
      apiRequest<SecurityPriceHistory>(`/admin/securities/${id}/prices`, {
        organisationUuid,
        signal,
        query: { from, to },
      }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** GET /admin/securities/:id/prices?from=&to=: the price history, oldest first. */
export function usePriceHistory(organisationUuid: string, id: number, from: string, to: string) {
  return useQuery(getPriceHistoryQueryOptions(organisationUuid, id, from, to));
}
