import type { EngineEvent } from '../normalise-ledger';
import { Rational, ZERO } from '../arithmetic';
import type { SweepContext } from './sweep-context';

const SMALL_ABSOLUTE = Rational.fromInt(3000);
const SMALL_FRACTION = Rational.of(5, 100);

/**
 * CAPITAL_RETURN (capital distribution, s122) and EQUALISATION.
 *
 * A distribution A is "small" when A <= £3,000 or A <= 5% of the holding's value (A + B, B being the
 * market value after the distribution, CG57836): it is deducted from the pool's cost, no disposal.
 * Equalisation is always deducted from cost. A larger distribution is a part disposal: the cost taken
 * is cost x A / (A + B). Where a deduction would exceed the cost, the whole cost is set against it and
 * the excess is a gain (s122(4) election).
 */
export function applyCapitalDistribution(ctx: SweepContext, e: EngineEvent): void {
  const pool = ctx.pool(e);
  if (!pool.quantity.isPositive()) {
    ctx.fail(e, `${e.type} of ${e.proceeds} on ${e.security} on ${e.date}: ${ctx.noPoolShares(e)}`);
    return;
  }
  if (pool.indexed) ctx.indexPool(pool, e);
  const a = e.proceeds;
  const b = e.marketValue ?? (e.pricePerShare !== null ? e.pricePerShare.mul(pool.quantity) : null);
  const small =
    e.type === 'EQUALISATION' || a.lte(SMALL_ABSOLUTE) || (b !== null && a.lte(SMALL_FRACTION.mul(a.add(b))));
  const before = pool.state();
  if (small && pool.reduceCostWithin(a)) {
    ctx.recordPool(e, pool);
    return;
  }
  if (!small && b === null) {
    ctx.fail(
      e,
      `${e.type} of ${a} on ${e.security} on ${e.date} is more than £3,000 and needs the holding's market value after it (market_value, or price per share) to test and apportion it`,
    );
    return;
  }
  // Part disposal A/(A+B), or (small but more than the cost) the whole cost set against it.
  const whole = small ? null : a.add(b as Rational);
  const fraction = whole === null ? Rational.ONE : a.div(whole);
  const taken = pool.removeCostFraction(fraction);
  ctx.recordPool(e, pool);
  ctx.disposals.push({
    event: e,
    kind: 'capital-distribution',
    quantity: ZERO,
    proceeds: a,
    disposalCosts: e.expenses,
    cost: taken.cost,
    indexationRaw: pool.indexed ? taken.indexedCost.sub(taken.cost) : ZERO,
    matches: [
      {
        rule: 'section-104',
        quantity: ZERO,
        acquisitionDate: null,
        acquisitionQuantity: ZERO,
        cost: taken.cost,
        indexedCost: pool.indexed ? taken.indexedCost : null,
        poolBefore: before,
        poolAfter: pool.state(),
        apportionment: whole === null ? null : { part: a, whole },
      },
    ],
    poolBefore: before,
    poolAfter: pool.state(),
    failure: null,
  });
}
