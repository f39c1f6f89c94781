import { useMemo, useState } from 'react';
import type { ColDef } from 'ag-grid-community';
import { Button, DatePicker, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { LocalGrid } from '@/components/grid/local-grid';
import { numberColumn, textColumn } from '@/components/grid/grid-defaults';
import { formatDateTime } from '@/lib/format';
import { RESOLUTION_STATUSES, SEVERITIES, useMonitorLogs, type MonitorLog } from '../api/monitor-logs';
import { LogStatusModal } from './log-status-modal';

type Row = MonitorLog & { id: string };

const columns: ColDef<Row>[] = [
  {
    field: 'createdDate',
    headerName: 'Created',
    width: 150,
    sort: 'desc',
    valueFormatter: (p) => formatDateTime(p.value as string),
  },
  textColumn<Row>('errorCode', 'Error Code', { width: 240 }),
  {
    field: 'errorSeverityId',
    headerName: 'Severity',
    width: 110,
    valueFormatter: (p) => SEVERITIES[p.value as number] ?? String(p.value),
  },
  textColumn<Row>('logMessage', 'Error Description', { width: 320 }),
  textColumn<Row>('warningType', 'Warning Type', { width: 150 }),
  numberColumn<Row>('errorOccurrences', 'Occurrences', { width: 120 }),
  numberColumn<Row>('portfolioOccurrences', 'Portfolios', { width: 110 }),
  numberColumn<Row>('securitiesOccurrences', 'Securities', { width: 110 }),
  numberColumn<Row>('clientOccurrences', 'Clients', { width: 100 }),
  {
    field: 'mmtStatusId',
    headerName: 'Resolution Status',
    width: 150,
    valueFormatter: (p) => RESOLUTION_STATUSES[p.value as number] ?? '',
  },
  textColumn<Row>('jobType', 'Job', { width: 180 }),
  textColumn<Row>('notes', 'Notes', { width: 200 }),
  textColumn<Row>('userName', 'Last Modified By', { width: 170 }),
];

const day = (d: Dayjs) => d.format('YYYY-MM-DD');

/**
 * The ACT Monitor (seed 000 §2.8): the monitor logs jobs raised between From and To (both today at first), of one
 * severity or all, searched when Search is pressed; a row opens the Log Status modal to set its resolution.
 */
export function ActMonitor({ organisationUuid }: { organisationUuid: string }) {
  const [from, setFrom] = useState<Dayjs>(() => dayjs());
  const [to, setTo] = useState<Dayjs>(() => dayjs());
  const [severity, setSeverity] = useState(0);
  const [search, setSearch] = useState(() => ({ from: day(dayjs()), to: day(dayjs()), errorSeverity: 0 }));
  const logs = useMonitorLogs({ organisationUuid, ...search });
  const rows = useMemo(() => logs.data?.map((l) => ({ ...l, id: l.uuid })), [logs.data]);
  const [open, setOpen] = useState<MonitorLog>();

  return (
    <>
      <div className="gains-grid-toolbar" data-testid="act-monitor-filters">
        <Space wrap size="middle">
          <span>From</span>
          <DatePicker
            aria-label="From date"
            format="DD/MM/YYYY"
            allowClear={false}
            value={from}
            onChange={(d) => d && setFrom(d)}
          />
          <span>To</span>
          <DatePicker
            aria-label="To date"
            format="DD/MM/YYYY"
            allowClear={false}
            value={to}
            onChange={(d) => d && setTo(d)}
          />
          <span>Severity</span>
          <Select<number>
            aria-label="Severity"
            style={{ width: 140 }}
            value={severity}
            onChange={setSeverity}
            options={[{ value: 0, label: 'All' }, ...[1, 2, 3, 4].map((s) => ({ value: s, label: SEVERITIES[s] }))]}
          />
          <Button
            type="primary"
            onClick={() => setSearch({ from: day(from), to: day(to), errorSeverity: severity })}
            loading={logs.isFetching}
          >
            Search
          </Button>
        </Space>
      </div>
      <LocalGrid<Row>
        gridId="act-monitor-logs"
        testId="act-monitor-logs"
        rows={rows}
        columns={columns}
        loading={logs.isFetching}
        error={logs.error}
        errorTitle="There was a problem fetching the monitor logs"
        exportSuffix="act-monitor-logs"
        sheetName="Logs"
        searchPlaceholder="Filter logs"
        emptyText="No monitor logs between these dates"
        noun="log"
        onRowClicked={setOpen}
      />
      <LogStatusModal organisationUuid={organisationUuid} log={open} onClose={() => setOpen(undefined)} />
    </>
  );
}
