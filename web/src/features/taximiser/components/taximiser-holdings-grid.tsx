import { forwardRef, useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import '@/lib/ag-grid';
import { AgGridReact } from 'ag-grid-react';
import type {
  CellEditRequestEvent,
  ColDef,
  GetRowIdParams,
  RowSelectionOptions,
  SelectionChangedEvent,
} from 'ag-grid-community';
import { Space, Switch, Typography } from 'antd';
import { ColumnsMenu } from '@/components/grid/columns-menu';
import { loadColumnState, saveColumnState } from '@/components/grid/column-state';
import { baseColDef, gridTheme, ROW_HEIGHT } from '@/components/grid/grid-defaults';
import { HOLDINGS_COLUMNS, REDUCED_HIDDEN } from './holdings-columns';
import type { RowField, RowProblem, TaximiserRow } from './taximiser-rows';

const GRID_ID = 'taximiser-holdings';

export interface HoldingsGridHandle {
  /** Bring the row into view, smoothly (a failing row on Calculate). */
  scrollToRow(id: string): void;
}

/**
 * The Taximiser holdings table: row checkboxes and select-all, the price and disposal amount editable. The page
 * owns the rows and the selection; an edit is handed to it (`onEdit`) and comes back as new rows.
 */
export const TaximiserHoldingsGrid = forwardRef<
  HoldingsGridHandle,
  {
    rows: TaximiserRow[];
    selected: ReadonlySet<string>;
    problems: RowProblem[];
    onSelect: (ids: Set<string>) => void;
    onEdit: (id: string, field: RowField, text: string) => void;
    toolbar?: React.ReactNode;
  }
>(function TaximiserHoldingsGrid({ rows, selected, problems, onSelect, onEdit, toolbar }, ref) {
  const gridRef = useRef<AgGridReact<TaximiserRow>>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const [reduced, setReduced] = useState(false);
  const defaultColDef = useMemo<ColDef<TaximiserRow>>(() => ({ ...(baseColDef as ColDef<TaximiserRow>), flex: 1 }), []);
  const columnDefs = useMemo(
    () => HOLDINGS_COLUMNS.map((c) => (c.width && c.minWidth === undefined ? { ...c, minWidth: c.width } : c)),
    [],
  );
  const rowSelection = useMemo<RowSelectionOptions>(
    () => ({ mode: 'multiRow', checkboxes: true, headerCheckbox: true, enableClickSelection: false }),
    [],
  );
  const getRowId = useCallback((p: GetRowIdParams<TaximiserRow>) => p.data.id, []);

  useImperativeHandle(ref, () => ({
    scrollToRow(id: string) {
      const row = panelRef.current?.querySelector(`.ag-center-cols-container .ag-row[row-id="${CSS.escape(id)}"]`);
      if (!row) return;
      // the page scrolls (the grid grows to its rows); the grid keeps its sideways scroll
      const top = row.getBoundingClientRect().top + window.scrollY - window.innerHeight / 2;
      window.scrollTo({ top: Math.max(0, top), behavior: 'smooth' });
    },
  }));

  // the grid follows the page's selection; the cells' rule marks follow the selection and the rows
  useEffect(() => {
    const api = gridRef.current?.api;
    if (!api) return;
    const toSelect: Parameters<typeof api.setNodesSelected>[0]['nodes'] = [];
    const toClear: typeof toSelect = [];
    api.forEachNode((node) => {
      const want = selected.has(node.id ?? '');
      if (want && !node.isSelected()) toSelect.push(node);
      if (!want && node.isSelected()) toClear.push(node);
    });
    if (toSelect.length) api.setNodesSelected({ nodes: toSelect, newValue: true, source: 'api' });
    if (toClear.length) api.setNodesSelected({ nodes: toClear, newValue: false, source: 'api' });
    api.refreshCells({ columns: ['price', 'disposalAmount'], force: true });
  }, [selected, rows, problems]);

  useEffect(() => {
    gridRef.current?.api?.setColumnsVisible(REDUCED_HIDDEN, !reduced);
  }, [reduced]);

  const onSelectionChanged = useCallback(
    (event: SelectionChangedEvent<TaximiserRow>) => {
      if (event.source === 'api' || event.source === 'apiSelectAll' || event.source === 'rowDataChanged') return;
      onSelect(new Set(event.api.getSelectedNodes().map((n) => n.id ?? '')));
    },
    [onSelect],
  );
  const onCellEditRequest = useCallback(
    (event: CellEditRequestEvent<TaximiserRow>) => {
      const field = event.colDef.field as RowField;
      if (event.data) onEdit(event.data.id, field, String(event.newValue ?? ''));
    },
    [onEdit],
  );
  const persist = useCallback((event: { api: Parameters<typeof saveColumnState>[1] }) => {
    saveColumnState(GRID_ID, event.api);
  }, []);
  const rowName = (id: string) => rows.find((r) => r.id === id)?.securityName ?? id;

  return (
    <div className="gains-grid-panel" data-testid="taximiser-holdings" ref={panelRef}>
      <div className="gains-grid-toolbar">
        <Space wrap size="middle">
          <Typography.Text strong>Taximiser holdings</Typography.Text>
          <Typography.Text type="secondary" data-testid="taximiser-selected-count">
            {selected.size} of {rows.length} selected
          </Typography.Text>
        </Space>
        <Space wrap>
          {toolbar}
          <Space size="small">
            <Switch
              size="small"
              checked={reduced}
              onChange={setReduced}
              aria-label="Reduced layout"
              data-testid="taximiser-reduced"
            />
            <span>Reduced layout</span>
          </Space>
          <ColumnsMenu getApi={() => gridRef.current?.api} />
        </Space>
      </div>
      <div className="gains-grid">
        <AgGridReact<TaximiserRow>
          ref={gridRef}
          theme={gridTheme}
          rowHeight={ROW_HEIGHT}
          headerHeight={ROW_HEIGHT}
          domLayout="autoHeight"
          suppressColumnVirtualisation
          rowData={rows}
          columnDefs={columnDefs}
          defaultColDef={defaultColDef}
          getRowId={getRowId}
          rowSelection={rowSelection}
          readOnlyEdit
          singleClickEdit
          stopEditingWhenCellsLoseFocus
          enableBrowserTooltips
          onCellEditRequest={onCellEditRequest}
          onSelectionChanged={onSelectionChanged}
          onGridReady={(e) => {
            const saved = loadColumnState(GRID_ID);
            if (saved) e.api.applyColumnState({ state: saved, applyOrder: true });
            const ids = new Set(selected);
            const nodes: Parameters<typeof e.api.setNodesSelected>[0]['nodes'] = [];
            e.api.forEachNode((n) => ids.has(n.id ?? '') && nodes.push(n));
            if (nodes.length) e.api.setNodesSelected({ nodes, newValue: true, source: 'api' });
          }}
          onColumnMoved={persist}
          onColumnResized={(e) => e.finished && persist(e)}
          onColumnVisible={persist}
          onSortChanged={persist}
        />
      </div>
      {problems.length > 0 && (
        <ul className="gains-taximiser__problems" data-testid="taximiser-problems" role="alert">
          {problems.map((p) => (
            <li key={`${p.id}-${p.field}`} data-row-id={p.id}>
              <strong>{rowName(p.id)}</strong>: {p.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
});
