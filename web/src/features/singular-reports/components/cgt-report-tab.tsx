import { useState } from 'react';
import { Alert, Button, Dropdown, Form, Input, Select, Space, Spin } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import type { SelectedClient } from '@/lib/selected-client';
import { useCgtReport, useClientTaxYears, useReportingRestriction } from '../api/cgt-report';
import { taxYearReportable } from './report-rules';

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
    <Form layout="vertical" style={{ maxWidth: 520 }} data-testid="cgt-report-tab">
      {!client && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="Select a client in the Clients area to report on them."
        />
      )}
      <Space size="large" wrap>
        <Form.Item label="Client Code">
          <Input readOnly value={client?.code ?? ''} aria-label="Client Code" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="Client Name">
          <Input readOnly value={client?.name ?? ''} aria-label="Client Name" style={{ width: 260 }} />
        </Form.Item>
      </Space>
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
      <Dropdown
        disabled={!reportable || report.isPending}
        menu={{
          items: [
            { key: 'csv', label: 'Download CSV' },
            { key: 'pdf', label: 'Download PDF' },
          ],
          onClick: ({ key }) => download(key as 'pdf' | 'csv'),
        }}
      >
        <Button type="primary" disabled={!reportable || report.isPending}>
          <Space>
            {report.isPending ? <Spin size="small" /> : null}
            Download
            <DownOutlined />
          </Space>
        </Button>
      </Dropdown>
    </Form>
  );
}
