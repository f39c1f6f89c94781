import { useCallback, useMemo, useRef, useState } from 'react';
import '@/lib/ag-grid';
import { AgGridReact } from 'ag-grid-react';
import type { GetRowIdParams, RowDoubleClickedEvent, SortChangedEvent } from 'ag-grid-community';
import { Button, Input, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { config } from '@/config/env';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { ColumnsMenu } from '@/components/grid/columns-menu';
import { ExportMenu } from '@/components/grid/export-menu';
import { useFullExport } from '@/components/grid/full-export';
import { GridPager } from '@/components/grid/grid-pager';
import { DEFAULT_PAGE_SIZE } from '@/components/grid/grid-query';
import { loadColumnState, sameSort, saveColumnState, sortOf, type SortItem } from '@/components/grid/column-state';
import { serverColDef, serverGridOptions } from '@/components/grid/grid-defaults';
import {
  getHoldingTransactions,
  useHoldingTransactions,
  type HoldingTransactionsQuery,
  type LedgerTransaction,
} from '../api/ledger';
import { transactionColumns } from './ledger-columns';

const GRID_ID = 'client-transactions';
const DEFAULT_SORT: SortItem[] = [{ colId: 'tradeDate', sort: 'asc' }];

/**
 * A holding's transactions (seed 000 §2.5), paged, sorted and searched by the server (a holding may have
 * thousands). Its page and search stay on this table, not in the address, which belongs to the clients grid.
 * Double-clicking a row edits it (admins).
 */
export function TransactionsTable({
  holding,
  onAdd,
  onEdit,
}: {
  holding: Omit<HoldingTransactionsQuery, 'page' | 'size' | 'term' | 'sort'>;
  onAdd?: () => void;
  onEdit?: (row: LedgerTransaction) => void;
}) {
  const gridRef = useRef<AgGridReact<LedgerTransaction>>(null);
  const [paging, setPaging] = useState({ page: 1, size: DEFAULT_PAGE_SIZE });
  const [sort, setSort] = useState<SortItem[]>(() => {
    const saved = loadColumnState(GRID_ID);
    return saved ? sortOf(saved) : DEFAULT_SORT;
  });
  const [searchText, setSearchText] = useState('');
  const term = useDebouncedValue(searchText, config.searchDebounceMs).trim();
  const query = { ...holding, ...paging, term, sort };
  const transactions = useHoldingTransactions(query);
  const rows = transactions.data?.content;

  const fullExport = useFullExport<LedgerTransaction>({
    noun: 'transaction',
    fetchPage: (page, size, signal) => getHoldingTransactions({ ...query, page, size }, signal),
    grid: () => gridRef.current?.api,
    fileSuffix: 'transactions',
    sheetName: 'Transactions',
    defaultColDef: serverColDef,
  });

  const getRowId = useCallback((p: GetRowIdParams<LedgerTransaction>) => p.data.uuid, []);
  const onSortChanged = useCallback((event: SortChangedEvent<LedgerTransaction>) => {
    const next = sortOf(event.api.getColumnState());
    saveColumnState(GRID_ID, event.api);
    setSort((current) => (sameSort(current, next) ? current : next));
    setPaging((p) => ({ ...p, page: 1 }));
  }, []);
  const persist = useCallback(
    (e: { api: Parameters<typeof saveColumnState>[1] }) => saveColumnState(GRID_ID, e.api),
    [],
  );
  const onRowDoubleClicked = useCallback(
    (e: RowDoubleClickedEvent<LedgerTransaction>) => e.data && onEdit?.(e.data),
    [onEdit],
  );
  const columns = useMemo(() => transactionColumns, []);

  return (
    <div className="gains-grid-panel" data-testid="transactions-grid" data-loading={transactions.isFetching}>
      <div className="gains-grid-toolbar">
        <Space wrap size="middle">
          <Input.Search
            allowClear
            placeholder="Search SEDOL, report date, type or code"
            aria-label="Search transactions"
            value={searchText}
            onChange={(e) => {
              setSearchText(e.target.value);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            className="gains-grid-toolbar__search"
          />
        </Space>
        <Space>
          {onAdd && (
            <Button icon={<PlusOutlined />} onClick={onAdd}>
              Add transaction
            </Button>
          )}
          <ColumnsMenu getApi={() => gridRef.current?.api} />
          <ExportMenu onExport={(kind) => void fullExport.run(kind)} disabled={!rows?.length || fullExport.running} />
        </Space>
      </div>
      {transactions.isError && <ApiErrorAlert title="Failed loading transactions" error={transactions.error} />}
      <div className="gains-grid">
        <AgGridReact<LedgerTransaction>
          ref={gridRef}
          {...serverGridOptions}
          rowData={transactions.isError ? [] : rows}
          columnDefs={columns}
          defaultColDef={serverColDef}
          getRowId={getRowId}
          onGridReady={(e) => {
            const saved = loadColumnState(GRID_ID);
            if (saved) e.api.applyColumnState({ state: saved, applyOrder: true });
          }}
          onSortChanged={onSortChanged}
          onColumnMoved={persist}
          onColumnResized={(e) => e.finished && persist(e)}
          onColumnVisible={persist}
          onRowDoubleClicked={onRowDoubleClicked}
          rowClass={onEdit ? 'gains-grid__row--link' : undefined}
          loading={transactions.isFetching}
          suppressNoRowsOverlay={transactions.isError}
          overlayNoRowsTemplate={`<span class="gains-grid__empty">${term ? 'No transactions match the search' : 'This holding has no transactions'}</span>`}
          suppressDragLeaveHidesColumns
        />
      </div>
      <GridPager
        page={paging.page}
        size={paging.size}
        total={transactions.isError ? 0 : (transactions.data?.totalSize ?? 0)}
        noun="transaction"
        onChange={setPaging}
      />
      {fullExport.dialog}
    </div>
  );
}
