import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IncomeDiary, IncomeDiaryBody, IncomeDiaryHeader, Page } from '@gains/contracts';
import { apiRequest } from '@/lib/api-client';

export type { IncomeDiary, IncomeDiaryHeader };

/** Query keys of the income diaries feature: per organisation, so switching firm never shows another's rows. */
export const incomeDiaryKeys = {
  all: (organisationUuid: string) => ['income-diaries', organisationUuid] as const,
  lists: (organisationUuid: string) => [...incomeDiaryKeys.all(organisationUuid), 'list'] as const,
  list: (organisationUuid: string, q: Omit<IncomeDiaryQuery, 'organisationUuid'>) =>
    [...incomeDiaryKeys.lists(organisationUuid), q] as const,
  one: (organisationUuid: string, uuid: string) => [...incomeDiaryKeys.all(organisationUuid), 'one', uuid] as const,
  layers: (organisationUuid: string, securityId: number) =>
    [...incomeDiaryKeys.all(organisationUuid), 'layers', securityId] as const,
};

export interface IncomeDiaryQuery {
  organisationUuid: string;
  term: string;
  incomeType: string;
  frequency: string;
  /** '', 'true' or 'false' */
  active: string;
  sort: string;
  direction: 'asc' | 'desc' | '';
  /** from 1 */
  page: number;
  size: number;
}

export function listIncomeDiaries(q: IncomeDiaryQuery, signal?: AbortSignal): Promise<Page<IncomeDiary>> {
  return apiRequest<Page<IncomeDiary>>('/admin/documents/income-diaries', {
    organisationUuid: q.organisationUuid,
    signal,
    query: {
      term: q.term.trim() || undefined,
      incomeType: q.incomeType || undefined,
      frequency: q.frequency || undefined,
      active: q.active || undefined,
      sort: q.sort || undefined,
      direction: q.direction || undefined,
      page: q.page,
      size: q.size,
    },
  });
}

/** GET admin/documents/income-diaries: a page of the firm's diaries. */
export function incomeDiariesQueryOptions(q: IncomeDiaryQuery) {
  const { organisationUuid, ...rest } = q;
  return queryOptions({
    queryKey: incomeDiaryKeys.list(organisationUuid, rest),
    queryFn: ({ signal }) => listIncomeDiaries(q, signal),
    placeholderData: keepPreviousData,
    // the page shows the failure beside the grid
    meta: { errorToast: false },
  });
}

export function useIncomeDiaries(q: IncomeDiaryQuery) {
  return useQuery(incomeDiariesQueryOptions(q));
}

/** GET admin/documents/income-diaries/{uuid}: the diary with the headers it made. */
export function incomeDiaryQueryOptions(organisationUuid: string, uuid: string) {
  return queryOptions({
    queryKey: incomeDiaryKeys.one(organisationUuid, uuid),
    queryFn: ({ signal }) =>
      apiRequest<IncomeDiary>(`/admin/documents/income-diaries/${encodeURIComponent(uuid)}`, {
        organisationUuid,
        signal,
      }),
    meta: { errorToast: false },
  });
}

export function useIncomeDiary(organisationUuid: string, uuid: string) {
  return useQuery(incomeDiaryQueryOptions(organisationUuid, uuid));
}

/** GET admin/documents/layers/{securityId}: the security's layers (the main event first). */
export function useSecurityLayers(organisationUuid: string, securityId: number | undefined) {
  return useQuery({
    queryKey: incomeDiaryKeys.layers(organisationUuid, securityId ?? 0),
    queryFn: ({ signal }) =>
      apiRequest<{ uuid: string; name: string }[]>(`/admin/documents/layers/${securityId}`, {
        organisationUuid,
        signal,
      }),
    enabled: !!securityId,
    meta: { errorToast: false },
  });
}

/** POST (new) or PUT (edit, with the version read). Field errors show on the form. */
export function useSaveIncomeDiary(organisationUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IncomeDiaryBody) =>
      apiRequest<IncomeDiary>('/admin/documents/income-diaries', {
        method: body.uuid ? 'PUT' : 'POST',
        organisationUuid,
        body,
      }),
    meta: { errorToast: false },
    onSuccess: (saved) => {
      queryClient.setQueryData(incomeDiaryKeys.one(organisationUuid, saved.uuid), saved);
      return queryClient.invalidateQueries({ queryKey: incomeDiaryKeys.lists(organisationUuid) });
    },
  });
}

/** POST admin/documents/income-diaries/run ('Run now'): the firm's due diaries make their headers at once. */
export function useRunIncomeDiaries(organisationUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<{ created: IncomeDiaryHeader[] }>('/admin/documents/income-diaries/run', {
        method: 'POST',
        organisationUuid,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: incomeDiaryKeys.all(organisationUuid) }),
  });
}

/** POST admin/documents/income-diaries/{uuid}/delete: only a diary that made no header. */
export function useDeleteIncomeDiary(organisationUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) =>
      apiRequest<IncomeDiary>(`/admin/documents/income-diaries/${encodeURIComponent(uuid)}/delete`, {
        method: 'POST',
        organisationUuid,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: incomeDiaryKeys.lists(organisationUuid) }),
  });
}
