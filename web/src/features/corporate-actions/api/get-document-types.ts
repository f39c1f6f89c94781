import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DocumentType } from '@gains/contracts';
import { apiRequest } from '@/lib/api-client';
import { corporateActionKeys } from './keys';

/** GET admin/documents/headers/types?documentTypeCode=CA: the firm's corporate action types (system and its own). */
export function getDocumentTypesQueryOptions(organisationUuid: string) {
  return queryOptions({
    queryKey: corporateActionKeys.types(organisationUuid),
    queryFn: ({ signal }) =>
      apiRequest<DocumentType[]>('/admin/documents/headers/types', {
        organisationUuid,
        signal,
        query: { documentTypeCode: 'CA' },
      }),
    meta: { errorToast: false },
  });
}

export function useDocumentTypes(organisationUuid: string) {
  return useQuery(getDocumentTypesQueryOptions(organisationUuid));
}
