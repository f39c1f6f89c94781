import type { EngineEvent } from '../normalise-ledger';
import { Rational as importedRational, ZERO as IMPORTED_ZERO } from '../rational';
import { closeShareExchange, openShareExchange } from './share-exchange';
import type { SweepContext } from './sweep-context';

// Imported bindings copied to module constants: when the engine is loaded as CommonJS (tsx compiles a
// require()d .ts file that way) each use of an imported binding is two getter calls; as ESM it is neutral.
const Rational = importedRational;
type Rational = importedRational;
const ZERO = IMPORTED_ZERO;

/**
 * TAKEOVER / reorganisation (s127, s135): the new shares stand in the old ones' shoes, inheriting
 * their cost and acquisition dates (joining any existing holding of the new security). Cash received
 * as well is a part disposal, the cost apportioned by market values: cost x cash / (cash + value of
 * the new shares) (s128(3)).
 *
 * A row with a portfolio applies to the shares in that portfolio; otherwise to the whole holding.
 */
export function applyTakeover(ctx: SweepContext, e: EngineEvent): void {
  const exchange = openShareExchange(ctx, e);
  if (exchange === null) return;
  const { oldPool, fraction } = exchange;
  const before = oldPool.state();
  const moving = oldPool.remove(fraction === Rational.ONE ? oldPool.quantity : oldPool.quantity.mul(fraction));
  let cost = moving.cost;
  let indexedCost = moving.indexedCost;
  const cash = e.proceeds;
  if (cash.isPositive()) {
    const whole = cash.add(e.marketValue ?? ZERO);
    const share = cash.div(whole);
    const cashCost = cost.mul(share);
    const cashIndexed = indexedCost.mul(share);
    cost = cost.sub(cashCost);
    indexedCost = indexedCost.sub(cashIndexed);
    ctx.disposals.push({
      event: e,
      kind: 'takeover-cash',
      quantity: ZERO,
      proceeds: cash,
      disposalCosts: e.expenses,
      cost: cashCost,
      indexationRaw: oldPool.indexed ? cashIndexed.sub(cashCost) : ZERO,
      matches: [
        {
          rule: 'section-104',
          quantity: ZERO,
          acquisitionDate: null,
          acquisitionQuantity: ZERO,
          cost: cashCost,
          indexedCost: oldPool.indexed ? cashIndexed : null,
          poolBefore: before,
          poolAfter: oldPool.state(),
          apportionment: { part: cash, whole },
        },
      ],
      poolBefore: before,
      poolAfter: oldPool.state(),
      failure: null,
    });
  }
  closeShareExchange(ctx, e, exchange, cost, indexedCost, true);
}
