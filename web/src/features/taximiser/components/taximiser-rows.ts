/**
 * The Taximiser holdings table's pure rules (seed 000 §4 steps 3-7, §5): which holdings show, what a price or
 * disposal-amount edit changes, what the percent planner sets, and which selected rows break a rule. Figures are
 * decimal strings worked exactly (lib/decimal), never binary floats.
 */
import { disposalAmountProblem, percentProblem, pricePerShareProblem } from '@gains/access';
import type { LedgerHolding, TaximiserDisposal } from '@gains/contracts';
import {
  isDecimal,
  multiplyDecimal,
  percentOfDecimal,
  roundDecimal,
  signOfDecimal,
  subtractDecimal,
} from '@/lib/decimal';

/** One row of the Taximiser holdings table: a holding with quantity above 0, its price and disposal amount. */
export interface TaximiserRow {
  /** The security id, as text (the grid's row id). */
  id: string;
  securityId: number;
  portfolioCode: string;
  sedol: string;
  isin: string;
  issuerName: string;
  securityName: string;
  quantity: string;
  cgtCost: string | null;
  /** The price per share, as the user typed it or the latest price; '' when none. */
  price: string;
  /** Whether the user changed the price (sent with the plan). */
  priceEdited: boolean;
  marketValue: string | null;
  unrealisedIncomeGain: string | null;
  unrealisedCapitalGainLoss: string | null;
  /** CAPITAL, INCOME or EXEMPT: which unrealised column a recomputed gain belongs to. */
  cgtClass: string;
  /** The disposal amount as typed; '' when none. */
  disposalAmount: string;
}

/** Quantities and disposal amounts: 4 decimals (§9). */
export const QUANTITY_PLACES = 4;

/** Step 3: only holdings with quantity above 0 are shown, each as a row. */
export function toTaximiserRows(holdings: readonly LedgerHolding[]): TaximiserRow[] {
  return holdings
    .filter((h) => isDecimal(h.quantity) && signOfDecimal(h.quantity) > 0)
    .map((h) => ({
      id: String(h.securityId),
      securityId: h.securityId,
      portfolioCode: h.portfolioCode,
      sedol: h.sedol,
      isin: h.isin,
      issuerName: h.issuerName,
      securityName: h.securityName,
      quantity: h.quantity,
      cgtCost: h.cgtCost ?? null,
      price: h.price ?? '',
      priceEdited: false,
      marketValue: h.value ?? null,
      unrealisedIncomeGain: h.unrealisedIncomeGain ?? null,
      unrealisedCapitalGainLoss: h.unrealisedCapitalGainLoss ?? null,
      cgtClass: h.cgtClass || 'CAPITAL',
      disposalAmount: '',
    }));
}

/**
 * Step 5: a price edit. A non-blank number of 0 or more is stored and the market value (quantity x price) and the
 * unrealised gain (value - CGT cost, in the row's gain column) are recomputed; other text is kept as typed, for
 * its rule to be shown, and changes no figure.
 */
export function withPrice(row: TaximiserRow, text: string): TaximiserRow {
  const price = text.trim().replace(/,/g, '');
  if (pricePerShareProblem(price) !== null) return { ...row, price: text.trim(), priceEdited: true };
  const marketValue = multiplyDecimal(row.quantity, price);
  const next: TaximiserRow = { ...row, price, priceEdited: true, marketValue };
  if (row.cgtCost === null || !isDecimal(row.cgtCost)) return next;
  const gain = subtractDecimal(marketValue, row.cgtCost);
  return row.cgtClass === 'INCOME'
    ? { ...next, unrealisedIncomeGain: gain }
    : { ...next, unrealisedCapitalGainLoss: gain };
}

/**
 * Step 4: a disposal-amount edit is stored as typed; the row is to be selected when the text is a non-zero number
 * that changed.
 */
export function withDisposalAmount(row: TaximiserRow, text: string): { row: TaximiserRow; select: boolean } {
  const typed = text.trim();
  const value = typed.replace(/,/g, '');
  const changed = typed !== row.disposalAmount;
  const select = changed && isDecimal(value) && signOfDecimal(value) !== 0;
  return { row: { ...row, disposalAmount: typed }, select };
}

/**
 * Step 6: the percent planner. Undefined rows and the rule's message when the percent breaks it; otherwise the
 * original rows, each with quantity / 100 x percent (4 decimals, rounded down) to dispose of, all to be selected.
 */
export function runPercent(
  original: readonly TaximiserRow[],
  percentText: string,
): { rows: TaximiserRow[]; problem: null } | { rows: undefined; problem: string } {
  const problem = percentProblem(percentText);
  if (problem) return { rows: undefined, problem };
  const percent = percentText.trim().replace(/,/g, '');
  return {
    rows: original.map((row) => ({
      ...row,
      disposalAmount: percentOfDecimal(row.quantity, percent, QUANTITY_PLACES),
    })),
    problem: null,
  };
}

export type RowField = 'disposalAmount' | 'price';

export interface RowProblem {
  id: string;
  field: RowField;
  message: string;
}

/** §5: a row's broken rules (disposal amount 0.0001 to the quantity held; a price of 0 or more). */
export function rowProblems(row: TaximiserRow): RowProblem[] {
  const problems: RowProblem[] = [];
  const amount = disposalAmountProblem(row.disposalAmount, row.quantity);
  if (amount) problems.push({ id: row.id, field: 'disposalAmount', message: amount });
  const price = pricePerShareProblem(row.price);
  if (price) problems.push({ id: row.id, field: 'price', message: price });
  return problems;
}

/** §5: the broken rules of the selected rows only, in table order (unselected rows show none). */
export function selectedProblems(rows: readonly TaximiserRow[], selected: ReadonlySet<string>): RowProblem[] {
  return rows.filter((row) => selected.has(row.id)).flatMap(rowProblems);
}

/** Step 7: the quantities a calculation sends (the selected rows' disposal amounts) and the prices changed. */
export function planInput(
  rows: readonly TaximiserRow[],
  selected: ReadonlySet<string>,
): { quantities: { securityId: number; quantity: string }[]; prices: Record<string, string> } {
  const chosen = rows.filter((row) => selected.has(row.id));
  return {
    quantities: chosen.map((row) => ({
      securityId: row.securityId,
      quantity: roundDecimal(row.disposalAmount.replace(/,/g, ''), QUANTITY_PLACES, 'down'),
    })),
    prices: editedPrices(rows),
  };
}

/** The prices the user changed, by security id (valid ones only). */
export function editedPrices(rows: readonly TaximiserRow[]): Record<string, string> {
  const prices: Record<string, string> = {};
  for (const row of rows) {
    if (row.priceEdited && pricePerShareProblem(row.price) === null) prices[String(row.securityId)] = row.price;
  }
  return prices;
}

/** A plan's disposals set the rows' disposal amounts (4 decimals); the rows to select are those it sells. */
export function withPlannedAmounts(
  rows: readonly TaximiserRow[],
  disposals: readonly Pick<TaximiserDisposal, 'securityId' | 'quantity'>[],
): { rows: TaximiserRow[]; selected: Set<string> } {
  const planned = new Map(disposals.map((d) => [String(d.securityId), d.quantity]));
  return {
    rows: rows.map((row) =>
      planned.has(row.id)
        ? { ...row, disposalAmount: roundDecimal(planned.get(row.id)!, QUANTITY_PLACES, 'down') }
        : { ...row, disposalAmount: '' },
    ),
    selected: new Set(planned.keys()),
  };
}
