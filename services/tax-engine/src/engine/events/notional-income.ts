import type { EngineEvent } from '../normalise-ledger';
import type { SweepContext } from './sweep-context';

/**
 * NOTIONAL_INCOME: a notional distribution or excess reportable income of a reporting fund, taxed as
 * income, is added to the cost of the holding (s94A TIOPA / SI 2009/3001 reg 99). Companies: indexed
 * from that date.
 */
export function applyNotionalIncome(ctx: SweepContext, e: EngineEvent): void {
  const pool = ctx.pool(e);
  if (!pool.quantity.isPositive()) {
    ctx.fail(e, `NOTIONAL_INCOME of ${e.security} on ${e.date}: ${ctx.noPoolShares(e)}`);
    return;
  }
  if (pool.indexed) ctx.indexPool(pool, e);
  pool.addCost(e.cost);
  ctx.recordPool(e, pool);
}
