import { parseIsoDate } from './dates';
import type { LedgerTransaction, TransactionType } from './ledger';
import type { EngineEvent } from './normalise-ledger';
import { ONE, Rational, scanDigits, scanned, ZERO } from './arithmetic';

/**
 * One parser per ledger row type: each reads the fields its type uses, checks them and writes the row's figures
 * into its engine event (before the taxpayer's share of a joint portfolio is applied). A row that cannot be read
 * throws RowError, whose message names the field. normalise-ledger.ts builds the events and orders them.
 */

export class RowError extends Error {}

export type EventKind = 'corporate-action' | 'acquisition' | 'disposal' | 'transfer-out';

/**
 * Reads the figures of one row of its type into its event `e` (built with the row's names and date, and nil
 * figures), before the taxpayer's share of a joint portfolio is applied.
 */
type RowParser = (tx: LedgerTransaction, e: EngineEvent) => void;

export interface RowType {
  kind: EventKind;
  parse: RowParser;
  /** A share reorganisation: its quantity is a ratio, applied once to the holding (not scaled by ownership). */
  reorganisation: boolean;
}

/** BUY: quantity x price (or amount) plus expenses is the cost. */
function parseBuy(tx: LedgerTransaction, e: EngineEvent): void {
  if (!plainTrade(tx, e, 'cost')) {
    const expenses = num(tx.expenses, 'expenses') ?? ZERO;
    e.quantity = positiveQuantity(tx);
    e.cost = total(tx, e.quantity, 'cost', expenses).add(expenses);
  }
}

/** SELL, REDEMPTION: quantity x price (or amount) is the proceeds; expenses are the disposal's costs. */
function parseSale(tx: LedgerTransaction, e: EngineEvent): void {
  if (!plainTrade(tx, e, 'proceeds')) {
    e.expenses = num(tx.expenses, 'expenses') ?? ZERO;
    e.quantity = positiveQuantity(tx);
    e.proceeds = total(tx, e.quantity, 'proceeds', e.expenses);
  }
}

/** SPOUSE_IN: the spouse's cost (amount, or quantity x price) plus expenses. */
function parseSpouseIn(tx: LedgerTransaction, e: EngineEvent): void {
  const expenses = num(tx.expenses, 'expenses') ?? ZERO;
  e.quantity = positiveQuantity(tx);
  e.cost = total(tx, e.quantity, 'cost', expenses).add(expenses);
}

/** TRANSFER_IN: as a purchase, counted for identification from its original date (`acquired`) when given. */
function parseTransferIn(tx: LedgerTransaction, e: EngineEvent): void {
  parseSpouseIn(tx, e);
  if (tx.acquired) {
    const acquired = parseIsoDate(tx.acquired);
    if (acquired === null) throw new RowError(`acquired "${tx.acquired}" is not a date (YYYY-MM-DD)`);
    if (acquired > e.day) throw new RowError(`acquired ${tx.acquired} is after the transfer date ${tx.date}`);
    e.acquiredDay = acquired;
    e.acquiredDate = tx.acquired;
  }
}

/** GIFT_OUT: disposed of at market value (market_value, else quantity x price); holdover relief claimed. */
function parseGiftOut(tx: LedgerTransaction, e: EngineEvent): void {
  e.expenses = num(tx.expenses, 'expenses') ?? ZERO;
  e.quantity = positiveQuantity(tx);
  e.proceeds = num(tx.marketValue, 'marketValue') ?? total(tx, e.quantity, 'market value');
  e.holdover = num(tx.holdoverRelief, 'holdoverRelief') ?? ZERO;
}

/** SPOUSE_OUT, TRANSFER_OUT: shares only (a spouse's no-gain/no-loss proceeds are worked out in the pass). */
function parseSharesOut(tx: LedgerTransaction, e: EngineEvent): void {
  e.expenses = num(tx.expenses, 'expenses') ?? ZERO;
  e.quantity = positiveQuantity(tx);
}

/** SPLIT, CONSOLIDATION ("new:old" or a multiplier); BONUS "1:5", one new share for five held: x (1 + 1/5). */
function parseReorganisation(tx: LedgerTransaction, e: EngineEvent): void {
  num(tx.expenses, 'expenses');
  const ratio = parseRatio(tx.quantity);
  if (ratio === null) throw new RowError(`quantity "${tx.quantity ?? ''}" is not a ratio (e.g. 2 or 1:10)`);
  e.quantity = tx.type === 'BONUS' ? ONE.add(ratio) : ratio;
}

/**
 * RIGHTS_ISSUE, OPEN_OFFER: new shares of the same class for the subscription (amount, or quantity x price, plus
 * expenses); of another class (new_security), amount is the cash paid, price the new shares' market value per
 * share and market_value the value of the holding kept, to apportion the cost by.
 */
