import { useQuery } from '@tanstack/react-query';
import type { CalculationStatusAnswer } from '@gains/contracts';
import { apiRequest } from '@/lib/api-client';
import { ledgerKeys } from './ledger';

export type { CalculationStatusAnswer };

/** While a run is awaited (a ledger change, or never computed) the status is asked for often; otherwise now and then. */
export const CALCULATION_POLL_PENDING_MS = 3_000;
export const CALCULATION_POLL_IDLE_MS = 20_000;

/**
 * GET clients/calculation-status/{clientUuid} (seed 000 §3, §9). Kept under the client's ledger keys, so posting a
 * transaction asks again at once (the status turns PENDING and the polling quickens).
 */
export function useCalculationStatus(organisationUuid: string, clientUuid: string) {
  return useQuery({
    queryKey: ledgerKeys.calculationStatus(organisationUuid, clientUuid),
    queryFn: ({ signal }) =>
      apiRequest<CalculationStatusAnswer>(`/clients/calculation-status/${clientUuid}`, { organisationUuid, signal }),
    refetchInterval: (query) =>
      query.state.data?.status === 'PENDING' ? CALCULATION_POLL_PENDING_MS : CALCULATION_POLL_IDLE_MS,
    // a status the server could not give changes nothing on screen: the figures shown stay
    meta: { errorToast: false },
  });
}
