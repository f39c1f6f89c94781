import { useCallback, useMemo, useRef, useState } from 'react';
import '@/lib/ag-grid';
import { AgGridReact } from 'ag-grid-react';
import type { ColDef, GetRowIdParams, ICellRendererParams } from 'ag-grid-community';
import { Alert, Button, Form, Input, Modal, Space } from 'antd';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useConfirm } from '@/components/feedback/confirm';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { ColumnsMenu } from '@/components/grid/columns-menu';
import { ExportMenu } from '@/components/grid/export-menu';
import { useFullExport } from '@/components/grid/full-export';
import { GridPager } from '@/components/grid/grid-pager';
import { useServerGrid } from '@/components/grid/use-server-grid';
import {
  dateColumn,
  quantityColumn,
  serverColDef,
  serverGridOptions,
  textColumn,
} from '@/components/grid/grid-defaults';
import { SecuritySearchSelect } from '@/components/security-search/security-search-select';
import {
  getGhostTransactions,
  useGhostTransactions,
  useResolveGhost,
  type LedgerTransaction,
} from '../api/ghost-transactions';

const GRID_ID = 'ghost-transactions';

const baseColumns: ColDef<LedgerTransaction>[] = [
  textColumn<LedgerTransaction>('portfolioCode', 'Portfolio Code', { width: 160 }),
  textColumn<LedgerTransaction>('securityCode', 'Security Code', { width: 150 }),
  textColumn<LedgerTransaction>('securityName', 'Security', { width: 220 }),
  textColumn<LedgerTransaction>('transactionType.type', 'Type', { colId: 'type', width: 130 }),
  dateColumn<LedgerTransaction>('tradeDate', 'Trade Date'),
  quantityColumn<LedgerTransaction>('quantity', 'Quantity'),
  textColumn<LedgerTransaction>('transactionCode', 'Transaction Code', { width: 170 }),
  textColumn<LedgerTransaction>('source', 'Source', { width: 120 }),
  textColumn<LedgerTransaction>('warnings', 'Warnings', {
    width: 300,
    sortable: false,
    valueFormatter: (p) => ((p.value as string[] | undefined)?.length ? (p.value as string[]).join('; ') : '-'),
  }),
].map((c) => ({ colId: c.colId ?? (c.field as string), ...c }));

/**
 * Administration > Ghost Transactions: ledger rows recorded with a portfolio or security code that does not
 * resolve (an import with an unknown code, a deleted security). An admin re-points one to a portfolio and/or a
 * security, after which it counts in that ledger, or cancels it.
 */
