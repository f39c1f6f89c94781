import { useCallback, useRef } from 'react';
import '@/lib/ag-grid';
import { AgGridReact } from 'ag-grid-react';
import type { GetRowIdParams, RowClickedEvent } from 'ag-grid-community';
import { Button, Input, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { Security } from '@gains/contracts';
import { enterpriseGrid } from '@/lib/ag-grid';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { ColumnsMenu } from '@/components/grid/columns-menu';
import { ExportMenu } from '@/components/grid/export-menu';
import { useFullExport } from '@/components/grid/full-export';
import { GridPager } from '@/components/grid/grid-pager';
import { serverColDef, serverGridOptions } from '@/components/grid/grid-defaults';
import { getSecurities, useSecurities } from '../api/get-securities';
import { SECURITIES_GRID_ID, securityColumns } from './securities-columns';
import { useServerGrid } from '@/components/grid/use-server-grid';
import { initialSecuritySort } from './securities-query';

/**
 * Securities Lite (issue 20): every field of every security, paged, sorted and searched by the server.
 * Export writes every security matching the search, with the columns the user sees. A row opens the security.
 */
export function SecuritiesGrid({
  organisationUuid,
  onOpen,
  onAdd,
}: {
  organisationUuid: string;
  onOpen: (security: Security) => void;
  onAdd?: () => void;
}) {
  const gridRef = useRef<AgGridReact<Security>>(null);
  const { query, setQuery, sort, searchText, setSearchText, gridEvents } = useServerGrid(
    SECURITIES_GRID_ID,
    initialSecuritySort(SECURITIES_GRID_ID),
  );
  const securities = useSecurities({ organisationUuid, ...query, sort });
  const rows = securities.data?.content;
  const total = securities.data?.totalSize ?? 0;

  const fullExport = useFullExport<Security>({
    noun: 'security',
    plural: 'securities',
    fetchPage: (page, size, signal) => getSecurities({ organisationUuid, ...query, page, size, sort }, signal),
    grid: () => gridRef.current?.api,
    fileSuffix: 'securities',
    sheetName: 'Securities',
    defaultColDef: serverColDef,
  });

  const getRowId = useCallback((p: GetRowIdParams<Security>) => String(p.data.id), []);
  const onRowClicked = useCallback((e: RowClickedEvent<Security>) => e.data && onOpen(e.data), [onOpen]);

  return (
    <div className="gains-grid-panel" data-testid="securities-grid" data-loading={securities.isFetching}>
      <div className="gains-grid-toolbar">
        <Space wrap size="middle">
          <Input.Search
            allowClear
            placeholder="Filter securities"
            aria-label="Filter securities"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            onSearch={(value) => setQuery({ term: value.trim(), page: 1 })}
            className="gains-grid-toolbar__search"
          />
        </Space>
        <Space>
          {onAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
              Add security
            </Button>
          )}
          {!enterpriseGrid && <ColumnsMenu getApi={() => gridRef.current?.api} />}
          <ExportMenu onExport={(kind) => void fullExport.run(kind)} disabled={!rows?.length || fullExport.running} />
        </Space>
      </div>

      {securities.isError && <ApiErrorAlert title="Failed to fetch securities." error={securities.error} />}

      <div className="gains-grid">
        <AgGridReact<Security>
          ref={gridRef}
          {...serverGridOptions}
          rowData={securities.isError ? [] : rows}
          columnDefs={securityColumns}
          defaultColDef={serverColDef}
          getRowId={getRowId}
          onRowClicked={onRowClicked}
          rowClass="gains-grid__row--link"
          {...gridEvents}
          loading={securities.isFetching}
          suppressNoRowsOverlay={securities.isError}
          overlayNoRowsTemplate={`<span class="gains-grid__empty">${query.term ? 'No securities match the search' : 'There are no securities yet'}</span>`}
          suppressDragLeaveHidesColumns
        />
      </div>

      <GridPager
        page={query.page}
        size={query.size}
        total={securities.isError ? 0 : total}
        noun="security"
        plural="securities"
        onChange={({ page, size }) => setQuery({ page, size })}
      />
      {fullExport.dialog}
    </div>
  );
}
