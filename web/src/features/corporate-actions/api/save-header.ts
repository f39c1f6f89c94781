import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentHeader } from '@gains/contracts';
import { apiRequest } from '@/lib/api-client';
import type { headerBody } from '../components/ca-header-form-rules';
import { corporateActionKeys } from './keys';

export type HeaderBody = ReturnType<typeof headerBody>;

/**
 * POST admin/documents/headers (a new header: no uuid) or PUT (an edit at the version read). The saved header goes
 * into the cache (it is finding its candidates now, so the page polls it) and the search list is asked again.
 * The caller shows the toast, or the server's message under the field it names.
 */
export function useSaveHeader(organisationUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HeaderBody & { uuid?: string; version?: number }) =>
      apiRequest<DocumentHeader>('/admin/documents/headers', {
        method: body.uuid ? 'PUT' : 'POST',
        organisationUuid,
        body,
      }),
    meta: { errorToast: false },
    onSuccess: (header) => {
      queryClient.setQueryData(corporateActionKeys.header(organisationUuid, header.uuid), header);
      void queryClient.invalidateQueries({ queryKey: corporateActionKeys.searches(organisationUuid) });
    },
  });
}
