import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import '@/lib/ag-grid';
import { AgGridReact } from 'ag-grid-react';
import type { CellValueChangedEvent, ColDef, GetRowIdParams } from 'ag-grid-community';
import { Alert, Button, Input, Modal, Space, Table, Typography } from 'antd';
import { SaveOutlined, UndoOutlined } from '@ant-design/icons';
import {
  ASSET_CLASSES,
  CGT_CLASSES,
  SECURITY_STATUSES,
  type ClassificationUpdateResult,
  type Security,
} from '@gains/contracts';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { LeaveGuard } from '@/components/feedback/leave-guard';
import { GridPager, tablePager } from '@/components/grid/grid-pager';
import { numberColumn, serverColDef, serverGridOptions, textColumn } from '@/components/grid/grid-defaults';
import { useSecurities } from '../api/get-securities';
import { useUpdateClassifications } from '../api/update-classifications';
import {
  applyEdit,
  changeLines,
  describeUpdateField,
  isEdited,
  resultSummary,
  toUpdates,
  withEdits,
  type ChangeLine,
  type ClassificationEdits,
  type ClassificationField,
} from './classification-edits';
import { ASSET_CLASS_LABELS, CGT_CLASS_LABELS, STATUS_LABELS, labelOf } from './security-rules';
import { useServerGrid } from '@/components/grid/use-server-grid';
import { initialSecuritySort } from './securities-query';

const GRID_ID = 'security-maintenance';

interface GridContext {
  edits: ClassificationEdits;
}

const changedRule = (field: ClassificationField) => ({
  'gains-cell--changed': (p: { data?: Security; context: GridContext }) =>
    !!p.data && isEdited(p.context.edits, p.data.id, field),
});

function selectColumn(
  field: ClassificationField,
  header: string,
  values: readonly string[],
  labels: Record<string, string>,
  width: number,
): ColDef<Security> {
  return {
    field,
    colId: field,
    headerName: header,
    width,
    editable: true,
    cellEditor: 'agSelectCellEditor',
    cellEditorParams: { values: [...values], valueListMaxHeight: 320 },
    valueFormatter: (p) => labelOf(labels, p.value as string),
    cellClass: 'gains-cell--editable',
    cellClassRules: changedRule(field),
  };
}

const columns: ColDef<Security>[] = [
  textColumn<Security>('sedol', 'SEDOL', { width: 110, colId: 'sedol' }),
  textColumn<Security>('isin', 'ISIN', { width: 150, colId: 'isin' }),
  textColumn<Security>('securityName', 'Security Name', { width: 280, colId: 'securityName', sort: 'asc' }),
  textColumn<Security>('currency', 'Currency', { width: 100, colId: 'currency' }),
  selectColumn('assetClass', 'Asset Class', ASSET_CLASSES, ASSET_CLASS_LABELS, 260),
  selectColumn('cgtClass', 'CGT Class', CGT_CLASSES, CGT_CLASS_LABELS, 150),
  selectColumn('status', 'Status', SECURITY_STATUSES, STATUS_LABELS, 140),
  numberColumn<Security>('quantityDecimalPlaces', 'Quantity Decimals', {
    colId: 'quantityDecimalPlaces',
    width: 140,
    editable: true,
    cellEditor: 'agNumberCellEditor',
    cellEditorParams: { min: 0, max: 6, precision: 0, showStepperButtons: true },
    valueParser: (p) => {
      const n = Number(p.newValue);
      return Number.isInteger(n) && n >= 0 && n <= 6 ? n : p.oldValue;
    },
    cellClass: ['ag-right-aligned-cell', 'gains-number', 'gains-cell--editable'],
    cellClassRules: changedRule('quantityDecimalPlaces'),
  }),
];

/**
 * Security Maintenance (issue 20): asset class, CGT class, status and quantity decimals edited in the grid, across
 * pages, then saved together with one bulk call after a summary of every change. A customer admin's save is
 * sent for approval.
 */
