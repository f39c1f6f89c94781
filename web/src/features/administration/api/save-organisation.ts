import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './admin-keys';
import type { AdminOrganisation, CustomerSettings } from './get-organisations';

/** The organisation body of POST and PUT /admin/organisations. */
export interface OrganisationInput {
  code: string;
  name: string;
  type: string;
  parent: number | null;
  serviceLevelId: number | null;
  ignoreBfLoss: boolean;
  notes: string;
  customer: CustomerSettings | null;
}

export function saveOrganisation({ id, body }: { id?: number; body: OrganisationInput }): Promise<AdminOrganisation> {
  return id
    ? apiRequest<AdminOrganisation>(`/admin/organisations/${id}`, { method: 'PUT', body })
    : apiRequest<AdminOrganisation>('/admin/organisations', { method: 'POST', body });
}

/** Add or edit; field errors show on the form, so no toast. */
export function useSaveOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOrganisation,
    meta: { errorToast: false },
    onSuccess: async (saved) => {
      queryClient.setQueryData(adminKeys.organisation(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      // the organisation switcher lists them too
      await queryClient.invalidateQueries({ queryKey: ['organisations'] });
    },
  });
}
