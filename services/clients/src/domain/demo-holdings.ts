import { multiply, sum } from '@gains/demo-data';
import type { DemoLedgers } from './demo-ledgers';
import { perHundred } from './demo-ledgers';
import { deriveHolding, type DerivedHolding, type HoldingRow } from './holding-rules';

/**
 * What the demo ledgers hold, by the product's own rule (holding-rules), and what it is worth at the latest
 * prices: each holding's quantity x latest GBP price to the penny (gilts and bonds per 100 nominal), a portfolio's
 * value the sum of its holdings', a client's the sum of their portfolios' values times their ownership share.
 */
export interface DemoHolding extends DerivedHolding {
  portfolio: number;
  securityId: number;
  marketValue: string | null;
}

export interface DemoValuation {
  holdings: DemoHolding[];
  /** Per transaction (same order as the ledgers'), the holding rule's warnings. */
  warnings: string[][];
  portfolioValues: string[];
  portfolioRecBreaks: number[];
  /** Per client index. */
  clientValues: Map<number, string>;
  clientRecBreaks: Map<number, number>;
}

export function valueDemoLedgers(
  ledgers: DemoLedgers,
  effectOf: (type: string) => string,
  latest: (securityId: number) => { priceGbp: string; assetClass: string } | undefined,
): DemoValuation {
  const rowsByPortfolio = ledgers.portfolios.map(() => [] as { row: HoldingRow; at: number }[]);
  ledgers.transactions.forEach((t, at) => {
    if (t.state !== 'SETTLED') return;
    rowsByPortfolio[t.portfolio]!.push({
      at,
      row: {
        securityId: t.securityId,
        effect: effectOf(t.type),
        quantity: t.quantity,
        ratio: t.ratio,
        newSecurityId: t.newSecurityId,
        tradeDate: t.tradeDate,
      },
    });
  });
  const holdings: DemoHolding[] = [];
  const warnings: string[][] = ledgers.transactions.map(() => []);
  const portfolioValues = ledgers.portfolios.map(() => '0.00');
  const portfolioRecBreaks = ledgers.portfolios.map(() => 0);
  rowsByPortfolio.forEach((entries, portfolio) => {
    const rows = entries.map((e) => e.row);
    const securities = new Set<number>();
    for (const r of rows) {
      securities.add(r.securityId);
      if (r.newSecurityId) securities.add(r.newSecurityId);
    }
    for (const securityId of [...securities].sort((a, b) => a - b)) {
      const derived = deriveHolding(securityId, rows);
      for (const w of derived.warnings) warnings[entries[w.index]!.at]!.push(w.message);
      const price = latest(securityId);
      const marketValue = price
        ? perHundred(price.assetClass)
          ? multiply(2, derived.quantity, price.priceGbp, '0.01')
          : multiply(2, derived.quantity, price.priceGbp)
        : null;
      holdings.push({ ...derived, portfolio, securityId, marketValue });
      if (marketValue) portfolioValues[portfolio] = sum(2, portfolioValues[portfolio]!, marketValue);
      if (derived.recBreak) portfolioRecBreaks[portfolio]! += 1;
    }
  });
  const clientValues = new Map<number, string>();
  const clientRecBreaks = new Map<number, number>();
  ledgers.portfolios.forEach((p, i) => {
    for (const owner of p.owners) {
      const share = multiply(2, portfolioValues[i]!, owner.percentage, '0.01');
      clientValues.set(owner.client, sum(2, clientValues.get(owner.client) ?? '0.00', share));
      clientRecBreaks.set(owner.client, (clientRecBreaks.get(owner.client) ?? 0) + portfolioRecBreaks[i]!);
    }
  });
  return { holdings, warnings, portfolioValues, portfolioRecBreaks, clientValues, clientRecBreaks };
}
