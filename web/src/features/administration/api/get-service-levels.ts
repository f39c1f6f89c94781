import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

export interface ReportTypeMapping {
  id?: number | null;
  reportTypeId: number;
  generate: boolean;
}

/** A level of service an organisation buys (spec §3 ServiceLevel). */
export interface ServiceLevel {
  id: number;
  uuid: string;
  code: string;
  serviceLevel: string;
  reportTypeMappings: ReportTypeMapping[];
}

export function getServiceLevelsQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.serviceLevels(),
    queryFn: ({ signal }) => apiRequest<ServiceLevel[]>('/admin/organisations/service-levels', { signal }),
  });
}

export function useServiceLevels() {
  return useQuery(getServiceLevelsQueryOptions());
}

export function useServiceLevel(id: number) {
  return useQuery({
    queryKey: adminKeys.serviceLevel(id),
    queryFn: ({ signal }) => apiRequest<ServiceLevel>(`/admin/organisations/service-levels/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: 0,
  });
}
