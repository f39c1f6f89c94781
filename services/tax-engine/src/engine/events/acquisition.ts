import type { EngineEvent } from '../normalise-ledger';
import { unitsAt } from '../identification';
import type { SweepContext } from './sweep-context';

/**
 * BUY, TRANSFER_IN (on its original acquisition date, at its original cost) and SPOUSE_IN (at the
 * transferring spouse's cost: no gain, no loss, s58). The part not identified with a disposal (same
 * day, 30 days, 10 days) joins the Section 104 pool at its share of the cost.
 */
export function applyAcquisition(ctx: SweepContext, e: EngineEvent): void {
  ctx.moveHolding(e, e.quantity);
  const g = e.acquisitionGroup;
  let quantity = e.quantity;
  let cost = e.cost;
  if (g !== null && g.unmatchedBase !== g.base) {
    if (g.unmatchedBase.isZero()) return;
    if (g.quantity === quantity) {
      // The day's only acquisition (base = quantity / multiplier): the pooled shares are the unmatched base in
      // the group's units, and the cost its share (one apportionment, not a ratio then two products).
      cost = cost.mulDiv(g.unmatchedBase, g.base);
      quantity = unitsAt(g.unmatchedBase, g.multiplier);
    } else {
      const pooled = g.unmatchedBase.div(g.base);
      quantity = quantity.mul(pooled);
      cost = cost.mul(pooled);
    }
  }
  const pool = ctx.pool(e);
  if (pool.indexed) ctx.indexPool(pool, e);
  // A company's transfer in joins the pool indexed from its original acquisition date.
  const acquired = pool.indexed && e.acquiredDay < e.day ? e.acquiredDay : undefined;
  const missing = pool.add(quantity, cost, acquired);
  if (missing !== null) ctx.missingRpiMonth(pool, e, missing);
  ctx.recordPool(e, pool);
}
