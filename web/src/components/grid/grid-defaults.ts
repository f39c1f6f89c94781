import { themeQuartz, type ColDef, type GridOptions } from 'ag-grid-community';
import {
  compareDecimals,
  formatBoolean,
  formatDate,
  formatMoney,
  formatNumber,
  formatQuantity,
  formatText,
  isNegative,
} from '@/lib/format';

/** Row and header height 40 (spec §2.4). */
export const ROW_HEIGHT = 40;

/** The grid look: the app's font, a calm header. */
export const gridTheme = themeQuartz.withParams({
  fontFamily: 'inherit',
  fontSize: 13,
  headerFontWeight: 600,
  headerBackgroundColor: '#f7f9fb',
  selectedRowBackgroundColor: '#d6e8f5',
  wrapperBorderRadius: 6,
});

/** Shared options of server-driven grids: the server sorts, so the grid keeps the order it is given. */
export const serverGridOptions: GridOptions = {
  theme: gridTheme,
  rowHeight: ROW_HEIGHT,
  headerHeight: ROW_HEIGHT,
  multiSortKey: 'ctrl',
  suppressMultiSort: false,
  animateRows: false,
  suppressCellFocus: false,
  domLayout: 'autoHeight',
  suppressColumnVirtualisation: true,
};

/**
 * Every grid's columns: headers wrap rather than cut ("YTD Income G..."), and the column menu sits on the same
 * side of every header (numbers align right in their cells, not in the header, which would move the menu).
 */
export const baseColDef: ColDef = {
  sortable: true,
  resizable: true,
  filter: false,
  minWidth: 90,
  wrapHeaderText: true,
  autoHeaderHeight: true,
};

export const serverColDef: ColDef = {
  ...baseColDef,
  // keep the server's order: every pair compares equal and the client-side sort is stable
  comparator: () => 0,
};

/** For grids that sort in the browser: money and quantities arrive as decimal strings and sort exactly. */
export const decimalComparator = (a: unknown, b: unknown): number =>
  compareDecimals(a as string | null | undefined, b as string | null | undefined);

/** Column types (spec §2.4): string, number, currency, date, boolean. */
export function moneyColumn<T>(field: string, headerName: string, extra: ColDef<T> = {}): ColDef<T> {
  return {
    field: field as ColDef<T>['field'],
    headerName,
    cellClass: ['ag-right-aligned-cell', 'gains-money'],
    cellClassRules: { 'gains-negative': (p) => isNegative(p.value as string | null) },
    valueFormatter: (p) => formatMoney(p.value as string | null),
    useValueFormatterForExport: false,
    width: 150,
    ...extra,
  };
}

export function numberColumn<T>(field: string, headerName: string, extra: ColDef<T> = {}): ColDef<T> {
  return {
    field: field as ColDef<T>['field'],
    headerName,
    cellClass: ['ag-right-aligned-cell', 'gains-number'],
    valueFormatter: (p) => formatNumber(p.value as number | null),
    useValueFormatterForExport: false,
    width: 120,
    ...extra,
  };
}

export function booleanColumn<T>(field: string, headerName: string, extra: ColDef<T> = {}): ColDef<T> {
  return {
    field: field as ColDef<T>['field'],
    headerName,
    // 'Yes'/'No' as text: the grid's inferred boolean type would draw greyed, read-only checkboxes instead
    cellDataType: false,
    valueFormatter: (p) => formatBoolean(p.value as boolean | null),
    width: 130,
    ...extra,
  };
}

export function textColumn<T>(field: string, headerName: string, extra: ColDef<T> = {}): ColDef<T> {
  return {
    field: field as ColDef<T>['field'],
    headerName,
    valueFormatter: (p) => formatText(p.value as string | null),
    width: 150,
    ...extra,
  };
}

/** Quantities to 4 decimals (spec §2.5), exact from the decimal string. */
export function quantityColumn<T>(field: string, headerName: string, extra: ColDef<T> = {}): ColDef<T> {
  return {
    field: field as ColDef<T>['field'],
    headerName,
    cellClass: ['ag-right-aligned-cell', 'gains-number'],
    cellClassRules: { 'gains-negative': (p) => isNegative(p.value as string | null) },
    valueFormatter: (p) => formatQuantity(p.value as string | null),
    comparator: decimalComparator,
    useValueFormatterForExport: false,
    width: 140,
    ...extra,
  };
}

/** Dates day/month/year, '-' when empty (spec §2.4); ISO dates sort as text. */
export function dateColumn<T>(field: string, headerName: string, extra: ColDef<T> = {}): ColDef<T> {
  return {
    field: field as ColDef<T>['field'],
    headerName,
    valueFormatter: (p) => formatDate(p.value as string | null),
    useValueFormatterForExport: false,
    width: 130,
    ...extra,
  };
}
