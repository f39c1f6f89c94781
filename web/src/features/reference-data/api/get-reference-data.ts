import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnnualExemptAmountInput, FxRate, FxRateInput, ReferenceData, TaxYearReference } from '@gains/contracts';
import { apiRequest } from '@/lib/api-client';

export type { ReferenceData, FxRateInput };

export const referenceDataKeys = {
  all: ['reference-data'] as const,
  lists: (organisationUuid: string) => [...referenceDataKeys.all, organisationUuid] as const,
  fxRates: (organisationUuid: string, currency: string) =>
    [...referenceDataKeys.all, organisationUuid, 'fx', currency] as const,
};

/** GET /admin/currencies/fx-rates?currency=: a currency's rates (the last 90 days unless asked otherwise). */
export function useFxRates(organisationUuid: string, currency: string | undefined) {
  return useQuery({
    queryKey: referenceDataKeys.fxRates(organisationUuid, currency ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<FxRate[]>('/admin/currencies/fx-rates', { organisationUuid, signal, query: { currency } }),
    enabled: !!currency,
  });
}

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

/** POST /reference-data/annual-exempt-amounts (provider admins): a later tax year's exempt amount. */
export function useSetAnnualExemptAmount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ organisationUuid, body }: { organisationUuid: string; body: AnnualExemptAmountInput }) =>
      apiRequest<TaxYearReference>('/reference-data/annual-exempt-amounts', { method: 'POST', organisationUuid, body }),
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referenceDataKeys.all }),
  });
}
