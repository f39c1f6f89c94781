import type { EngineEvent } from '../normalise-ledger';
import { Rational as importedRational } from '../rational';
import type { SweepContext } from './sweep-context';
import { affectedPortfolios, moveShares } from './takeover';

// Imported bindings copied to module constants: when the engine is loaded as CommonJS (tsx compiles a
// require()d .ts file that way) each use of an imported binding is two getter calls; as ESM it is neutral.
const Rational = importedRational;
type Rational = importedRational;

/**
 * DEMERGER (s136 / s192): the parent holding is kept and the demerged shares received; the parent's
 * cost is split by market values on the first day of dealing: new shares get
 * cost x value(new) / (value(new) + value(retained)). Their acquisition dates are the parent's.
 */
export function applyDemerger(ctx: SweepContext, e: EngineEvent): void {
  const oldPool = ctx.pool(e);
  if (!oldPool.quantity.isPositive()) {
    ctx.fail(e, `DEMERGER of ${e.security} on ${e.date}: no shares held`);
    return;
  }
  const newPool = ctx.poolOf(e.newSecurity);
  if (oldPool.indexed) {
    ctx.indexPool(oldPool, e);
    ctx.indexPool(newPool, e);
  }
  const affected = affectedPortfolios(ctx, e);
  const fraction = ctx.portfolioFraction(e, oldPool.quantity);
  const valueNew = e.marketValue as Rational;
  const valueKept = e.retainedValue as Rational;
  const apportioned = oldPool.removeCostFraction(fraction.mul(valueNew).div(valueNew.add(valueKept)));
  newPool.absorb(e.quantity, apportioned.cost, apportioned.indexedCost);
  moveShares(ctx, e, affected, false);
  ctx.recordPool(e, oldPool);
  ctx.recordPool(e, newPool);
}
