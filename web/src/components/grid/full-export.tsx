import { useRef, useState } from 'react';
import '@/lib/ag-grid';
import { createGrid, type ColDef, type GridApi, type ProcessCellForExportParams } from 'ag-grid-community';
import { Modal, Progress, Typography } from 'antd';
import { exportFileName } from '@/lib/format';
import { notify } from '@/lib/notify';
import { isApiError } from '@/lib/api-client';
import { downloadXlsx, gridSheet } from './write-xlsx';
import { countOf } from './grid-pager';

/** The page size an export reads the server with: the largest the grids offer. */
export const EXPORT_PAGE_SIZE = 100;

export type FetchPage<T> = (
  page: number,
  size: number,
  signal: AbortSignal,
) => Promise<{ content: T[]; totalSize: number }>;

/** Every row matching the grid's search, filter and sort, read from the server page by page. */
export async function fetchEveryRow<T>(
  fetchPage: FetchPage<T>,
  onProgress: (done: number, total: number) => void,
  signal: AbortSignal,
): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const answer = await fetchPage(page, EXPORT_PAGE_SIZE, signal);
    rows.push(...answer.content);
    onProgress(rows.length, answer.totalSize);
    if (answer.content.length < EXPORT_PAGE_SIZE || rows.length >= answer.totalSize) return rows;
  }
}

/** Booleans as Yes/No and missing values as empty cells; money and numbers stay raw decimal strings. */
export function exportCell(p: ProcessCellForExportParams): string {
  const value: unknown = p.value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return value === null || value === undefined ? '' : String(value);
}

/**
 * Writes rows as CSV or Excel with the columns the user sees, in their order and width, through a grid that is
 * never shown (the on-screen grid holds one page only). Excel is written by our own writer, so it needs no grid
 * licence; money stays a number Excel can sum, in a pounds format.
 */
export async function writeRows<T>(
  kind: 'csv' | 'xlsx',
  rows: T[],
  shown: GridApi<T>,
  options: { fileSuffix: string; sheetName: string; defaultColDef: ColDef<T> },
): Promise<void> {
  const host = document.createElement('div');
  const grid = createGrid<T>(host, {
    columnDefs: shown.getColumnDefs(),
    defaultColDef: options.defaultColDef,
    rowData: rows,
  });
  const fileName = exportFileName(options.fileSuffix, kind);
  let sheet: ReturnType<typeof gridSheet> | undefined;
  try {
    grid.applyColumnState({ state: shown.getColumnState(), applyOrder: true });
    if (kind === 'csv') grid.exportDataAsCsv({ fileName, processCellCallback: exportCell });
    else sheet = gridSheet(grid);
  } finally {
    grid.destroy();
  }
  if (sheet) await downloadXlsx(sheet, fileName, options.sheetName);
}

/**
 * Export of a server-paged grid: every matching row, not just the page on screen, with a progress dialog the
 * user can cancel while the pages are read.
 */
export function useFullExport<T>(options: {
  noun: string;
  /** The noun's plural when it is not noun + s ("securities"). */
  plural?: string;
  fetchPage: FetchPage<T>;
  grid: () => GridApi<T> | undefined;
  fileSuffix: string;
  sheetName: string;
  defaultColDef: ColDef<T>;
}) {
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const controller = useRef<AbortController | null>(null);

  const run = async (kind: 'csv' | 'xlsx') => {
    const shown = options.grid();
    if (!shown || controller.current) return;
    controller.current = new AbortController();
    setProgress({ done: 0, total: 0 });
    try {
      const rows = await fetchEveryRow(
        options.fetchPage,
        (done, total) => setProgress({ done, total }),
        controller.current.signal,
      );
      await writeRows(kind, rows, shown, options);
      notify.success(`Exported ${countOf(rows.length, options.noun, options.plural)}`);
    } catch (error) {
      if (!controller.current?.signal.aborted)
        notify.error(isApiError(error) ? error.typeDescription : 'The export failed; please try again');
    } finally {
      controller.current = null;
      setProgress(null);
    }
  };

  const dialog = (
    <Modal
      open={progress !== null}
      title="Exporting"
      okButtonProps={{ style: { display: 'none' } }}
      cancelText="Cancel"
      onCancel={() => controller.current?.abort()}
      closable={false}
      maskClosable={false}
      destroyOnHidden
    >
      <Progress
        percent={progress && progress.total ? Math.floor((progress.done / progress.total) * 100) : 0}
        status="active"
        aria-label="Export progress"
      />
      <Typography.Text type="secondary" data-testid="export-progress">
        {progress && progress.total
          ? `${progress.done.toLocaleString('en-GB')} of ${countOf(progress.total, options.noun, options.plural)} read`
          : 'Starting…'}
      </Typography.Text>
    </Modal>
  );
  return { run, dialog, running: progress !== null };
}
