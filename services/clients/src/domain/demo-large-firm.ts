import { businessDays, multiply, prng } from '@gains/demo-data';
import type { DemoClient } from './demo-clients';
import type { DemoLedgerPrices, DemoLedgers, DemoPortfolio, DemoTransaction } from './demo-ledgers';

/**
 * The large demo firm's ledgers, for the speed benchmarks: plain purchases, sales and dividends of sterling
 * equities, priced from the demo walk, never selling more than is held. Built a batch of clients at a time.
 *
 * Totals by construction: every client has a portfolio and every other client a second (150,000 for 100,000
 * clients); a portfolio has 13 rows, or 14 when its number modulo 25 is under 8 (1,998,000 rows for 150,000); the
 * firm's first portfolio also holds the benchmark's holding of 2,000 rows: 2,000,000 in all.
 */
export const LARGE_BENCHMARK_HOLDING = { securityId: 1, rows: 2_000 } as const;

const EMPTY: Omit<DemoTransaction, 'portfolio' | 'securityId' | 'type' | 'tradeDate' | 'quantity'> = {
  state: 'SETTLED',
  exDate: null,
  payDate: null,
  price: null,
  consideration: '0.00',
  expenses: '0.00',
  originalAcquisitionDate: null,
  counterpartyClient: null,
  counterpartyName: '',
  holdoverReliefClaimed: null,
  newSecurityId: null,
  marketValue: null,
  ratio: null,
  incomeType: '',
  source: 'IMPORT',
  sourceRef: '',
  notes: '',
};

export function portfoliosOfLargeClient(clientNumber: number): number {
  return clientNumber % 2 === 1 ? 2 : 1;
}

export function rowsOfLargePortfolio(portfolioNumber: number): number {
  return portfolioNumber % 25 < 8 ? 14 : 13;
}

export function generateLargeLedgers(input: {
  clients: readonly DemoClient[];
  /** The firm-wide number (0-based) of the batch's first client and first portfolio. */
  firstClient: number;
  firstPortfolio: number;
  prices: DemoLedgerPrices;
  today: string;
  seed: number;
}): DemoLedgers {
  const { clients, prices } = input;
  const next = prng(input.seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const days = businessDays('2015-01-05', dayBefore(input.today));
  const equities = prices.securities.filter(
    (s) => s.currency === 'GBP' && s.assetClass === 'EQUITY' && s.n !== LARGE_BENCHMARK_HOLDING.securityId && s.n > 12,
  );
  const portfolios: DemoPortfolio[] = [];
  const transactions: DemoTransaction[] = [];

  const trade = (portfolio: number, securityId: number, type: 'BUY' | 'SELL', index: number, units: number) => {
    const tradeDate = days[index]!;
    const price = prices.priceOn(securityId, tradeDate)!;
    const consideration = multiply(2, String(units), price);
    transactions.push({
      ...EMPTY,
      portfolio,
      securityId,
      type,
      tradeDate,
      quantity: String(units),
      price,
      consideration,
      expenses: Number(consideration) < 2_000 ? '9.95' : multiply(2, consideration, '0.005'),
      payDate: days[Math.min(index + 2, days.length - 1)]!,
    });
  };

  clients.forEach((client, c) => {
    const clientNumber = input.firstClient + c;
    for (let k = 0; k < portfoliosOfLargeClient(clientNumber); k++) {
      const portfolio = portfolios.length;
      const portfolioNumber = input.firstPortfolio + portfolio;
      portfolios.push({
        code: `${client.code}-${String(k + 1).padStart(2, '0')}`,
        name: k === 0 ? `${client.name} General Account` : `${client.name} Discretionary Portfolio`,
        type: k === 0 ? 'ADVISORY' : 'DISCRETIONARY',
        state: client.state === 'Closed' ? 'CLOSED' : 'LIVE',
        taxWrapper: 'GIA',
        owners: [{ client: c, percentage: '100' }],
      });
      if (portfolioNumber === 0) {
        // The benchmark's holding: a purchase of 100 and a sale of 60 every business day, 1,000 of each.
        for (let r = 0; r < LARGE_BENCHMARK_HOLDING.rows; r++) {
          trade(
            portfolio,
            LARGE_BENCHMARK_HOLDING.securityId,
            r % 2 === 0 ? 'BUY' : 'SELL',
            r >> 1,
            r % 2 === 0 ? 100 : 60,
          );
        }
      }
      // Rows over two or three securities, in date order per security.
      const rows = rowsOfLargePortfolio(portfolioNumber);
      const securities = int(2, 3);
      for (let s = 0; s < securities; s++) {
        const sec = equities[int(0, equities.length - 1)]!;
        const count = Math.floor(rows / securities) + (s < rows % securities ? 1 : 0);
        const dates = Array.from({ length: count }, () => int(0, days.length - 1)).sort((a, b) => a - b);
        let held = 0;
        for (const index of dates) {
          const roll = next();
          if (held === 0 || roll < 0.45) {
            const units = int(1, 40) * 25;
            trade(portfolio, sec.n, 'BUY', index, units);
            held += units;
          } else if (roll < 0.8) {
            const units = Math.max(1, Math.floor(held * (0.1 + next() * 0.5)));
            trade(portfolio, sec.n, 'SELL', index, units);
            held -= units;
          } else {
            const tradeDate = days[index]!;
            const rate = multiply(4, prices.priceOn(sec.n, tradeDate)!, '0.015');
            transactions.push({
              ...EMPTY,
              portfolio,
              securityId: sec.n,
              type: 'DIVIDEND',
              tradeDate,
              quantity: String(held),
              price: rate,
              consideration: multiply(2, String(held), rate),
              payDate: tradeDate,
              incomeType: 'UK_DIVIDEND',
            });
          }
        }
      }
    }
  });
  return { portfolios, transactions, taxOverrides: [], oversold: [] };
}

function dayBefore(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}
