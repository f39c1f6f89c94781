import { useMutation } from '@tanstack/react-query';
import type { TaximiserProposalsBody } from '@gains/contracts';
import { apiRequest } from '@/lib/api-client';

/** POST /taximiser/proposals: the plan's sales saved as PENDING rows of the portfolio, all or nothing. */
export function useSaveProposals(organisationUuid: string) {
  return useMutation({
    mutationFn: (body: TaximiserProposalsBody) =>
      apiRequest<{ transactions: unknown[] }>('/taximiser/proposals', { method: 'POST', organisationUuid, body }),
    meta: { errorToast: false },
  });
}
