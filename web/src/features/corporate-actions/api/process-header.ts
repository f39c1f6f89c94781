import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentHeader } from '@gains/contracts';
import { apiRequest } from '@/lib/api-client';
import { corporateActionKeys } from './keys';

/**
 * POST admin/documents/headers/{uuid}/process ('Create transactions'). The answer is the header, now
 * CREATING_TRANSACTIONS: it goes straight into the cache so the modal starts polling at once; the search list is
 * asked again for the new status. The caller toasts the server's message on failure.
 */
export function useProcessHeader(organisationUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) =>
      apiRequest<DocumentHeader>(`/admin/documents/headers/${encodeURIComponent(uuid)}/process`, {
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
