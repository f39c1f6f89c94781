import { useEffect } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportKind, ImportTask, Page, StartImportBody } from '@gains/contracts';
import { apiRequest } from '@/lib/api-client';

export type { ImportKind, ImportTask };

export interface ImportsQuery {
  organisationUuid: string;
  page: number;
  size: number;
}

const keys = {
  all: ['imports'] as const,
  page: (q: ImportsQuery) => [...keys.all, q.organisationUuid, 'page', { page: q.page, size: q.size }] as const,
  one: (organisationUuid: string, uuid: string) => [...keys.all, organisationUuid, 'one', uuid] as const,
};

const running = (t: ImportTask) => t.status === 'QUEUED' || t.status === 'RUNNING';
/** How often a page with a running task asks again. */
const POLL_MS = 1_000;

/** GET /interface-logging/imports: the import tasks, newest first; polled while one of them runs. */
export function useImports(q: ImportsQuery) {
  return useQuery({
    queryKey: keys.page(q),
    queryFn: ({ signal }) =>
      apiRequest<Page<ImportTask>>('/interface-logging/imports', {
        organisationUuid: q.organisationUuid,
        signal,
        query: { page: q.page, size: q.size },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.content.some(running) ? POLL_MS : false),
    meta: { errorToast: false },
  });
}

/** GET /interface-logging/imports/{uuid}: one task with its rejected rows; polled while it runs. */
export function useImport(organisationUuid: string, uuid: string | undefined) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: keys.one(organisationUuid, uuid ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<ImportTask>(`/interface-logging/imports/${encodeURIComponent(uuid!)}`, { organisationUuid, signal }),
    enabled: Boolean(uuid),
    refetchInterval: (query) => (query.state.data && running(query.state.data) ? POLL_MS : false),
    meta: { errorToast: false },
  });
  // The task seen finished here: the list shows it finished too, without waiting for its own poll.
  const finished = query.data && !running(query.data) ? query.data.uuid : undefined;
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: [...keys.all, organisationUuid, 'page'] });
  }, [finished, organisationUuid, queryClient]);
  return query;
}

/** POST /interface-logging/imports: the task answers at once; the list refetches (and polls while it runs). */
export function useStartImport(organisationUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StartImportBody) =>
      apiRequest<ImportTask>('/interface-logging/imports', { method: 'POST', organisationUuid, body }),
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
