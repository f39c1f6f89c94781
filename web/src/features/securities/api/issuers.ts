import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangeResult, Issuer, IssuerInput } from '@gains/contracts';
import { apiRequest } from '@/lib/api-client';
import { securityKeys } from './security-keys';

export type { Issuer, IssuerInput };

export function getIssuersQueryOptions(organisationUuid: string) {
  return queryOptions({
    queryKey: securityKeys.issuers(organisationUuid),
    queryFn: ({ signal }) => apiRequest<Issuer[]>('/admin/securities/issuers', { organisationUuid, signal }),
  });
}

/** GET admin/securities/issuers. */
export function useIssuers(organisationUuid: string) {
  return useQuery(getIssuersQueryOptions(organisationUuid));
}

/** POST admin/securities/issuers or PUT admin/securities/issuers/:uuid. */
export function saveIssuer({
  organisationUuid,
  uuid,
  body,
}: {
  organisationUuid: string;
  uuid?: string;
  body: IssuerInput;
}): Promise<ChangeResult<Issuer>> {
  return uuid
    ? apiRequest<ChangeResult<Issuer>>(`/admin/securities/issuers/${encodeURIComponent(uuid)}`, {
        method: 'PUT',
        organisationUuid,
        body,
      })
    : apiRequest<ChangeResult<Issuer>>('/admin/securities/issuers', { method: 'POST', organisationUuid, body });
}

export function useSaveIssuer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveIssuer,
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.all }),
  });
}