function parseRightsIssue(tx: LedgerTransaction, e: EngineEvent): void {
  const expenses = num(tx.expenses, 'expenses') ?? ZERO;
  e.quantity = positiveQuantity(tx);
  if (!tx.newSecurity) {
    e.cost = total(tx, e.quantity, 'subscription cost', expenses).add(expenses);
    return;
  }
  e.cost = required(tx, tx.amount, 'amount').add(expenses);
  e.marketValue = required(tx, tx.price, 'price').mul(e.quantity);
  e.retainedValue = num(tx.marketValue, 'marketValue');
  if (e.retainedValue === null)
    throw new RowError(`${tx.type} of another class needs market_value (value of the holding kept)`);
  if (!e.marketValue.add(e.retainedValue).isPositive())
    throw new RowError(`${tx.type} of another class needs the holdings' market values above zero`);
}

/**
 * CAPITAL_RETURN, EQUALISATION: the cash (amount) and B, the value of the holding after the distribution:
 * market_value, else price x quantity, else price x the shares in the pool when the event is applied.
 */
function parseCapitalDistribution(tx: LedgerTransaction, e: EngineEvent): void {
  e.expenses = num(tx.expenses, 'expenses') ?? ZERO;
  e.proceeds = required(tx, tx.amount, 'amount');
  e.marketValue = num(tx.marketValue, 'marketValue');
  const price = e.marketValue === null ? num(tx.price, 'price') : null;
  if (price !== null) {
    const held = num(tx.quantity, 'quantity');
    if (held !== null) e.marketValue = held.mul(price);
    else e.pricePerShare = price;
  }
}

/** NOTIONAL_INCOME: the amount is added to the pool's cost. */
function parseNotionalIncome(tx: LedgerTransaction, e: EngineEvent): void {
  e.expenses = num(tx.expenses, 'expenses') ?? ZERO;
  e.cost = required(tx, tx.amount, 'amount');
}

/** TAKEOVER: the new shares (new_security, quantity) and any cash (amount) with the new shares' market value. */
function parseTakeover(tx: LedgerTransaction, e: EngineEvent): void {
  e.expenses = num(tx.expenses, 'expenses') ?? ZERO;
  if (!tx.newSecurity) throw new RowError('TAKEOVER needs new_security');
  e.quantity = positiveQuantity(tx);
  e.proceeds = num(tx.amount, 'amount') ?? ZERO;
  const price = num(tx.price, 'price');
  e.marketValue = num(tx.marketValue, 'marketValue') ?? (price !== null ? e.quantity.mul(price) : null);
  if (e.proceeds.isPositive() && e.marketValue === null) {
    throw new RowError('TAKEOVER with cash needs the market value of the new shares (price or market_value)');
  }
}

/** DEMERGER: the new shares (new_security, quantity x price) and the value of the retained holding. */
function parseDemerger(tx: LedgerTransaction, e: EngineEvent): void {
  e.expenses = num(tx.expenses, 'expenses') ?? ZERO;
  if (!tx.newSecurity) throw new RowError('DEMERGER needs new_security');
  e.quantity = positiveQuantity(tx);
  e.marketValue = required(tx, tx.price, 'price').mul(e.quantity);
  e.retainedValue = num(tx.marketValue, 'marketValue');
  if (e.retainedValue === null) throw new RowError('DEMERGER needs market_value (value of the retained holding)');
}

const acquisition = (parse: RowParser): RowType => ({ kind: 'acquisition', parse, reorganisation: false });
const disposal = (parse: RowParser): RowType => ({ kind: 'disposal', parse, reorganisation: false });
const corporateAction = (parse: RowParser): RowType => ({ kind: 'corporate-action', parse, reorganisation: false });
const reorganisation: RowType = { kind: 'corporate-action', parse: parseReorganisation, reorganisation: true };

/** Each row type: the kind of event it makes and its parser. */
const ROW_TYPES: Record<TransactionType, RowType> = {
  BUY: acquisition(parseBuy),
  TRANSFER_IN: acquisition(parseTransferIn),
  SPOUSE_IN: acquisition(parseSpouseIn),
  SELL: disposal(parseSale),
  REDEMPTION: disposal(parseSale),
  GIFT_OUT: disposal(parseGiftOut),
  SPOUSE_OUT: disposal(parseSharesOut),
  TRANSFER_OUT: { kind: 'transfer-out', parse: parseSharesOut, reorganisation: false },
  SPLIT: reorganisation,
  CONSOLIDATION: reorganisation,
  BONUS: reorganisation,
  RIGHTS_ISSUE: corporateAction(parseRightsIssue),
  OPEN_OFFER: corporateAction(parseRightsIssue),
  CAPITAL_RETURN: corporateAction(parseCapitalDistribution),
  EQUALISATION: corporateAction(parseCapitalDistribution),
  NOTIONAL_INCOME: corporateAction(parseNotionalIncome),
  TAKEOVER: corporateAction(parseTakeover),
  DEMERGER: corporateAction(parseDemerger),
};

const BY_NAME = new Map<string, RowType>(Object.entries(ROW_TYPES));

