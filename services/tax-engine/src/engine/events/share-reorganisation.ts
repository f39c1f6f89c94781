import type { EngineEvent } from '../normalise-ledger';
import type { SweepContext } from './sweep-context';

/**
 * SPLIT, CONSOLIDATION and BONUS issue (s126-s128): the holding is multiplied (2 for a 2-for-1 split,
 * 1/10 for a 1-for-10 consolidation, 1 + 1/5 for a one-for-five bonus); cost and dates are unchanged.
 * Each portfolio keeps the whole units issued to it, and the fractions not issued leave the pool at no cost
 * (their cash, if any, is a capital distribution of its own row; holding-units.ts says why).
 */
export function applyShareReorganisation(ctx: SweepContext, e: EngineEvent): void {
  const book = ctx.bookOf(e);
  const notIssued = book.reorganise(e.quantity, ctx.units);
  const pool = book.pool;
  if (!pool) return;
  pool.reorganise(e.quantity, notIssued);
  ctx.recordPool(e, pool);
}
