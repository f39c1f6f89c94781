import { describe, expect, it } from 'vitest';
import type { ColDef, ValueFormatterParams } from 'ag-grid-community';
import { holdingColumns, portfolioColumns, transactionColumns } from './ledger-columns';

/** The text a column shows for a value, through its own formatter. */
function shown<T>(columns: ColDef<T>[], id: string, value: unknown): string {
  const col = columns.find((c) => (c.colId ?? c.field) === id);
  if (!col) throw new Error(`no column ${id}`);
  const format = col.valueFormatter as (p: Partial<ValueFormatterParams<T>>) => string;
  return format({ value });
}

/** Whether a column marks a value red. */
function red<T>(columns: ColDef<T>[], id: string, value: unknown): boolean {
  const col = columns.find((c) => (c.colId ?? c.field) === id);
  const rule = (col?.cellClassRules as Record<string, (p: { value: unknown }) => boolean> | undefined)?.[
    'gains-negative'
  ];
  return rule ? rule({ value }) : false;
}

const visible = <T>(columns: ColDef<T>[]) => columns.filter((c) => !c.hide).map((c) => c.headerName);
const hidden = <T>(columns: ColDef<T>[]) => columns.filter((c) => c.hide).map((c) => c.headerName);

describe('the portfolio table', () => {
  it('shows the seed §2.5 columns, the tax wrapper among them, with many YTD and unrealised figures hidden', () => {
    expect(visible(portfolioColumns)).toEqual([
      'Calc Failures',
      'Code',
      'Name',
      'Type',
      'Tax Wrapper',
      'State',
      'Ownership %',
      'Market Value',
      'YTD Capital Gain/Loss',
      'Unrealised Capital Gain/Loss',
      'Holdover Relief',
      'Clogged Loss',
      'Rec Breaks',
    ]);
    expect(hidden(portfolioColumns)).toEqual([
      'YTD Income Gain',
      'YTD Exempt Gain/Loss',
      'Unrealised Income Gain',
      'Unrealised Exempt Gain/Loss',
      'Indexation',
    ]);
  });

  it('shows ownership as a percentage, money in GBP with losses red, and a missing figure as a dash', () => {
    expect(shown(portfolioColumns, 'percentage', '50.00')).toBe('50.00%');
    expect(shown(portfolioColumns, 'percentage', null)).toBe('-');
    expect(shown(portfolioColumns, 'marketValue', '1234567.891')).toBe('£1,234,567.89');
    expect(shown(portfolioColumns, 'ytdCapitalGainLoss', '-250.5')).toBe('-£250.50');
    expect(red(portfolioColumns, 'ytdCapitalGainLoss', '-250.5')).toBe(true);
    expect(red(portfolioColumns, 'ytdCapitalGainLoss', '250.5')).toBe(false);
    expect(shown(portfolioColumns, 'unrealisedCapitalGainLoss', null)).toBe('-');
    expect(red(portfolioColumns, 'calculationFailures', 2)).toBe(true);
  });
});

describe('the holdings table', () => {
  it('shows quantity to 4 places exactly, a null figure as a dash (not £0.00) and a rec break as Yes in red', () => {
    expect(shown(holdingColumns, 'quantity', '1717.12345')).toBe('1,717.1235');
    expect(shown(holdingColumns, 'quantity', '1000000000000.0001')).toBe('1,000,000,000,000.0001');
    expect(shown(holdingColumns, 'cgtCost', null)).toBe('-');
    expect(shown(holdingColumns, 'averageCost', '0')).toBe('£0.00');
    expect(shown(holdingColumns, 'recBreak', true)).toBe('Yes');
    expect(red(holdingColumns, 'recBreak', true)).toBe(true);
    expect(red(holdingColumns, 'calculationStatus', 'FAILED')).toBe(true);
  });

  it('hides the indexation, holdover relief and clogged loss, the YTD and unrealised income and exempt figures, and the calculation detail', () => {
    expect(hidden(holdingColumns)).toEqual([
      'YTD Income Gain',
      'YTD Exempt Gain/Loss',
      'Unrealised Income Gain',
      'Unrealised Exempt Gain/Loss',
      'Indexation',
      'Holdover Relief',
      'Clogged Loss',
      'Thirty Day Disposals',
      'Last Calculated',
    ]);
  });
});

describe('the transactions table', () => {
  it('names every column for the server sort, once', () => {
    const ids = transactionColumns.map((c) => c.colId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('type');
    expect(ids).toContain('state');
    expect(transactionColumns.find((c) => c.colId === 'tradeDate')?.sort).toBe('asc');
  });

  it('shows dates day/month/year, a missing date as a dash, and warnings joined in red', () => {
    expect(shown(transactionColumns, 'tradeDate', '2026-04-06')).toBe('06/04/2026');
    expect(shown(transactionColumns, 'exDate', null)).toBe('-');
    expect(shown(transactionColumns, 'capitalGainLoss', '-0.01')).toBe('-£0.01');
    expect(shown(transactionColumns, 'warnings', ['No price', 'Short sale'])).toBe('No price; Short sale');
    expect(shown(transactionColumns, 'warnings', [])).toBe('-');
    expect(red(transactionColumns, 'warnings', ['No price'])).toBe(true);
    expect(red(transactionColumns, 'warnings', [])).toBe(false);
  });
});
