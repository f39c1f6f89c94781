import type { ColDef } from 'ag-grid-community';
import type { HeaderCandidate, HeaderPreview } from '@gains/contracts';
import { dateColumn, moneyColumn, numberColumn, quantityColumn, textColumn } from '@/components/grid/grid-defaults';
import { formatPrice } from '@/lib/format';
import { statusLabel } from './header-rules';

// Both grids are paged by the server, which does not sort them.
const fixed = { sortable: false } as const;
const status = <T>(): ColDef<T> =>
  textColumn<T>('status', 'Status', {
    ...fixed,
    width: 130,
    valueFormatter: (p) => statusLabel(String(p.value ?? '')),
  });
const price = <T>(field: string, headerName: string): ColDef<T> =>
  quantityColumn<T>(field, headerName, { ...fixed, width: 120, valueFormatter: (p) => formatPrice(p.value as string) });

/** Seed 001 §2 "Candidates grid": the columns the service answers today (no edits, no group quantities yet). */
export const candidatesColumns: ColDef<HeaderCandidate>[] = [
  status<HeaderCandidate>(),
  numberColumn<HeaderCandidate>('version', 'Version', { ...fixed, width: 100 }),
  textColumn<HeaderCandidate>('clientCode', 'Client Code', { ...fixed, width: 130 }),
  textColumn<HeaderCandidate>('clientName', 'Client Name', { ...fixed, width: 180 }),
  textColumn<HeaderCandidate>('portfolioCode', 'Portfolio Code', { ...fixed, width: 140 }),
  textColumn<HeaderCandidate>('portfolioName', 'Portfolio Name', { ...fixed, width: 180 }),
  dateColumn<HeaderCandidate>('asAtDate', 'As At', fixed),
  quantityColumn<HeaderCandidate>('holdingQuantity', 'Holding Quantity', fixed),
  moneyColumn<HeaderCandidate>('cgtCost', 'CGT Cost', fixed),
  price<HeaderCandidate>('price', 'Price'),
  moneyColumn<HeaderCandidate>('marketValuation', 'Market Valuation', fixed),
  quantityColumn<HeaderCandidate>('transferQuantity', 'Transfer Quantity', fixed),
  quantityColumn<HeaderCandidate>('transferPercentage', 'Transfer Percentage', fixed),
];

/** Seed 001 §2 "Previews grid": the proposed ledger rows as the service answers them today. */
export const previewsColumns: ColDef<HeaderPreview>[] = [
  textColumn<HeaderPreview>('portfolioCode', 'Portfolio Code', { ...fixed, width: 140 }),
  textColumn<HeaderPreview>('transactionType', 'Transaction Type', { ...fixed, width: 170 }),
  quantityColumn<HeaderPreview>('quantity', 'Quantity', fixed),
  price<HeaderPreview>('price', 'Price'),
  moneyColumn<HeaderPreview>('consideration', 'Consideration', fixed),
  moneyColumn<HeaderPreview>('marketValue', 'Market Value', fixed),
  numberColumn<HeaderPreview>('newSecurityId', 'New security id', {
    ...fixed,
    width: 130,
    // 0 is the proto's "none"
    valueFormatter: (p) => (p.value ? String(p.value as number) : '-'),
  }),
  dateColumn<HeaderPreview>('tradeDate', 'Trade date', fixed),
  status<HeaderPreview>(),
];
