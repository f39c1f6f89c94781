import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AgGridReact } from 'ag-grid-react';
import type { ColumnEvent, GetRowIdParams, GridReadyEvent, RowClickedEvent, SortChangedEvent } from 'ag-grid-community';
import { Checkbox, Input, Space, Switch, Tooltip } from 'antd';
import { config } from '@/config/env';
import { enterpriseGrid } from '@/lib/ag-grid';
import { storage } from '@/lib/storage';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { ColumnsMenu } from '@/components/grid/columns-menu';
import { ExportMenu } from '@/components/grid/export-menu';
import { useFullExport } from '@/components/grid/full-export';
import { GridPager } from '@/components/grid/grid-pager';
import { gridStorageKey, useGridQuery } from '@/components/grid/grid-query';
import { loadColumnState, sameSort, saveColumnState, sortOf, type SortItem } from '@/components/grid/column-state';
import { serverColDef, serverGridOptions } from '@/components/grid/grid-defaults';
import { getClients, useClients, type ClientSummaryRow } from '../api/get-clients';
import { CLIENTS_GRID_ID as GRID_ID, LIVE_FILTER, initialClientSort as initialSort } from '../api/clients-query';
import { HIDDEN_IN_REDUCED_LAYOUT, clientColumns } from './clients-columns';

/**
 * The clients grid (spec §2.5). The server pages, sorts and searches: the grid shows the page it returned,
 * in the order it returned. Export writes every client matching the search, filter and sort, with the
 * columns the user sees.
 */
