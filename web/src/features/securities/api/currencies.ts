import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Currency } from '@gains/contracts';
import { apiRequest } from '@/lib/api-client';
import { securityKeys } from './security-keys';

export type { Currency };

export function getCurrenciesQueryOptions(organisationUuid: string) {
  return queryOptions({
    queryKey: securityKeys.currencies(organisationUuid),
    queryFn: ({ signal }) => apiRequest<Currency[]>('/admin/currencies', { organisationUuid, signal }),
    staleTime: 10 * 60_000,
    meta: { errorMessage: 'Failed loading currencies' },
  });
}

/** GET admin/currencies. */
export function useCurrencies(organisationUuid: string) {
  return useQuery(getCurrenciesQueryOptions(organisationUuid));
}
