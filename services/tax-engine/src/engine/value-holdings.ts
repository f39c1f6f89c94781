import type { Computation } from './computation';
import type { GainClass } from './ledger';
import { Rational, ZERO } from './arithmetic';

/**
 * Unrealised figures per holding from prices, and attribution of holding and realised figures back to
 * the portfolios where the shares sit. A portfolio's CGT cost is its share of the pool:
 * pool cost x portfolio shares / pooled shares (joint portfolios already hold only the taxpayer's share).
 */

export interface HoldingValue {
  security: string;
  portfolio: string;
  gainClass: GainClass;
  quantity: Rational;
  /** quantity x price; null when no price was given. */
  marketValue: Rational | null;
  cgtCost: Rational;
  unrealisedCapitalGain: Rational | null;
  unrealisedIncomeGain: Rational | null;
  unrealisedExemptGain: Rational | null;
}

export interface PortfolioRealised {
  taxYear: string;
  capitalGain: Rational;
  incomeGain: Rational;
  exemptGain: Rational;
}

export interface PortfolioFigures {
  portfolio: string;
  holdings: HoldingValue[];
  realised: PortfolioRealised[];
}

/** Prices are GBP per share by security. */
export function valueHoldings(computation: Computation, prices: Record<string, string> = {}): HoldingValue[] {
  const out: HoldingValue[] = [];
  for (const h of computation.holdings) {
    const priceText = prices[h.security];
    const price = priceText === undefined ? null : Rational.tryParse(priceText);
    for (const p of h.portfolios) {
      const cgtCost = h.pool.quantity.isPositive() ? h.pool.cost.mul(p.quantity).div(h.pool.quantity) : ZERO;
      const marketValue = price === null ? null : p.quantity.mul(price);
      const unrealised = marketValue === null ? null : marketValue.sub(cgtCost);
      out.push({
        security: h.security,
        portfolio: p.portfolio,
        gainClass: h.gainClass,
        quantity: p.quantity,
        marketValue,
        cgtCost,
        unrealisedCapitalGain: h.gainClass === 'capital' ? unrealised : unrealised && ZERO,
        unrealisedIncomeGain: h.gainClass === 'income' ? unrealised : unrealised && ZERO,
        unrealisedExemptGain: h.gainClass === 'exempt' ? unrealised : unrealised && ZERO,
      });
    }
  }
  return out;
}

export function attributeToPortfolios(
  computation: Computation,
  prices: Record<string, string> = {},
): PortfolioFigures[] {
  const byPortfolio = new Map<string, PortfolioFigures>();
  const get = (portfolio: string): PortfolioFigures => {
    let f = byPortfolio.get(portfolio);
    if (!f) {
      f = { portfolio, holdings: [], realised: [] };
      byPortfolio.set(portfolio, f);
    }
    return f;
  };
  for (const h of valueHoldings(computation, prices)) get(h.portfolio).holdings.push(h);
  for (const d of computation.disposals) {
    if (d.failure) continue;
    for (const part of d.parts) {
      const f = get(part.portfolio);
      let year = f.realised.find((r) => r.taxYear === d.taxYear);
      if (!year) {
        year = { taxYear: d.taxYear, capitalGain: ZERO, incomeGain: ZERO, exemptGain: ZERO };
        f.realised.push(year);
      }
      if (d.gainClass === 'exempt') year.exemptGain = year.exemptGain.add(part.gain);
      else if (d.gainClass === 'income' && !d.gain.isNegative()) year.incomeGain = year.incomeGain.add(part.gain);
      else year.capitalGain = year.capitalGain.add(part.gain);
    }
  }
  return [...byPortfolio.values()].sort((a, b) => (a.portfolio < b.portfolio ? -1 : a.portfolio > b.portfolio ? 1 : 0));
}
