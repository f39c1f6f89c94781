import type { ColDef } from 'ag-grid-community';
import {
  booleanColumn,
  dateColumn,
  decimalComparator,
  moneyColumn,
  numberColumn,
  quantityColumn,
  textColumn,
} from '@/components/grid/grid-defaults';
import { formatDateTime } from '@/lib/format';
import type { LedgerHolding, LedgerTransaction, Portfolio } from '../api/ledger';
import { calculationStatusLabel } from './calculation-status';

/** Rows of the client-side tables carry an `id` (LocalGrid keys rows by it). */
export type PortfolioRow = Portfolio & { id: string };
export type HoldingRow = LedgerHolding & { id: number };

/** Room for "-£12,345,678.90" and "1,234,567.8900": figures are never cut. */
const FIGURE_MIN = 140;

/** Money sorts exactly in the browser tables. */
const money = <T>(field: string, header: string, extra: ColDef<T> = {}) =>
  moneyColumn<T>(field, header, { comparator: decimalComparator, minWidth: FIGURE_MIN, ...extra });

const hide = <T>(col: ColDef<T>): ColDef<T> => ({ ...col, hide: true });

/**
 * Seed 000 §2.5 portfolio table; many YTD and unrealised columns hidden by default. The browser tables stretch
 * their columns to fit, so figures, codes and names carry a minimum width: the table scrolls sideways rather
 * than cut them.
 */
export const portfolioColumns: ColDef<PortfolioRow>[] = [
  numberColumn<PortfolioRow>('calculationFailures', 'Calc Failures', {
    width: 130,
    cellClassRules: { 'gains-negative': (p) => Number(p.value) > 0 },
  }),
  textColumn<PortfolioRow>('code', 'Code', { width: 150, minWidth: 120 }),
  textColumn<PortfolioRow>('name', 'Name', { width: 220, minWidth: 160 }),
  textColumn<PortfolioRow>('type', 'Type', { width: 150, minWidth: 130 }),
  textColumn<PortfolioRow>('taxWrapper', 'Tax Wrapper', { width: 130 }),
  textColumn<PortfolioRow>('state', 'State', { width: 110 }),
  quantityColumn<PortfolioRow>('percentage', 'Ownership %', {
    width: 130,
    minWidth: 110,
    valueFormatter: (p) => (p.value ? `${String(p.value)}%` : '-'),
  }),
  money<PortfolioRow>('marketValue', 'Market Value', { width: 160 }),
  money<PortfolioRow>('ytdCapitalGainLoss', 'YTD Capital Gain/Loss', { width: 190 }),
  hide(money<PortfolioRow>('ytdIncomeGain', 'YTD Income Gain', { width: 160 })),
  hide(money<PortfolioRow>('ytdExemptGainLoss', 'YTD Exempt Gain/Loss', { width: 190 })),
  money<PortfolioRow>('unrealisedCapitalGainLoss', 'Unrealised Capital Gain/Loss', { width: 230 }),
  hide(money<PortfolioRow>('unrealisedIncomeGain', 'Unrealised Income Gain', { width: 200 })),
  hide(money<PortfolioRow>('unrealisedExemptGainLoss', 'Unrealised Exempt Gain/Loss', { width: 230 })),
  hide(money<PortfolioRow>('indexation', 'Indexation', { width: 140 })),
  money<PortfolioRow>('holdoverRelief', 'Holdover Relief', { width: 160 }),
  money<PortfolioRow>('cloggedLoss', 'Clogged Loss', { width: 150 }),
  numberColumn<PortfolioRow>('recBreaks', 'Rec Breaks', { width: 120 }),
];

