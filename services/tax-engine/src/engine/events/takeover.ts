import type { EngineEvent } from '../normalise-ledger';
import { Rational as importedRational, ZERO as IMPORTED_ZERO } from '../rational';
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
  const oldPool = ctx.pool(e);
  if (!oldPool.quantity.isPositive()) {
    ctx.fail(e, `TAKEOVER of ${e.security} on ${e.date}: no shares held`);
    return;
  }
  const newPool = ctx.poolOf(e.newSecurity);
  if (oldPool.indexed) {
    ctx.indexPool(oldPool, e);
    ctx.indexPool(newPool, e);
  }
  const affected = affectedPortfolios(ctx, e);
  const fraction = ctx.portfolioFraction(e, oldPool.quantity);
  const before = oldPool.state();
  const moving = oldPool.remove(fraction === Rational.ONE ? oldPool.quantity : oldPool.quantity.mul(fraction));
  let cost = moving.cost;
  let indexedCost = moving.indexedCost;
  const cash = e.proceeds;
  if (cash.isPositive()) {
    const share = cash.div(cash.add(e.marketValue ?? ZERO));
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
        },
      ],
      poolBefore: before,
      poolAfter: oldPool.state(),
      failure: null,
    });
  }
  newPool.absorb(e.quantity, cost, indexedCost);
  moveShares(ctx, e, affected, true);
  ctx.recordPool(e, oldPool);
  ctx.recordPool(e, newPool);
}

/** The portfolios whose shares the row concerns: the row's portfolio if it holds any, else all. */
export function affectedPortfolios(ctx: SweepContext, e: EngineEvent): Map<string, Rational> {
  const book = ctx.bookOf(e);
  const own = book.quantityIn(e.portfolio);
  if (own !== undefined && own.isPositive()) return new Map([[e.portfolio, own]]);
  const all = new Map<string, Rational>();
  for (let i = 0; i < book.portfolios.length; i++) {
    if (book.quantities[i].isPositive()) all.set(book.portfolios[i], book.quantities[i]);
  }
  return all;
}

/** Give the new security's shares to the affected portfolios pro rata; on a takeover remove the old. */
export function moveShares(
  ctx: SweepContext,
  e: EngineEvent,
  affected: Map<string, Rational>,
  removeOld: boolean,
): void {
  let total = ZERO;
  for (const q of affected.values()) total = total.add(q);
  if (!total.isPositive()) {
    ctx.book(e.newSecurity).move(e.portfolio, e.quantity);
    return;
  }
  for (const [p, q] of affected) {
    if (removeOld) ctx.moveHolding(e, q.neg(), p);
    ctx.book(e.newSecurity).move(p, e.quantity.mul(q).div(total));
  }
}
