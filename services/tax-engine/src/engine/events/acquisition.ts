import type { EngineEvent } from '../normalise-ledger';
import { ONE as IMPORTED_ONE } from '../rational';
import type { SweepContext } from './sweep-context';

// Imported bindings copied to module constants: when the engine is loaded as CommonJS (tsx compiles a
// require()d .ts file that way) each use of an imported binding is two getter calls; as ESM it is neutral.
const ONE = IMPORTED_ONE;

/**
 * BUY, TRANSFER_IN (on its original acquisition date, at its original cost) and SPOUSE_IN (at the
 * transferring spouse's cost: no gain, no loss, s58). The part not identified with a disposal (same
 * day, 30 days, 10 days) joins the Section 104 pool at its share of the cost.
 */
export function applyAcquisition(ctx: SweepContext, e: EngineEvent): void {
  ctx.moveHolding(e, e.quantity);
  const g = e.acquisitionGroup;
  const pooled = !g || g.unmatchedBase === g.base ? ONE : g.unmatchedBase.div(g.base);
  if (pooled.isZero()) return;
  const pool = ctx.pool(e);
  if (pool.indexed) ctx.indexPool(pool, e);
  // A company's transfer in joins the pool indexed from its original acquisition date.
  const acquired = pool.indexed && e.acquiredDay < e.day ? e.acquiredDay : undefined;
  const missing =
    pooled === ONE
      ? pool.add(e.quantity, e.cost, acquired)
      : pool.add(e.quantity.mul(pooled), e.cost.mul(pooled), acquired);
  if (missing !== null) ctx.missingRpiMonth(pool, e, missing);
  ctx.recordPool(e, pool);
}
