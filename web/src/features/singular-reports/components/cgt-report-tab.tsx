import type { SelectedClient } from '@/lib/selected-client';
import { useCgtReport } from '../api/cgt-report';
import { ClientFields, DownloadMenu, ReportForm } from './report-fields';
import { TaxYearField, useClientTaxYear } from './report-inputs';

/** The CGT Report tab (seed 000 §2.6): the selected client, a tax year, and the report as CSV or PDF. */
export function CgtReportTab({
  organisationUuid,
  client,
}: {
  organisationUuid: string;
  client: SelectedClient | undefined;
}) {
  const choice = useClientTaxYear(organisationUuid, client);
  const report = useCgtReport(organisationUuid);
  const { year } = choice;

  const download = (format: 'pdf' | 'csv') =>
    client && year && report.mutate({ clientUuid: client.uuid, taxYearUuid: year.uuid, format });

  return (
    <ReportForm testId="cgt-report-tab">
      <ClientFields client={client} />
      <TaxYearField client={client} choice={choice} />
      <DownloadMenu
        formats={['csv', 'pdf']}
        // the alert or the tax year's help says why
        reason={choice.reportable ? undefined : ''}
        loading={report.isPending}
        onDownload={download}
      />
    </ReportForm>
  );
}
