import type { EngineEvent } from '../normalise-ledger';
import type { SweepContext } from './sweep-context';

/**
 * TRANSFER_OUT to the same owner (another platform or nominee): not a disposal. The shares leave this
 * ledger with their share of the pool's cost (and indexed cost), so what stays is still right.
 */
export function applyTransferOut(ctx: SweepContext, e: EngineEvent): void {
  const pool = ctx.pool(e);
  if (pool.indexed) ctx.indexPool(pool, e);
  if (pool.quantity.lt(e.quantity)) {
    ctx.fail(
      e,
      `Transfer out of ${e.quantity} ${e.security} on ${e.date} exceeds the holding by ${e.quantity.sub(pool.quantity)} shares`,
    );
  }
  pool.remove(e.quantity);
  ctx.takeHolding(e);
  ctx.recordPool(e, pool);
}
