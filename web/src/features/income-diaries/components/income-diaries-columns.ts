import type { ColDef } from 'ag-grid-community';
import { incomeDiaryFrequencyLabel, type IncomeDiary } from '@gains/contracts';
import { booleanColumn, dateColumn, numberColumn, textColumn } from '@/components/grid/grid-defaults';

/** The columns the server sorts by (its DIARY_SORTS); the rest are not offered a sort. */
const fixed = { sortable: false } as const;

export const incomeDiariesColumns: ColDef<IncomeDiary>[] = [
  textColumn<IncomeDiary>('sedol', 'SEDOL', { width: 110 }),
  textColumn<IncomeDiary>('isin', 'ISIN', { ...fixed, width: 140 }),
  textColumn<IncomeDiary>('securityName', 'Security', { width: 220 }),
  textColumn<IncomeDiary>('incomeType', 'Income Type', {
    width: 220,
    valueGetter: (p) => p.data?.incomeTypeName || p.data?.incomeType,
  }),
  textColumn<IncomeDiary>('documentTypeName', 'Document Type', { ...fixed, width: 170 }),
  numberColumn<IncomeDiary>('rate', 'Rate per Share', {
    width: 130,
    valueFormatter: (p) => String(p.value ?? '-'),
  }),
  dateColumn<IncomeDiary>('nextExDate', 'Next Ex Date'),
  dateColumn<IncomeDiary>('nextPayDate', 'Next Pay Date'),
  textColumn<IncomeDiary>('frequency', 'Frequency', {
    width: 130,
    valueFormatter: (p) => incomeDiaryFrequencyLabel(String(p.value ?? '')),
  }),
  dateColumn<IncomeDiary>('endDate', 'End Date', fixed),
  booleanColumn<IncomeDiary>('active', 'Active', { width: 100 }),
  numberColumn<IncomeDiary>('headerCount', 'Headers', { ...fixed, width: 100 }),
  dateColumn<IncomeDiary>('updatedAt', 'Last modified date'),
  textColumn<IncomeDiary>('updatedByName', 'Last modified by', fixed),
];
