import { useRef, useState } from 'react';
import { Button, Checkbox, Space, Typography } from 'antd';
import type { ColDef, GridApi } from 'ag-grid-community';
import type { DocumentHeader, DocumentType, HeaderCandidate, HeaderPreview } from '@gains/contracts';
import { ExportMenu } from '@/components/grid/export-menu';
import { useFullExport } from '@/components/grid/full-export';
import { serverColDef } from '@/components/grid/grid-defaults';
import { DEFAULT_PAGE_SIZE } from '@/components/grid/grid-query';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useEditHeaderRow, type RowEdit } from '../api/edit-header-rows';
import { getHeaderRows, useHeaderRows, type HeaderRow } from '../api/get-header-rows';
import type { HeaderRowsKind } from '../api/keys';
import { headerActions, isInProgress } from './header-rules';
import { HeaderRowsGrid } from './header-rows-grid';
import { candidatesColumns, previewsColumns, proposedColumns, transactionsColumns } from './rows-columns';

interface TabContext {
  header: DocumentHeader;
  type: DocumentType | undefined;
  /** rows editable and selectable: PENDING or EDIT (seed 001 §4) */
  editable: boolean;
}

/** What each of the header's grids is: its words, its columns and the export's file name (seed 001 §2, §9). */
const TABS: {
  [K in HeaderRowsKind]: {
    testId: string;
    noun: string;
    errorTitle: string;
    fileSuffix: string;
    sheetName: string;
    empty: (h: DocumentHeader) => string;
    columns: (c: TabContext) => ColDef<HeaderRow<K>>[];
  };
} = {
  candidates: {
    testId: 'header-candidates',
    noun: 'candidate',
    errorTitle: 'Failed to fetch the candidates',
    fileSuffix: 'candidates',
    sheetName: 'Candidates',
    empty: (h) => (isInProgress(h.status) ? 'Finding the holders…' : 'No candidates: nobody held the security'),
    columns: (c) =>
      candidatesColumns({
        movement: c.header.documentTypeCode === 'PM',
        editable: c.editable,
        groups: Boolean(c.type?.useG1g2),
      }),
  },
  previews: {
    testId: 'header-previews',
    noun: 'preview',
    errorTitle: 'Failed to fetch the previews',
    fileSuffix: 'previews',
    sheetName: 'Previews',
    empty: () => 'No previews',
    // a movement's rows follow its candidates (Transfer Quantity / Percentage are edited there)
    columns: (c) => previewsColumns({ editable: c.editable && c.header.documentTypeCode !== 'PM' }),
  },
  'preview-transactions': {
    testId: 'header-proposed',
    noun: 'proposed transaction',
    errorTitle: 'Failed to fetch the proposed transactions',
    fileSuffix: 'proposed-transactions',
    sheetName: 'Proposed transactions',
    empty: () => 'Nothing to post: no included candidate has a row left to post',
    columns: (c) => proposedColumns({ movement: c.header.documentTypeCode === 'PM' }),
  },
  transactions: {
    testId: 'header-transactions',
    noun: 'transaction',
    errorTitle: 'Failed loading transactions',
    fileSuffix: 'transactions',
    sheetName: 'Transactions',
    empty: () => 'Nothing posted yet',
    columns: () => transactionsColumns(),
  },
};

/** A candidate's edit from its row as typed. */
const candidateEdit = (r: HeaderCandidate): RowEdit => ({
  kind: 'candidate',
  candidateUuid: r.uuid,
  version: r.version,
  holdingQuantity: r.holdingQuantity,
  cgtCost: r.cgtCost,
  group1Quantity: r.group1Quantity,
  group2Quantity: r.group2Quantity,
  transferQuantity: r.transferQuantity,
  transferPercentage: r.transferPercentage,
});
const previewEdit = (r: HeaderPreview): RowEdit => ({
  kind: 'preview',
  previewUuid: r.uuid,
  version: r.version,
  holdingQuantity: r.holdingQuantity,
  proceeds: r.proceeds,
  expense: r.expense,
});

/** Seed 001 §4: every PENDING or EDIT candidate is ticked, all others unticked. */
export const ticked = (status: string) => status === 'PENDING' || status === 'EDIT';
/** A tick can change only between included (PENDING, EDIT) and left out (EXCLUDED, PENDING_DIFF). */
const tickable = (status: string) => ['PENDING', 'EDIT', 'EXCLUDED', 'PENDING_DIFF'].includes(status);

/**
 * One of the header window's grids (seed 001 §2): a page of the server's rows with export, and for candidates and
 * previews, while the header is PENDING or EDIT, the Include tick (candidates) and typed cells each saved by the
 * row's own Save. The proposed transactions carry 'Create transactions'.
 */
