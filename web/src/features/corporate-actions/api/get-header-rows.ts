import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HeaderCandidate, HeaderPreview, Page } from '@gains/contracts';
import { apiRequest } from '@/lib/api-client';
import { corporateActionKeys } from './keys';

export interface HeaderRowsQuery {
  organisationUuid: string;
  headerUuid: string;
  /** the header's status and version: a change (a job finished, an edit) asks for the rows again */
  headerState: string;
  /** from 1 */
  page: number;
  size: number;
}

function getRows<T>(kind: 'candidates' | 'previews', q: HeaderRowsQuery, signal?: AbortSignal): Promise<Page<T>> {
  return apiRequest<Page<T>>(`/admin/documents/headers/${encodeURIComponent(q.headerUuid)}/${kind}`, {
    organisationUuid: q.organisationUuid,
    signal,
    query: { page: q.page, size: q.size },
  });
}

function useHeaderRows<T>(kind: 'candidates' | 'previews', q: HeaderRowsQuery) {
  return useQuery({
    queryKey: [
      ...corporateActionKeys.rows(q.organisationUuid, q.headerUuid, kind),
      { page: q.page, size: q.size, state: q.headerState },
    ],
    queryFn: ({ signal }) => getRows<T>(kind, q, signal),
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
}

/** GET admin/documents/headers/{uuid}/candidates: the holders found, a page at a time. */
export const useHeaderCandidates = (q: HeaderRowsQuery) => useHeaderRows<HeaderCandidate>('candidates', q);

/** GET admin/documents/headers/{uuid}/previews: each candidate's proposed ledger rows, a page at a time. */
export const useHeaderPreviews = (q: HeaderRowsQuery) => useHeaderRows<HeaderPreview>('previews', q);
