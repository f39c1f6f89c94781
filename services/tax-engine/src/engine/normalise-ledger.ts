import { parseIsoDate, type DayNumber } from './dates';
import type { GainClass, Ledger, LedgerTransaction, TransactionType } from './ledger';
import { insertionSort, ONE, Rational, scanDigits, scanned, sortedByWholeNumber, ZERO } from './arithmetic';
import type { CalculationFailure } from './computation';
import type { AcquisitionGroup, DisposalGroup } from './identification';
import type { SecurityBook } from './events/sweep-context';

/**
 * Validates the ledger's plain rows and turns them into engine events: exact Rationals, the taxpayer's
 * share of a joint portfolio applied, and a canonical order (date, then corporate actions, acquisitions,
 * disposals, transfers out, corporate actions after the day's trades) that does not depend on the order the rows
 * arrived in.
 */

export type EventKind = 'corporate-action' | 'acquisition' | 'disposal' | 'transfer-out';

export interface EngineEvent {
  day: DayNumber;
  /** ISO trade date; the pools change on this date. */
  date: string;
  /** Date the acquisition counts from for identification: a TRANSFER_IN's original acquisition date. */
  acquiredDay: DayNumber;
  acquiredDate: string;
  type: TransactionType;
  kind: EventKind;
  security: string;
  portfolio: string;
  /** Shares for the taxpayer (after ownership %); for SPLIT / CONSOLIDATION / BONUS the quantity multiplier. */
  quantity: Rational;
  /** Acquisitions, rights issues, NOTIONAL_INCOME: allowable cost added, including expenses. */
  cost: Rational;
  /** Disposals: gross proceeds (market value for a gift); CAPITAL_RETURN / EQUALISATION / TAKEOVER: cash. */
  proceeds: Rational;
  /** Disposal costs (nil for an acquisition, whose incidental costs are in `cost`). */
  expenses: Rational;
  /** See LedgerTransaction.marketValue; TAKEOVER / DEMERGER: value of the new shares. */
  marketValue: Rational | null;
  /** DEMERGER: value of the retained holding. */
  retainedValue: Rational | null;
  /**
   * CAPITAL_RETURN / EQUALISATION given a `price` (and no quantity or market_value): the market value per share
   * after the distribution; B in A/(A+B) is then this price x the shares in the pool at the event.
   */
  pricePerShare: Rational | null;
  holdover: Rational;
  newSecurity: string;
  counterparty: string;
  connected: boolean;
  ref: string;
  /**
   * Sort key: day x 5 + phase (corporate actions, acquisitions, disposals, transfers out, corporate actions after
   * the day's trades).
   */
  order: number;
  /** Texts of the tie-break fields, built on first use (only rows tied on day, phase, security and type need them). */
  key: string[] | null;
  /** Set by identification: the day's acquisition or disposal group of this event's security. */
  acquisitionGroup: AcquisitionGroup | null;
  disposalGroup: DisposalGroup | null;
  /** Set when the events are grouped by security: that security's pool and holdings during the pass. */
  book: SecurityBook | null;
  /** The event's place in canonical order (set by the sort). */
  seq: number;
}

const KIND: Record<TransactionType, EventKind> = {
  BUY: 'acquisition',
  TRANSFER_IN: 'acquisition',
  SPOUSE_IN: 'acquisition',
  SELL: 'disposal',
  GIFT_OUT: 'disposal',
  SPOUSE_OUT: 'disposal',
  REDEMPTION: 'disposal',
  TRANSFER_OUT: 'transfer-out',
  SPLIT: 'corporate-action',
  CONSOLIDATION: 'corporate-action',
  BONUS: 'corporate-action',
  RIGHTS_ISSUE: 'corporate-action',
  OPEN_OFFER: 'corporate-action',
  CAPITAL_RETURN: 'corporate-action',
  EQUALISATION: 'corporate-action',
  NOTIONAL_INCOME: 'corporate-action',
  TAKEOVER: 'corporate-action',
  DEMERGER: 'corporate-action',
};

/**
 * The order of a day's events: corporate actions (those applying before the day's trades, the default),
 * acquisitions, disposals, transfers out, then corporate actions whose row says they apply after the day's trades.
 */
const PHASE: Record<EventKind, number> = { 'corporate-action': 0, acquisition: 1, disposal: 2, 'transfer-out': 3 };
const AFTER_TRADES_PHASE = 4;
const PHASES = 5;
const KIND_OF_PHASE: EventKind[] = ['corporate-action', 'acquisition', 'disposal', 'transfer-out', 'corporate-action'];

