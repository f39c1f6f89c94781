import { useCallback, useMemo, type ReactNode } from 'react';
import '@/lib/ag-grid';
import { AgGridReact } from 'ag-grid-react';
import type { CellValueChangedEvent, ColDef, GetRowIdParams, GridApi } from 'ag-grid-community';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from '@gains/contracts';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { GridPager } from '@/components/grid/grid-pager';
import { serverColDef, serverGridOptions } from '@/components/grid/grid-defaults';

/**
 * A header's candidates, previews, proposed or posted transactions: one page from the server, a toolbar over it
 * and the app's pager under it. Rows are copies, so a cell typed into never changes the cached page.
 */
export function HeaderRowsGrid<T extends { uuid: string }>(props: {
  testId: string;
  rows: UseQueryResult<Page<T>>;
  columns: ColDef<T>[];
  page: number;
  size: number;
  onPage: (change: { page: number; size: number }) => void;
  noun: string;
  errorTitle: string;
  emptyText: string;
  toolbar?: ReactNode;
  onGridReady?: (api: GridApi<T>) => void;
  onCellValueChanged?: (event: CellValueChangedEvent<T>) => void;
}) {
  const { rows } = props;
  const getRowId = useCallback((p: GetRowIdParams<T>) => p.data.uuid, []);
  const rowData = useMemo(
    () => (rows.isError ? [] : rows.data?.content.map((r) => ({ ...r }))),
    [rows.isError, rows.data],
  );
  return (
    <div className="gains-grid-panel" data-testid={props.testId} data-loading={rows.isFetching}>
      {rows.isError && <ApiErrorAlert title={props.errorTitle} error={rows.error} />}
      {props.toolbar && <div className="gains-grid-toolbar">{props.toolbar}</div>}
      <div className="gains-grid">
        <AgGridReact<T>
          {...serverGridOptions}
          rowData={rowData}
          columnDefs={props.columns}
          defaultColDef={serverColDef as ColDef<T>}
          getRowId={getRowId}
          loading={rows.isLoading}
          suppressNoRowsOverlay={rows.isError}
          overlayNoRowsTemplate={`<span class="gains-grid__empty">${props.emptyText}</span>`}
          singleClickEdit
          stopEditingWhenCellsLoseFocus
          onGridReady={(e) => props.onGridReady?.(e.api)}
          onCellValueChanged={props.onCellValueChanged}
        />
      </div>
      <GridPager
        page={props.page}
        size={props.size}
        total={rows.isError ? 0 : (rows.data?.totalSize ?? 0)}
        noun={props.noun}
        onChange={props.onPage}
      />
    </div>
  );
}
