import { useCallback, useRef, useState } from 'react';
import '@/lib/ag-grid';
import { AgGridReact } from 'ag-grid-react';
import type { GetRowIdParams, RowClickedEvent } from 'ag-grid-community';
import { Button, Input, Select, Space, Tooltip } from 'antd';
import { PlusOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { INCOME_TYPE_ITEMS } from '@gains/access';
import { INCOME_DIARY_FREQUENCIES, type IncomeDiary } from '@gains/contracts';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { ExportMenu } from '@/components/grid/export-menu';
import { useFullExport } from '@/components/grid/full-export';
import { GridPager } from '@/components/grid/grid-pager';
import { serverColDef, serverGridOptions } from '@/components/grid/grid-defaults';
import { useServerGrid } from '@/components/grid/use-server-grid';
import { notify } from '@/lib/notify';
import { listIncomeDiaries, useIncomeDiaries, useRunIncomeDiaries } from '../api/income-diaries';
import { incomeDiariesColumns } from './income-diaries-columns';

const GRID_ID = 'income-diaries';
const ALL = { value: '', label: 'All' };

/**
 * The Income Diaries grid: the firm's diaries, filtered by income type, frequency and whether active, searched by
 * SEDOL, ISIN or name, sorted and paged by the server, exported whole. A row opens the diary; 'New' adds one;
 * 'Run now' makes the headers of every diary due today at once (the timer does it too).
 */
export function IncomeDiariesList({
  organisationUuid,
  onOpen,
  onNew,
  canRun,
}: {
  organisationUuid: string;
  onOpen: (uuid: string) => void;
  onNew: () => void;
  canRun: boolean;
}) {
  const gridRef = useRef<AgGridReact<IncomeDiary>>(null);
  const { query, setQuery, sort, searchText, setSearchText, gridEvents } = useServerGrid(GRID_ID, [
    { colId: 'nextExDate', sort: 'asc' },
  ]);
  const [filters, setFilters] = useState({ incomeType: '', frequency: '', active: 'true' });
  const q = {
    organisationUuid,
    ...filters,
    term: query.term,
    sort: sort[0]?.colId ?? '',
    direction: sort[0]?.sort ?? '',
    page: query.page,
    size: query.size,
  } as const;
  const diaries = useIncomeDiaries(q);
  const rows = diaries.data?.content;
  const total = diaries.isError ? 0 : (diaries.data?.totalSize ?? 0);
  const run = useRunIncomeDiaries(organisationUuid);

  const fullExport = useFullExport<IncomeDiary>({
    noun: 'diary',
    plural: 'diaries',
    fetchPage: (page, size, signal) => listIncomeDiaries({ ...q, page, size }, signal),
    grid: () => gridRef.current?.api,
    fileSuffix: 'income-diaries',
    sheetName: 'Income Diaries',
    defaultColDef: serverColDef,
  });
  const filter = (change: Partial<typeof filters>) => {
    setFilters((f) => ({ ...f, ...change }));
    setQuery({ page: 1 });
  };
  const runNow = () =>
    run.mutate(undefined, {
      onSuccess: ({ created }) =>
        notify.success(
          created.length === 0
            ? 'No income diary was due'
            : `${created.length} income header${created.length === 1 ? '' : 's'} created`,
        ),
    });
  const getRowId = useCallback((p: GetRowIdParams<IncomeDiary>) => p.data.uuid, []);
  const onRowClicked = useCallback((e: RowClickedEvent<IncomeDiary>) => e.data && onOpen(e.data.uuid), [onOpen]);

  return (
    <div className="gains-grid-panel" data-testid="income-diaries-grid" data-loading={diaries.isFetching}>
      <div className="gains-grid-toolbar" style={{ flexWrap: 'wrap', rowGap: 8 }}>
        <Input.Search
          allowClear
          placeholder="Filter by SEDOL, ISIN or security"
          aria-label="Filter income diaries"
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          className="gains-grid-toolbar__search"
          style={{ width: 300 }}
        />
        <Select
          aria-label="Income Type"
          data-testid="diary-filter-income-type"
          style={{ width: 260 }}
          value={filters.incomeType}
          onChange={(incomeType) => filter({ incomeType })}
          options={[
            { ...ALL, label: 'All income types' },
            ...INCOME_TYPE_ITEMS.map((t) => ({ value: t.code, label: t.name })),
          ]}
        />
        <Select
          aria-label="Frequency"
          data-testid="diary-filter-frequency"
          style={{ width: 170 }}
          value={filters.frequency}
          onChange={(frequency) => filter({ frequency })}
          options={[{ ...ALL, label: 'All frequencies' }, ...INCOME_DIARY_FREQUENCIES]}
        />
        <Select
          aria-label="Active"
          data-testid="diary-filter-active"
          style={{ width: 150 }}
          value={filters.active}
          onChange={(active) => filter({ active })}
          options={[
            { value: 'true', label: 'Active only' },
            { value: 'false', label: 'Inactive only' },
            { ...ALL, label: 'Active and inactive' },
          ]}
        />
        <Space style={{ marginLeft: 'auto' }}>
          <Tooltip title="Create the headers of every diary due today now">
            <Button
              icon={<ThunderboltOutlined />}
              onClick={runNow}
              loading={run.isPending}
              disabled={!canRun}
              data-testid="diary-run-now"
            >
              Run now
            </Button>
          </Tooltip>
          <Button type="primary" icon={<PlusOutlined />} onClick={onNew} data-testid="diary-new">
            New
          </Button>
          <ExportMenu onExport={(kind) => void fullExport.run(kind)} disabled={!rows?.length || fullExport.running} />
        </Space>
      </div>
      {diaries.isError && <ApiErrorAlert title="Failed to fetch income diaries" error={diaries.error} />}
      <div className="gains-grid">
        <AgGridReact<IncomeDiary>
          ref={gridRef}
          {...serverGridOptions}
          rowData={diaries.isError ? [] : rows}
          columnDefs={incomeDiariesColumns}
          defaultColDef={serverColDef}
          getRowId={getRowId}
          onRowClicked={onRowClicked}
          rowClass="gains-grid__row--link"
          {...gridEvents}
          loading={diaries.isLoading}
          suppressNoRowsOverlay={diaries.isError}
          overlayNoRowsTemplate='<span class="gains-grid__empty">No income diaries match</span>'
        />
      </div>
      <GridPager
        page={query.page}
        size={query.size}
        total={total}
        noun="diary"
        plural="diaries"
        onChange={({ page, size }) => setQuery({ page, size })}
      />
      {fullExport.dialog}
    </div>
  );
}
