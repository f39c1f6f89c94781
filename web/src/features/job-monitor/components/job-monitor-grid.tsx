import { useCallback, useRef, useState } from 'react';
import '@/lib/ag-grid';
import { AgGridReact } from 'ag-grid-react';
import type { ColDef, GetRowIdParams, RowClickedEvent } from 'ag-grid-community';
import { DatePicker, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { ExportMenu } from '@/components/grid/export-menu';
import { useFullExport } from '@/components/grid/full-export';
import { GridPager } from '@/components/grid/grid-pager';
import { useServerGrid } from '@/components/grid/use-server-grid';
import { numberColumn, serverColDef, serverGridOptions, textColumn } from '@/components/grid/grid-defaults';
import { formatDateTime } from '@/lib/format';
import { getJobs, JOB_STATUSES, useJobs, type Job } from '../api/jobs';
import { JobDrawer } from './job-drawer';
import { jobStatusLabel, progressText } from './job-labels';

const GRID_ID = 'job-monitor';
const dateTime = (field: keyof Job, headerName: string, colId: string, sortable = true): ColDef<Job> => ({
  colId,
  field,
  headerName,
  sortable,
  width: 160,
  valueFormatter: (p) => formatDateTime(p.value as string | null),
});

// colIds are the service's sort columns where the server sorts by them.
const columns: ColDef<Job>[] = [
  textColumn<Job>('type', 'Type', { colId: 'type', width: 200 }),
  {
    colId: 'status',
    field: 'status',
    headerName: 'Status',
    width: 170,
    valueFormatter: (p) => jobStatusLabel(p.value),
  },
  {
    colId: 'progress',
    headerName: 'Progress',
    sortable: false,
    width: 160,
    valueGetter: (p) => (p.data ? progressText(p.data) : ''),
  },
  numberColumn<Job>('candidateCount', 'Candidates', { colId: 'candidateCount', sortable: false, width: 120 }),
  numberColumn<Job>('successCount', 'Successes', { colId: 'successCount', sortable: false, width: 120 }),
  numberColumn<Job>('failureCount', 'Failures', { colId: 'failureCount', sortable: false, width: 110 }),
  textColumn<Job>('objectId', 'Object', {
    colId: 'object',
    sortable: false,
    width: 200,
    valueGetter: (p) => (p.data?.objectId ? `${p.data.objectKind.toLowerCase()} ${p.data.objectId}` : ''),
  }),
  textColumn<Job>('startedBy', 'Started By', { colId: 'startedByName', width: 180 }),
  dateTime('createdDateTime', 'Created', 'createdAt'),
  dateTime('updatedDateTime', 'Updated', 'updatedAt'),
  dateTime('finishedDateTime', 'Finished', 'finishedAt'),
  textColumn<Job>('service', 'Service', { colId: 'service', sortable: false, width: 120 }),
];

const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : undefined);

/**
 * The Job Monitor: every job of the organisation across services (imports, recalculations, corporate-action runs,
 * report batches), paged and sorted by the server, filtered by type, status and the day it was created; progress
 * moves while a job runs. A row opens the job with its failures and its trace.
 */
export function JobMonitorGrid({ organisationUuid }: { organisationUuid: string }) {
  const gridRef = useRef<AgGridReact<Job>>(null);
  const { query, setQuery, sort, gridEvents } = useServerGrid(GRID_ID, [{ colId: 'createdAt', sort: 'desc' }]);
  const [filters, setFilters] = useState<{ type?: string; status?: string; from?: Dayjs | null; to?: Dayjs | null }>(
    {},
  );
  const q = {
    organisationUuid,
    ...query,
    sort,
    type: filters.type,
    status: filters.status,
    from: day(filters.from),
    to: day(filters.to),
  };
  const jobs = useJobs(q);
  const rows = jobs.data?.content;
  const [open, setOpen] = useState<string>();

  const fullExport = useFullExport<Job>({
    noun: 'job',
    fetchPage: (page, size, signal) => getJobs({ ...q, page, size }, signal),
    grid: () => gridRef.current?.api,
    fileSuffix: 'job-monitor',
    sheetName: 'Jobs',
    defaultColDef: serverColDef,
  });
  const filter = (patch: Partial<typeof filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setQuery({ page: 1 });
  };
  const getRowId = useCallback((p: GetRowIdParams<Job>) => p.data.uuid, []);
  const onRowClicked = useCallback((e: RowClickedEvent<Job>) => e.data && setOpen(e.data.uuid), []);

  return (
    <div className="gains-grid-panel" data-testid="job-monitor-grid" data-loading={jobs.isFetching}>
      <div className="gains-grid-toolbar">
        <Space wrap size="middle">
          <Select
            allowClear
            aria-label="Job type"
            placeholder="Any type"
            style={{ width: 220 }}
            value={filters.type}
            onChange={(type) => filter({ type })}
            options={(jobs.data?.types ?? []).map((t) => ({ value: t, label: t }))}
          />
          <Select
            allowClear
            aria-label="Job status"
            placeholder="Any status"
            style={{ width: 200 }}
            value={filters.status}
            onChange={(status) => filter({ status })}
            options={JOB_STATUSES.map((s) => ({ value: s, label: jobStatusLabel(s) }))}
          />
          <DatePicker
            aria-label="Created from"
            placeholder="Created from"
            format="DD/MM/YYYY"
            value={filters.from}
            onChange={(from) => filter({ from })}
          />
          <DatePicker
            aria-label="Created to"
            placeholder="Created to"
            format="DD/MM/YYYY"
            value={filters.to}
            onChange={(to) => filter({ to })}
          />
        </Space>
        <ExportMenu onExport={(kind) => void fullExport.run(kind)} disabled={!rows?.length || fullExport.running} />
      </div>
      {jobs.isError && <ApiErrorAlert title="There was a problem fetching jobs" error={jobs.error} />}
      <div className="gains-grid">
        <AgGridReact<Job>
          ref={gridRef}
          {...serverGridOptions}
          rowData={jobs.isError ? [] : rows}
          columnDefs={columns}
          defaultColDef={serverColDef}
          getRowId={getRowId}
          onRowClicked={onRowClicked}
          rowClass="gains-grid__row--link"
          {...gridEvents}
          loading={jobs.isLoading}
          suppressNoRowsOverlay={jobs.isError}
          overlayNoRowsTemplate='<span class="gains-grid__empty">No jobs match: imports, recalculations and corporate-action runs show here</span>'
        />
      </div>
      <GridPager
        page={query.page}
        size={query.size}
        total={jobs.isError ? 0 : (jobs.data?.totalSize ?? 0)}
        noun="job"
        onChange={({ page, size }) => setQuery({ page, size })}
      />
      {fullExport.dialog}
      <JobDrawer organisationUuid={organisationUuid} uuid={open} onClose={() => setOpen(undefined)} />
    </div>
  );
}
