import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface Organisation {
  uuid: string;
  id: number;
  code: string;
  name: string;
  type: string;
}

export const organisationKeys = {
  all: ['organisations'] as const,
  list: () => [...organisationKeys.all, 'list'] as const,
  detail: (uuid: string) => [...organisationKeys.all, 'detail', uuid] as const,
};

/** The user's organisations (every organisation for a super admin). */
export function getOrganisationsQueryOptions() {
  return queryOptions({
    queryKey: organisationKeys.list(),
    queryFn: ({ signal }) => apiRequest<Organisation[]>('/organisations', { signal }),
  });
}

export function useOrganisations() {
  return useQuery(getOrganisationsQueryOptions());
}

export function getOrganisationQueryOptions(uuid: string) {
  return queryOptions({
    queryKey: organisationKeys.detail(uuid),
    queryFn: ({ signal }) => apiRequest<Organisation>(`/organisations/${encodeURIComponent(uuid)}`, { signal }),
  });
}

export function useOrganisation(uuid: string) {
  return useQuery(getOrganisationQueryOptions(uuid));
}
