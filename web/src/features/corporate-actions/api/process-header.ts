import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentHeader } from '@gains/contracts';
import { apiRequest } from '@/lib/api-client';
import { corporateActionKeys } from './keys';

/** What a user may start on a header: each a job (seed 001 §4). */
export type HeaderActionName = 'process' | 'reverse' | 'delete' | 'refresh';

/**
 * POST admin/documents/headers/{uuid}/process ('Create transactions'), /reverse or /delete. The answer is the header,
 * now in the job's in-progress status: it goes straight into the cache so the modal starts polling at once; the
 * search list is asked again for the new status. The caller toasts the server's message on failure.
 */
export function useHeaderAction(organisationUuid: string, action: HeaderActionName) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) =>
      apiRequest<DocumentHeader>(`/admin/documents/headers/${encodeURIComponent(uuid)}/${action}`, {
        method: 'POST',
        organisationUuid,
      }),
    meta: { errorToast: false },
    onSuccess: (header) => {
      queryClient.setQueryData(corporateActionKeys.header(organisationUuid, header.uuid), header);
      void queryClient.invalidateQueries({ queryKey: corporateActionKeys.searches(organisationUuid) });
    },
  });
}
