import type { ColDef } from 'ag-grid-community';
import type { DocumentHeader } from '@gains/contracts';
import { dateColumn, numberColumn, textColumn } from '@/components/grid/grid-defaults';
import { statusLabel } from './header-rules';

// The search call does not sort, so no column offers to (seed 001 §2 "Header list").
const fixed = { sortable: false } as const;

export const headersColumns: ColDef<DocumentHeader>[] = [
  textColumn<DocumentHeader>('code', 'Code', { ...fixed, width: 130 }),
  textColumn<DocumentHeader>('createdByName', 'Created by', fixed),
  dateColumn<DocumentHeader>('createdDate', 'Created date', fixed),
  dateColumn<DocumentHeader>('exDate', 'Ex Date', fixed),
  textColumn<DocumentHeader>('typeName', 'Header Type', { ...fixed, width: 190 }),
  textColumn<DocumentHeader>('isin', 'ISIN', { ...fixed, width: 140 }),
  dateColumn<DocumentHeader>('lastModifiedDate', 'Last modified date', fixed),
  textColumn<DocumentHeader>('lastModifiedByName', 'Last modified by', fixed),
  numberColumn<DocumentHeader>('version', 'Version', { ...fixed, width: 100 }),
  textColumn<DocumentHeader>('orgName', 'Organisation', { ...fixed, width: 180 }),
  dateColumn<DocumentHeader>('payDate', 'Pay date', fixed),
  textColumn<DocumentHeader>('securityName', 'Security', { ...fixed, width: 200 }),
  textColumn<DocumentHeader>('sedol', 'Sedol', { ...fixed, width: 110 }),
  textColumn<DocumentHeader>('status', 'Status', {
    ...fixed,
    width: 170,
    valueFormatter: (p) => statusLabel(String(p.value ?? '')),
  }),
];
