import { useState } from 'react';
import { Form, Select } from 'antd';
import type { SelectedClient } from '@/lib/selected-client';
import { useCgtReport, useClientTaxYears, useReportingRestriction } from '../api/cgt-report';
import { taxYearReportable } from './report-rules';
import { ClientFields, DownloadMenu, ReportForm } from './report-fields';

/** The CGT Report tab (seed 000 §2.6): the selected client, a tax year, and the report as CSV or PDF. */
export function CgtReportTab({
  organisationUuid,
  client,
}: {
  organisationUuid: string;
  client: SelectedClient | undefined;
}) {
  const taxYears = useClientTaxYears(organisationUuid, client?.uuid);
  const restriction = useReportingRestriction(organisationUuid, client?.uuid);
  const report = useCgtReport(organisationUuid);
  const [picked, setPicked] = useState<string>();
  // the first year returned until the user picks one (seed 000 §2.6)
  const year = taxYears.data?.find((y) => y.uuid === picked) ?? taxYears.data?.[0];
  const reportable = taxYearReportable(client, year, restriction.data?.reportingRestrictionFrom);
  const restricted = !!client && !!year && restriction.isSuccess && !reportable;

  const download = (format: 'pdf' | 'csv') =>
    client && year && report.mutate({ clientUuid: client.uuid, taxYearUuid: year.uuid, format });

  return (
    <ReportForm testId="cgt-report-tab">
      <ClientFields client={client} />
      <Form.Item
        label="Tax year"
        validateStatus={taxYears.isError ? 'error' : undefined}
        help={
          taxYears.isError
            ? 'There was a problem fetching the tax years'
            : restricted
              ? "This tax year starts before the client's reporting restriction"
              : undefined
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
      <DownloadMenu
        formats={['csv', 'pdf']}
        // the alert or the tax year's help says why
        reason={reportable ? undefined : ''}
        loading={report.isPending}
        onDownload={download}
      />
    </ReportForm>
  );
}
