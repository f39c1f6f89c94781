import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { corporateActionKeys } from './keys';

export interface Layer {
  uuid: string;
  name: string;
}

/** GET admin/documents/layers/{securityId}: the layers a header on the security may sit in. */
export function getLayersQueryOptions(organisationUuid: string, securityId: number) {
  return queryOptions({
    queryKey: corporateActionKeys.layers(organisationUuid, securityId),
    queryFn: ({ signal }) => apiRequest<Layer[]>(`/admin/documents/layers/${securityId}`, { organisationUuid, signal }),
    meta: { errorToast: false },
  });
}

export function useLayers(organisationUuid: string, securityId: number | undefined) {
  return useQuery({ ...getLayersQueryOptions(organisationUuid, securityId ?? 0), enabled: Boolean(securityId) });
}
