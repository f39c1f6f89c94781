import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClientTaxYear } from '@gains/contracts';
import { apiRequest } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { openReportLink } from '@/lib/open-report-link';

export const singularReportKeys = {
  all: ['singular-reports'] as const,
  taxYears: (org: string, clientUuid: string) => [...singularReportKeys.all, org, 'tax-years', clientUuid] as const,
  restriction: (org: string, clientUuid: string) =>
    [...singularReportKeys.all, org, 'restriction', clientUuid] as const,
};

/** GET clients/{clientUuid}/tax-years: the tax years of the client's ledger, newest first as the server answers. */
export function useClientTaxYears(organisationUuid: string, clientUuid: string | undefined) {
  return useQuery({
    queryKey: singularReportKeys.taxYears(organisationUuid, clientUuid ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<ClientTaxYear[]>(`/clients/${clientUuid}/tax-years`, { organisationUuid, signal }),
    enabled: !!clientUuid,
  });
}

/** GET clients/{clientUuid}/reporting-restriction: no year starting before it is reported (seed 000 §5). */
export function useReportingRestriction(organisationUuid: string, clientUuid: string | undefined) {
  return useQuery({
    queryKey: singularReportKeys.restriction(organisationUuid, clientUuid ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<{ reportingRestrictionFrom: string | null }>(`/clients/${clientUuid}/reporting-restriction`, {
        organisationUuid,
        signal,
      }),
    enabled: !!clientUuid,
  });
}

/** POST clients/cgt-report {clientUuid, taxYearUuid, format}; the link opens in a new window (seed 000 §2.6). */
export function useCgtReport(organisationUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { clientUuid: string; taxYearUuid: string; format: 'pdf' | 'csv' }) =>
      openReportLink('/clients/cgt-report', organisationUuid, body),
    // seed 000 §8: the report's own message, whatever the server said
    meta: { errorToast: false },
    onError: () => notify.error('Failed to fetch CGT realised report.'),
    // the client's reports list has a new row
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['ledger', organisationUuid, 'reports'] }),
  });
}
