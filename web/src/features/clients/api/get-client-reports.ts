import { useQuery } from '@tanstack/react-query';
import type { ClientReport } from '@gains/contracts';
import { apiRequest } from '@/lib/api-client';
import { ledgerKeys } from './ledger';

export type { ClientReport };

/**
 * GET clients/{clientUuid}/reports (seed 000 §2.5 reports list). Each row's link is signed for minutes, so the list
 * is asked for again whenever the window regains focus.
 */
export function useClientReports(organisationUuid: string, clientUuid: string) {
  return useQuery({
    queryKey: [...ledgerKeys.all, organisationUuid, 'reports', clientUuid] as const,
    queryFn: ({ signal }) => apiRequest<ClientReport[]>(`/clients/${clientUuid}/reports`, { organisationUuid, signal }),
    staleTime: 60_000,
  });
}