/**
 * The first day whose trades see the event's effect: its own day, or (a corporate action after the day's trades)
 * the next.
 */
export function effectiveDay(e: EngineEvent): DayNumber {
  return e.order - e.day * PHASES === AFTER_TRADES_PHASE ? e.day + 1 : e.day;
}
/** Type -> phase (and so kind) in one lookup; also the check that the type is known. */
const PHASE_OF_TYPE = new Map<string, number>(Object.entries(KIND).map(([type, kind]) => [type, PHASE[kind]]));

export interface NormalisedLedger {
  events: EngineEvent[];
  failures: CalculationFailure[];
  gainClass: (security: string) => GainClass;
  /** The taxpayer's share of each joint portfolio (a portfolio not here is wholly theirs). */
  ownership: Map<string, Rational>;
}

class RowError extends Error {}

export function normaliseLedger(ledger: Ledger): NormalisedLedger {
  const failures: CalculationFailure[] = [];
  const ownership = new Map<string, Rational>();
  for (const [id, p] of Object.entries(ledger.portfolios ?? {})) {
    if (p.ownershipPercent === undefined) continue;
    const pct = Rational.tryParse(p.ownershipPercent);
    if (pct === null || pct.sign() <= 0 || pct.gt(Rational.fromInt(100))) {
      failures.push({
        security: '',
        date: '',
        message: `Portfolio ${id}: ownership percentage "${p.ownershipPercent}" must be above 0 and at most 100`,
      });
      continue;
    }
    ownership.set(id, pct.div(Rational.fromInt(100)));
  }

  const events: EngineEvent[] = [];
  // Share reorganisations kept so far, by day, security and type: one per ratio.
  const reorganisations = new Map<string, EngineEvent[]>();
  const txs = ledger.transactions;
  const n = txs.length;
  // Each row's type is read two rows ahead: when the rows are not in the CPU cache, a row's miss then overlaps
  // the work on the rows before it instead of stalling the loop.
  let type1 = n > 0 ? txs[0].type : 'BUY';
  let type2 = n > 1 ? txs[1].type : 'BUY';
  for (let i = 0; i < n; i++) {
    const tx = txs[i];
    const type = type1;
    type1 = type2;
    if (i + 2 < n) type2 = txs[i + 2].type;
    if (type === 'BUY' || type === 'SELL') {
      const ev = tradeEvent(tx, type, ownership);
      if (ev !== null) {
        events.push(ev);
        continue;
      }
    }
    try {
      const ev = toEvent(tx, ownership.get(tx.portfolio ?? '') ?? ONE);
      if (ev.type === 'SPLIT' || ev.type === 'CONSOLIDATION' || ev.type === 'BONUS') {
        // A share reorganisation happens once to the taxpayer's holding, however many portfolio rows record it.
        const key = `${ev.order} ${ev.type} ${ev.security}`;
        const same = reorganisations.get(key);
        if (same === undefined) reorganisations.set(key, [ev]);
        else if (same.some((r) => r.quantity.eq(ev.quantity))) continue;
        else same.push(ev);
      }
      events.push(ev);
    } catch (e) {
      if (!(e instanceof RowError)) throw e;
      failures.push({ security: tx.security ?? '', date: tx.date ?? '', ref: tx.ref, message: e.message });
    }
  }

  sortEvents(events);

  const classes = new Map<string, GainClass>();
  for (const [code, info] of Object.entries(ledger.securities ?? {})) {
    if (info.gainClass) classes.set(code, info.gainClass);
  }
  return {
    events,
    failures,
    gainClass: classes.size === 0 ? allCapital : (s) => classes.get(s) ?? 'capital',
    ownership,
  };
}

function allCapital(): GainClass {
  return 'capital';
}

/**
 * Sort into canonical order (compareEvents). Mostly a stable radix sort on day and phase (`order`, no comparisons,
 * so no mispredicted branches, which is what a comparison sort of a shuffled ledger mostly spends its time on);
 * only runs of rows tied on day and phase are then ordered with the full comparator. The result is the same as a
 * stable sort with compareEvents.
 */
