import type { ColDef } from 'ag-grid-community';
import type { HeaderCandidate, HeaderPreview } from '@gains/contracts';
import { dateColumn, moneyColumn, numberColumn, quantityColumn, textColumn } from '@/components/grid/grid-defaults';
import { formatDateTime, formatExactQuantity, formatPrice } from '@/lib/format';
import { statusLabel } from './header-rules';

// The grids are paged by the server, which does not sort them.
const fixed = { sortable: false } as const;
const status = <T>(): ColDef<T> =>
  textColumn<T>('status', 'Status', {
    ...fixed,
    width: 130,
    valueFormatter: (p) => statusLabel(String(p.value ?? '')),
  });
const price = <T>(field: string, headerName: string): ColDef<T> =>
  quantityColumn<T>(field, headerName, { ...fixed, width: 120, valueFormatter: (p) => formatPrice(p.value as string) });
const exact = <T>(field: string, headerName: string): ColDef<T> =>
  quantityColumn<T>(field, headerName, {
    ...fixed,
    width: 150,
    valueFormatter: (p) => formatExactQuantity(p.value as string),
  });
const text = <T>(field: string, headerName: string, width = 140): ColDef<T> =>
  textColumn<T>(field, headerName, { ...fixed, width });

const count = <T>(field: string, headerName: string, width = 120): ColDef<T> =>
  numberColumn<T>(field, headerName, { ...fixed, width });
/** Seed 001 §2's audit columns: created and modified, when and by whom (shown, so they are exported too). */
const audit = <T>(): ColDef<T>[] => [
  textColumn<T>('createdAt', 'Created Date', {
    ...fixed,
    width: 150,
    valueFormatter: (p) => formatDateTime(p.value as string),
  }),
  text<T>('createdByName', 'Created By'),
  textColumn<T>('updatedAt', 'Modified Date', {
    ...fixed,
    width: 150,
    valueFormatter: (p) => formatDateTime(p.value as string),
  }),
  text<T>('updatedByName', 'Modified By'),
];

/** Marks a column editable while the header's rows are (seed 001 §4: PENDING or EDIT), its cells outlined. */
const editableIf = <T>(column: ColDef<T>, editable: (row: T) => boolean): ColDef<T> => ({
  ...column,
  editable: (p) => (p.data ? editable(p.data) : false),
  cellClassRules: {
    ...column.cellClassRules,
    'gains-editable-cell': (p) => (p.data ? editable(p.data) : false),
  },
});

/** A row may be edited only while it is still to be posted. */
const open = (row: { status: string }) => ['PENDING', 'EDIT', 'PENDING_DIFF', 'EXCLUDED'].includes(row.status);

/**
 * Seed 001 §2 "Candidates grid" (the Include tick and the Actions column are the tab's own). A corporate action's
 * Holding Quantity, CGT Cost and Group 1 / Group 2 quantities are editable; its Price, Market Valuation and Transfer
 * Quantity never are (§5). A portfolio movement's Holding Quantity, Valuation Cost and CGT Cost are not (§5); its
 * Transfer Quantity and Transfer Percentage are.
 */
