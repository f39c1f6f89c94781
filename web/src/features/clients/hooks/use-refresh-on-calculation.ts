import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useCalculationStatus } from '../api/get-calculation-status';
import { clientKeys } from '../api/get-clients';
import { ledgerKeys } from '../api/ledger';

/**
 * Seed 000 §9: the client, portfolio and holdings figures are fetched again when a calculation newer than the
 * ones they were fetched with lands. The run's time is compared with the last one seen, never with the browser's
 * clock (the two clocks may differ).
 */
export function useRefreshOnCalculation(organisationUuid: string, clientUuid: string) {
  const queryClient = useQueryClient();
  const status = useCalculationStatus(organisationUuid, clientUuid);
  const landed = status.data?.lastCalculatedAt ?? null;
  const seen = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (!status.isSuccess) return;
    const before = seen.current;
    seen.current = landed;
    // the first answer describes the figures just fetched with it
    if (before === undefined || landed === null || landed === before) return;
    if (before !== null && Date.parse(landed) <= Date.parse(before)) return;
    void queryClient.invalidateQueries({ queryKey: clientKeys.summaries(organisationUuid) });
    void queryClient.invalidateQueries({
      queryKey: [...ledgerKeys.all, organisationUuid],
      // the status itself has just been read
      predicate: (q) => q.queryKey[2] !== 'calculation-status',
    });
  }, [landed, status.isSuccess, organisationUuid, queryClient]);
  return status;
}
