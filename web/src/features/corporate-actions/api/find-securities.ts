import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SecurityPage } from '@gains/contracts';
import { apiRequest } from '@/lib/api-client';
import { corporateActionKeys } from './keys';

/** The most rows the chooser lists; a longer term narrows them. */
export const CHOOSER_SIZE = 25;

/**
 * GET admin/securities?term=: the security chooser's rows (seed 001 §2: SEDOL, ISIN, issuer, issuer name and long
 * name, security name and description — the full security, which the lighter securities/search does not carry).
 * Asked only for a non-empty term (seed 001 §5).
 */
export function findSecuritiesQueryOptions(organisationUuid: string, rawTerm: string) {
  const term = rawTerm.trim();
  return queryOptions({
    queryKey: corporateActionKeys.securities(organisationUuid, term),
    queryFn: ({ signal }) =>
      apiRequest<SecurityPage>('/admin/securities', {
        organisationUuid,
        signal,
        query: { term, page: 1, size: CHOOSER_SIZE },
      }),
    enabled: term !== '',
    meta: { errorToast: false },
  });
}

export function useFindSecurities(organisationUuid: string, settledTerm: string) {
  return useQuery(findSecuritiesQueryOptions(organisationUuid, settledTerm));
}
