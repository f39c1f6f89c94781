import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClassificationUpdateRequest, ClassificationUpdateResult } from '@gains/contracts';
import { apiRequest } from '@/lib/api-client';
import { securityKeys } from './security-keys';

/** PUT /admin/securities/classification: many securities at once, all or nothing. */
export function updateClassifications({
  organisationUuid,
  body,
}: {
  organisationUuid: string;
  body: ClassificationUpdateRequest;
}): Promise<ClassificationUpdateResult> {
  return apiRequest<ClassificationUpdateResult>('/admin/securities/classification', {
    method: 'PUT',
    organisationUuid,
    body,
  });
}

export function useUpdateClassifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClassifications,
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.all }),
  });
}
