import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import '@/lib/ag-grid';
import { AgGridReact } from 'ag-grid-react';
import type { ColDef, GetRowIdParams, GridApi, RowClickedEvent } from 'ag-grid-community';
import { Input, Space } from 'antd';
import { exportFileName } from '@/lib/format';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { ColumnsMenu } from './columns-menu';
import { ExportMenu } from './export-menu';
import { DEFAULT_PAGE_SIZE } from './grid-query';
import { loadColumnState, saveColumnState } from './column-state';
import { baseColDef, gridTheme, ROW_HEIGHT } from './grid-defaults';
import { downloadXlsx, gridSheet } from './write-xlsx';
import { exportCell } from './full-export';
import { GridPager } from './grid-pager';

/**
 * A grid over a list the server answers whole (administration lists): the grid searches, sorts and pages
 * in the browser; export writes what the user sees (formatted values) as `YYYY-MM-DD-{exportSuffix}.csv|xlsx` (spec §2.4).
 */
export function LocalGrid<T extends { id: number | string }>(props: {
  gridId: string;
  rows: T[] | undefined;
  columns: ColDef<T>[];
  loading: boolean;
  error: unknown;
  errorTitle: string;
  exportSuffix: string;
  sheetName: string;
  searchPlaceholder: string;
  emptyText: string;
  /** What a row is, singular, for the pager ("organisation"). */
  noun: string;
  onRowClicked?: (row: T) => void;
  /**
   * The row shown as selected (highlighted), for a list whose selected row is opened beside it; undefined
   * selects none. Given (even undefined), the grid follows it; omitted, rows are not selectable.
   */
  selectedId?: string | number;
  toolbar?: ReactNode;
  /** Offer the columns menu (for tables with columns hidden by default); the choice is saved per `gridId`. */
  columnsMenu?: boolean;
  testId?: string;
  /** Offer the search box that filters the rows shown (default); false for rows a search above already chose. */
  quickFilter?: boolean;
}) {
  const gridRef = useRef<AgGridReact<T>>(null);
  const [search, setSearch] = useState('');
  const defaultColDef = useMemo<ColDef<T>>(() => ({ ...(baseColDef as ColDef<T>), flex: 1 }), []);
  // Columns share the width (flex) but never shrink below the width they ask for: a wide table scrolls sideways
  // rather than cutting every cell to a few letters.
  const columnDefs = useMemo(
    () => props.columns.map((c) => (c.width && c.minWidth === undefined ? { ...c, minWidth: c.width } : c)),
    [props.columns],
  );
  // The grid pages in the browser; the app's one pager drives it.
  const [paging, setPaging] = useState({ page: 1, size: DEFAULT_PAGE_SIZE, total: 0 });
  const readPaging = useCallback((api: GridApi<T>) => {
    setPaging({
      page: api.paginationGetCurrentPage() + 1,
      size: api.paginationGetPageSize(),
      total: api.paginationGetRowCount(),
    });
  }, []);
  const getRowId = useCallback((p: GetRowIdParams<T>) => String(p.data.id), []);
  const selectable = 'selectedId' in props;
  const rowSelection = useMemo(
    () => (selectable ? { mode: 'singleRow' as const, checkboxes: false, enableClickSelection: false } : undefined),
    [selectable],
  );
  // The selection follows the page's state: opened on a click, cleared when the page closes the row.
  const { selectedId } = props;
  useEffect(() => {
    const api = gridRef.current?.api;
    if (!api || !selectable) return;
    if (selectedId === undefined) api.deselectAll();
    else api.getRowNode(String(selectedId))?.setSelected(true, true);
  }, [selectable, selectedId, props.rows]);
  const onRowClicked = useCallback(
    (event: RowClickedEvent<T>) => event.data && props.onRowClicked?.(event.data),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [props.onRowClicked],
  );
  const persist = useCallback(
    (event: { api: Parameters<typeof saveColumnState>[1] }) => saveColumnState(props.gridId, event.api),
    [props.gridId],
  );

  const exportRows = (kind: 'csv' | 'xlsx') => {
    const api = gridRef.current?.api;
    if (!api) return;
    const fileName = exportFileName(props.exportSuffix, kind);
    if (kind === 'csv') api.exportDataAsCsv({ fileName, processCellCallback: exportCell });
    else void downloadXlsx(gridSheet(api), fileName, props.sheetName);
  };

  return (
    <div className="gains-grid-panel" data-testid={props.testId} data-loading={props.loading}>
      <div className="gains-grid-toolbar">
        <Space wrap size="middle">
          {props.quickFilter !== false && (
            <Input.Search
              allowClear
              placeholder={props.searchPlaceholder}
              aria-label={props.searchPlaceholder}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              className="gains-grid-toolbar__search"
            />
          )}
        </Space>
        <Space>
          {props.toolbar}
          {props.columnsMenu && <ColumnsMenu getApi={() => gridRef.current?.api} />}
          <ExportMenu onExport={exportRows} disabled={!props.rows?.length} />
        </Space>
      </div>
      {props.error ? <ApiErrorAlert title={props.errorTitle} error={props.error} /> : null}
      <div className="gains-grid">
        <AgGridReact<T>
          ref={gridRef}
          theme={gridTheme}
          rowHeight={ROW_HEIGHT}
          headerHeight={ROW_HEIGHT}
          domLayout="autoHeight"
          // as the server grids: every column in the page (a wide table scrolls sideways; few rows per page)
          suppressColumnVirtualisation
          multiSortKey="ctrl"
          rowData={props.error ? [] : props.rows}
          columnDefs={columnDefs}
          defaultColDef={defaultColDef}
          getRowId={getRowId}
          quickFilterText={search}
          cacheQuickFilter
          pagination
          paginationPageSize={DEFAULT_PAGE_SIZE}
          suppressPaginationPanel
          onPaginationChanged={(e) => readPaging(e.api)}
          loading={props.loading}
          suppressNoRowsOverlay={!!props.error}
          overlayNoRowsTemplate={`<span class="gains-grid__empty">${search ? 'Nothing matches the search' : props.emptyText}</span>`}
          onRowClicked={onRowClicked}
          rowSelection={rowSelection}
          rowClass={props.onRowClicked ? 'gains-grid__row--link' : undefined}
          onGridReady={(e) => {
            const saved = loadColumnState(props.gridId);
            if (saved) e.api.applyColumnState({ state: saved, applyOrder: true });
          }}
          onSortChanged={persist}
          onColumnMoved={persist}
          onColumnResized={(e) => e.finished && persist(e)}
          onColumnVisible={persist}
        />
      </div>
      <GridPager
        page={paging.page}
        size={paging.size}
        total={props.error ? 0 : paging.total}
        noun={props.noun}
        onChange={({ page, size }) => {
          const api = gridRef.current?.api;
          if (!api) return;
          if (size !== paging.size) api.setGridOption('paginationPageSize', size);
          api.paginationGoToPage(page - 1);
        }}
      />
    </div>
  );
}
