import { demoPriceBook } from '@gains/demo-data';
import { DEMO_LARGE_COUNTS } from '@gains/service-kit';
import { describe, expect, it } from 'vitest';
import { generateDemoClients } from './demo-clients';
import { valueDemoLedgers } from './demo-holdings';
import { systemType } from './demo-ledgers';
import {
  generateLargeLedgers,
  LARGE_BENCHMARK_HOLDING,
  portfoliosOfLargeClient,
  rowsOfLargePortfolio,
} from './demo-large-firm';

describe('the large demo firm', () => {
  it('when its totals are added up, then 100,000 clients hold 150,000 portfolios and 2,000,000 rows', () => {
    let portfolios = 0;
    for (let c = 0; c < DEMO_LARGE_COUNTS.clients; c++) portfolios += portfoliosOfLargeClient(c);
    expect(portfolios).toBe(DEMO_LARGE_COUNTS.portfolios);
    let rows = LARGE_BENCHMARK_HOLDING.rows;
    for (let p = 0; p < portfolios; p++) rows += rowsOfLargePortfolio(p);
    expect(rows).toBe(DEMO_LARGE_COUNTS.transactions);
  });

  it('when the first batch is generated, then it has the 2,000-row holding and nobody sells what they do not hold', () => {
    const book = demoPriceBook('2026-11-26');
    const clients = generateDemoClients(200, 'LRG', 1, { first: 1, width: 6 });
    const ledgers = generateLargeLedgers({
      clients,
      firstClient: 0,
      firstPortfolio: 0,
      prices: book,
      today: '2026-11-26',
      seed: 2,
    });
    expect(clients[0]!.code).toBe('LRG000001');
    expect(ledgers.portfolios).toHaveLength(300);
    // 2,000 + 300 portfolios' 13 or 14 rows (numbers 0-299: 96 of them under 8 modulo 25).
    expect(ledgers.transactions).toHaveLength(2_000 + 300 * 13 + 96);
    const valued = valueDemoLedgers(
      ledgers,
      (type) => systemType(type).effect,
      () => undefined,
    );
    const benchmark = valued.holdings.find(
      (h) => h.portfolio === 0 && h.securityId === LARGE_BENCHMARK_HOLDING.securityId,
    )!;
    // 1,000 purchases of 100 and 1,000 sales of 60: 40,000 held.
    expect([benchmark.transactionCount, benchmark.quantity]).toEqual([2_000, '40000.0000']);
    expect(valued.holdings.filter((h) => h.recBreak)).toEqual([]);
    for (const t of ledgers.transactions)
      if (t.type !== 'DIVIDEND') expect(t.price).toBe(book.priceOn(t.securityId, t.tradeDate));
  });
});