/** The row type named `type`, or undefined for an unknown type (most rows, buys and sells, without a lookup). */
export function rowType(type: string): RowType | undefined {
  return type === 'BUY' ? ROW_TYPES.BUY : type === 'SELL' ? ROW_TYPES.SELL : BY_NAME.get(type);
}

/** Parse a field's text; null when absent. */
function num(
  text: string | undefined,
  field: 'quantity' | 'price' | 'amount' | 'expenses' | 'holdoverRelief' | 'marketValue',
): Rational | null {
  if (text === undefined || text === '') return null;
  const r = Rational.tryParse(text);
  if (r === null) throw new RowError(`${field} "${text}" is not a number`);
  if (r.isNegative()) throw new RowError(`${field} "${text}" must not be negative`);
  return r;
}

function required(
  tx: LedgerTransaction,
  text: string | undefined,
  field: 'quantity' | 'price' | 'amount' | 'marketValue',
): Rational {
  const r = num(text, field);
  if (r === null) throw new RowError(`${tx.type} needs ${field}`);
  return r;
}

function positiveQuantity(tx: LedgerTransaction): Rational {
  const q = required(tx, tx.quantity, 'quantity');
  if (!q.isPositive()) throw new RowError(`${tx.type} needs a quantity above zero`);
  return q;
}

/** "2" -> 2; "1:10" -> 1/10 (new:old). */
export function parseRatio(text: string | undefined): Rational | null {
  if (text === undefined) return null;
  const parts = text.split(':');
  if (parts.length > 2) return null;
  const a = Rational.tryParse(parts[0]);
  const b = parts.length === 2 ? Rational.tryParse(parts[1]) : ONE;
  if (a === null || b === null || !a.isPositive() || !b.isPositive()) return null;
  return a.div(b);
}

/**
 * The row's total: `amount`, else quantity x `price`. With both, an amount that is quantity x price plus or less
 * the row's expenses is a broker's net settlement figure, and the gross quantity x price is taken (the expenses
 * are then added to cost or deducted from proceeds once, not twice); any other amount is the exact total.
 */
function total(tx: LedgerTransaction, quantity: Rational, what: string, expenses: Rational = ZERO): Rational {
  const amount = num(tx.amount, 'amount');
  const price = num(tx.price, 'price');
  if (amount !== null) {
    if (price !== null && expenses.isPositive()) {
      const gross = quantity.mul(price);
      if (amount.eq(gross.add(expenses)) || amount.eq(gross.sub(expenses))) return gross;
    }
    return amount;
  }
  if (price !== null) return quantity.mul(price);
  throw new RowError(`${tx.type} needs price or amount (${what})`);
}

const POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];
const MAX = Number.MAX_SAFE_INTEGER;

/**
 * A plain non-negative decimal ("150", "12.3456") of at most 15 characters (so a safe integer over a power of
 * ten) into `scanned`; false for anything else, which the exact general parser handles.
 */
function scanDecimal(text: string | undefined): boolean {
  return text !== undefined && text.length <= 15 && scanDigits(text, 0) && scanned.digits > 0;
}

/**
 * The bulk of a ledger, a BUY or SELL priced per share (no `amount`) with plain decimal quantity, price and
 * expenses: quantity and quantity x price (plus the expenses, for a purchase's cost) read straight from the digits
 * as integers over a power of ten, one reduction each, into `e`. A sale's expenses are its disposal costs. False,
 * `e` untouched, when any figure is not of that form or a product would leave the safe-integer range: the parser
 * then does the same arithmetic on Rationals (and reports what is wrong).
 */
function plainTrade(tx: LedgerTransaction, e: EngineEvent, totalIs: 'cost' | 'proceeds'): boolean {
  const expensesText = tx.expenses;
  if (tx.amount !== undefined || !scanDecimal(tx.quantity)) return false;
  const qn = scanned.n;
  const qs = scanned.scale;
  if (qn === 0 || !scanDecimal(tx.price)) return false;
  let scale = qs + scanned.scale;
  let sum = qn * scanned.n;
  if (sum > MAX || scale > 15) return false;
  let expenses = ZERO;
  if (expensesText !== undefined && expensesText !== '') {
    if (!scanDecimal(expensesText)) return false;
    let en = scanned.n;
    const es = scanned.scale;
    if (totalIs === 'proceeds') {
      expenses = Rational.fromDecimal(en, es);
    } else if (en > 0) {
      if (es > scale) {
        sum *= POW10[es - scale];
        scale = es;
      } else {
        en *= POW10[scale - es];
      }
      sum += en;
      if (sum > MAX) return false;
    }
  }
  // A whole number of shares (the usual case) with its scale a constant, so the reduction by 10 folds away.
  e.quantity = qs === 0 ? Rational.fromDecimal(qn, 0) : Rational.fromDecimal(qn, qs);
  if (totalIs === 'cost') e.cost = Rational.fromDecimal(sum, scale);
  else {
    e.proceeds = Rational.fromDecimal(sum, scale);
    e.expenses = expenses;
  }
  return true;
}
