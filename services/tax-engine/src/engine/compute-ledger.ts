import type { CalculationFailure, Computation, Holding } from './computation';
import { insertionSort, type Rational } from './arithmetic';
import { buildDisposals } from './disposal-records';
import { applyEvent, SecurityBook, SweepContext, type DisposalEventResult } from './events';
import { HoldingUnits } from './holding-units';
import { identify } from './identification';
import type { IndexationRounding } from './indexation';
import type { Ledger } from './ledger';
import { normaliseLedger, type EngineEvent } from './normalise-ledger';
import { periodsFor, TAX_YEARS } from './periods';
import { prepareReferenceData, type ReferenceData } from './reference-data';
import { summariseTaxYears } from './tax-year-summary';

/** From this many events a ledger is computed security by security (see computeLedger). */
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
  const { events, failures, gainClass, ownership } = normaliseLedger(ledger);

  const ctx = new SweepContext({
    rules: isCompany ? 'company' : 'individual',
    failures,
    indexation: isCompany ? { rpi: ref.rpi, rounding: options.indexationRounding ?? 'three-decimal-places' } : null,
    recordPoolHistory: options.poolHistory ?? true,
    units: new HoldingUnits(ledger.transactions, ownership),
  });
  // Each event to its security's book (the book keeps the security's events for identification, and
  // gives the pass the pool and holdings without a lookup by name).
  let lastBook: SecurityBook | null = null;
  for (const e of events) {
    if (lastBook === null || e.security !== lastBook.security) lastBook = ctx.book(e.security);
    lastBook.events.push(e);
    e.book = lastBook;
  }
  for (const book of ctx.books.values())
    book.acquisitions = identify(book.events, isCompany ? 'company' : 'individual');

  if (events.length >= BY_SECURITY_FROM && !isCompany && !ctx.recordPoolHistory && events.every(withinItsSecurity)) {
    // A large ledger whose securities never exchange shares: they are independent, and each security's events in
    // turn keeps its pool, holdings and events in the CPU's cache (in date order, most of a large ledger's time
    // goes on fetching them); the disposal rows are then put back in canonical order. A company's missing RPI
    // months (reported once, at the first event in date order) and the pool history follow the date order.
    for (const book of ctx.books.values()) for (const e of book.events) applyEvent(ctx, e);
    ctx.disposals.sort(byEventOrder);
  } else {
    for (const e of events) applyEvent(ctx, e);
  }

  const disposals = buildDisposals(ctx.disposals, gainClass, isCompany);
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
    holdings.push({ security, gainClass: gainClass(security), pool: pool.state(), portfolios });
  }
  insertionSort(holdings, bySecurity_);

  if (failures.length > 1) failures.sort(byFailure);
  return { taxpayerKind: ledger.taxpayer.kind, disposals, taxYears, holdings, poolHistory: ctx.poolHistory, failures };
}

/** An event that changes only its own security's pool and holdings (not a takeover, demerger or rights issue of another class). */
function withinItsSecurity(e: EngineEvent): boolean {
  return e.type !== 'TAKEOVER' && e.type !== 'DEMERGER' && e.newSecurity === '';
}

// Comparators as module functions (not closures created per call).
function byEventOrder(a: DisposalEventResult, b: DisposalEventResult): number {
  return a.event.seq - b.event.seq;
}

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
