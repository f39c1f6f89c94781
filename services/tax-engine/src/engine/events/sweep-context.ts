import type { CalculationFailure, DisposalKind, Match, PoolEvent, PoolState } from '../computation';
import type { IndexationRounding } from '../indexation';
import type { AcquisitionGroup, IdentificationRules } from '../identification';
import type { HoldingUnits } from '../holding-units';
import type { EngineEvent } from '../normalise-ledger';
import { Rational } from '../arithmetic';
import { Section104Pool } from '../section-104-pool';

/**
 * State carried through the chronological pass over a taxpayer's events: one Section 104 pool per
 * security, the shares per portfolio, the disposals found so far and the failures.
 */

/** One disposal row (before same-day rows are joined into one disposal). */
export interface DisposalEventResult {
  event: EngineEvent;
  kind: DisposalKind;
  quantity: Rational;
  proceeds: Rational;
  disposalCosts: Rational;
  cost: Rational;
  /** Companies: indexed cost minus cost of the pool shares taken (before the no-loss restriction). */
  indexationRaw: Rational;
  matches: Match[];
  poolBefore: PoolState | null;
  poolAfter: PoolState | null;
  failure: string | null;
}

const NO_ACQUISITIONS: AcquisitionGroup[] = [];

/**
 * One security's events and its state during the pass: its Section 104 pool (created on first use) and
 * the taxpayer's shares in each portfolio. Each event carries its security's book (set when the events are grouped), so
 * the pass finds both without a lookup by name; portfolios are a short list (a taxpayer holds a security
 * in one or two), searched in place.
 */
export class SecurityBook {
  /** The security's events in canonical order. */
  readonly events: EngineEvent[] = [];
  pool: Section104Pool | null = null;
  /** The security's acquisition groups in day order, as identification left them (for the fourth stage). */
  acquisitions: AcquisitionGroup[] = NO_ACQUISITIONS;
  readonly portfolios: string[] = [];
  readonly quantities: Rational[] = [];

  constructor(readonly security: string) {}

  /** The taxpayer's shares in `portfolio`, or undefined if it never held any. */
  quantityIn(portfolio: string): Rational | undefined {
    const i = this.portfolios.indexOf(portfolio);
    return i < 0 ? undefined : this.quantities[i];
  }

  move(portfolio: string, delta: Rational): void {
    const i = this.slot(portfolio);
    this.quantities[i] = this.quantities[i].add(delta);
  }

  /** Take `quantity` shares out of `portfolio` (a disposal or transfer out): `move` by minus it, without building the negation. */
  take(portfolio: string, quantity: Rational): void {
    const i = this.slot(portfolio);
    this.quantities[i] = this.quantities[i].sub(quantity);
  }

  /** The index of `portfolio` in the short list, added with no shares if it is new. */
  private slot(portfolio: string): number {
    const names = this.portfolios;
    for (let i = 0; i < names.length; i++) if (names[i] === portfolio) return i;
    names.push(portfolio);
    this.quantities.push(Rational.ZERO);
    return names.length - 1;
  }

  /**
   * A share reorganisation: each portfolio's holding multiplied by `factor` and truncated to the whole units
   * issued (holding-units.ts). Returns the shares not issued, summed over the portfolios that held some.
   */
  reorganise(factor: Rational, units: HoldingUnits): Rational {
    const q = this.quantities;
    let notIssued = Rational.ZERO;
    for (let i = 0; i < q.length; i++) {
      const exact = q[i].mul(factor);
      const issued = units.truncate(this.security, this.portfolios[i], exact);
      if (issued !== exact && exact.isPositive()) notIssued = notIssued.add(exact.sub(issued));
      q[i] = issued;
    }
    return notIssued;
  }
}

/** What a pass over one taxpayer's events is set up with. */
export interface SweepOptions {
  rules: IdentificationRules;
  /** Where the pass reports what it cannot compute (the ledger's row failures already in it). */
  failures: CalculationFailure[];
  /** Companies: the RPI series and the indexation factor's rounding; null for everyone else. */
  indexation: { rpi: Map<string, Rational>; rounding: IndexationRounding } | null;
  /** Keep the pool after every event. */
  recordPoolHistory: boolean;
  /** The whole units a reorganisation leaves in each portfolio. */
  units: HoldingUnits;
}

