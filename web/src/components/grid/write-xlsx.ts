import type { ColDef, GridApi } from 'ag-grid-community';
import writeExcelFile, { type Cell, type SheetData } from 'write-excel-file/universal';

const MONEY_FORMAT = '£#,##0.00;[Red]-£#,##0.00';

function classes(def: ColDef): string[] {
  const cellClass = def.cellClass;
  return typeof cellClass === 'string' ? [cellClass] : Array.isArray(cellClass) ? cellClass : [];
}

/** One cell: money and counts stay numbers Excel can sum (money in pounds and pence), booleans Yes/No. */
export function excelCell(def: ColDef, value: unknown): Cell {
  if (value === null || value === undefined || value === '') return null;
  const kind = classes(def);
  if (kind.includes('gains-money')) return { type: Number, value: Number(value), format: MONEY_FORMAT };
  if (kind.includes('gains-number')) return { type: Number, value: Number(value) };
  if (typeof value === 'boolean') return { type: String, value: value ? 'Yes' : 'No' };
  return { type: String, value: String(value) };
}

/**
 * The grid's rows as an Excel sheet: the columns the user sees, in their order, headed by their names, the rows
 * in the grid's filter and sort. Read from the grid at once; the file is written after.
 */
export function gridSheet<T>(api: GridApi<T>): { data: SheetData; widths: { width: number }[] } {
  const columns = api.getAllDisplayedColumns();
  const header: Cell[] = columns.map((c) => ({
    type: String,
    value: api.getDisplayNameForColumn(c, null),
    fontWeight: 'bold',
  }));
  const rows: Cell[][] = [];
  api.forEachNodeAfterFilterAndSort((node) => {
    rows.push(columns.map((c) => excelCell(c.getColDef(), api.getCellValue({ rowNode: node, colKey: c }))));
  });
  const widths = columns.map((c) => ({ width: Math.max(10, Math.round(c.getActualWidth() / 7)) }));
  return { data: [header, ...rows], widths };
}

/** Writes a sheet as an .xlsx file and hands it to the browser as a download. */
export async function downloadXlsx(
  sheet: { data: SheetData; widths: { width: number }[] },
  fileName: string,
  sheetName: string,
): Promise<void> {
  const blob = await writeExcelFile(sheet.data, { columns: sheet.widths, sheet: sheetName }).toBlob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
