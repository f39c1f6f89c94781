import type { ColDef } from 'ag-grid-community';
import { booleanColumn, moneyColumn, numberColumn, textColumn } from '@/components/grid/grid-defaults';
import type { SortItem } from '@/components/grid/column-state';
import { formatDateTime } from '@/lib/format';
import type { ClientSummaryRow } from '../api/get-clients';
import { calculationStatusLabel } from './calculation-status';

type Col = ColDef<ClientSummaryRow>;

/** Default sort: organisation, then client code (spec §2.5). */
export const DEFAULT_CLIENT_SORT: SortItem[] = [
  { colId: 'ouCode', sort: 'asc' },
  { colId: 'code', sort: 'asc' },
];

/** Hidden by default (spec §2.5). */
export const HIDDEN_BY_DEFAULT = [
  'type',
  'unrealisedExemptGainLoss',
  'indexation',
  'usedIndexation',
  'ytdCloggedLoss',
  'ytdExemptGainLoss',
  'ytdHoldoverReliefGain',
] as const;

/** The reduced layout also hides these (spec §2.5). */
export const HIDDEN_IN_REDUCED_LAYOUT = ['relationshipManager', 'unrealisedIncomeGain', 'ytdIncomeGain'] as const;

const hidden = (field: string) => (HIDDEN_BY_DEFAULT as readonly string[]).includes(field);

function withDefaults(col: Col): Col {
  const field = col.field as string;
  const sortIndex = DEFAULT_CLIENT_SORT.findIndex((s) => s.colId === field);
  return {
    colId: field,
    hide: hidden(field),
    ...(sortIndex >= 0 ? { sort: DEFAULT_CLIENT_SORT[sortIndex].sort, sortIndex } : {}),
    ...col,
  };
}

/** The clients grid columns, in the order of spec §2.5. */
export const clientColumns: Col[] = [
  numberColumn<ClientSummaryRow>('portfolioCalculationFailures', 'Calc Failures', {
    width: 140,
    cellClassRules: { 'gains-negative': (p) => Number(p.value) > 0 },
  }),
  // Shown, not sorted by (the server sorts only the indexed columns): PENDING until the tax engine's first run,
  // whose figures are '-' until then, never 0.00.
  textColumn<ClientSummaryRow>('calculationStatus', 'Calc Status', {
    width: 130,
    sortable: false,
    valueFormatter: (p) => calculationStatusLabel(p.value as string | null),
    cellClassRules: {
      'gains-negative': (p) => p.value === 'FAILED' || p.value === 'PARTIAL',
      'gains-pending': (p) => p.value === 'PENDING',
    },
  }),
  textColumn<ClientSummaryRow>('lastCalculatedAt', 'Last Calculated', {
    width: 170,
    sortable: false,
    hide: true,
    valueFormatter: (p) => formatDateTime(p.value as string | null),
  }),
  textColumn<ClientSummaryRow>('ouCode', 'Organisation', { width: 200 }),
  textColumn<ClientSummaryRow>('code', 'Client Code', { width: 190 }),
  textColumn<ClientSummaryRow>('name', 'Client Name', { width: 240 }),
  textColumn<ClientSummaryRow>('relationshipManager', 'Relationship Manager', { width: 210 }),
  textColumn<ClientSummaryRow>('type', 'Client Type', { width: 140 }),
  textColumn<ClientSummaryRow>('state', 'Client State', { width: 130 }),
  moneyColumn<ClientSummaryRow>('annualExceptionRemaining', 'AE Remaining'),
  moneyColumn<ClientSummaryRow>('unusedBroughtForwardLoss', 'Unused BF Losses', { width: 180 }),
  moneyColumn<ClientSummaryRow>('marketValuation', 'Market Value', { width: 160 }),
  moneyColumn<ClientSummaryRow>('ytdCapitalGainLoss', 'YTD Capital Gain/Loss', { width: 190 }),
  moneyColumn<ClientSummaryRow>('ytdIncomeGain', 'YTD Income Gain', { width: 160 }),
  moneyColumn<ClientSummaryRow>('ytdExemptGainLoss', 'YTD Exempt Gain/Loss', { width: 190 }),
  moneyColumn<ClientSummaryRow>('unrealisedCapitalGainLoss', 'Unrealised Capital Gain/Loss', { width: 230 }),
  moneyColumn<ClientSummaryRow>('unrealisedIncomeGain', 'Unrealised Income Gain', { width: 200 }),
  moneyColumn<ClientSummaryRow>('unrealisedExemptGainLoss', 'Unrealised Exempt Gain/Loss', { width: 230 }),
  moneyColumn<ClientSummaryRow>('indexation', 'Indexation Available', { width: 180 }),
  moneyColumn<ClientSummaryRow>('usedIndexation', 'Indexation Used In Unrealised Values', { width: 280 }),
  moneyColumn<ClientSummaryRow>('ytdHoldoverReliefGain', 'Holdover Relief', { width: 160 }),
  moneyColumn<ClientSummaryRow>('ytdCloggedLoss', 'Clogged Loss'),
  numberColumn<ClientSummaryRow>('holdingBreaks', 'Rec Breaks'),
  booleanColumn<ClientSummaryRow>('incomePending', 'Income Pending', { width: 150 }),
  booleanColumn<ClientSummaryRow>('costUpdatePending', 'Cost Update Pending', { width: 180 }),
  numberColumn<ClientSummaryRow>('thirtyDayDisposalCounter', 'Thirty Day Disposal Counter', { width: 230 }),
].map(withDefaults);