export function ClientsGrid({
  organisationUuid,
  organisationName,
  onSelect,
}: {
  organisationUuid: string;
  organisationName: string;
  /** The selected client, or undefined when the row is deselected. */
  onSelect?: (client: ClientSummaryRow | undefined) => void;
}) {
  const gridRef = useRef<AgGridReact<ClientSummaryRow>>(null);
  const [query, setQuery] = useGridQuery(GRID_ID);
  const [sort, setSort] = useState<SortItem[]>(initialSort);
  const [reduced, setReduced] = useState<boolean>(
    () => storage.get<boolean>(gridStorageKey(GRID_ID, 'layout')) === true,
  );
  const [searchText, setSearchText] = useState(query.term);
  const debouncedSearch = useDebouncedValue(searchText, config.searchDebounceMs);

  useEffect(() => {
    if (debouncedSearch.trim() !== query.term) setQuery({ term: debouncedSearch.trim(), page: 1 });
    // only a settled search box changes the query
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedSearch]);

  const clients = useClients({ organisationUuid, ...query, sort });
  const rows = clients.data?.content;
  const total = clients.data?.totalSize ?? 0;

  const persistColumns = useCallback((event: ColumnEvent | { api: GridReadyEvent['api'] }) => {
    saveColumnState(GRID_ID, event.api);
  }, []);

  const onGridReady = useCallback(
    (event: GridReadyEvent<ClientSummaryRow>) => {
      const saved = loadColumnState(GRID_ID);
      if (saved) event.api.applyColumnState({ state: saved, applyOrder: true });
      if (reduced) event.api.setColumnsVisible([...HIDDEN_IN_REDUCED_LAYOUT], false);
    },
    // the saved state is read once, when the grid starts
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const onSortChanged = useCallback(
    (event: SortChangedEvent<ClientSummaryRow>) => {
      const next = sortOf(event.api.getColumnState());
      saveColumnState(GRID_ID, event.api);
      setSort((current) => {
        if (sameSort(current, next)) return current;
        setQuery({ page: 1 });
        return next;
      });
    },
    [setQuery],
  );

  const toggleReduced = (on: boolean) => {
    setReduced(on);
    storage.set(gridStorageKey(GRID_ID, 'layout'), on);
    const api = gridRef.current?.api;
    if (api) {
      api.setColumnsVisible([...HIDDEN_IN_REDUCED_LAYOUT], !on);
      saveColumnState(GRID_ID, api);
    }
  };

  const onRowClicked = useCallback(
    (event: RowClickedEvent<ClientSummaryRow>) => {
      const selecting = !event.node.isSelected();
      event.node.setSelected(selecting, true);
      onSelect?.(selecting ? event.data : undefined);
    },
    [onSelect],
  );

  const fullExport = useFullExport<ClientSummaryRow>({
    noun: 'client',
    fetchPage: (page, size, signal) => getClients({ organisationUuid, ...query, page, size, sort }, signal),
    grid: () => gridRef.current?.api,
    fileSuffix: 'clients',
    sheetName: 'Clients',
    defaultColDef: serverColDef,
  });

  const getRowId = useCallback((p: GetRowIdParams<ClientSummaryRow>) => p.data.uuid, []);
  const rowSelection = useMemo(
    () => ({ mode: 'singleRow' as const, checkboxes: false, enableClickSelection: false }),
    [],
  );
  const sideBar = useMemo(
    () => ({
      toolPanels: [
        {
          id: 'columns',
          labelDefault: 'Columns',
          labelKey: 'columns',
          iconKey: 'columns',
          toolPanel: 'agColumnsToolPanel',
          toolPanelParams: {
            suppressRowGroups: true,
            suppressValues: true,
            suppressPivots: true,
            suppressPivotMode: true,
          },
        },
      ],
    }),
    [],
  );

  return (
    <div className="gains-grid-panel" data-testid="clients-grid" data-loading={clients.isFetching}>
      <div className="gains-grid-toolbar">
        <Space wrap size="middle">
          <Input.Search
            allowClear
            placeholder="Search clients"
            aria-label="Search clients"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            onSearch={(value) => setQuery({ term: value.trim(), page: 1 })}
            className="gains-grid-toolbar__search"
          />
          <Checkbox
            checked={query.filter === LIVE_FILTER}
            onChange={(e) => setQuery({ filter: e.target.checked ? LIVE_FILTER : '', page: 1 })}
          >
            Live clients only
          </Checkbox>
          <Tooltip title="Hide relationship manager and income columns">
            <Space size="small">
              <Switch size="small" checked={reduced} onChange={toggleReduced} aria-label="Reduced layout" />
              <span>Reduced layout</span>
            </Space>
          </Tooltip>
        </Space>
        <Space>
          {!enterpriseGrid && <ColumnsMenu getApi={() => gridRef.current?.api} />}
          <ExportMenu onExport={(kind) => void fullExport.run(kind)} disabled={!rows?.length || fullExport.running} />
        </Space>
      </div>

      {clients.isError && (
        <ApiErrorAlert title={`There was a problem fetching clients for ${organisationName}`} error={clients.error} />
      )}

      <div className="gains-grid">
        <AgGridReact<ClientSummaryRow>
          ref={gridRef}
          {...serverGridOptions}
          rowData={clients.isError ? [] : rows}
          columnDefs={clientColumns}
          defaultColDef={serverColDef}
          getRowId={getRowId}
          rowSelection={rowSelection}
          onRowClicked={onRowClicked}
          onGridReady={onGridReady}
          onSortChanged={onSortChanged}
          onColumnMoved={persistColumns}
          onColumnResized={(e) => e.finished && persistColumns(e)}
          onColumnVisible={persistColumns}
          onColumnPinned={persistColumns}
          loading={clients.isFetching}
          suppressNoRowsOverlay={clients.isError}
          overlayNoRowsTemplate={`<span class="gains-grid__empty">${query.term || query.filter ? 'No clients match the search' : 'This organisation has no clients yet'}</span>`}
          sideBar={enterpriseGrid ? sideBar : undefined}
          suppressDragLeaveHidesColumns
        />
      </div>

      <GridPager
        page={query.page}
        size={query.size}
        total={clients.isError ? 0 : total}
        noun="client"
        onChange={({ page, size }) => setQuery({ page, size })}
      />
      {fullExport.dialog}
    </div>
  );
}