export function GhostTransactionsGrid({
  organisationUuid,
  canResolve,
}: {
  organisationUuid: string;
  canResolve: boolean;
}) {
  const gridRef = useRef<AgGridReact<LedgerTransaction>>(null);
  const { query, setQuery, sort, searchText, setSearchText, gridEvents } = useServerGrid(GRID_ID, [
    { colId: 'tradeDate', sort: 'desc' },
  ]);
  const ghosts = useGhostTransactions({ organisationUuid, ...query, sort });
  const resolve = useResolveGhost(organisationUuid);
  const [repairing, setRepairing] = useState<LedgerTransaction>();
  const rows = ghosts.data?.content;

  const fullExport = useFullExport<LedgerTransaction>({
    noun: 'ghost transaction',
    fetchPage: (page, size, signal) => getGhostTransactions({ organisationUuid, ...query, page, size, sort }, signal),
    grid: () => gridRef.current?.api,
    fileSuffix: 'ghost-transactions',
    sheetName: 'Ghost Transactions',
    defaultColDef: serverColDef,
  });

  const confirm = useConfirm();
  const cancel = useCallback(
    async (row: LedgerTransaction) => {
      const sure = await confirm({
        title: `Cancel ghost transaction ${row.transactionCode || row.uuid}?`,
        content: 'It stays in the history as cancelled and never counts in a ledger.',
      });
      if (!sure) return;
      resolve.mutate(
        { kind: 'cancel', uuid: row.uuid, version: row.version },
        {
          onSuccess: () => notify.success(`Ghost transaction ${row.transactionCode || row.uuid} cancelled`),
          onError: (error) =>
            notify.error(isApiError(error) ? error.typeDescription : 'The transaction could not be cancelled'),
        },
      );
    },
    [confirm, resolve],
  );

  const columns = useMemo<ColDef<LedgerTransaction>[]>(
    () =>
      canResolve
        ? [
            ...baseColumns,
            {
              colId: 'actions',
              headerName: 'Actions',
              sortable: false,
              width: 200,
              pinned: 'right',
              cellRenderer: (p: ICellRendererParams<LedgerTransaction>) =>
                p.data ? (
                  <Space size="small">
                    <Button size="small" onClick={() => setRepairing(p.data)}>
                      Re-point
                    </Button>
                    <Button size="small" danger onClick={() => void cancel(p.data!)}>
                      Cancel
                    </Button>
                  </Space>
                ) : null,
            },
          ]
        : baseColumns,
    [canResolve, cancel],
  );
  const getRowId = useCallback((p: GetRowIdParams<LedgerTransaction>) => p.data.uuid, []);

  return (
    <div className="gains-grid-panel" data-testid="ghost-transactions-grid" data-loading={ghosts.isFetching}>
      <div className="gains-grid-toolbar">
        <Space wrap size="middle">
          <Input.Search
            allowClear
            placeholder="Search portfolio, security, type or code"
            aria-label="Search ghost transactions"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            onSearch={(value) => setQuery({ term: value.trim(), page: 1 })}
            className="gains-grid-toolbar__search"
          />
        </Space>
        <Space>
          <ColumnsMenu getApi={() => gridRef.current?.api} />
          <ExportMenu onExport={(kind) => void fullExport.run(kind)} disabled={!rows?.length || fullExport.running} />
        </Space>
      </div>
      {ghosts.isError && <ApiErrorAlert title="Failed loading transactions" error={ghosts.error} />}
      <div className="gains-grid">
        <AgGridReact<LedgerTransaction>
          ref={gridRef}
          {...serverGridOptions}
          rowData={ghosts.isError ? [] : rows}
          columnDefs={columns}
          defaultColDef={serverColDef}
          getRowId={getRowId}
          {...gridEvents}
          loading={ghosts.isFetching}
          suppressNoRowsOverlay={ghosts.isError}
          overlayNoRowsTemplate={`<span class="gains-grid__empty">${query.term ? 'No ghost transactions match the search' : 'No ghost transactions'}</span>`}
          suppressDragLeaveHidesColumns
        />
      </div>
      <GridPager
        page={query.page}
        size={query.size}
        total={ghosts.isError ? 0 : (ghosts.data?.totalSize ?? 0)}
        noun="ghost transaction"
        onChange={({ page, size }) => setQuery({ page, size })}
      />
      {fullExport.dialog}
      {repairing && (
        <RepairModal
          organisationUuid={organisationUuid}
          ghost={repairing}
          onClose={() => setRepairing(undefined)}
          resolve={resolve}
        />
      )}
    </div>
  );
}

function RepairModal({
  organisationUuid,
  ghost,
  onClose,
  resolve,
}: {
  organisationUuid: string;
  ghost: LedgerTransaction;
  onClose: () => void;
  resolve: ReturnType<typeof useResolveGhost>;
}) {
  const [portfolioUuid, setPortfolioUuid] = useState('');
  const [securityId, setSecurityId] = useState<number>();
  const [problem, setProblem] = useState<string>();
  const submit = () => {
    if (!portfolioUuid.trim() && !securityId) {
      setProblem('Choose a portfolio or a security to re-point it to');
      return;
    }
    resolve.mutate(
      { kind: 'repair', uuid: ghost.uuid, version: ghost.version, portfolioUuid: portfolioUuid.trim(), securityId },
      {
        onSuccess: () => {
          notify.success(`Ghost transaction ${ghost.transactionCode || ghost.uuid} re-pointed`);
          onClose();
        },
        onError: (error) =>
          setProblem(isApiError(error) ? error.typeDescription : 'The transaction could not be re-pointed'),
      },
    );
  };
  return (
    <Modal
      open
      title={`Re-point ${ghost.transactionCode || ghost.uuid}`}
      okText="Re-point"
      onOk={submit}
      onCancel={onClose}
      confirmLoading={resolve.isPending}
    >
      <Form layout="vertical">
        <Form.Item
          label="Portfolio uuid"
          extra={`Recorded as ${ghost.portfolioCode || 'no portfolio'}; leave empty to keep`}
        >
          <Input value={portfolioUuid} onChange={(e) => setPortfolioUuid(e.target.value)} />
        </Form.Item>
        <Form.Item label="Security" extra={`Recorded as ${ghost.securityCode || 'no security'}; leave empty to keep`}>
          <SecuritySearchSelect
            organisationUuid={organisationUuid}
            value={securityId}
            onSelect={(s) => setSecurityId(s.id)}
          />
        </Form.Item>
      </Form>
      {problem && <Alert type="error" showIcon message={problem} />}
    </Modal>
  );
}
