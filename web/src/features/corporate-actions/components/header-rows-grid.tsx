import { useCallback } from 'react';
import '@/lib/ag-grid';
import { AgGridReact } from 'ag-grid-react';
import type { ColDef, GetRowIdParams } from 'ag-grid-community';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from '@gains/contracts';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { GridPager } from '@/components/grid/grid-pager';
import { serverColDef, serverGridOptions } from '@/components/grid/grid-defaults';

/** A header's candidates or previews: one page from the server, the app's pager under it. */
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
}) {
  const { rows } = props;
  const getRowId = useCallback((p: GetRowIdParams<T>) => p.data.uuid, []);
  return (
    <div className="gains-grid-panel" data-testid={props.testId} data-loading={rows.isFetching}>
      {rows.isError && <ApiErrorAlert title={props.errorTitle} error={rows.error} />}
      <div className="gains-grid">
        <AgGridReact<T>
          {...serverGridOptions}
          rowData={rows.isError ? [] : rows.data?.content}
          columnDefs={props.columns}
          defaultColDef={serverColDef as ColDef<T>}
          getRowId={getRowId}
          loading={rows.isLoading}
          suppressNoRowsOverlay={rows.isError}
          overlayNoRowsTemplate={`<span class="gains-grid__empty">${props.emptyText}</span>`}
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
