import type { SelectedClient } from '@/lib/selected-client';
import { useReportDownload } from '../api/report-downloads';
import { END_BEFORE_START, incomeRequest } from './report-rules';
import { ReportNote, ClientFields, DownloadMenu, ReportForm } from './report-fields';
import { PeriodFields, usePeriod, TaxYearField, useClientTaxYear } from './report-inputs';

/**
 * Income Statement (seed 000 §2.6): the client's income for a tax year (the first returned at first) or, when both
 * its ends are given, a period whose end cannot precede its start; as CSV or PDF.
 */
export function IncomeReportTab({
  organisationUuid,
  client,
}: {
  organisationUuid: string;
  client: SelectedClient | undefined;
}) {
  const choice = useClientTaxYear(organisationUuid, client);
  const { restriction, year, restrictionFrom } = choice;
  const download = useReportDownload(organisationUuid, 'income');
  const period = usePeriod();
  // the restriction must be known before anything is asked
  const unsettled =
    !client || restriction.isSuccess
      ? undefined
      : restriction.isError
        ? "There was a problem reading the client's reporting restriction"
        : 'Reading the client…';
  const requestOf = (format: 'pdf' | 'csv') => incomeRequest(client, year, restrictionFrom, period, format);
  const request = requestOf('pdf');

  return (
    <ReportForm testId="income-report-tab">
      <ClientFields client={client} />
      <TaxYearField client={client} choice={choice} warnRestricted />
      <PeriodFields
        labels={['Period Start', 'Period End']}
        {...period}
        // the end's minimum is the start (seed 000 §2.6)
        outOfOrder={END_BEFORE_START}
      />
      <ReportNote>
        Optional: with both a start and an end, the statement covers that period instead of the tax year.
      </ReportNote>
      <DownloadMenu
        formats={['csv', 'pdf']}
        reason={unsettled ?? (request.ok ? undefined : request.reason)}
        loading={download.isPending}
        onDownload={(format) => {
          const asked = requestOf(format);
          if (asked.ok) download.mutate({ format, body: asked.body });
        }}
      />
    </ReportForm>
  );
}