export function candidatesColumns(o: { movement: boolean; editable: boolean; groups: boolean }) {
  const edit = (column: ColDef<HeaderCandidate>) => (o.editable && !o.movement ? editableIf(column, open) : column);
  // a movement moves a share of what the ledger holds: its transfer is what is edited
  const transfer = (column: ColDef<HeaderCandidate>) => (o.editable && o.movement ? editableIf(column, open) : column);
  const groups = (column: ColDef<HeaderCandidate>) => (o.groups ? edit(column) : { ...column, hide: true });
  const derived = (column: ColDef<HeaderCandidate>) => (o.groups ? column : { ...column, hide: true });
  return [
    status<HeaderCandidate>(),
    numberColumn<HeaderCandidate>('version', 'Version', { ...fixed, width: 100 }),
    text<HeaderCandidate>('clientCode', 'Client Code', 130),
    text<HeaderCandidate>('clientName', 'Client Name', 180),
    text<HeaderCandidate>('portfolioCode', 'Portfolio Code'),
    text<HeaderCandidate>('portfolioName', 'Portfolio Name', 180),
    dateColumn<HeaderCandidate>('asAtDate', 'As At Holdings Report Date', { ...fixed, width: 150 }),
    edit(exact<HeaderCandidate>('holdingQuantity', 'Holding Quantity')),
    moneyColumn<HeaderCandidate>('valuationCost', 'Valuation Cost', fixed),
    edit(moneyColumn<HeaderCandidate>('cgtCost', 'CGT Cost', fixed)),
    price<HeaderCandidate>('price', 'Price'),
    moneyColumn<HeaderCandidate>('marketValuation', 'Market Valuation', fixed),
    transfer(exact<HeaderCandidate>('transferQuantity', 'Transfer Quantity')),
    transfer(exact<HeaderCandidate>('transferPercentage', 'Transfer Percentage')),
    groups(exact<HeaderCandidate>('group1Quantity', 'Group 1 Quantity')),
    groups(exact<HeaderCandidate>('group2Quantity', 'Group 2 Quantity')),
    // every method's groups, worked out from the ledger when the candidates were found (read-only)
    derived(exact<HeaderCandidate>('group1Fifo', 'Group 1 FIFO')),
    derived(exact<HeaderCandidate>('group2Fifo', 'Group 2 FIFO')),
    derived(exact<HeaderCandidate>('group1Lifo', 'Group 1 LIFO')),
    derived(exact<HeaderCandidate>('group2Lifo', 'Group 2 LIFO')),
    derived(exact<HeaderCandidate>('group1Average', 'Group 1 Average')),
    derived(exact<HeaderCandidate>('group2Average', 'Group 2 Average')),
    count<HeaderCandidate>('previewsNotEdited', 'Previews'),
    count<HeaderCandidate>('previewSuccesses', 'Preview Successes', 150),
    count<HeaderCandidate>('previewFailures', 'Preview Failures', 140),
    count<HeaderCandidate>('previews', 'All Previews (incl. Edited)', 190),
    count<HeaderCandidate>('headerVersion', 'Header Version', 140),
    text<HeaderCandidate>('headerCode', 'Header Code', 130),
    text<HeaderCandidate>('sedol', 'SEDOL', 110),
    text<HeaderCandidate>('isin', 'ISIN', 140),
    ...audit<HeaderCandidate>(),
    text<HeaderCandidate>('failureReason', 'Reason', 320),
  ];
}

/** Whether the holder pays on the row (new shares bought): its money is an Expense, otherwise Proceeds. */
const pays = (row: HeaderPreview) => row.expense !== '';

/**
 * Seed 001 §2 "Previews grid": Holding Quantity is editable, and Proceeds or Expense, whichever the row has (the
 * Actions column is the tab's own).
 */
export function previewsColumns(o: { editable: boolean }) {
  const edit = (column: ColDef<HeaderPreview>, when: (row: HeaderPreview) => boolean = () => true) =>
    o.editable ? editableIf(column, (row) => open(row) && when(row)) : column;
  return [
    text<HeaderPreview>('portfolioCode', 'Portfolio Code'),
    text<HeaderPreview>('transactionType', 'Transaction Type', 170),
    text<HeaderPreview>('sedol', 'SEDOL', 110),
    text<HeaderPreview>('isin', 'ISIN', 140),
    edit(exact<HeaderPreview>('holdingQuantity', 'Holding Quantity')),
    edit(moneyColumn<HeaderPreview>('expense', 'Expense', fixed), pays),
    edit(moneyColumn<HeaderPreview>('proceeds', 'Proceeds', fixed), (row) => !pays(row)),
    exact<HeaderPreview>('quantity', 'Quantity'),
    exact<HeaderPreview>('rate', 'Rate'),
    status<HeaderPreview>(),
    numberColumn<HeaderPreview>('version', 'Version', { ...fixed, width: 100 }),
    text<HeaderPreview>('clientName', 'Client', 180),
    dateColumn<HeaderPreview>('acquisitionDate', 'Acquisition Date', fixed),
    exact<HeaderPreview>('perParent', 'Per Parent'),
    price<HeaderPreview>('price', 'Price'),
    exact<HeaderPreview>('apportionmentFactor', 'Apportionment Factor'),
    moneyColumn<HeaderPreview>('group1Qualifying', 'Group 1 Qualifying Amount', { ...fixed, width: 190 }),
    moneyColumn<HeaderPreview>('group2Qualifying', 'Group 2 Qualifying Amount', { ...fixed, width: 190 }),
    moneyColumn<HeaderPreview>('marketValue', 'Market Value', fixed),
    numberColumn<HeaderPreview>('candidateVersion', 'Candidate Version', { ...fixed, width: 150 }),
    dateColumn<HeaderPreview>('tradeDate', 'Trade Date', fixed),
    count<HeaderPreview>('headerVersion', 'Header Version', 140),
    text<HeaderPreview>('headerCode', 'Header Code', 130),
    ...audit<HeaderPreview>(),
  ];
}

