import type { EngineEvent } from '../normalise-ledger';
import type { Rational } from '../arithmetic';
import { ZERO } from '../arithmetic';
import type { Section104Pool } from '../section-104-pool';
import type { SweepContext } from './sweep-context';

/**
 * The steps a takeover and a demerger share: new shares of another security are received for (part of) a
 * holding, and the cost carried over to them joins that security's pool.
 */
export interface ShareExchange {
  oldPool: Section104Pool;
  newPool: Section104Pool;
  /** The portfolios whose shares the row concerns, with their quantities of the old security. */
  affected: Map<string, Rational>;
  /** The part of the whole holding the row concerns (1 unless it names a portfolio holding only some). */
  fraction: Rational;
}

/** Open the exchange (both pools indexed to the date, for companies); null, with the failure recorded, when nothing is held. */
export function openShareExchange(ctx: SweepContext, e: EngineEvent): ShareExchange | null {
  const oldPool = ctx.pool(e);
  if (!oldPool.quantity.isPositive()) {
    ctx.fail(e, `${e.type} of ${e.security} on ${e.date}: ${ctx.noPoolShares(e)}`);
    return null;
  }
  const newPool = ctx.poolOf(e.newSecurity);
  if (oldPool.indexed) {
    ctx.indexPool(oldPool, e);
    ctx.indexPool(newPool, e);
  }
  return {
    oldPool,
    newPool,
    affected: affectedPortfolios(ctx, e),
    fraction: ctx.portfolioFraction(e, oldPool.quantity),
  };
}

/**
 * The new shares join their pool at the cost carried over and go to the affected portfolios pro rata; on a
 * takeover (`removeOld`) those portfolios' old shares go.
 */
export function closeShareExchange(
  ctx: SweepContext,
  e: EngineEvent,
  exchange: ShareExchange,
  carried: { cost: Rational; indexedCost: Rational; removeOld: boolean },
): void {
  const { cost, indexedCost, removeOld } = carried;
  exchange.newPool.absorb(e.quantity, cost, indexedCost);
  moveShares(ctx, e, exchange.affected, removeOld);
  ctx.recordPool(e, exchange.oldPool);
  ctx.recordPool(e, exchange.newPool);
}

/** The portfolios whose shares the row concerns: the row's portfolio if it holds any, else all. */
function affectedPortfolios(ctx: SweepContext, e: EngineEvent): Map<string, Rational> {
  const book = ctx.bookOf(e);
  const own = book.quantityIn(e.portfolio);
  if (own !== undefined && own.isPositive()) return new Map([[e.portfolio, own]]);
  const all = new Map<string, Rational>();
  for (let i = 0; i < book.portfolios.length; i++) {
    if (book.quantities[i].isPositive()) all.set(book.portfolios[i], book.quantities[i]);
  }
  return all;
}

function moveShares(ctx: SweepContext, e: EngineEvent, affected: Map<string, Rational>, removeOld: boolean): void {
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
