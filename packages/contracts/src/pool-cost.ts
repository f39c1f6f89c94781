import { divideDecimal, multiplyDecimal, roundDecimal } from '@gains/decimal';
import type { Holding } from './calculations';

/**
 * A portfolio's part of a security's pool cost in the engine's holdings (a client's pools at a day): the pool's
 * cost x the portfolio's quantity in the pool / the pool's quantity, to the penny; the whole cost when the portfolio
 * is the pool's only one. '' when the security has no pool then or the portfolio holds none of it.
 * `security` is the code the engine's ledger names it by (SEDOL, else ISIN, else ID<id>).
 */
export function portfolioPoolCost(pools: readonly Holding[], security: string, portfolioCode: string): string {
  const holding = pools.find((p) => p.security === security);
  const pool = holding?.pool;
  if (!holding || !pool || !/[1-9]/.test(pool.quantity)) return '';
  const inPortfolio = holding.portfolios.find((p) => p.portfolio === portfolioCode)?.quantity;
  if (!inPortfolio) return '';
  if (holding.portfolios.length === 1) return roundDecimal(pool.cost, 2);
  return divideDecimal(multiplyDecimal(pool.cost, inPortfolio), pool.quantity, 2);
}