export function HeaderRowsTab<K extends HeaderRowsKind>(props: {
  organisationUuid: string;
  header: DocumentHeader;
  type: DocumentType | undefined;
  kind: K;
  onCreateTransactions?: () => void;
  creating?: boolean;
}) {
  const { organisationUuid, header: h, kind } = props;
  const tab = TABS[kind] as (typeof TABS)[HeaderRowsKind];
  const [paging, setPaging] = useState({ page: 1, size: DEFAULT_PAGE_SIZE });
  const [changed, setChanged] = useState<ReadonlySet<string>>(new Set());
  const grid = useRef<GridApi<HeaderRow<K>>>(undefined);
  const rows = useHeaderRows(kind, {
    organisationUuid,
    headerUuid: h.uuid,
    headerState: `${h.status}/${h.version}`,
    ...paging,
  });
  const edit = useEditHeaderRow(organisationUuid, h.uuid);
  const actions = headerActions(h.status);
  const editable = actions.editRows && (kind === 'candidates' || kind === 'previews');

  const save = (row: HeaderRow<K>) => {
    const request = kind === 'candidates' ? candidateEdit(row as HeaderCandidate) : previewEdit(row as HeaderPreview);
    edit.mutate(request, {
      onSuccess: () => {
        notify.success(kind === 'candidates' ? 'Candidate updated' : 'Preview updated');
        setChanged((before) => new Set([...before].filter((u) => u !== row.uuid)));
      },
      onError: (error) => notify.error(isApiError(error) ? error.typeDescription : 'Unknown error'),
    });
  };
  const tick = (row: HeaderCandidate, include: boolean) =>
    edit.mutate(
      { kind: 'include', candidateUuid: row.uuid, include },
      {
        onSuccess: () => notify.success('Candidate updated'),
        onError: (error) => notify.error(isApiError(error) ? error.typeDescription : 'Unknown error'),
      },
    );

  const columns = (() => {
    const own = tab.columns({ header: h, type: props.type, editable }) as unknown as ColDef<HeaderRow<K>>[];
    if (!editable) return own;
    const include: ColDef<HeaderRow<K>> = {
      colId: 'include',
      headerName: 'Include',
      width: 100,
      pinned: 'left',
      sortable: false,
      cellRenderer: (p: { data?: HeaderCandidate }) =>
        p.data ? (
          <Checkbox
            aria-label={`Include ${p.data.portfolioCode}`}
            data-testid="candidate-include"
            checked={ticked(p.data.status)}
            disabled={!tickable(p.data.status) || edit.isPending}
            onChange={(e) => tick(p.data!, e.target.checked)}
          />
        ) : null,
    };
    const save: ColDef<HeaderRow<K>> = {
      colId: 'actions',
      headerName: 'Actions',
      width: 110,
      pinned: 'right',
      sortable: false,
      cellRenderer: (p: { data?: HeaderRow<K> }) =>
        p.data ? (
          <Button
            size="small"
            data-testid="row-save"
            disabled={!changed.has(p.data.uuid) || edit.isPending}
            onClick={() => saveRow(p.data!.uuid)}
          >
            Save
          </Button>
        ) : null,
    };
    return kind === 'candidates' ? [include, ...own, save] : [...own, save];
  })();

  // the row as the grid holds it now, with what was typed
  const saveRow = (uuid: string) => {
    const node = grid.current?.getRowNode(uuid);
    if (node?.data) save(node.data);
  };

  const fullExport = useFullExport<HeaderRow<K>>({
    noun: tab.noun,
    fetchPage: (page, size, signal) =>
      getHeaderRows(kind, { organisationUuid, headerUuid: h.uuid, page, size }, signal),
    grid: () => grid.current,
    fileSuffix: tab.fileSuffix,
    sheetName: tab.sheetName,
    defaultColDef: serverColDef as ColDef<HeaderRow<K>>,
  });

  return (
    <>
      <HeaderRowsGrid<HeaderRow<K>>
        testId={tab.testId}
        rows={rows}
        columns={columns}
        {...paging}
        onPage={setPaging}
        noun={tab.noun}
        errorTitle={tab.errorTitle}
        emptyText={tab.empty(h)}
        onGridReady={(api) => (grid.current = api)}
        onCellValueChanged={(e) => e.data && setChanged((before) => new Set([...before, e.data!.uuid]))}
        toolbar={
          <Space>
            {editable && (
              <Typography.Text type="secondary">
                Type into the outlined cells, then Save the row. Untick a candidate to leave it out.
              </Typography.Text>
            )}
            {kind === 'preview-transactions' && (
              <Button
                type="primary"
                data-testid="proposed-create-transactions"
                disabled={!actions.createTransactions || props.creating}
                loading={props.creating}
                onClick={props.onCreateTransactions}
              >
                Create transactions
              </Button>
            )}
            <ExportMenu onExport={(k) => void fullExport.run(k)} disabled={fullExport.running} />
          </Space>
        }
      />
      {fullExport.dialog}
    </>
  );
}
