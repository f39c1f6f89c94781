import type { CalculationFailure, Computation, Disposal, Holding } from './computation';
import { insertionSort, sortedByWholeNumber, type Rational } from './arithmetic';
import { buildDisposals } from './disposal-records';
import { applyEvent, SweepContext, type SecurityBook } from './events';
import { HoldingUnits } from './holding-units';
import { identify } from './identification';
import type { IndexationRounding } from './indexation';
import type { GainClass, Ledger, LedgerTransaction } from './ledger';
import { gainClassOf, portfolioShares, rowsToEvents } from './normalise-ledger';
import { periodsFor, TAX_YEARS } from './periods';
import { prepareReferenceData, type ReferenceData } from './reference-data';
import { summariseTaxYears } from './tax-year-summary';

/** From this many rows a ledger is computed security by security (see disposalsBySecurity). */
const BY_SECURITY_FROM = 5_000;

export interface ComputeOptions {
  /** Keep the pool after every event (default true; the benchmark and bulk recalculation may skip it). */
  poolHistory?: boolean;
  /** Indexation factor rounding for companies (default three decimal places, as HMRC publishes them). */
  indexationRounding?: IndexationRounding;
}

/**
 * The whole CGT computation for one taxpayer's ledger. Pure: no I/O, no clock; never throws for a bad
 * ledger (problems come back in `failures`).
 *
 * 1. Validate and order the rows (normalise-ledger).
 * 2. Per security, identify disposals with same-day and 30-day (or 10-day for companies) acquisitions.
 * 3. Walk the events in date order: pools, corporate actions, disposals from the pool (and what the pool
 *    cannot cover from later acquisitions).
 * 4. Join same-day disposal rows and work out each gain; summarise per tax year.
 */
export function computeLedger(ledger: Ledger, referenceData: ReferenceData, options: ComputeOptions = {}): Computation {
  const ref = prepareReferenceData(referenceData);
  const isCompany = ledger.taxpayer.kind === 'company';
  const failures: CalculationFailure[] = [];
  const ownership = portfolioShares(ledger, failures);
  const ctx = new SweepContext({
    rules: isCompany ? 'company' : 'individual',
    failures,
    indexation: isCompany ? { rpi: ref.rpi, rounding: options.indexationRounding ?? 'three-decimal-places' } : null,
    recordPoolHistory: options.poolHistory ?? true,
    units: new HoldingUnits(ledger.transactions, ownership),
  });
  const rows = ledger.transactions;
  const ledgerRules: LedgerRules = { ownership, gainClass: gainClassOf(ledger), isCompany };
  const bySecurity =
    rows.length >= BY_SECURITY_FROM && !isCompany && !ctx.recordPoolHistory ? rowsBySecurity(rows) : null;
  const disposals =
    bySecurity !== null
      ? disposalsBySecurity(ctx, bySecurity, ledgerRules)
      : disposalsInDateOrder(ctx, rows, ledgerRules);
  const periods = periodsFor(ledger.taxpayer);
  if (periods !== TAX_YEARS) for (const d of disposals) d.taxYear = periods.label(periods.of(d.day));
  const taxYears = summariseTaxYears(disposals, ledger.taxpayer, ref);

  const holdings: Holding[] = [];
  for (const book of ctx.books.values()) {
    const pool = book.pool;
    if (pool === null) continue;
    const security = book.security;
    const portfolios: { portfolio: string; quantity: Rational }[] = [];
    for (let i = 0; i < book.portfolios.length; i++) {
      const quantity = book.quantities[i];
      if (!quantity.isZero()) portfolios.push({ portfolio: book.portfolios[i], quantity });
    }
    if (pool.quantity.isZero() && pool.cost.isZero() && portfolios.length === 0) continue;
    if (portfolios.length > 1) insertionSort(portfolios, byPortfolioName);
    holdings.push({ security, gainClass: ledgerRules.gainClass(security), pool: pool.state(), portfolios });
  }
  insertionSort(holdings, bySecurity_);

  if (failures.length > 1) failures.sort(byFailure);
  return { taxpayerKind: ledger.taxpayer.kind, disposals, taxYears, holdings, poolHistory: ctx.poolHistory, failures };
}

/** What the rows are read and the disposals joined with. */
interface LedgerRules {
  ownership: Map<string, Rational>;
  gainClass: (security: string) => GainClass;
  isCompany: boolean;
}

