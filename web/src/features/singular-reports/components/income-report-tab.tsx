import { useState } from 'react';
import { Form, Select } from 'antd';
import type { SelectedClient } from '@/lib/selected-client';
import { useClientTaxYears, useReportingRestriction } from '../api/cgt-report';
import { useReportDownload } from '../api/report-downloads';
import { END_BEFORE_START, RESTRICTED_YEAR, incomeRequest, periodInOrder, taxYearReportable } from './report-rules';
import { FieldRow, ReportNote, ClientFields, DayPicker, DownloadMenu, ReportForm } from './report-fields';

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
  const taxYears = useClientTaxYears(organisationUuid, client?.uuid);
  const restriction = useReportingRestriction(organisationUuid, client?.uuid);
  const download = useReportDownload(organisationUuid, 'income');
  const [picked, setPicked] = useState<string>();
  const [start, setStart] = useState<string>();
  const [end, setEnd] = useState<string>();
  // the first year returned until the user picks one (seed 000 §2.6)
  const year = taxYears.data?.find((y) => y.uuid === picked) ?? taxYears.data?.[0];
  const restrictionFrom = restriction.data?.reportingRestrictionFrom;
  const yearRestricted =
    !!client && !!year && restriction.isSuccess && !taxYearReportable(client, year, restrictionFrom);
  // the restriction must be known before anything is asked
  const unsettled =
    !client || restriction.isSuccess
      ? undefined
      : restriction.isError
        ? "There was a problem reading the client's reporting restriction"
        : 'Reading the client…';
  const requestOf = (format: 'pdf' | 'csv') => incomeRequest(client, year, restrictionFrom, { start, end }, format);
  const request = requestOf('pdf');

  return (
    <ReportForm testId="income-report-tab">
      <ClientFields client={client} />
      <Form.Item
        label="Tax year"
        validateStatus={taxYears.isError ? 'error' : yearRestricted ? 'warning' : undefined}
        help={
          taxYears.isError ? 'There was a problem fetching the tax years' : yearRestricted ? RESTRICTED_YEAR : undefined
        }
      >
        <Select<string>
          aria-label="Tax year"
          style={{ width: 200 }}
          disabled={!client}
          loading={taxYears.isFetching}
          value={year?.uuid}
          placeholder={client ? 'No tax years' : 'Select a client'}
          options={taxYears.data?.map((y) => ({ value: y.uuid, label: y.label }))}
          onChange={setPicked}
        />
      </Form.Item>
      <FieldRow>
        <DayPicker label="Period Start" testId="period-start" value={start} onChange={setStart} />
        <DayPicker
          label="Period End"
          testId="period-end"
          value={end}
          onChange={setEnd}
          // the end's minimum is the start (seed 000 §2.6)
          disabledDay={(day) => !periodInOrder(start, day)}
          error={periodInOrder(start, end) ? undefined : END_BEFORE_START}
        />
      </FieldRow>
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
