import type { EngineEvent } from '../normalise-ledger';
import { Rational, ZERO } from '../arithmetic';
import { closeShareExchange, openShareExchange } from './share-exchange';
import type { SweepContext } from './sweep-context';

const SMALL_ABSOLUTE = Rational.fromInt(3000);
const SMALL_FRACTION = Rational.of(5, 100);

/**
 * TAKEOVER / reorganisation (s127, s135): the new shares stand in the old ones' shoes, inheriting
 * their cost and acquisition dates (joining any existing holding of the new security). Cash received as well
 * is a capital distribution (s128(3), s122; CG52580 onward):
 * - small cash (at most £3,000, or at most 5% of the value of the holding: the cash plus the value of the new
 *   shares, CG57836) is deducted from the cost carried over to the new holding, no disposal (s122(2));
 *   where it exceeds that cost, the whole cost is set against it and the excess is a gain (s122(4) election);
 * - larger cash is a part disposal, the cost apportioned by market values: cost x cash / (cash + value of the
 *   new shares), that value from the row's `price` of the new shares or `market_value` (a row with cash gives one).
 *
 * A row with a portfolio applies to the shares in that portfolio; otherwise to the whole holding.
 */
export function applyTakeover(ctx: SweepContext, e: EngineEvent): void {
  const cash = e.proceeds;
  // The value of the new shares (a row with cash always has it: normalise-ledger refuses one without).
  const value = e.marketValue ?? ZERO;
  const small = cash.lte(SMALL_ABSOLUTE) || cash.lte(SMALL_FRACTION.mul(cash.add(value)));
  const exchange = openShareExchange(ctx, e);
  if (exchange === null) return;
  const { oldPool, fraction } = exchange;
  const before = oldPool.state();
  const moving = oldPool.remove(fraction === Rational.ONE ? oldPool.quantity : oldPool.quantity.mul(fraction));
  let cost = moving.cost;
  let indexedCost = moving.indexedCost;
  if (cash.isPositive()) {
    if (small && !cash.gt(cost)) {
      // Deducted from the cost of the new holding (s122(2)): no disposal.
      cost = cost.sub(cash);
      if (oldPool.indexed) indexedCost = Rational.max(ZERO, indexedCost.sub(cash));
    } else {
      // A part disposal A / (A + B), or (small, above the cost) the whole cost set against the cash (s122(4)).
      const whole = small ? null : cash.add(value);
      const share = whole === null ? Rational.ONE : cash.div(whole);
      const cashCost = whole === null ? cost : cost.mul(share);
      const cashIndexed = whole === null ? indexedCost : indexedCost.mul(share);
      cost = whole === null ? ZERO : cost.sub(cashCost);
      indexedCost = whole === null ? ZERO : indexedCost.sub(cashIndexed);
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
            apportionment: whole === null ? null : { part: cash, whole },
          },
        ],
        poolBefore: before,
        poolAfter: oldPool.state(),
        failure: null,
      });
    }
  }
  closeShareExchange(ctx, e, exchange, { cost, indexedCost, removeOld: true });
}
