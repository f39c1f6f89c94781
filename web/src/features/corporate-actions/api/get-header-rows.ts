import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HeaderCandidate, HeaderPreview, Page } from '@gains/contracts';
import { apiRequest } from '@/lib/api-client';
import { corporateActionKeys, type HeaderRowsKind } from './keys';

export interface HeaderRowsQuery {
  organisationUuid: string;
  headerUuid: string;
  /** the header's status and version: a change (a job finished, an edit) asks for the rows again */
  headerState: string;
  /** from 1 */
  page: number;
  size: number;
}

/** A row of a header's grid: a candidate, or a preview (the proposed and posted transactions are previews too). */
export type HeaderRow<K extends HeaderRowsKind> = K extends 'candidates' ? HeaderCandidate : HeaderPreview;

/**
 * GET admin/documents/headers/{uuid}/candidates, /previews, /preview-transactions or /transactions: a page of one
 * of the header's grids.
 */
export function getHeaderRows<K extends HeaderRowsKind>(
  kind: K,
  q: Omit<HeaderRowsQuery, 'headerState'>,
  signal?: AbortSignal,
): Promise<Page<HeaderRow<K>>> {
  return apiRequest<Page<HeaderRow<K>>>(`/admin/documents/headers/${encodeURIComponent(q.headerUuid)}/${kind}`, {
    organisationUuid: q.organisationUuid,
    signal,
    query: { page: q.page, size: q.size },
  });
}

export function useHeaderRows<K extends HeaderRowsKind>(kind: K, q: HeaderRowsQuery) {
  return useQuery({
    queryKey: [
      ...corporateActionKeys.rows(q.organisationUuid, q.headerUuid, kind),
      { page: q.page, size: q.size, state: q.headerState },
    ],
    queryFn: ({ signal }) => getHeaderRows(kind, q, signal),
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
}
