import type { SelectedClient } from '@/lib/selected-client';
import { useReportDownload } from '../api/report-downloads';
import { failuresRequest } from './report-rules';
import { ClientFields, DownloadButton, ReportForm, ReportNote } from './report-fields';

/**
 * Calculation Failures (seed 000 §2.6): a Download button only: the failures of the client's latest calculation,
 * kept in the client's reports list and opened in a new window as a CSV.
 */
export function CalculationFailuresTab({
  organisationUuid,
  client,
}: {
  organisationUuid: string;
  client: SelectedClient | undefined;
}) {
  const download = useReportDownload(organisationUuid, 'calculation-failures');
  const request = failuresRequest(client);
  return (
    <ReportForm testId="calculation-failures-tab">
      <ClientFields client={client} />
      <ReportNote>The failures of the client&apos;s latest calculation, as a CSV.</ReportNote>
      <DownloadButton
        reason={request.ok ? undefined : request.reason}
        loading={download.isPending}
        onDownload={() => request.ok && download.mutate({ format: 'csv', body: request.body })}
      />
    </ReportForm>
  );
}