function sortEvents(events: EngineEvent[]): void {
  const n = events.length;
  if (n < 2) return;
  const sorted = sortedByWholeNumber(events, orderOf);
  if (sorted === null) {
    events.sort(compareEvents);
    for (let i = 0; i < n;) {
      let j = i + 1;
      while (j < n && events[j].order === events[i].order) j++;
      if (j - i > 1) orderShareExchanges(events, i, j);
      i = j;
    }
    for (let i = 0; i < n; i++) events[i].seq = i;
    return;
  }
  for (let i = 0; i < n;) {
    let j = i + 1;
    while (j < n && sorted[j].order === sorted[i].order) j++;
    if (j - i > 1) {
      insertionSort(sorted, compareEvents, i, j);
      orderShareExchanges(sorted, i, j);
    }
    i = j;
  }
  for (let i = 0; i < n; i++) {
    events[i] = sorted[i];
    sorted[i].seq = i;
  }
}

/**
 * A day's corporate actions in xs[from, to) (in canonical order) put in the order a takeover or demerger implies:
 * the actions on the old security (a capital return of the cash paid for it, say) before the exchange, those on the
 * new security after it. Each security's level is the length of the chain of that day's exchanges leading to it;
 * an action on a security sorts at twice its level, an exchange at twice its old security's level plus one (a
 * stable sort, so the canonical order stands otherwise). A run with no exchange is left as it is.
 */
/** A corporate action giving shares of another security: a takeover, a demerger, a rights issue of another class. */
function isShareExchange(e: EngineEvent): boolean {
  const t = e.type;
  return t === 'TAKEOVER' || t === 'DEMERGER' || ((t === 'RIGHTS_ISSUE' || t === 'OPEN_OFFER') && e.newSecurity !== '');
}

function orderShareExchanges(xs: EngineEvent[], from: number, to: number): void {
  if (xs[from].kind !== 'corporate-action') return;
  let exchanges = 0;
  for (let i = from; i < to; i++) if (isShareExchange(xs[i])) exchanges++;
  if (exchanges === 0) return;
  const level = new Map<string, number>();
  // At most one round per exchange settles every chain; a cycle (A into B into A) stops there.
  for (let round = 0, changed = true; changed && round <= exchanges; round++) {
    changed = false;
    for (let i = from; i < to; i++) {
      const e = xs[i];
      if (!isShareExchange(e)) continue;
      const next = (level.get(e.security) ?? 0) + 1;
      if (next > (level.get(e.newSecurity) ?? 0)) {
        level.set(e.newSecurity, next);
        changed = true;
      }
    }
  }
  const rank = new Map<EngineEvent, number>();
  for (let i = from; i < to; i++) {
    const e = xs[i];
    rank.set(e, 2 * (level.get(e.security) ?? 0) + (isShareExchange(e) ? 1 : 0));
  }
  insertionSort(xs, (a, b) => (rank.get(a) as number) - (rank.get(b) as number), from, to);
}

function orderOf(e: EngineEvent): number {
  return e.order;
}

