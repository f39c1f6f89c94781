import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DocumentHeader, Page } from '@gains/contracts';
import { apiRequest } from '@/lib/api-client';
import type { DocumentTypeCode, HeaderSearch } from '../components/header-rules';
import { corporateActionKeys } from './keys';

export interface HeaderSearchQuery extends HeaderSearch {
  organisationUuid: string;
  /** the quick filter over code, security, SEDOL, ISIN and type */
  term: string;
  /** from 1 */
  page: number;
  size: number;
  /** CA unless a portfolio movement search */
  documentTypeCode?: DocumentTypeCode;
}

export function searchHeaders(q: HeaderSearchQuery, signal?: AbortSignal): Promise<Page<DocumentHeader>> {
  return apiRequest<Page<DocumentHeader>>('/admin/documents/headers/search', {
    organisationUuid: q.organisationUuid,
    signal,
    query: {
      documentTypeCode: q.documentTypeCode ?? 'CA',
      type: q.type || undefined,
      status: q.status || undefined,
      searchDateType: q.searchDateType,
      from: q.from,
      to: q.to,
      term: q.term.trim() || undefined,
      page: q.page,
      size: q.size,
    },
  });
}

/** GET admin/documents/headers/search: a page of the firm's corporate action headers. */
export function searchHeadersQueryOptions(q: HeaderSearchQuery) {
  const { organisationUuid, ...rest } = q;
  return queryOptions({
    queryKey: corporateActionKeys.search(organisationUuid, rest),
    queryFn: ({ signal }) => searchHeaders(q, signal),
    placeholderData: keepPreviousData,
    // the page shows the failure beside the grid
    meta: { errorToast: false },
  });
}

export function useSearchHeaders(q: HeaderSearchQuery) {
  return useQuery(searchHeadersQueryOptions(q));
}
