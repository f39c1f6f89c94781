import { useCallback, useRef, useState } from 'react';
import '@/lib/ag-grid';
import { AgGridReact } from 'ag-grid-react';
import type { GetRowIdParams, RowClickedEvent } from 'ag-grid-community';
import { Alert, Button, Drawer, Select, Space, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { IMPORT_KIND_NAMES, type ImportRejectedRow } from '@gains/contracts';
import { isApiError } from '@/lib/api-client';
import { exportFileName, formatNumber } from '@/lib/format';
import { notify } from '@/lib/notify';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { GridPager } from '@/components/grid/grid-pager';
import { useServerGrid } from '@/components/grid/use-server-grid';
import { serverColDef, serverGridOptions } from '@/components/grid/grid-defaults';
import { useImport, useImports, useStartImport, type ImportKind, type ImportTask } from '../api/imports';
import { importTaskColumns } from './import-tasks-columns';

const GRID_ID = 'import-tasks';
const KINDS: ImportKind[] = ['TRANSACTIONS', 'CLIENTS', 'PORTFOLIOS', 'CUSTODIAN_HOLDINGS', 'PRICES'];

/** The columns each kind's CSV takes (header row, names in any case), as the services read them. */
const KIND_COLUMNS: Record<ImportKind, string> = {
  TRANSACTIONS:
    'client, portfolio, security (SEDOL or ISIN), date, type; optional quantity, price, amount, expenses, currency, fx_rate, state, acquired, ratio, market_value, timing, ref, notes',
  CLIENTS:
    'code, name; optional type, state, first_name, surname, date_of_birth, ni_number, utr, relationship_manager, email and the other client fields (a known code updates that client)',
  PORTFOLIOS:
    'code, name; optional type, state, currency, tax_wrapper (GIA, ISA or PENSION), owners (client codes with shares: C1:60;C2:40)',
  PRICES: 'security (SEDOL, ISIN or id), date, price, currency',
  CUSTODIAN_HOLDINGS: 'portfolio, security (SEDOL or ISIN), quantity, date',
};

/** A CSV cell: quoted when it holds a comma, quote or line break. */
const cell = (value: string | number) => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

function downloadRejected(task: ImportTask) {
  const lines = ['line,column,reason', ...task.rejected.map((r) => [r.line, r.column, r.reason].map(cell).join(','))];
  const blob = new Blob([lines.join('\r\n') + '\r\n'], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = exportFileName(`rejected-rows-${task.fileName.replace(/\.csv$/i, '').replace(/[^\w.-]+/g, '_')}`, 'csv');
  a.click();
  URL.revokeObjectURL(url);
}

/**
 * Interface Logging (seed 000 §1): pick a kind, upload a file (read as text here, posted as JSON), and review the
 * import tasks; the grid polls while a task runs, and a task opens with its rejected rows, downloadable as CSV.
 */
export function InterfaceLogging({ organisationUuid, canImport }: { organisationUuid: string; canImport: boolean }) {
  const gridRef = useRef<AgGridReact<ImportTask>>(null);
  const { query, setQuery, gridEvents } = useServerGrid(GRID_ID);
  const tasks = useImports({ organisationUuid, page: query.page, size: query.size });
  const start = useStartImport(organisationUuid);
  const [kind, setKind] = useState<ImportKind>('TRANSACTIONS');
  const [open, setOpen] = useState<string>();
  const rows = tasks.data?.content;

  const upload = (file: File) => {
    void file.text().then((content) =>
      start.mutate(
        { kind, fileName: file.name, content },
        {
          onSuccess: (task) => {
            notify.success(`Import of ${task.fileName} started`);
            setOpen(task.uuid);
          },
          onError: (error) =>
            notify.error(isApiError(error) ? error.typeDescription : `${file.name} could not be imported`),
        },
      ),
    );
    return Upload.LIST_IGNORE;
  };
  const getRowId = useCallback((p: GetRowIdParams<ImportTask>) => p.data.uuid, []);
  const onRowClicked = useCallback((e: RowClickedEvent<ImportTask>) => e.data && setOpen(e.data.uuid), []);

  return (
    <>
      {canImport && (
        <div className="gains-grid-toolbar" data-testid="import-start">
          <Space wrap size="middle">
            <span>Kind</span>
            <Select<ImportKind>
              aria-label="Import kind"
              data-testid="import-kind"
              value={kind}
              onChange={setKind}
              style={{ width: 220 }}
              options={KINDS.map((k) => ({ value: k, label: IMPORT_KIND_NAMES[k] }))}
            />
            <Upload accept=".csv,text/csv" multiple={false} showUploadList={false} beforeUpload={upload}>
              <Button type="primary" icon={<UploadOutlined />} loading={start.isPending} data-testid="import-upload">
                Upload file
              </Button>
            </Upload>
          </Space>
          <div style={{ flexBasis: '100%' }}>
            <Typography.Text type="secondary" data-testid="import-kind-columns">
              Columns: {KIND_COLUMNS[kind]}
            </Typography.Text>
          </div>
        </div>
      )}
      <div className="gains-grid-panel" data-testid="import-tasks-grid" data-loading={tasks.isFetching}>
        {tasks.isError && <ApiErrorAlert title="Failed loading import tasks" error={tasks.error} />}
        <div className="gains-grid">
          <AgGridReact<ImportTask>
            ref={gridRef}
            {...serverGridOptions}
            rowData={tasks.isError ? [] : rows}
            columnDefs={importTaskColumns}
            defaultColDef={serverColDef}
            getRowId={getRowId}
            {...gridEvents}
            onRowClicked={onRowClicked}
            loading={tasks.isLoading}
            suppressNoRowsOverlay={tasks.isError}
            overlayNoRowsTemplate='<span class="gains-grid__empty">No imports yet: pick a kind and upload a file</span>'
          />
        </div>
        <GridPager
          page={query.page}
          size={query.size}
          total={tasks.isError ? 0 : (tasks.data?.totalSize ?? 0)}
          noun="import"
          onChange={({ page, size }) => setQuery({ page, size })}
        />
      </div>
      <ImportTaskDrawer organisationUuid={organisationUuid} uuid={open} onClose={() => setOpen(undefined)} />
    </>
  );
}

function ImportTaskDrawer({
  organisationUuid,
  uuid,
  onClose,
}: {
  organisationUuid: string;
  uuid: string | undefined;
  onClose: () => void;
}) {
  const task = useImport(organisationUuid, uuid);
  const t = task.data;
  return (
    <Drawer open={Boolean(uuid)} onClose={onClose} width={720} title={t ? `Import ${t.fileName}` : 'Import'}>
      {task.isError && <ApiErrorAlert title="Failed loading the import" error={task.error} />}
      {t && (
        <div data-testid="import-task" data-status={t.status}>
          <Alert
            type={t.status === 'FAILED' ? 'error' : t.status === 'SUCCEEDED' ? 'success' : 'info'}
            showIcon
            message={
              t.status === 'QUEUED' || t.status === 'RUNNING'
                ? `Running: ${formatNumber(t.progressDone)} of ${formatNumber(t.progressTotal)} rows posted`
                : t.message
            }
          />
          <Typography.Paragraph style={{ marginTop: 16 }} data-testid="import-counts">
            {IMPORT_KIND_NAMES[t.kind as ImportKind] ?? t.kind}: {formatNumber(t.rowsRead)} rows read,{' '}
            {formatNumber(t.rowsPosted)} posted, {formatNumber(t.rowsRejected)} rejected, {formatNumber(t.rowsSkipped)}{' '}
            already imported.
          </Typography.Paragraph>
          {t.rejected.length > 0 && (
            <>
              <Space style={{ marginBottom: 8 }}>
                <Typography.Text strong>Rejected rows</Typography.Text>
                <Button icon={<DownloadOutlined />} size="small" onClick={() => downloadRejected(t)}>
                  Download CSV
                </Button>
              </Space>
              <Table<ImportRejectedRow>
                data-testid="import-rejected"
                size="small"
                rowKey={(r) => `${r.line}/${r.column}/${r.reason}`}
                dataSource={t.rejected}
                pagination={{ pageSize: 50, showSizeChanger: false }}
                columns={[
                  { title: 'Line', dataIndex: 'line', width: 80 },
                  { title: 'Column', dataIndex: 'column', width: 140 },
                  { title: 'Reason', dataIndex: 'reason' },
                ]}
              />
            </>
          )}
        </div>
      )}
    </Drawer>
  );
}
