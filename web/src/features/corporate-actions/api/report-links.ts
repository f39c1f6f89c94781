import { useMutation } from '@tanstack/react-query';
import { notify } from '@/lib/notify';
import { openReportLink } from '@/lib/open-report-link';
import type { HeaderSearch } from '../components/header-rules';

/** The two CA reports (seed 001 §7) and their failure toasts (§8). */
export const CA_REPORTS = {
  headers: {
    label: 'Headers report (CSV)',
    path: '/admin/documents/headers/report-csv',
    failure: 'Failed to fetch CA headers report.',
    body: (s: HeaderSearch) => ({ ...s, documentTypeCode: 'CA' }),
  },
  candidates: {
    label: 'Candidates report (CSV)',
    path: '/admin/documents/headers/candidates/report-csv',
    failure: 'Failed to fetch CA candidates report.',
    body: (s: HeaderSearch) => ({
      documentTypeCode: 'CA',
      type: s.type,
      status: s.status,
      searchDateType: s.searchDateType,
      startDate: s.from,
      endDate: s.to,
    }),
  },
} as const;
export type CaReport = keyof typeof CA_REPORTS;

/** POST a report call with the search's filters and open the signed link it answers (openReportLink). */
export function useCaReport(organisationUuid: string) {
  return useMutation({
    mutationFn: ({ report, search }: { report: CaReport; search: HeaderSearch }) =>
      openReportLink(CA_REPORTS[report].path, organisationUuid, CA_REPORTS[report].body(search)),
    // seed 001 §8: each report's own failure toast, whatever the server said
    meta: { errorToast: false },
    onError: (_error, { report }) => notify.error(CA_REPORTS[report].failure),
  });
}
