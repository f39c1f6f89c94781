import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeResult, Security, SecurityInput } from '@gains/contracts';
import { apiRequest } from '@/lib/api-client';
import { securityKeys } from './security-keys';

export type { SecurityInput };

/** POST /admin/securities or PUT /admin/securities/:id. */
export function saveSecurity({
  organisationUuid,
  id,
  body,
}: {
  organisationUuid: string;
  id?: number;
  body: SecurityInput;
}): Promise<ChangeResult<Security>> {
  return id
    ? apiRequest<ChangeResult<Security>>(`/admin/securities/${id}`, { method: 'PUT', organisationUuid, body })
    : apiRequest<ChangeResult<Security>>('/admin/securities', { method: 'POST', organisationUuid, body });
}

/** Add or edit; field errors show on the form, so no toast. */
export function useSaveSecurity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSecurity,
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.all }),
  });
}
