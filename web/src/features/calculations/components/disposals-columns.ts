import type { ColDef } from 'ag-grid-community';
import { decimalComparator, moneyColumn, numberColumn, textColumn } from '@/components/grid/grid-defaults';
import { formatDate, formatExactQuantity } from '@/lib/format';
import type { Disposal } from '../api/compute-ledger';
import { howMatched, transactionTypeLabel } from './calculation-text';

/** A disposal as a grid row: its tax year and an id of its own. */
export type DisposalRow = Disposal & { id: string; taxYear: string };

type Col = ColDef<DisposalRow>;

const exact: Col = { comparator: decimalComparator, suppressHeaderMenuButton: true };
const money: Col = { ...exact, minWidth: 130 };
const textFilter: Col = { filter: 'agTextColumnFilter', suppressHeaderMenuButton: true };

/** Date DD/MM/YYYY, money exact (sorted as decimals, exported as the engine's figures). */
export const disposalColumns: Col[] = [
  textColumn<DisposalRow>('date', 'Date', {
    minWidth: 120,
    sort: 'asc',
    valueFormatter: (p) => formatDate(p.value as string),
    getQuickFilterText: (p) => formatDate(p.value as string),
    ...textFilter,
  }),
  textColumn<DisposalRow>('taxYear', 'Tax year', { minWidth: 150, ...textFilter }), // a company's "year to 2024-12-31"
  textColumn<DisposalRow>('security', 'Security', { minWidth: 120, ...textFilter }),
  textColumn<DisposalRow>('type', 'Type', {
    minWidth: 110,
    valueFormatter: (p) => transactionTypeLabel(p.value as string),
    getQuickFilterText: (p) => transactionTypeLabel(p.value as string),
    ...textFilter,
  }),
  numberColumn<DisposalRow>('quantity', 'Quantity', {
    minWidth: 100,
    valueFormatter: (p) => formatExactQuantity(p.value as string),
    ...exact,
  }),
  moneyColumn<DisposalRow>('proceeds', 'Proceeds', money),
  moneyColumn<DisposalRow>('allowableCost', 'Allowable cost', money),
  moneyColumn<DisposalRow>('gain', 'Gain', money),
  {
    colId: 'matched',
    headerName: 'How matched',
    valueGetter: (p) => (p.data ? howMatched(p.data) : ''),
    cellClassRules: { 'gains-negative': (p) => !!p.data?.failure },
    minWidth: 220,
    flex: 2,
    ...textFilter,
  },
];
