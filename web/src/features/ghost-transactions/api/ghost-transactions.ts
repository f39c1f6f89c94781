import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LedgerTransaction, Page } from '@gains/contracts';
import { apiRequest } from '@/lib/api-client';
import { sortParams, type SortItem } from '@/components/grid/column-state';

export type { LedgerTransaction };

export interface GhostQuery {
  organisationUuid: string;
  page: number;
  size: number;
  term: string;
  sort: SortItem[];
}

const keys = {
  all: ['ghost-transactions'] as const,
  page: (q: GhostQuery) =>
    [...keys.all, q.organisationUuid, { page: q.page, size: q.size, term: q.term, sort: sortParams(q.sort) }] as const,
};

export function getGhostTransactions(q: GhostQuery, signal?: AbortSignal) {
  return apiRequest<Page<LedgerTransaction>>('/admin/ghost-transactions', {
    organisationUuid: q.organisationUuid,
    signal,
    query: { page: q.page, size: q.size, term: q.term.trim() || undefined, sort: sortParams(q.sort) },
  });
}

/** GET /admin/ghost-transactions: rows whose portfolio or security does not resolve, a page at a time. */
export function useGhostTransactions(q: GhostQuery) {
  return useQuery({
    queryKey: keys.page(q),
    queryFn: ({ signal }) => getGhostTransactions(q, signal),
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
}

/** Re-point a ghost to a portfolio and/or a security, or cancel it; the list (and any ledger shown) refetches. */
export function useResolveGhost(organisationUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      action:
        | { kind: 'repair'; uuid: string; version: number; portfolioUuid?: string; securityId?: number }
        | { kind: 'cancel'; uuid: string; version: number },
    ) =>
      apiRequest<LedgerTransaction>(`/admin/ghost-transactions/${encodeURIComponent(action.uuid)}/${action.kind}`, {
        method: 'POST',
        organisationUuid,
        body:
          action.kind === 'repair'
            ? { version: action.version, portfolioUuid: action.portfolioUuid ?? '', securityId: action.securityId ?? 0 }
            : { version: action.version },
      }),
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
