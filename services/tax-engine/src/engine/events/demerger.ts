import type { EngineEvent } from '../normalise-ledger';
import type { Rational } from '../arithmetic';
import type { SweepContext } from './sweep-context';
import { closeShareExchange, openShareExchange } from './share-exchange';

/**
 * DEMERGER (s136 / s192): the parent holding is kept and the demerged shares received; the parent's
 * cost is split by market values on the first day of dealing: new shares get
 * cost x value(new) / (value(new) + value(retained)). Their acquisition dates are the parent's.
 */
export function applyDemerger(ctx: SweepContext, e: EngineEvent): void {
  const exchange = openShareExchange(ctx, e);
  if (exchange === null) return;
  const valueNew = e.marketValue as Rational;
  const valueKept = e.retainedValue as Rational;
  const apportioned = exchange.oldPool.removeCostFraction(exchange.fraction.mul(valueNew).div(valueNew.add(valueKept)));
  closeShareExchange(ctx, e, exchange, {
    cost: apportioned.cost,
    indexedCost: apportioned.indexedCost,
    removeOld: false,
  });
}
