import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DocumentHeader, Page } from '@gains/contracts';
import { apiRequest } from '@/lib/api-client';
import { corporateActionKeys } from './keys';

/**
 * The corporate action with this code, or null: GET admin/documents/headers/search with the code as the term and no
 * dates (every date), then the one whose code is exactly it (the term also matches security names and SEDOLs).
 */
export function getHeaderByCodeQueryOptions(organisationUuid: string, code: string) {
  return queryOptions({
    queryKey: corporateActionKeys.byCode(organisationUuid, code),
    queryFn: async ({ signal }) => {
      const page = await apiRequest<Page<DocumentHeader>>('/admin/documents/headers/search', {
        organisationUuid,
        signal,
        query: { documentTypeCode: 'CA', term: code, page: 1, size: 100 },
      });
      const wanted = code.trim().toLowerCase();
      return page.content.find((h) => h.code.toLowerCase() === wanted) ?? null;
    },
    meta: { errorToast: false },
  });
}

export function useHeaderByCode(organisationUuid: string, code: string) {
  return useQuery(getHeaderByCodeQueryOptions(organisationUuid, code));
}
