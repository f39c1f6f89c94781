import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FxRate, FxRateInput, ReferenceData } from '@gains/contracts';
import { apiRequest } from '@/lib/api-client';

export type { ReferenceData, FxRateInput };

export const referenceDataKeys = {
  all: ['reference-data'] as const,
  lists: (organisationUuid: string) => [...referenceDataKeys.all, organisationUuid] as const,
};

export function getReferenceDataQueryOptions(organisationUuid: string) {
  return queryOptions({
    queryKey: referenceDataKeys.lists(organisationUuid),
    queryFn: ({ signal }) => apiRequest<ReferenceData>('/reference-data', { organisationUuid, signal }),
  });
}

/** GET /reference-data: every list the product runs on, each read from the service that owns it. */
export function useReferenceData(organisationUuid: string) {
  return useQuery(getReferenceDataQueryOptions(organisationUuid));
}

/** POST /admin/currencies/fx-rates (provider admins). */
export function useAddFxRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ organisationUuid, body }: { organisationUuid: string; body: FxRateInput }) =>
      apiRequest<FxRate>('/admin/currencies/fx-rates', { method: 'POST', organisationUuid, body }),
    meta: { errorToast: false },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: referenceDataKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['securities'] });
    },
  });
}