function compareEvents(a: EngineEvent, b: EngineEvent): number {
  if (a.order !== b.order) return a.order - b.order;
  if (a.security !== b.security) return a.security < b.security ? -1 : 1;
  if (a.type !== b.type) return a.type < b.type ? -1 : 1;
  // Then field by field, as text (the order of the fields' texts joined by NUL; each field's text is built
  // once and only when the fields before it tie).
  const ka = (a.key ??= []);
  const kb = (b.key ??= []);
  for (let i = 0; i < KEY_FIELDS; i++) {
    const x = (ka[i] ??= keyField(a, i));
    const y = (kb[i] ??= keyField(b, i));
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

const KEY_FIELDS = 12;

function keyField(e: EngineEvent, i: number): string {
  switch (i) {
    case 0:
      return e.portfolio;
    case 1:
      return e.quantity.toFraction();
    case 2:
      return e.cost.toFraction();
    case 3:
      return e.proceeds.toFraction();
    case 4:
      return e.expenses.toFraction();
    case 5:
      return e.marketValue?.toFraction() ?? '';
    case 6:
      return (e.retainedValue ?? e.pricePerShare)?.toFraction() ?? '';
    case 7:
      return e.holdover.toFraction();
    case 8:
      return e.newSecurity;
    case 9:
      return e.counterparty;
    case 10:
      return e.connected ? '1' : '0';
    default:
      return e.ref;
  }
}

/**
 * A plain non-negative decimal ("150", "12.3456") of at most 15 characters (so a safe integer over a power of
 * ten) into `scanned`; false for anything else, which the exact general parser handles.
 */
function scanDecimal(text: string | undefined): boolean {
  return text !== undefined && text.length <= 15 && scanDigits(text, 0) && scanned.digits > 0;
}

const POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];
const MAX = Number.MAX_SAFE_INTEGER;

/** A trade's quantity and its quantity x price (+ expenses), read by fastTrade. */
interface TradeFigures {
  quantity: Rational;
  total: Rational;
}

/**
 * BUY / SELL rows priced per share (no `amount`), with plain decimal quantity, price and expenses: quantity
 * and quantity x price (+ expenses when `withExpenses`) straight from the digits as integers over a power
 * of ten, one reduction each. Null when any figure is not of that form or a product would
 * leave the safe-integer range; the general path then does the same arithmetic on Rationals.
 */
function fastTrade(
  tx: LedgerTransaction,
  withExpenses: boolean,
  scannedN: number,
  scannedScale: number,
): TradeFigures | null {
  if (tx.amount !== undefined || !scanDecimal(tx.quantity)) return null;
  const qn = scanned.n;
  const qs = scanned.scale;
  if (qn === 0 || !scanDecimal(tx.price)) return null;
  const pn = scanned.n;
  let scale = qs + scanned.scale;
  let total = qn * pn;
  if (total > MAX || scale > 15) return null;
  // The expenses already scanned by the caller (scannedN >= 0; 0 when there are none), else read here.
  if (withExpenses && (scannedN > 0 || (scannedN < 0 && tx.expenses !== undefined && tx.expenses !== ''))) {
    let es = scannedScale;
    let en = scannedN;
    if (scannedN < 0) {
      if (!scanDecimal(tx.expenses)) return null;
      en = scanned.n;
      es = scanned.scale;
    }
    if (es > scale) {
      total *= POW10[es - scale];
      scale = es;
    } else {
      en *= POW10[scale - es];
    }
    total += en;
    if (total > MAX) return null;
  }
  return {
    quantity: qs === 0 ? Rational.fromDecimal(qn, 0) : Rational.fromDecimal(qn, qs),
    total: Rational.fromDecimal(total, scale),
  };
}

/** Parse a field's text (read by name by the caller, once); null when absent. */
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

function toEvent(tx: LedgerTransaction, share: Rational): EngineEvent {
  if (!tx.security) throw new RowError('security is missing');
  let phase = PHASE_OF_TYPE.get(tx.type);
  if (phase === undefined) throw new RowError(`unknown type "${tx.type}"`);
  if (tx.timing !== undefined && tx.timing !== 'before-trades') {
    if (tx.timing !== 'after-trades') throw new RowError(`timing "${tx.timing}" is not before-trades or after-trades`);
    if (phase !== PHASE['corporate-action'])
      throw new RowError(`timing is for corporate actions; a ${tx.type} is one of the day's trades`);
    phase = AFTER_TRADES_PHASE;
  }
  const tradeDay = parseIsoDate(tx.date ?? '');
  if (tradeDay === null) throw new RowError(`date "${tx.date}" is not a date (YYYY-MM-DD)`);
  let acquiredDay = tradeDay;
  let acquiredDate = tx.date;
  const type = tx.type;
  const expenses = num(tx.expenses, 'expenses') ?? ZERO;
  let quantity = ZERO;
  let cost = ZERO;
  let proceeds = ZERO;
  let marketValue: Rational | null = null;
  let retainedValue: Rational | null = null;
  let pricePerShare: Rational | null = null;
  let holdover = ZERO;
  // An acquisition's expenses are part of its cost; the event's `expenses` are a disposal's costs.
  let expensesInCost = false;
  const newSecurity = tx.newSecurity ?? '';

  switch (type) {
    case 'BUY': {
      const bought = fastTrade(tx, true, -1, 0);
      if (bought !== null) {
        quantity = bought.quantity;
        cost = bought.total;
        expensesInCost = true;
        break;
      }
    }
    // falls through
    case 'SPOUSE_IN':
    case 'TRANSFER_IN':
      quantity = positiveQuantity(tx);
      cost = total(tx, quantity, 'cost', expenses).add(expenses);
      expensesInCost = true;
      if (type === 'TRANSFER_IN' && tx.acquired) {
        const acquired = parseIsoDate(tx.acquired);
        if (acquired === null) throw new RowError(`acquired "${tx.acquired}" is not a date (YYYY-MM-DD)`);
        if (acquired > tradeDay) throw new RowError(`acquired ${tx.acquired} is after the transfer date ${tx.date}`);
        acquiredDay = acquired;
        acquiredDate = tx.acquired;
      }
      break;
    case 'SELL':
    case 'REDEMPTION': {
      const sold = fastTrade(tx, false, -1, 0);
      quantity = sold?.quantity ?? positiveQuantity(tx);
      proceeds = sold?.total ?? total(tx, quantity, 'proceeds', expenses);
      break;
    }
    case 'GIFT_OUT':
      quantity = positiveQuantity(tx);
      proceeds = num(tx.marketValue, 'marketValue') ?? total(tx, quantity, 'market value');
      holdover = num(tx.holdoverRelief, 'holdoverRelief') ?? ZERO;
      break;
    case 'SPOUSE_OUT':
    case 'TRANSFER_OUT':
      quantity = positiveQuantity(tx);
      break;
    case 'SPLIT':
    case 'CONSOLIDATION':
    case 'BONUS': {
      const ratio = parseRatio(tx.quantity);
      if (ratio === null) throw new RowError(`quantity "${tx.quantity ?? ''}" is not a ratio (e.g. 2 or 1:10)`);
      // BONUS "1:5" is one bonus share for every five held: the holding is multiplied by 1 + 1/5.
      quantity = type === 'BONUS' ? ONE.add(ratio) : ratio;
      return makeEvent(tx, phase, tradeDay, {
        acquiredDay: tradeDay,
        acquiredDate: tx.date,
        quantity,
        cost: ZERO,
        proceeds: ZERO,
        expenses: ZERO,
        marketValue: null,
        retainedValue: null,
        pricePerShare: null,
        holdover: ZERO,
        newSecurity: '',
      });
    }
    case 'RIGHTS_ISSUE':
    case 'OPEN_OFFER':
      quantity = positiveQuantity(tx);
      expensesInCost = true;
      if (newSecurity) {
        // Shares of another class for cash: amount = the cash paid, price = the new shares' market value per share,
        // market_value = the value of the holding kept (the old class), to apportion the cost by.
        cost = required(tx, tx.amount, 'amount').add(expenses);
        marketValue = required(tx, tx.price, 'price').mul(quantity);
        retainedValue = num(tx.marketValue, 'marketValue');
        if (retainedValue === null)
          throw new RowError(`${type} of another class needs market_value (value of the holding kept)`);
        if (!marketValue.add(retainedValue).isPositive())
          throw new RowError(`${type} of another class needs the holdings' market values above zero`);
        break;
      }
      cost = total(tx, quantity, 'subscription cost', expenses).add(expenses);
      break;
    case 'CAPITAL_RETURN':
    case 'EQUALISATION':
    case 'NOTIONAL_INCOME': {
      const amount = required(tx, tx.amount, 'amount');
      if (type === 'NOTIONAL_INCOME') {
        cost = amount;
        break;
      }
      proceeds = amount;
      // B, the value of the holding after the distribution: market_value, else price x quantity, else price x
      // the shares in the pool when the event is applied.
      marketValue = num(tx.marketValue, 'marketValue');
      const price = marketValue === null ? num(tx.price, 'price') : null;
      if (price !== null) {
        const held = num(tx.quantity, 'quantity');
        if (held !== null) marketValue = held.mul(price);
        else pricePerShare = price;
      }
      break;
    }
    case 'TAKEOVER': {
      if (!newSecurity) throw new RowError('TAKEOVER needs new_security');
      quantity = positiveQuantity(tx);
      proceeds = num(tx.amount, 'amount') ?? ZERO;
      const price = num(tx.price, 'price');
      marketValue = num(tx.marketValue, 'marketValue') ?? (price !== null ? quantity.mul(price) : null);
      if (proceeds.isPositive() && marketValue === null) {
        throw new RowError('TAKEOVER with cash needs the market value of the new shares (price or market_value)');
      }
      break;
    }
    case 'DEMERGER': {
      if (!newSecurity) throw new RowError('DEMERGER needs new_security');
      quantity = positiveQuantity(tx);
      marketValue = required(tx, tx.price, 'price').mul(quantity);
      retainedValue = num(tx.marketValue, 'marketValue');
      if (retainedValue === null) throw new RowError('DEMERGER needs market_value (value of the retained holding)');
      break;
    }
  }
  // A joint portfolio contributes the client's share of every figure.
  const scaled = share !== ONE;
  return makeEvent(tx, phase, tradeDay, {
    acquiredDay,
    acquiredDate,
    quantity: scaled ? quantity.mul(share) : quantity,
    cost: scaled ? cost.mul(share) : cost,
    proceeds: scaled ? proceeds.mul(share) : proceeds,
    expenses: expensesInCost ? ZERO : scaled ? expenses.mul(share) : expenses,
    marketValue: scaled ? (marketValue?.mul(share) ?? null) : marketValue,
    retainedValue: scaled ? (retainedValue?.mul(share) ?? null) : retainedValue,
    pricePerShare,
    holdover: scaled ? holdover.mul(share) : holdover,
    newSecurity,
  });
}

/**
 * A valid BUY or SELL priced per share (the bulk of a ledger), read in a function of its own: its field
 * reads then see the few row shapes of trades rather than every row shape of the ledger (property reads
 * at a site that sees many shapes are much slower). Null for anything it does not handle, or any doubt
 * (missing or malformed field, amount instead of price, products past the safe range): toEvent then
 * reads the row, validates it and reports any error. The event is the one toEvent would build.
 */
function tradeEvent(tx: LedgerTransaction, type: 'BUY' | 'SELL', ownership: Map<string, Rational>): EngineEvent | null {
  const date = tx.date;
  const security = tx.security;
  const expensesText = tx.expenses;
  const quantityText = tx.quantity;
  const priceText = tx.price;
  const portfolio = tx.portfolio ?? '';
  if (!security || typeof date !== 'string' || typeof quantityText !== 'string' || typeof priceText !== 'string') {
    return null;
  }
  // The row's texts are touched together first (their lengths): the loads are independent, so when the row is
  // not in the CPU cache their misses overlap instead of coming one after another as each text is read.
  // (No field the fast path reads is longer than 15 characters, so a longer total goes to toEvent.)
  if (
    date.length + quantityText.length + priceText.length + (expensesText === undefined ? 0 : expensesText.length) >
    60
  ) {
    return null;
  }
  const day = parseIsoDate(date);
  if (day === null) return null;
  let expenses = ZERO;
  let expN = 0;
  let expScale = 0;
  if (expensesText !== undefined && expensesText !== '') {
    if (!scanDecimal(expensesText)) return null;
    expN = scanned.n;
    expScale = scanned.scale;
    // A buy's expenses are part of its cost (fastTrade adds them); only a sale keeps them apart.
    if (type === 'SELL') expenses = Rational.fromDecimal(expN, expScale);
  }
  const figures = fastTrade(tx, type === 'BUY', expN, expScale);
  if (figures === null) return null;
  let quantity = figures.quantity;
  let cost = ZERO;
  let proceeds = ZERO;
  if (type === 'BUY') cost = figures.total;
  else proceeds = figures.total;
  if (ownership.size !== 0) {
    const share = ownership.get(portfolio);
    if (share !== undefined && share !== ONE) {
      quantity = quantity.mul(share);
      cost = cost.mul(share);
      proceeds = proceeds.mul(share);
      expenses = expenses.mul(share);
    }
  }
  const phase = type === 'BUY' ? 1 : 2;
  return makeEvent(tx, phase, day, {
    acquiredDay: day,
    acquiredDate: date,
    quantity,
    cost,
    proceeds,
    expenses,
    marketValue: null,
    retainedValue: null,
    pricePerShare: null,
    holdover: ZERO,
    newSecurity: tx.newSecurity ?? '',
  });
}

/** The figures of a row's event, in the taxpayer's share (see EngineEvent for each). */
interface EventFigures {
  acquiredDay: DayNumber;
  acquiredDate: string;
  quantity: Rational;
  cost: Rational;
  proceeds: Rational;
  expenses: Rational;
  marketValue: Rational | null;
  retainedValue: Rational | null;
  pricePerShare: Rational | null;
  holdover: Rational;
  newSecurity: string;
}

/** The one place events are built (one object shape): the row's names and place in the day, and its figures. */
function makeEvent(tx: LedgerTransaction, phase: number, day: DayNumber, f: EventFigures): EngineEvent {
  return {
    day,
    date: tx.date,
    acquiredDay: f.acquiredDay,
    acquiredDate: f.acquiredDate,
    type: tx.type,
    kind: KIND_OF_PHASE[phase],
    security: tx.security,
    portfolio: tx.portfolio ?? '',
    quantity: f.quantity,
    cost: f.cost,
    proceeds: f.proceeds,
    expenses: f.expenses,
    marketValue: f.marketValue,
    retainedValue: f.retainedValue,
    pricePerShare: f.pricePerShare,
    holdover: f.holdover,
    newSecurity: f.newSecurity,
    counterparty: tx.counterparty ?? '',
    connected: tx.connected ?? false,
    ref: tx.ref ?? '',
    order: day * PHASES + phase,
    key: null,
    acquisitionGroup: null,
    disposalGroup: null,
    book: null,
    seq: 0,
  };
}