/** The ledger's events in canonical (date) order through identification and the pass: the disposals. */
function disposalsInDateOrder(ctx: SweepContext, rows: readonly LedgerTransaction[], rules: LedgerRules): Disposal[] {
  const events = rowsToEvents(rows, rules.ownership, ctx.failures);
  // Each event to its security's book (the book keeps the security's events for identification, and
  // gives the pass the pool and holdings without a lookup by name).
  let lastBook: SecurityBook | null = null;
  for (const e of events) {
    if (lastBook === null || e.security !== lastBook.security) lastBook = ctx.book(e.security);
    lastBook.events.push(e);
    e.book = lastBook;
  }
  for (const book of ctx.books.values()) book.acquisitions = identify(book.events, ctx.rules);
  for (const e of events) applyEvent(ctx, e);
  return buildDisposals(ctx.disposals, rules.gainClass, rules.isCompany);
}

/**
 * A large ledger whose securities never exchange shares (`rowsOf`, each security's rows): the securities are
 * independent, so each one's rows are read, identified, passed over and joined into disposals in turn (its pool,
 * holdings and events stay in the CPU's cache, and its events and the pass's rows are garbage once its disposals are
 * built, before the garbage collector has to copy them). The disposals are then put in canonical order: by their
 * first row's place in the day, then by security, each security's in its own order (the order the pass in date
 * order gives). Not for a company or with pool history (a company's missing RPI months, reported once at the first
 * event in date order, and the pool history follow the date order).
 */
function disposalsBySecurity(
  ctx: SweepContext,
  rowsOf: Map<string, LedgerTransaction[]>,
  rules: LedgerRules,
): Disposal[] {
  const disposals: Disposal[] = [];
  /** Each disposal's first row's place in the day (EngineEvent.order). */
  const orders: number[] = [];
  // Securities in the order of their names, so the disposals come out by security and need only be put in order
  // by their places in the day (a stable sort).
  for (const security of [...rowsOf.keys()].sort()) {
    const events = rowsToEvents(rowsOf.get(security) as LedgerTransaction[], rules.ownership, ctx.failures);
    if (events.length === 0) continue;
    const book = ctx.book(events[0].security);
    for (const e of events) e.book = book;
    book.acquisitions = identify(events, ctx.rules);
    for (const e of events) applyEvent(ctx, e);
    book.acquisitions = [];
    for (const d of buildDisposals(ctx.disposals, rules.gainClass, false, orders)) disposals.push(d);
    ctx.disposals.length = 0;
  }
  const byOrder = sortedByWholeNumber(
    disposals.map((_, i) => i),
    (i) => orders[i],
  );
  if (byOrder === null)
    return disposals
      .map((d, i) => ({ d, order: orders[i] }))
      .sort(byPlace)
      .map(disposalOf);
  return byOrder.map((i) => disposals[i]);
}

function byPlace(a: { order: number }, b: { order: number }): number {
  return a.order - b.order;
}

function disposalOf(x: { d: Disposal }): Disposal {
  return x.d;
}

/**
 * Each security's rows, in row order; null when a row exchanges shares of one security for another's (a takeover, a
 * demerger, a rights issue of another class), which ties the securities' pools together.
 */
function rowsBySecurity(rows: readonly LedgerTransaction[]): Map<string, LedgerTransaction[]> | null {
  const rowsOf = new Map<string, LedgerTransaction[]>();
  for (const tx of rows) {
    if (tx.type === 'TAKEOVER' || tx.type === 'DEMERGER' || tx.newSecurity) return null;
    const security = tx.security ?? '';
    const same = rowsOf.get(security);
    if (same === undefined) rowsOf.set(security, [tx]);
    else same.push(tx);
  }
  return rowsOf;
}

// Comparators as module functions (not closures created per call).
function byPortfolioName(a: { portfolio: string }, b: { portfolio: string }): number {
  return a.portfolio < b.portfolio ? -1 : a.portfolio > b.portfolio ? 1 : 0;
}

function bySecurity_(a: Holding, b: Holding): number {
  return a.security < b.security ? -1 : a.security > b.security ? 1 : 0;
}

function byFailure(a: CalculationFailure, b: CalculationFailure): number {
  return a.date !== b.date
    ? a.date < b.date
      ? -1
      : 1
    : a.security !== b.security
      ? a.security < b.security
        ? -1
        : 1
      : a.message < b.message
        ? -1
        : a.message > b.message
          ? 1
          : 0;
}
