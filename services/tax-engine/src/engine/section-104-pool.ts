import type { PoolState } from './computation';
import type { DayNumber } from './dates';
import { indexationFactor, indexationMonth, type IndexationRounding } from './indexation';
import { Rational, ZERO } from './arithmetic';

/** 2^256: see boundedQuantity. */
const QUANTITY_REDUCE_AT = 1n << 256n;

/**
 * The pool's quantity, in lowest terms once its denominator passes 2^256. Sums of two large fractions are
 * left unreduced (arithmetic/rational.ts), which is right for a figure used once; the pool's quantity is summed again
 * after every event for as long as the security is held, and over decades of splits of a joint holding its
 * unreduced denominator piled up until each disposal took seconds (30,000 daily rows: 177 s, now under 1 s).
 */
function boundedQuantity(q: Rational): Rational {
  return q.denominatorAtLeast(QUANTITY_REDUCE_AT) ? q.reduced() : q;
}

/** 2^256: see boundedCost. */
const COST_ROUND_AT = 1n << 256n;
/** Decimal places of a pool cost rounded by boundedCost: 10^-24 of a pound. */
const COST_PLACES = 24;

/**
 * A pool's cost carried through a share reorganisation: exact while its denominator, in lowest terms, is below
 * 2^256; past that, rounded half away from zero to 10^-24 of a pound. A part disposal leaves cost x (Q - q) / Q,
 * whose denominator cancels against the next disposal's Q while the holding only shrinks by sales; a
 * reorganisation rounding the holding down to whole units (holding-units.ts) breaks that, and a ledger of
 * 1,000 consolidations and sales piled up cost denominators of 300,000 bits, each year's sum of gains over the
 * product of such. Ordinary pools stay below the bound (the bench's under 200 bits; of 16,000 of the reference
 * model's random ledgers, 5 reached it), and the rounding moves a cost by at most half of 10^-24 of a
 * pound, far below the penny it is shown to.
 */
function boundedCost(cost: Rational): Rational {
  if (!cost.denominatorAtLeast(COST_ROUND_AT)) return cost;
  const reduced = cost.reduced();
  return reduced.denominatorAtLeast(COST_ROUND_AT) ? reduced.roundTo(COST_PLACES, 'half-up') : reduced;
}

/**
 * A Section 104 holding (TCGA 1992 s104): the shares of one security not identified with a same-day,
 * 30-day or 10-day acquisition, held as one asset at their total cost. A part disposal takes
 * cost x sold / held, exactly. For companies the pool also carries its indexed value (s110): before
 * each operative event the indexed value grows by the RPI rise since the previous one.
 */
export class Section104Pool {
  quantity: Rational = ZERO;
  cost: Rational = ZERO;
  indexedCost: Rational = ZERO;
  /** RPI month of the last operative event (companies). */
  private indexedTo: string | null = null;

  constructor(
    readonly security: string,
    private readonly indexation: { rpi: Map<string, Rational>; rounding: IndexationRounding } | null,
  ) {}

  get indexed(): boolean {
    return this.indexation !== null;
  }

  state(): PoolState {
    return { quantity: this.quantity, cost: this.cost, indexedCost: this.indexation ? this.indexedCost : null };
  }

  /**
   * Companies: bring the indexed value up to `day` (an operative event). Returns the missing RPI month
   * when the series has no figure for it (the rise is then taken as nil and the caller reports it).
   */
  indexTo(day: DayNumber): string | null {
    if (!this.indexation) return null;
    const month = indexationMonth(day);
    const from = this.indexedTo;
    this.indexedTo = month;
    if (from === null || this.indexedCost.isZero() || month <= from) return null;
    const factor = indexationFactor(this.indexation.rpi, from, month, this.indexation.rounding);
    if (factor === null) return this.indexation.rpi.has(from) ? month : from;
    // Indexed value x (1 + factor): one product, so a large indexed value stays in lowest terms (the sum of it and
    // its own multiple would be left over a product of two large denominators).
    this.indexedCost = this.indexedCost.mul(Rational.ONE.add(factor));
    return null;
  }

