import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MiDashboard } from '@gains/contracts';
import { apiRequest } from '@/lib/api-client';

export type { MiDashboard };

const keys = {
  all: ['mi-dashboard'] as const,
  of: (organisationUuid: string) => [...keys.all, organisationUuid] as const,
};

/** GET /mi-dashboard: the selected organisation's management figures. */
export function getMiDashboardQueryOptions(organisationUuid: string) {
  return queryOptions({
    queryKey: keys.of(organisationUuid),
    queryFn: ({ signal }) => apiRequest<MiDashboard>('/mi-dashboard', { organisationUuid, signal }),
    meta: { errorToast: false },
  });
}

export function useMiDashboard(organisationUuid: string) {
  return useQuery(getMiDashboardQueryOptions(organisationUuid));
}
