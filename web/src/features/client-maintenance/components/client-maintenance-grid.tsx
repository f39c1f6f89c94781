import { useCallback, useRef } from 'react';
import '@/lib/ag-grid';
import { AgGridReact } from 'ag-grid-react';
import type { ColDef, GetRowIdParams, RowClickedEvent } from 'ag-grid-community';
import { Button, Input, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { ColumnsMenu } from '@/components/grid/columns-menu';
import { ExportMenu } from '@/components/grid/export-menu';
import { useFullExport } from '@/components/grid/full-export';
import { GridPager } from '@/components/grid/grid-pager';
import { useServerGrid } from '@/components/grid/use-server-grid';
import {
  booleanColumn,
  dateColumn,
  numberColumn,
  serverColDef,
  serverGridOptions,
  textColumn,
} from '@/components/grid/grid-defaults';
import { getAdminClients, useAdminClients, type ClientListItem } from '../api/client-admin';

const GRID_ID = 'client-maintenance';

const columns: ColDef<ClientListItem>[] = [
  textColumn<ClientListItem>('code', 'Client Code', { width: 150 }),
  textColumn<ClientListItem>('name', 'Client Name', { width: 240 }),
  textColumn<ClientListItem>('type', 'Client Type', { width: 150 }),
  textColumn<ClientListItem>('state', 'Client State', { width: 130 }),
  textColumn<ClientListItem>('serviceLevel', 'Service Level', { width: 150 }),
  textColumn<ClientListItem>('relationshipManager', 'Relationship Manager', { width: 200 }),
  textColumn<ClientListItem>('familyGroup', 'Family Group', { width: 150 }),
  textColumn<ClientListItem>('niNumber', 'NI Number', { width: 130 }),
  booleanColumn<ClientListItem>('company', 'Company', { width: 110 }),
  numberColumn<ClientListItem>('portfolioCount', 'Portfolios', { width: 110 }),
  dateColumn<ClientListItem>('lastModifiedDate', 'Last Modified', { width: 140 }),
  textColumn<ClientListItem>('lastModifiedByName', 'Modified By', { width: 180 }),
].map((c) => ({ colId: c.field as string, ...c }));

/**
 * Client Maintenance: every client of the organisation, paged, sorted and searched by the server (code, name,
 * reporting name, NI number, relationship manager, family group). A row opens the client.
 */
export function ClientMaintenanceGrid({
  organisationUuid,
  onOpen,
  onAdd,
}: {
  organisationUuid: string;
  onOpen: (client: ClientListItem) => void;
  onAdd?: () => void;
}) {
  const gridRef = useRef<AgGridReact<ClientListItem>>(null);
  const { query, setQuery, sort, searchText, setSearchText, gridEvents } = useServerGrid(GRID_ID, [
    { colId: 'code', sort: 'asc' },
  ]);
  const clients = useAdminClients({ organisationUuid, ...query, sort });
  const rows = clients.data?.content;

  const fullExport = useFullExport<ClientListItem>({
    noun: 'client',
    fetchPage: (page, size, signal) => getAdminClients({ organisationUuid, ...query, page, size, sort }, signal),
    grid: () => gridRef.current?.api,
    fileSuffix: 'clients',
    sheetName: 'Clients',
    defaultColDef: serverColDef,
  });
  const getRowId = useCallback((p: GetRowIdParams<ClientListItem>) => p.data.uuid, []);
  const onRowClicked = useCallback((e: RowClickedEvent<ClientListItem>) => e.data && onOpen(e.data), [onOpen]);

  return (
    <div className="gains-grid-panel" data-testid="client-maintenance-grid" data-loading={clients.isFetching}>
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
        </Space>
        <Space>
          {onAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
              Add client
            </Button>
          )}
          <ColumnsMenu getApi={() => gridRef.current?.api} />
          <ExportMenu onExport={(kind) => void fullExport.run(kind)} disabled={!rows?.length || fullExport.running} />
        </Space>
      </div>
      {clients.isError && <ApiErrorAlert title="There was a problem fetching clients" error={clients.error} />}
      <div className="gains-grid">
        <AgGridReact<ClientListItem>
          ref={gridRef}
          {...serverGridOptions}
          rowData={clients.isError ? [] : rows}
          columnDefs={columns}
          defaultColDef={serverColDef}
          getRowId={getRowId}
          onRowClicked={onRowClicked}
          rowClass="gains-grid__row--link"
          {...gridEvents}
          loading={clients.isFetching}
          suppressNoRowsOverlay={clients.isError}
          overlayNoRowsTemplate={`<span class="gains-grid__empty">${query.term ? 'No clients match the search' : 'This organisation has no clients yet'}</span>`}
          suppressDragLeaveHidesColumns
        />
      </div>
      <GridPager
        page={query.page}
        size={query.size}
        total={clients.isError ? 0 : (clients.data?.totalSize ?? 0)}
        noun="client"
        onChange={({ page, size }) => setQuery({ page, size })}
      />
      {fullExport.dialog}
    </div>
  );
}
