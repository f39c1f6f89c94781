import type { DisposalKind, Match } from '../computation';
import type { TransactionType } from '../ledger';
import { formatDay } from '../dates';
import { identifyWithLaterAcquisitions, unitsAt } from '../identification';
import type { EngineEvent } from '../normalise-ledger';
import { ONE, ZERO, type Rational } from '../arithmetic';
import { INDIVIDUAL_RULES_FROM } from '../tax-years';
import type { SweepContext } from './sweep-context';

function disposalKind(type: TransactionType): DisposalKind {
  switch (type) {
    case 'GIFT_OUT':
      return 'gift';
    case 'SPOUSE_OUT':
      return 'spouse';
    case 'REDEMPTION':
      return 'redemption';
    default:
      return 'sale';
  }
}

/**
 * SELL, REDEMPTION, GIFT_OUT (at market value) and SPOUSE_OUT (no gain, no loss). The row's share of
 * the day's identified matches (same day, 30 days or 10 days) is costed from those acquisitions; the
 * rest comes from the Section 104 pool, and what the pool cannot cover from the acquisitions after the disposal
 * (the fourth stage). Selling more than that is a failure naming the shortfall.
 */
export function applyDisposal(ctx: SweepContext, e: EngineEvent): void {
  ctx.takeHolding(e);
  const g = e.disposalGroup!;
  const share = g.quantity === e.quantity ? ONE : e.quantity.div(g.quantity);
  // Built at its size: most disposals have one match (an array grown by push takes 17 slots).
  let matches: Match[] | null = null;
  let cost = ZERO;
  let failure: string | null = null;

  if (ctx.rules === 'individual' && e.day < INDIVIDUAL_RULES_FROM) {
    failure = `Disposal of ${e.quantity} ${e.security} on ${e.date} is before 6 April 2008: earlier identification rules (and taper relief) are not supported`;
  }

  for (const m of g.matches) {
    const a = m.acquisition;
    const base = share === ONE ? m.base : m.base.mul(share);
    const matchCost = a.base === base ? a.cost : a.cost.mulDiv(base, a.base);
    cost = cost.add(matchCost);
    const match: Match = {
      rule: m.rule,
      quantity: unitsAt(base, g.multiplier),
      acquisitionDate: a.date,
      acquisitionQuantity: unitsAt(base, a.multiplier),
      cost: matchCost,
      indexedCost: null,
      poolBefore: null,
      poolAfter: null,
      apportionment: null,
    };
    if (matches === null) matches = [match];
    else matches.push(match);
  }

  let indexationRaw = ZERO;
  let poolBefore = null;
  let poolAfter = null;
  // The day's only disposal row (base = quantity / multiplier) takes the unmatched base in the group's units.
  const fromPool = g.unmatchedBase.isZero()
    ? ZERO
    : g.unmatchedBase === g.base
      ? e.quantity
      : share === ONE
        ? unitsAt(g.unmatchedBase, g.multiplier)
        : e.quantity.mulDiv(g.unmatchedBase, g.base);
  if (fromPool.isPositive()) {
    const pool = ctx.pool(e);
    if (pool.indexed) ctx.indexPool(pool, e);
    poolBefore = pool.state();
    let taken = fromPool;
    let later: LaterMatches | null = null;
    // One comparison says both whether the pool falls short and whether the disposal takes all of it.
    const held = pool.quantity.cmp(fromPool);
    if (held < 0) {
      taken = pool.quantity;
      later = identifyShortfall(ctx, e, { multiplier: g.multiplier, shortfall: fromPool.sub(taken), inPool: taken });
      failure ??= later.failure;
    }
    const removed = held <= 0 ? pool.removeAll() : pool.removePart(taken);
    poolAfter = pool.state();
    cost = cost.add(removed.cost);
    if (pool.indexed) indexationRaw = removed.indexedCost.sub(removed.cost);
    // A disposal wholly identified with later acquisitions took nothing from the pool: no pool line.
    if (later === null || later.matches.length === 0 || taken.isPositive()) {
      const match: Match = {
        rule: 'section-104',
        quantity: taken,
        acquisitionDate: null,
        acquisitionQuantity: taken,
        cost: removed.cost,
        indexedCost: pool.indexed ? removed.indexedCost : null,
        poolBefore,
        poolAfter,
        apportionment: null,
      };
      if (matches === null) matches = [match];
      else matches.push(match);
    }
    if (later !== null && later.matches.length > 0) {
      cost = cost.add(later.cost);
      if (matches === null) matches = later.matches;
      else for (const m of later.matches) matches.push(m);
    }
    ctx.recordPool(e, pool);
  }

  if (failure) ctx.fail(e, failure);
  const kind = disposalKind(e.type);
  ctx.disposals.push({
    event: e,
    kind,
    quantity: e.quantity,
    // A spouse transfer is deemed made for the consideration that gives neither gain nor loss (s58):
    // the allowable cost, i.e. the cost of the shares plus any incidental costs of the transfer.
    proceeds: kind === 'spouse' ? cost.add(e.expenses) : e.proceeds,
    disposalCosts: e.expenses,
    cost,
    indexationRaw: kind === 'spouse' ? ZERO : indexationRaw,
    matches: matches ?? [],
    poolBefore,
    poolAfter,
    failure,
  });
}

/** What the fourth stage found for a disposal's shortfall: its matches, their cost, and any shortfall left as a failure. */
interface LaterMatches {
  matches: Match[];
  cost: Rational;
  failure: string | null;
}

/** A disposal's shares that the pool cannot cover. */
interface Shortfall {
  /** The cumulative split multiplier at the disposal's date (the units of `shortfall` and `inPool`). */
  multiplier: Rational;
  /** Shares not covered. */
  shortfall: Rational;
  /** Shares taken from the pool. */
  inPool: Rational;
}

/**
 * The fourth stage for a disposal's shortfall: matches with the acquisitions after the disposal, each costed at its
 * share of the acquisition's cost, without indexation (the shares are acquired after the disposal); a failure names
 * what no later acquisition covers. (Apart from applyDisposal: a rare path.)
 */
function identifyShortfall(
  ctx: SweepContext,
  e: EngineEvent,
  { multiplier, shortfall, inPool }: Shortfall,
): LaterMatches {
  const base = multiplier === ONE ? shortfall : shortfall.div(multiplier);
  const found = identifyWithLaterAcquisitions(ctx.bookOf(e).acquisitions, e.day, base) ?? [];
  let cost = ZERO;
  let left = shortfall;
  const matches = found.map((m): Match => {
    const a = m.acquisition;
    const quantity = unitsAt(m.base, multiplier);
    const matchCost = a.base === m.base ? a.cost : a.cost.mulDiv(m.base, a.base);
    cost = cost.add(matchCost);
    left = left.sub(quantity);
    return {
      rule: m.rule,
      quantity,
      acquisitionDate: a.date,
      acquisitionQuantity: unitsAt(m.base, a.multiplier),
      cost: matchCost,
      indexedCost: null,
      poolBefore: null,
      poolAfter: null,
      apportionment: null,
    };
  });
  const failure = left.isPositive()
    ? `Disposal of ${e.quantity} ${e.security} on ${formatDay(e.day)} exceeds the holding by ${left} shares (${inPool} held in the pool${matches.length === 0 ? '' : ', the rest of the shortfall identified with later acquisitions'})`
    : null;
  return { matches, cost, failure };
}