export class SweepContext {
  readonly books = new Map<string, SecurityBook>();
  readonly disposals: DisposalEventResult[] = [];
  readonly poolHistory: PoolEvent[] = [];
  private readonly missingRpi = new Set<string>();
  readonly rules: IdentificationRules;
  readonly failures: CalculationFailure[];
  private readonly indexation: SweepOptions['indexation'];
  readonly recordPoolHistory: boolean;
  readonly units: HoldingUnits;

  constructor(options: SweepOptions) {
    this.rules = options.rules;
    this.failures = options.failures;
    this.indexation = options.indexation;
    this.recordPoolHistory = options.recordPoolHistory;
    this.units = options.units;
  }

  /** The book of `security`, created on first use. */
  book(security: string): SecurityBook {
    let b = this.books.get(security);
    if (b === undefined) {
      b = new SecurityBook(security);
      this.books.set(security, b);
    }
    return b;
  }

  /** The book of the event's security: `e.book` (set when the events are grouped), else looked up by name. */
  bookOf(e: EngineEvent): SecurityBook {
    return e.book ?? this.book(e.security);
  }

  /** The pool of the event's security, created on first use. */
  pool(e: EngineEvent): Section104Pool {
    return this.poolIn(this.bookOf(e));
  }

  /** The pool of a security named in an event (the new security of a takeover or demerger). */
  poolOf(security: string): Section104Pool {
    return this.poolIn(this.book(security));
  }

  private poolIn(b: SecurityBook): Section104Pool {
    return b.pool ?? (b.pool = new Section104Pool(b.security, this.indexation));
  }

  /** Companies: index the pool to the event date; report a missing RPI month once. */
  indexPool(pool: Section104Pool, e: EngineEvent): void {
    this.missingRpiMonth(pool, e, pool.indexTo(e.day));
  }

  /** Report a month missing from the RPI series (once per month). */
  missingRpiMonth(pool: Section104Pool, e: EngineEvent, missing: string | null): void {
    if (missing !== null && !this.missingRpi.has(missing)) {
      this.missingRpi.add(missing);
      this.fail(e, `No RPI figure for ${missing}: indexation on ${pool.security} taken as nil`);
    }
  }

  /** Add `delta` shares to the event's security in `portfolio` (the event's own unless given). */
  moveHolding(e: EngineEvent, delta: Rational, portfolio: string = e.portfolio): void {
    this.bookOf(e).move(portfolio, delta);
  }

  /** Take the event's shares out of its security in its portfolio (a disposal or transfer out). */
  takeHolding(e: EngineEvent): void {
    this.bookOf(e).take(e.portfolio, e.quantity);
  }

  /** The taxpayer's shares of the event's security in the event's portfolio as a fraction of the whole holding (1 if unknown). */
  portfolioFraction(e: EngineEvent, poolQuantity: Rational): Rational {
    const q = this.bookOf(e).quantityIn(e.portfolio);
    if (q === undefined || !poolQuantity.isPositive() || !q.isPositive() || q.gte(poolQuantity)) return Rational.ONE;
    return q.div(poolQuantity);
  }

  recordPool(e: EngineEvent, pool: Section104Pool): void {
    if (this.recordPoolHistory) {
      this.poolHistory.push({ date: e.date, security: pool.security, type: e.type, ref: e.ref, pool: pool.state() });
    }
  }

  /**
   * Why a capital event (distribution, notional income, rights issue, takeover, demerger) finds no shares in
   * the pool: none held, or (a company) the shares held were bought in the 9 days before a disposal, so they
   * are identified with it and kept out of the pool (s107(3)); an event on such shares is not supported.
   */
  noPoolShares(e: EngineEvent): string {
    const held = this.bookOf(e).quantities.some((q) => q.isPositive());
    return held
      ? 'the shares held are identified with a disposal within the 10-day period and are outside the Section 104 pool; a capital event on them is not supported'
      : 'no shares held';
  }

  fail(e: EngineEvent, message: string): void {
    this.failures.push({ security: e.security, date: e.date, ref: e.ref || undefined, message });
  }
}