  /**
   * Add shares at their cost. For a company, shares acquired before they join the pool (a transfer in
   * from another platform, on its original acquisition date) bring the indexation they have earned since
   * then: their indexed value is cost x (1 + factor from the acquisition month to the pool's month, the
   * one the caller has just indexed the pool to). Returns the RPI month missing for that factor, if any
   * (the rise is then taken as nil and the caller reports it).
   */
  add(quantity: Rational, cost: Rational, acquiredDay?: DayNumber): string | null {
    this.quantity = boundedQuantity(this.quantity.add(quantity));
    this.cost = this.cost.add(cost);
    if (!this.indexation) return null;
    let indexed = cost;
    let missing: string | null = null;
    const to = this.indexedTo;
    if (acquiredDay !== undefined && to !== null) {
      const from = indexationMonth(acquiredDay);
      if (from < to) {
        const factor = indexationFactor(this.indexation.rpi, from, to, this.indexation.rounding);
        if (factor === null) missing = this.indexation.rpi.has(from) ? to : from;
        else indexed = cost.add(cost.mul(factor));
      }
    }
    this.indexedCost = this.indexedCost.add(indexed);
    return missing;
  }

  /** Take `quantity` shares (at most what is held) at their share of cost and indexed cost. */
  remove(quantity: Rational): { cost: Rational; indexedCost: Rational } {
    return quantity.gte(this.quantity) ? this.removeAll() : this.removePart(quantity);
  }

  /** Take every share at the whole cost and indexed cost. */
  removeAll(): { cost: Rational; indexedCost: Rational } {
    const taken = { cost: this.cost, indexedCost: this.indexedCost };
    this.quantity = ZERO;
    this.cost = ZERO;
    this.indexedCost = ZERO;
    return taken;
  }

  /** Take `quantity` shares, fewer than are held, at their share of cost and indexed cost. */
  removePart(quantity: Rational): { cost: Rational; indexedCost: Rational } {
    // Taken: cost x q / Q. Left: cost x (Q - q) / Q, computed as a product (not cost - taken) so it stays in
    // lowest terms with cheap gcds only: the average cost per share is unchanged by a disposal. split()
    // builds both from one reduced ratio, sharing their gcds.
    const held = this.quantity;
    const [cost, costLeft] = this.cost.split(quantity, held);
    this.quantity = boundedQuantity(held.sub(quantity));
    this.cost = costLeft;
    if (!this.indexation) return { cost, indexedCost: ZERO };
    const [indexedCost, indexedLeft] = this.indexedCost.split(quantity, held);
    this.indexedCost = indexedLeft;
    return { cost, indexedCost };
  }

  /** Take a fraction of the cost (and indexed cost) without changing the quantity. */
  removeCostFraction(fraction: Rational): { cost: Rational; indexedCost: Rational } {
    const cost = this.cost.mul(fraction);
    const indexedCost = this.indexation ? this.indexedCost.mul(fraction) : ZERO;
    const kept = Rational.ONE.sub(fraction);
    this.cost = this.cost.mul(kept);
    if (this.indexation) this.indexedCost = this.indexedCost.mul(kept);
    return { cost, indexedCost };
  }

  /**
   * Reduce cost by an amount not above it (a small capital distribution, equalisation); false, and the pool
   * unchanged, when the amount is above the cost (one subtraction, no comparison beforehand).
   */
  reduceCostWithin(amount: Rational): boolean {
    const left = this.cost.sub(amount);
    if (left.isNegative()) return false;
    this.cost = left;
    if (this.indexation) this.indexedCost = Rational.max(ZERO, this.indexedCost.sub(amount));
    return true;
  }

  /** Add cost without shares (notional distribution). */
  addCost(amount: Rational): void {
    this.cost = this.cost.add(amount);
    if (this.indexation) this.indexedCost = this.indexedCost.add(amount);
  }

  /**
   * A share reorganisation: the quantity multiplied by `factor`, less the fractions of a unit not issued to
   * the portfolios (never below nil); the cost stays with the shares issued.
   */
  reorganise(factor: Rational, notIssued: Rational): void {
    const issued = this.quantity.mul(factor).sub(notIssued);
    this.quantity = issued.isNegative() ? ZERO : issued;
    this.cost = boundedCost(this.cost);
    this.indexedCost = boundedCost(this.indexedCost);
  }

  /** Receive a holding carried over from another security (takeover, demerger). */
  absorb(quantity: Rational, cost: Rational, indexedCost: Rational): void {
    this.quantity = boundedQuantity(this.quantity.add(quantity));
    this.cost = this.cost.add(cost);
    if (this.indexation) this.indexedCost = this.indexedCost.add(indexedCost);
  }
}
