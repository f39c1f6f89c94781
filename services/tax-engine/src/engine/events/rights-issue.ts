import type { EngineEvent } from '../normalise-ledger';
import type { Rational } from '../arithmetic';
import { closeShareExchange, openShareExchange } from './share-exchange';
import type { SweepContext } from './sweep-context';

/**
 * RIGHTS_ISSUE and OPEN_OFFER (s126-s128): new shares taken up for cash are part of the original
 * holding, not a new acquisition for identification; the cash paid is added to the pool's cost (for
 * companies it is indexed from the date paid). Shares of another class (a row with `newSecurity`): see
 * applyRightsOfAnotherClass.
 */
export function applyRightsIssue(ctx: SweepContext, e: EngineEvent): void {
  if (e.newSecurity) return applyRightsOfAnotherClass(ctx, e);
  const pool = ctx.pool(e);
  if (!pool.quantity.isPositive()) {
    ctx.fail(e, `${e.type} of ${e.security} on ${e.date}: ${ctx.noPoolShares(e)}`);
  }
  if (pool.indexed) ctx.indexPool(pool, e);
  pool.add(e.quantity, e.cost);
  ctx.moveHolding(e, e.quantity);
  ctx.recordPool(e, pool);
}

/**
 * A rights issue of shares of another class paid for in cash (s128(2), s129; CG51930 onward): the old shares and
 * the new class are one new holding whose cost, the old shares' cost plus the cash paid, is apportioned between
 * the classes by their market values: the new class gets (cost + cash) x value(new) / (value(new) + value(kept)),
 * the old class keeps the rest. The new shares take the old ones' acquisition dates (no acquisition for
 * identification) and join the new class's pool; for a company the cash is indexed from the date paid.
 */
function applyRightsOfAnotherClass(ctx: SweepContext, e: EngineEvent): void {
  const exchange = openShareExchange(ctx, e);
  if (exchange === null) return;
  const valueNew = e.marketValue as Rational;
  const valueKept = e.retainedValue as Rational;
  const newShare = valueNew.div(valueNew.add(valueKept));
  const cash = e.cost;
  const cashToNew = cash.mul(newShare);
  // The old cost's part that goes to the new class, then the cash split between the classes.
  const apportioned = exchange.oldPool.removeCostFraction(exchange.fraction.mul(newShare));
  exchange.oldPool.addCost(cash.sub(cashToNew));
  closeShareExchange(ctx, e, exchange, {
    cost: apportioned.cost.add(cashToNew),
    indexedCost: exchange.oldPool.indexed ? apportioned.indexedCost.add(cashToNew) : apportioned.indexedCost,
    removeOld: false,
  });
}
