import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaticDataChange, StaticDataChangeStatus } from '@gains/contracts';
import { apiRequest } from '@/lib/api-client';
import { securityKeys } from './security-keys';

export type { StaticDataChange, StaticDataChangeStatus };

export function getStaticDataChangesQueryOptions(organisationUuid: string, status: StaticDataChangeStatus) {
  return queryOptions({
    queryKey: securityKeys.changes(organisationUuid, status),
    queryFn: ({ signal }) =>
      apiRequest<StaticDataChange[]>('/admin/static-data/changes', { organisationUuid, signal, query: { status } }),
  });
}

/** GET /admin/static-data/changes?status=. */
export function useStaticDataChanges(organisationUuid: string, status: StaticDataChangeStatus) {
  return useQuery(getStaticDataChangesQueryOptions(organisationUuid, status));
}

/** POST /admin/static-data/changes/:uuid/approve or /reject (with a note). */
export function useDecideChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      organisationUuid,
      uuid,
      decision,
      note,
    }: {
      organisationUuid: string;
      uuid: string;
      decision: 'approve' | 'reject';
      note?: string;
    }) =>
      apiRequest<StaticDataChange>(`/admin/static-data/changes/${encodeURIComponent(uuid)}/${decision}`, {
        method: 'POST',
        organisationUuid,
        body: decision === 'reject' ? { note } : {},
      }),
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.all }),
  });
}
