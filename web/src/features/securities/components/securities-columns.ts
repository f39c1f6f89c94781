import type { ColDef } from 'ag-grid-community';
import { SECURITY_SORT_COLUMNS, type Security } from '@gains/contracts';
import { numberColumn, textColumn } from '@/components/grid/grid-defaults';
import type { SortItem } from '@/components/grid/column-state';
import { formatDateTime } from '@/lib/format';
import { ASSET_CLASS_LABELS, CGT_CLASS_LABELS, STATUS_LABELS, labelOf } from './security-rules';

type Col = ColDef<Security>;

export const SECURITIES_GRID_ID = 'securities';

/** Default sort: security name. */
export const DEFAULT_SECURITY_SORT: SortItem[] = [{ colId: 'securityName', sort: 'asc' }];

/** The columns the server sorts by (the contract's list); the others cannot be sorted. */
const SORTABLE: readonly string[] = SECURITY_SORT_COLUMNS;

function coded(field: keyof Security, header: string, labels: Record<string, string>, width = 170): Col {
  return textColumn<Security>(field, header, {
    width,
    valueFormatter: (p) => labelOf(labels, p.value as string | null),
  });
}

function withDefaults(col: Col): Col {
  const field = col.field as string;
  const sortIndex = DEFAULT_SECURITY_SORT.findIndex((s) => s.colId === field);
  return {
    colId: field,
    sortable: SORTABLE.includes(field),
    ...(sortIndex >= 0 ? { sort: DEFAULT_SECURITY_SORT[sortIndex].sort, sortIndex } : {}),
    ...col,
  };
}

/** Every field of a security, as a column (issue 20: Securities Lite). */
export const securityColumns: Col[] = [
  numberColumn<Security>('id', 'Id', { width: 90 }),
  textColumn<Security>('sedol', 'SEDOL', { width: 110 }),
  textColumn<Security>('isin', 'ISIN', { width: 150 }),
  textColumn<Security>('securityName', 'Security Name', { width: 260 }),
  textColumn<Security>('reportingName', 'Reporting Name', { width: 220 }),
  textColumn<Security>('issuerName', 'Issuer', { width: 200 }),
  textColumn<Security>('issuerLongName', 'Issuer Long Name', { width: 240, hide: true }),
  textColumn<Security>('securityDescription', 'Description', { width: 220, hide: true }),
  textColumn<Security>('securityLongDescription', 'Long Description', { width: 260, hide: true }),
  textColumn<Security>('currency', 'Currency', { width: 110 }),
  coded('assetClass', 'Asset Class', ASSET_CLASS_LABELS, 230),
  coded('cgtClass', 'CGT Class', CGT_CLASS_LABELS, 130),
  coded('status', 'Status', STATUS_LABELS, 120),
  numberColumn<Security>('quantityDecimalPlaces', 'Quantity Decimals', { width: 130 }),
  textColumn<Security>('lastModifiedDate', 'Last Modified', {
    width: 160,
    valueFormatter: (p) => formatDateTime(p.value as string | null),
  }),
  textColumn<Security>('lastModifiedByName', 'Modified By', { width: 160, hide: true }),
].map(withDefaults);
