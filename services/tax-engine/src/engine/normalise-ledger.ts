import { parseIsoDate, type DayNumber } from './dates';
import type { GainClass, Ledger, LedgerTransaction, TransactionType } from './ledger';
import { RowError, rowType, type EventKind, type RowType } from './row-parsers';
import { insertionSort, ONE, Rational, sortedByWholeNumber, ZERO } from './arithmetic';
import type { CalculationFailure } from './computation';
import type { AcquisitionGroup, DisposalGroup } from './identification';
import type { SecurityBook } from './events/sweep-context';

/**
 * Validates the ledger's plain rows and turns them into engine events: exact Rationals, the taxpayer's
 * share of a joint portfolio applied, and a canonical order (date, then corporate actions, acquisitions,
 * disposals, transfers out, corporate actions after the day's trades) that does not depend on the order the rows
 * arrived in.
 */

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

/**
 * The order of a day's events (its phases): corporate actions (those applying before the day's trades, the
 * default), acquisitions, disposals, transfers out, then corporate actions whose row says they apply after the
 * day's trades.
 */
function phaseOf(kind: EventKind): number {
  switch (kind) {
    case 'corporate-action':
      return 0;
    case 'acquisition':
      return 1;
    case 'disposal':
      return 2;
    default:
      return 3;
  }
}
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

export interface NormalisedLedger {
  events: EngineEvent[];
  failures: CalculationFailure[];
  gainClass: (security: string) => GainClass;
  /** The taxpayer's share of each joint portfolio (a portfolio not here is wholly theirs). */
  ownership: Map<string, Rational>;
}

export function normaliseLedger(ledger: Ledger): NormalisedLedger {
  const failures: CalculationFailure[] = [];
  const ownership = portfolioShares(ledger, failures);
  const events = rowsToEvents(ledger.transactions, ownership, failures);
  return { events, failures, gainClass: gainClassOf(ledger), ownership };
}

/** The taxpayer's share of each joint portfolio; a percentage that is not one is a failure. */
export function portfolioShares(ledger: Ledger, failures: CalculationFailure[]): Map<string, Rational> {
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
  return ownership;
}

/** Each security's gain class (capital unless the ledger says otherwise). */
export function gainClassOf(ledger: Ledger): (security: string) => GainClass {
  const classes = new Map<string, GainClass>();
  for (const [code, info] of Object.entries(ledger.securities ?? {})) {
    if (info.gainClass) classes.set(code, info.gainClass);
  }
  return classes.size === 0 ? allCapital : (s) => classes.get(s) ?? 'capital';
}

/**
 * Rows (all of a ledger's, or all of one security's) as events in canonical order; a row that cannot be read is a
 * failure naming it.
 */
export function rowsToEvents(
  txs: readonly LedgerTransaction[],
  ownership: Map<string, Rational>,
  failures: CalculationFailure[],
): EngineEvent[] {
  const events: EngineEvent[] = [];
  // Share reorganisations kept so far, by day, security and type: one per ratio.
  const reorganisations = new Map<string, EngineEvent[]>();
  const n = txs.length;
  // Each row's type is read two rows ahead: when the rows are not in the CPU cache, a row's miss then overlaps
  // the work on the rows before it instead of stalling the loop.
  let type1 = n > 0 ? txs[0].type : 'BUY';
  let type2 = n > 1 ? txs[1].type : 'BUY';
  for (let i = 0; i < n; i++) {
    const tx = txs[i];
    const type = rowType(type1);
    type1 = type2;
    if (i + 2 < n) type2 = txs[i + 2].type;
    try {
      const ev = rowEvent(tx, type, ownership);
      if (type?.reorganisation) {
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
  return events;
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
      sortRun(sorted, i, j);
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

/** A run of events tied on day and phase, xs[from, to), stably sorted with compareEvents. */
function sortRun(xs: EngineEvent[], from: number, to: number): void {
  // A day of many securities' trades: a merge sort (a short run: an insertion sort, no allocation).
  if (to - from <= 16) return insertionSort(xs, compareEvents, from, to);
  const run = xs.slice(from, to).sort(compareEvents);
  for (let k = 0; k < run.length; k++) xs[from + k] = run[k];
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
 * A row as an engine event: the checks every row has (a security, a known type, a corporate action's timing, the
 * date), then its type's parser reads its figures, then the taxpayer's share of a joint portfolio is applied.
 * Throws RowError.
 */
function rowEvent(tx: LedgerTransaction, type: RowType | undefined, ownership: Map<string, Rational>): EngineEvent {
  if (!tx.security) throw new RowError('security is missing');
  if (type === undefined) throw new RowError(`unknown type "${tx.type}"`);
  let phase = phaseOf(type.kind);
  const timing = tx.timing;
  if (timing !== undefined && timing !== 'before-trades') {
    if (timing !== 'after-trades') throw new RowError(`timing "${timing}" is not before-trades or after-trades`);
    if (type.kind !== 'corporate-action')
      throw new RowError(`timing is for corporate actions; a ${tx.type} is one of the day's trades`);
    phase = AFTER_TRADES_PHASE;
  }
  const date = tx.date;
  const day = parseIsoDate(date ?? '');
  if (day === null) throw new RowError(`date "${date}" is not a date (YYYY-MM-DD)`);
  const e = newEvent(tx, date, day, phase);
  type.parse(tx, e);
  if (type.reorganisation) e.newSecurity = '';
  // A joint portfolio contributes the client's share of every figure (a reorganisation's ratio is not one).
  const share = ownership.size === 0 || type.reorganisation ? undefined : ownership.get(e.portfolio);
  if (share !== undefined && share !== ONE) {
    e.quantity = e.quantity.mul(share);
    e.cost = e.cost.mul(share);
    e.proceeds = e.proceeds.mul(share);
    e.expenses = e.expenses.mul(share);
    e.marketValue = e.marketValue?.mul(share) ?? null;
    e.retainedValue = e.retainedValue?.mul(share) ?? null;
    e.holdover = e.holdover.mul(share);
  }
  return e;
}

/**
 * The one place events are built (one object shape): the row's names, its date (`day` its number) and its phase
 * in the day, with nil figures for its parser to fill in.
 */
function newEvent(tx: LedgerTransaction, date: string, day: DayNumber, phase: number): EngineEvent {
  return {
    day,
    date,
    acquiredDay: day,
    acquiredDate: date,
    type: tx.type,
    kind: KIND_OF_PHASE[phase],
    security: tx.security,
    portfolio: tx.portfolio ?? '',
    quantity: ZERO,
    cost: ZERO,
    proceeds: ZERO,
    expenses: ZERO,
    marketValue: null,
    retainedValue: null,
    pricePerShare: null,
    holdover: ZERO,
    newSecurity: tx.newSecurity ?? '',
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
