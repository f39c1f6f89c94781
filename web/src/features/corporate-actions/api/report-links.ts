import { useMutation } from '@tanstack/react-query';
import type { ReportLink } from '@gains/contracts';
import { apiRequest } from '@/lib/api-client';
import { notify } from '@/lib/notify';
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

/**
 * POST a report call with the search's filters; the answer's url is a short-lived signed link the new window opens
 * (it needs no bearer). The window is opened at the click, before the answer, so no popup blocker stops it, and
 * closed again when the call fails.
 */
export function useCaReport(organisationUuid: string) {
  return useMutation({
    mutationFn: async ({ report, search }: { report: CaReport; search: HeaderSearch }) => {
      const opened = window.open('', '_blank');
      if (opened) opened.opener = null;
      try {
        const { url } = await apiRequest<ReportLink>(CA_REPORTS[report].path, {
          method: 'POST',
          organisationUuid,
          body: CA_REPORTS[report].body(search),
        });
        if (opened) opened.location.href = url;
        else window.open(url, '_blank', 'noopener');
      } catch (error) {
        opened?.close();
        throw error;
      }
    },
    // seed 001 §8: each report's own failure toast, whatever the server said
    meta: { errorToast: false },
    onError: (_error, { report }) => notify.error(CA_REPORTS[report].failure),
  });
}
