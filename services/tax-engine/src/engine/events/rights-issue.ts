import type { EngineEvent } from '../normalise-ledger';
import type { SweepContext } from './sweep-context';

/**
 * RIGHTS_ISSUE and OPEN_OFFER (s126-s128): new shares taken up for cash are part of the original
 * holding, not a new acquisition for identification; the cash paid is added to the pool's cost (for
 * companies it is indexed from the date paid).
 */
export function applyRightsIssue(ctx: SweepContext, e: EngineEvent): void {
  const pool = ctx.pool(e);
  if (!pool.quantity.isPositive()) {
    ctx.fail(e, `${e.type} of ${e.security} on ${e.date}: ${ctx.noPoolShares(e)}`);
  }
  if (pool.indexed) ctx.indexPool(pool, e);
  pool.add(e.quantity, e.cost);
  ctx.moveHolding(e, e.quantity);
  ctx.recordPool(e, pool);
}
