import { useState } from 'react';
import { Form, Select } from 'antd';
import { HEADER_STATUSES } from '@gains/access';
import type { SelectedClient } from '@/lib/selected-client';
import { useReportDownload } from '../api/report-downloads';
import { TO_BEFORE_FROM, caReportRequest, type CaReportFilters } from './report-rules';
import { FieldRow, ClientFields, DownloadButton, ReportForm, ReportNote, todayDay } from './report-fields';
import { PeriodFields } from './report-inputs';

/** The dates a corporate action is found by (seed 001 §2), pay date first. */
const BY_DATES = [
  { value: 'PAY_DATE', label: 'Pay Date' },
  { value: 'EX_DATE', label: 'Ex Date' },
  { value: 'CREATED_DATE', label: 'Created Date' },
  { value: 'LAST_MODIFIED_DATE', label: 'Last Modified Date' },
];
const STATUS_OPTIONS = [
  { value: '', label: 'All' },
  ...HEADER_STATUSES.map((s) => ({
    value: s,
    label: s
      .toLowerCase()
      .split('_')
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join(' '),
  })),
];

/**
 * CA Headers and CA Candidates (seed 000 §2.6, super admins only): the corporate action headers, or their candidates,
 * of a status, found by a date from From to To, as a CSV in a new window. They span the organisation's clients, so
 * no client is asked.
 */
export function CaReportTab({
  organisationUuid,
  client,
  report,
}: {
  organisationUuid: string;
  client: SelectedClient | undefined;
  report: 'headers' | 'candidates';
}) {
  const today = todayDay();
  const [filters, setFilters] = useState<CaReportFilters>({
    status: '',
    searchDateType: 'PAY_DATE',
    from: today,
    to: today,
  });
  const set = (patch: Partial<CaReportFilters>) => setFilters((f) => ({ ...f, ...patch }));
  const download = useReportDownload(organisationUuid, report === 'headers' ? 'ca-headers' : 'ca-candidates');
  const request = caReportRequest(report, filters);
  return (
    <ReportForm testId={`ca-${report}-report-tab`}>
      <ClientFields client={client} needed={false} />
      <ReportNote>
        {report === 'headers'
          ? 'Every corporate action header of the organisation that matches, with its counts, as a CSV.'
          : "Every candidate of the organisation's corporate actions that match, with its holding and result, as a CSV."}
      </ReportNote>
      <FieldRow>
        <Form.Item label="Status">
          <Select<string>
            aria-label="Status"
            data-testid="ca-report-status"
            style={{ width: 200 }}
            value={filters.status}
            options={STATUS_OPTIONS}
            onChange={(status) => set({ status })}
          />
        </Form.Item>
        <Form.Item label="By Date">
          <Select<string>
            aria-label="By Date"
            data-testid="ca-report-by-date"
            style={{ width: 200 }}
            value={filters.searchDateType}
            options={BY_DATES}
            onChange={(searchDateType) => set({ searchDateType })}
          />
        </Form.Item>
      </FieldRow>
      <PeriodFields
        labels={['From', 'To']}
        testIds={['ca-report-from', 'ca-report-to']}
        start={filters.from}
        end={filters.to}
        onStart={(from) => set({ from: from ?? '' })}
        onEnd={(to) => set({ to: to ?? '' })}
        outOfOrder={TO_BEFORE_FROM}
      />
      <DownloadButton
        reason={request.ok ? undefined : request.reason}
        loading={download.isPending}
        onDownload={() => request.ok && download.mutate({ format: 'csv', body: request.body })}
      />
    </ReportForm>
  );
}