/**
 * Seed 001 §2 "Proposed Transactions grid": read-only, with the conversion SEDOL and ISIN and the SID rollover date;
 * a corporate action hides Trade Date, a portfolio movement Ex Date and Pay Date.
 */
export function proposedColumns(o: { movement: boolean }) {
  return [
    text<HeaderPreview>('portfolioCode', 'Portfolio Code'),
    text<HeaderPreview>('clientName', 'Client', 180),
    text<HeaderPreview>('transactionType', 'Transaction Type', 170),
    text<HeaderPreview>('sedol', 'SEDOL', 110),
    text<HeaderPreview>('isin', 'ISIN', 140),
    text<HeaderPreview>('conversionSedol', 'Conversion SEDOL', 150),
    text<HeaderPreview>('conversionIsin', 'Conversion ISIN', 150),
    dateColumn<HeaderPreview>('tradeDate', 'Trade Date', { ...fixed, hide: !o.movement }),
    dateColumn<HeaderPreview>('exDate', 'Ex Date', { ...fixed, hide: o.movement }),
    dateColumn<HeaderPreview>('payDate', 'Pay Date', { ...fixed, hide: o.movement }),
    exact<HeaderPreview>('quantity', 'Quantity'),
    price<HeaderPreview>('price', 'Price'),
    moneyColumn<HeaderPreview>('proceeds', 'Proceeds', fixed),
    moneyColumn<HeaderPreview>('expense', 'Expense', fixed),
    moneyColumn<HeaderPreview>('marketValue', 'Market Value', fixed),
    text<HeaderPreview>('ratio', 'Ratio', 100),
    dateColumn<HeaderPreview>('sidRolloverDate', 'SID Rollover Date', { ...fixed, width: 150 }),
    status<HeaderPreview>(),
  ];
}

/** Seed 001 §2 "Transactions grid": what was posted, read-only, with the ledger's code and state. */
export function transactionsColumns() {
  return [
    text<HeaderPreview>('transactionCode', 'Transaction Code', 170),
    text<HeaderPreview>('transactionState', 'Transaction State', 150),
    text<HeaderPreview>('portfolioCode', 'Portfolio Code'),
    text<HeaderPreview>('clientName', 'Client', 180),
    text<HeaderPreview>('transactionType', 'Transaction Type', 170),
    text<HeaderPreview>('sedol', 'SEDOL', 110),
    text<HeaderPreview>('isin', 'ISIN', 140),
    dateColumn<HeaderPreview>('tradeDate', 'Trade Date', fixed),
    dateColumn<HeaderPreview>('exDate', 'Ex Date', fixed),
    dateColumn<HeaderPreview>('payDate', 'Pay Date', fixed),
    dateColumn<HeaderPreview>('reportDate', 'Report Date', fixed),
    exact<HeaderPreview>('holdingQuantity', 'Qualifying Holding'),
    exact<HeaderPreview>('quantity', 'Quantity'),
    moneyColumn<HeaderPreview>('proceeds', 'Proceeds', fixed),
    moneyColumn<HeaderPreview>('expense', 'Expense', fixed),
  ];
}