/** Seed 000 §2.5 holdings table, rows keyed by security id. */
export const holdingColumns: ColDef<HoldingRow>[] = [
  textColumn<HoldingRow>('calculationStatus', 'Calc Status', {
    width: 130,
    minWidth: 110,
    valueFormatter: (p) => calculationStatusLabel(p.value as string | null),
    cellClassRules: { 'gains-negative': (p) => p.value === 'FAILED', 'gains-pending': (p) => p.value === 'PENDING' },
  }),
  textColumn<HoldingRow>('portfolioCode', 'Portfolio Code', { width: 150, minWidth: 120 }),
  textColumn<HoldingRow>('sedol', 'SEDOL', { width: 110, minWidth: 100 }),
  textColumn<HoldingRow>('isin', 'ISIN', { width: 140, minWidth: 140 }),
  textColumn<HoldingRow>('issuerName', 'Issuer', { width: 200, minWidth: 150 }),
  textColumn<HoldingRow>('securityName', 'Security', { width: 240, minWidth: 180 }),
  quantityColumn<HoldingRow>('quantity', 'Quantity', { minWidth: FIGURE_MIN }),
  money<HoldingRow>('value', 'Market Value', { width: 160 }),
  money<HoldingRow>('averageCost', 'Average Cost'),
  money<HoldingRow>('cgtCost', 'CGT Cost'),
  money<HoldingRow>('ytdCapitalGainLoss', 'YTD Capital Gain/Loss', { width: 190 }),
  hide(money<HoldingRow>('ytdIncomeGain', 'YTD Income Gain', { width: 160 })),
  hide(money<HoldingRow>('ytdExemptGainLoss', 'YTD Exempt Gain/Loss', { width: 190 })),
  money<HoldingRow>('unrealisedCapitalGainLoss', 'Unrealised Capital Gain/Loss', { width: 230 }),
  hide(money<HoldingRow>('unrealisedIncomeGain', 'Unrealised Income Gain', { width: 200 })),
  hide(money<HoldingRow>('unrealisedExemptGainLoss', 'Unrealised Exempt Gain/Loss', { width: 230 })),
  hide(money<HoldingRow>('indexation', 'Indexation', { width: 140 })),
  hide(money<HoldingRow>('holdoverRelief', 'Holdover Relief', { width: 160 })),
  hide(money<HoldingRow>('cloggedLoss', 'Clogged Loss', { width: 150 })),
  hide(numberColumn<HoldingRow>('thirtyDayDisposalCounter', 'Thirty Day Disposals', { width: 180 })),
  hide(
    textColumn<HoldingRow>('lastCalculatedAt', 'Last Calculated', {
      width: 170,
      valueFormatter: (p) => formatDateTime(p.value as string | null),
    }),
  ),
  booleanColumn<HoldingRow>('recBreak', 'Rec Break', {
    width: 120,
    cellClassRules: { 'gains-negative': (p) => p.value === true },
  }),
];

/** Seed 000 §2.5 transactions table (server-sorted: the grid keeps the server's order). */
export const transactionColumns: ColDef<LedgerTransaction>[] = [
  textColumn<LedgerTransaction>('portfolioCode', 'Portfolio Code', { width: 150 }),
  textColumn<LedgerTransaction>('sedol', 'SEDOL', { width: 110 }),
  hide(textColumn<LedgerTransaction>('isin', 'ISIN', { width: 140 })),
  dateColumn<LedgerTransaction>('tradeDate', 'Transaction Date', { sort: 'asc' }),
  dateColumn<LedgerTransaction>('exDate', 'Ex-Date'),
  dateColumn<LedgerTransaction>('payDate', 'Pay Date'),
  hide(dateColumn<LedgerTransaction>('reportDate', 'Report Date')),
  textColumn<LedgerTransaction>('transactionType.type', 'Type', { colId: 'type', width: 190 }),
  textColumn<LedgerTransaction>('transactionState.state', 'State', { colId: 'state', width: 110 }),
  quantityColumn<LedgerTransaction>('quantity', 'Quantity'),
  moneyColumn<LedgerTransaction>('cgtCost', 'CGT Cost'),
  moneyColumn<LedgerTransaction>('proceeds', 'Proceeds'),
  textColumn<LedgerTransaction>('transactionCode', 'Transaction Code', { width: 170 }),
  moneyColumn<LedgerTransaction>('capitalGainLoss', 'Capital Gain/Loss', { width: 170 }),
  moneyColumn<LedgerTransaction>('incomeGain', 'Income Gain'),
  hide(moneyColumn<LedgerTransaction>('exemptGainLoss', 'Exempt Gain/Loss', { width: 170 })),
  hide(moneyColumn<LedgerTransaction>('holdoverRelief', 'Holdover Relief', { width: 160 })),
  hide(moneyColumn<LedgerTransaction>('cloggedLoss', 'Clogged Loss')),
  hide(moneyColumn<LedgerTransaction>('indexation', 'Indexation')),
  textColumn<LedgerTransaction>('warnings', 'Warnings', {
    width: 320,
    sortable: false,
    valueFormatter: (p) => ((p.value as string[] | undefined)?.length ? (p.value as string[]).join('; ') : '-'),
    cellClassRules: { 'gains-negative': (p) => !!(p.value as string[] | undefined)?.length },
  }),
].map((col) => ({ colId: col.colId ?? (col.field as string), ...col }));
