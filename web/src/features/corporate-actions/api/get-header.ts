import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DocumentHeader } from '@gains/contracts';
import { apiRequest } from '@/lib/api-client';
import { HEADER_POLL_MS, isInProgress } from '../components/header-rules';
import { corporateActionKeys } from './keys';

/** GET admin/documents/headers/{uuid}: asked again every 2 s while a job works on the header. */
export function getHeaderQueryOptions(organisationUuid: string, uuid: string) {
  return queryOptions({
    queryKey: corporateActionKeys.header(organisationUuid, uuid),
    queryFn: ({ signal }) =>
      apiRequest<DocumentHeader>(`/admin/documents/headers/${encodeURIComponent(uuid)}`, { organisationUuid, signal }),
    refetchInterval: (query) => (query.state.data && isInProgress(query.state.data.status) ? HEADER_POLL_MS : false),
    meta: { errorToast: false },
  });
}

export function useHeader(organisationUuid: string, uuid: string | undefined) {
  return useQuery({ ...getHeaderQueryOptions(organisationUuid, uuid ?? ''), enabled: Boolean(uuid) });
}
