import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DocumentType } from '@gains/contracts';
import { apiRequest } from '@/lib/api-client';
import type { DocumentTypeCode } from '../components/header-rules';
import { corporateActionKeys } from './keys';

/** GET admin/documents/headers/types?documentTypeCode=: the firm's corporate action or movement types. */
export function getDocumentTypesQueryOptions(organisationUuid: string, documentTypeCode: DocumentTypeCode = 'CA') {
  return queryOptions({
    queryKey: corporateActionKeys.types(organisationUuid, documentTypeCode),
    queryFn: ({ signal }) =>
      apiRequest<DocumentType[]>('/admin/documents/headers/types', {
        organisationUuid,
        signal,
        query: { documentTypeCode },
      }),
    meta: { errorToast: false },
  });
}

export function useDocumentTypes(organisationUuid: string, documentTypeCode: DocumentTypeCode = 'CA') {
  return useQuery(getDocumentTypesQueryOptions(organisationUuid, documentTypeCode));
}
