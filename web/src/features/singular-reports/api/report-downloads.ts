import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { openReportLink } from '@/lib/open-report-link';

type Format = 'pdf' | 'csv';

/**
 * The Singular Reports downloads (seed 000 §7): each POST answers `{url}`, opened in a new window. A tab's calls
 * per format, and its failure message (seed 000 §8 words them; the CA headers one is seed 001's).
 */
export const REPORT_DOWNLOADS = {
  holdings: {
    paths: { pdf: '/holdings/report-pdf', csv: '/holdings/report-csv' },
    failure: 'Failed to fetch holdings report.',
  },
  'ca-holdings': {
    paths: { pdf: '/holdings/ca/report-pdf', csv: '/holdings/ca/report-csv' },
    failure: 'Failed to fetch CA holding report.',
  },
  reconciliations: {
    paths: { pdf: '/reconciliation/report-pdf', csv: '/reconciliation/report-csv' },
    // seed 000 §8 words it with a small f
    failure: 'failed to fetch reconciliation report.',
  },
  transactions: {
    paths: { pdf: '/transactions/report-pdf', csv: '/transactions/report-csv' },
    failure: 'Failed to fetch transaction report.',
  },
  'ops-transactions': {
    // seed 000 §7: the ops transactions report is a CSV only
    paths: { csv: '/transactions/ops/report-csv' },
    failure: 'Failed to fetch ops transaction report.',
  },
  // one call for both formats: the format rides in the body
  income: {
    paths: { pdf: '/clients/income-report', csv: '/clients/income-report' },
    failure: 'Failed to fetch income report.',
  },
  'ca-headers': {
    paths: { csv: '/admin/documents/headers/report-csv' },
    failure: 'Failed to fetch CA headers report.',
  },
  'ca-candidates': {
    paths: { csv: '/admin/documents/headers/candidates/report-csv' },
    failure: 'Failed to fetch CA candidates report.',
  },
  // the failures of the client's latest calculation; seed 000 §8 words the others, this one follows them
  'calculation-failures': {
    paths: { csv: '/calculations/failures/report-csv', pdf: '/calculations/failures/report-pdf' },
    failure: 'Failed to fetch calculation failures report.',
  },
} as const satisfies Record<string, { paths: Partial<Record<Format, string>>; failure: string }>;
export type ReportDownload = keyof typeof REPORT_DOWNLOADS;

/** The tab's message, and the server's reason beneath it when it gave one (a rule it refused, named). */
function failed(title: string, error: unknown) {
  // a 401 signs the user out (the query client); nothing more to say
  if (isApiError(error) && error.isUnauthenticated) return;
  notify.error(title, isApiError(error) ? error.typeDescription : undefined);
}

/** POST the report's call for a format and open the signed link it answers in a new window. */
export function useReportDownload(organisationUuid: string, report: ReportDownload) {
  const queryClient = useQueryClient();
  const { paths, failure } = REPORT_DOWNLOADS[report];
  return useMutation({
    mutationFn: ({ format, body }: { format: Format; body: object }) => {
      const path = (paths as Partial<Record<Format, string>>)[format];
      if (!path) throw new Error(`${report} has no ${format} download`);
      return openReportLink(path, organisationUuid, body);
    },
    meta: { errorToast: false },
    onError: (error) => failed(failure, error),
    // a client's report is kept and listed in the client area's reports list
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['ledger', organisationUuid, 'reports'] }),
  });
}
