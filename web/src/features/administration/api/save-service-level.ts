import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './admin-keys';
import type { ReportTypeMapping, ServiceLevel } from './get-service-levels';

export interface ServiceLevelInput {
  code: string;
  serviceLevel: string;
  reportTypeMappings: ReportTypeMapping[];
}

export function saveServiceLevel({ id, body }: { id?: number; body: ServiceLevelInput }): Promise<ServiceLevel> {
  return id
    ? apiRequest<ServiceLevel>(`/admin/organisations/service-levels/${id}`, { method: 'PUT', body })
    : apiRequest<ServiceLevel>('/admin/organisations/service-levels', { method: 'POST', body });
}

export function useSaveServiceLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveServiceLevel,
    meta: { errorToast: false },
    onSuccess: async (saved) => {
      queryClient.setQueryData(adminKeys.serviceLevel(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: adminKeys.serviceLevels() });
    },
  });
}