export function SecurityMaintenanceGrid({ organisationUuid }: { organisationUuid: string }) {
  const gridRef = useRef<AgGridReact<Security>>(null);
  const { query, setQuery, sort, searchText, setSearchText, gridEvents } = useServerGrid(
    GRID_ID,
    initialSecuritySort(GRID_ID),
  );
  const securities = useSecurities({ organisationUuid, ...query, sort });
  const [edits, setEdits] = useState<ClassificationEdits>({});
  const [reviewing, setReviewing] = useState(false);
  const [saved, setSaved] = useState<{ text: string; lines: ChangeLine[] }>();
  const save = useUpdateClassifications();
  // a discard or a save rebuilds the rows from the server's answer (the grid changed its own copies in place)
  const [discarded, setDiscarded] = useState(0);

  const rows = useMemo(
    () => securities.data?.content.map((r) => withEdits(r, edits)),
    // a new page from the server (not a new edit) rebuilds the rows; edits are in the grid already
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [securities.data, discarded],
  );
  const context = useMemo<GridContext>(() => ({ edits }), [edits]);
  useEffect(() => {
    gridRef.current?.api?.refreshCells({ force: true });
  }, [edits]);

  const onCellValueChanged = useCallback(
    (e: CellValueChangedEvent<Security>) => {
      const field = e.colDef.field as ClassificationField;
      const original = securities.data?.content.find((r) => r.id === e.data.id);
      if (!original) return;
      setEdits((current) => applyEdit(current, original, field, e.newValue as never));
    },
    [securities.data],
  );

  const lines = useMemo(() => changeLines(edits), [edits]);
  const count = Object.keys(edits).length;
  const updates = useMemo(() => toUpdates(edits), [edits]);
  const errorAt =
    save.error && isApiError(save.error) ? describeUpdateField(save.error.field, updates, edits) : undefined;

  const onSave = () => {
    save.mutate(
      { organisationUuid, body: { updates } },
      {
        onSuccess: (result: ClassificationUpdateResult) => {
          const text = resultSummary(result, lines.length);
          setSaved({ text, lines });
          setEdits({});
          // a proposal changes nothing yet: show the server's rows again
          setDiscarded((n) => n + 1);
          setReviewing(false);
          notify.success(text);
        },
      },
    );
  };

  const getRowId = useCallback((p: GetRowIdParams<Security>) => String(p.data.id), []);

  return (
    <div className="gains-grid-panel" data-testid="security-maintenance-grid" data-loading={securities.isFetching}>
      <LeaveGuard dirty={count > 0} />
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
          <Typography.Text type="secondary" data-testid="edit-count">
            {count === 0
              ? 'Double-click a classification cell to change it'
              : `${lines.length} unsaved ${lines.length === 1 ? 'change' : 'changes'} to ${count} ${count === 1 ? 'security' : 'securities'}`}
          </Typography.Text>
        </Space>
        <Space>
          <Button
            icon={<UndoOutlined />}
            disabled={count === 0}
            onClick={() => {
              setEdits({});
              setDiscarded((n) => n + 1);
            }}
          >
            Discard
          </Button>
          <Button
            type="primary"
            icon={<SaveOutlined />}
            disabled={count === 0}
            onClick={() => {
              save.reset();
              setReviewing(true);
            }}
          >
            Review and save
          </Button>
        </Space>
      </div>

      {saved && (
        <Alert
          type="success"
          showIcon
          closable
          onClose={() => setSaved(undefined)}
          message={saved.text}
          data-testid="maintenance-result"
          description={<ChangeTable lines={saved.lines} />}
        />
      )}
      {securities.isError && <ApiErrorAlert title="Failed to fetch securities." error={securities.error} />}

      <div className="gains-grid">
        <AgGridReact<Security>
          ref={gridRef}
          {...serverGridOptions}
          rowData={securities.isError ? [] : rows}
          columnDefs={columns}
          defaultColDef={serverColDef}
          getRowId={getRowId}
          context={context}
          singleClickEdit={false}
          stopEditingWhenCellsLoseFocus
          onCellValueChanged={onCellValueChanged}
          {...gridEvents}
          loading={securities.isFetching}
          suppressNoRowsOverlay={securities.isError}
          overlayNoRowsTemplate={`<span class="gains-grid__empty">${query.term ? 'No securities match the search' : 'There are no securities yet'}</span>`}
        />
      </div>
      <GridPager
        page={query.page}
        size={query.size}
        total={securities.isError ? 0 : (securities.data?.totalSize ?? 0)}
        noun="security"
        plural="securities"
        onChange={({ page, size }) => setQuery({ page, size })}
      />

      <Modal
        open={reviewing}
        title={`Save ${lines.length} ${lines.length === 1 ? 'change' : 'changes'} to ${count} ${count === 1 ? 'security' : 'securities'}?`}
        okText="Save"
        onOk={onSave}
        okButtonProps={{ loading: save.isPending }}
        onCancel={() => setReviewing(false)}
        width={820}
        destroyOnHidden
      >
        {save.isError && (
          <Alert
            type="error"
            showIcon
            role="alert"
            className="gains-modal-alert"
            message={errorAt ? `${errorAt}: ${save.error.message}` : save.error.message}
            description="Nothing was saved."
          />
        )}
        <ChangeTable lines={lines} />
      </Modal>
    </div>
  );
}

function ChangeTable({ lines }: { lines: ChangeLine[] }) {
  return (
    <Table<ChangeLine>
      size="small"
      rowKey="key"
      dataSource={lines}
      pagination={tablePager(10, 'change')}
      data-testid="change-summary"
      columns={[
        { title: 'Security', dataIndex: 'security' },
        { title: 'Field', dataIndex: 'field', width: 150 },
        { title: 'From', dataIndex: 'from', render: (v: string) => <span className="gains-diff__old">{v}</span> },
        { title: 'To', dataIndex: 'to', render: (v: string) => <span className="gains-diff__new">{v}</span> },
      ]}
    />
  );
}
