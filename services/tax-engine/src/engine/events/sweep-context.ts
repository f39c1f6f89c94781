import type { CalculationFailure, DisposalKind, Match, PoolEvent, PoolState } from '../computation';
import type { IndexationRounding } from '../indexation';
import type { IdentificationRules } from '../identification';
import type { EngineEvent } from '../normalise-ledger';
import { Rational as importedRational, ZERO as IMPORTED_ZERO } from '../rational';
import { Section104Pool } from '../section-104-pool';

// Imported bindings copied to module constants: when the engine is loaded as CommonJS (tsx compiles a
// require()d .ts file that way) each use of an imported binding is two getter calls; as ESM it is neutral.
const Rational = importedRational;
type Rational = importedRational;
const ZERO = IMPORTED_ZERO;

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

export class SweepContext {
  readonly pools = new Map<string, Section104Pool>();
  readonly holdings = new Map<string, Map<string, Rational>>();
  readonly disposals: DisposalEventResult[] = [];
  readonly poolHistory: PoolEvent[] = [];
  private readonly missingRpi = new Set<string>();

  constructor(
    readonly rules: IdentificationRules,
    readonly failures: CalculationFailure[],
    private readonly indexation: { rpi: Map<string, Rational>; rounding: IndexationRounding } | null,
    readonly recordPoolHistory: boolean,
  ) {}

  pool(security: string): Section104Pool {
    let p = this.pools.get(security);
    if (!p) {
      p = new Section104Pool(security, this.indexation);
      this.pools.set(security, p);
    }
    return p;
  }

  /** Companies: index the pool to the event date; report a missing RPI month once. */
  indexPool(pool: Section104Pool, e: EngineEvent): void {
    const missing = pool.indexTo(e.day);
    if (missing !== null && !this.missingRpi.has(missing)) {
      this.missingRpi.add(missing);
      this.fail(e, `No RPI figure for ${missing}: indexation on ${pool.security} taken as nil`);
    }
  }

  moveHolding(security: string, portfolio: string, delta: Rational): void {
    let byPortfolio = this.holdings.get(security);
    if (!byPortfolio) {
      byPortfolio = new Map();
      this.holdings.set(security, byPortfolio);
    }
    byPortfolio.set(portfolio, (byPortfolio.get(portfolio) ?? ZERO).add(delta));
  }

  multiplyHoldings(security: string, factor: Rational): void {
    const byPortfolio = this.holdings.get(security);
    if (!byPortfolio) return;
    for (const [p, q] of byPortfolio) byPortfolio.set(p, q.mul(factor));
  }

  /** The taxpayer's shares of `security` in `portfolio` as a fraction of the whole holding (1 if unknown). */
  portfolioFraction(security: string, portfolio: string, poolQuantity: Rational): Rational {
    const q = this.holdings.get(security)?.get(portfolio);
    if (q === undefined || !poolQuantity.isPositive() || !q.isPositive() || q.gte(poolQuantity)) return Rational.ONE;
    return q.div(poolQuantity);
  }

  recordPool(e: EngineEvent, pool: Section104Pool): void {
    if (this.recordPoolHistory) {
      this.poolHistory.push({ date: e.date, security: pool.security, type: e.type, ref: e.ref, pool: pool.state() });
    }
  }

  fail(e: EngineEvent, message: string): void {
    this.failures.push({ security: e.security, date: e.date, ref: e.ref || undefined, message });
  }
}
