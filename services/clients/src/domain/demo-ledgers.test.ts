import { DEMO_CORPORATE_EVENTS, demoPriceBook, multiply } from '@gains/demo-data';
import { describe, expect, it } from 'vitest';
import { generateDemoClients } from './demo-clients';
import { valueDemoLedgers } from './demo-holdings';
import { generateDemoLedgers, perHundred, systemType, taxYearOf, taxYearStart, type DemoLedgers } from './demo-ledgers';

const TODAY = '2026-11-26';
const book = demoPriceBook(TODAY);
const clients = generateDemoClients(1000, 'ASH', 20260406);
const ledgers = generateDemoLedgers({ clients, prices: book, today: TODAY, seed: 20260407 });
const effectOf = (type: string) => systemType(type).effect;
const latest = (id: number) => {
  const l = book.latest(id);
  return l && { priceGbp: l.priceGbp, assetClass: book.securities[id - 1]!.assetClass };
};
/** quantity x price to the penny; gilts and bonds per 100 nominal. */
const worth = (securityId: number, quantity: string, price: string) =>
  perHundred(book.securities[securityId - 1]!.assetClass)
    ? multiply(2, quantity, price, '0.01')
    : multiply(2, quantity, price);
const rows = (type: string) => ledgers.transactions.filter((t) => t.type === type);
const ownerOf = (portfolio: number) => ledgers.portfolios[portfolio]!.owners.at(-1)!.client;

describe('the demo ledgers', () => {
  it('when generated twice from one seed, then they are the same', () => {
    const few = clients.slice(0, 120);
    expect(generateDemoLedgers({ clients: few, prices: book, today: TODAY, seed: 5 })).toEqual(
      generateDemoLedgers({ clients: few, prices: book, today: TODAY, seed: 5 }),
    );
  });

  it('when 1,000 clients are generated, then each has one to three portfolios, some ISAs and some joint 50/50', () => {
    const owned = new Map<number, number>();
    for (const p of ledgers.portfolios) for (const o of p.owners) owned.set(o.client, (owned.get(o.client) ?? 0) + 1);
    expect(owned.size).toBe(1000);
    for (const n of owned.values()) expect(n).toBeGreaterThanOrEqual(1);
    const sole = new Map<number, number>();
    for (const p of ledgers.portfolios)
      if (p.owners.length === 1) sole.set(p.owners[0]!.client, (sole.get(p.owners[0]!.client) ?? 0) + 1);
    for (const n of sole.values()) expect(n).toBeLessThanOrEqual(3);
    expect(ledgers.portfolios.filter((p) => p.taxWrapper === 'ISA').length).toBeGreaterThan(100);
    const joint = ledgers.portfolios.filter((p) => p.owners.length === 2);
    expect(joint.length).toBeGreaterThan(50);
    for (const p of joint) {
      expect(p.owners.map((o) => o.percentage)).toEqual(['50', '50']);
      const [a, b] = p.owners.map((o) => clients[o.client]!);
      expect(b!.family).toEqual(expect.objectContaining({ kind: 'SPOUSE', of: p.owners[0]!.client }));
      expect(a!.surname).toBe(b!.surname);
    }
    expect(ledgers.transactions.length).toBeGreaterThan(50_000);
  });

  it('when a trade is read, then its price is the demo close of that day and its consideration exact', () => {
    for (const t of [...rows('BUY'), ...rows('SELL')].slice(0, 5000)) {
      expect(t.price).toBe(book.priceOn(t.securityId, t.tradeDate));
      const s = book.securities[t.securityId - 1]!;
      expect(t.consideration).toBe(worth(t.securityId, t.quantity, t.price!));
      expect(t.tradeDate >= '2015-01-05' && t.tradeDate < TODAY).toBe(true);
      expect(s.currency).toBe('GBP');
    }
  });

  it('when the scenarios are looked for, then each is there', () => {
    const yearStart = taxYearStart(TODAY);
    expect(yearStart).toBe('2026-04-06');
    expect(taxYearOf('2026-04-05')).toBe('2025-26');
    const disposalsThisYear = new Set(
      rows('SELL')
        .filter((t) => t.tradeDate >= yearStart)
        .map((t) => ownerOf(t.portfolio)),
    );
    expect(disposalsThisYear.size).toBeGreaterThan(300);
    expect(rows('DIVIDEND').length).toBeGreaterThan(1000);
    expect(rows('DISTRIBUTION').length).toBeGreaterThan(100);
    for (const t of rows('NOTIONAL_INCOME')) {
      expect(book.securities[t.securityId - 1]!.assetClass).toBe('UNIT_TRUST_ACCUMULATION');
    }
    expect(rows('NOTIONAL_INCOME').length).toBeGreaterThan(100);
    const gilts = rows('BUY').filter((t) => book.securities[t.securityId - 1]!.cgtClass === 'EXEMPT');
    expect(gilts.length).toBeGreaterThan(20);
    expect(rows('GILT_INTEREST').length).toBeGreaterThan(20);

    // Same day: a sale and a purchase of one security in one portfolio on one day; 30 days: a purchase after.
    const key = (t: { portfolio: number; securityId: number }) => `${t.portfolio}/${t.securityId}`;
    const sales = new Map<string, string[]>();
    for (const t of rows('SELL')) sales.set(key(t), [...(sales.get(key(t)) ?? []), t.tradeDate]);
    const sameDay = rows('BUY').filter((t) => sales.get(key(t))?.includes(t.tradeDate));
    const within30 = rows('BUY').filter((t) =>
      sales.get(key(t))?.some((d) => d < t.tradeDate && Date.parse(t.tradeDate) - Date.parse(d) <= 30 * 86_400_000),
    );
    expect(sameDay.length).toBeGreaterThan(50);
    expect(within30.length).toBeGreaterThan(50);
  });

  it('when the split and the takeover are read, then their holders have corporate-action rows', () => {
    const { split, takeover } = DEMO_CORPORATE_EVENTS;
    const splits = rows('SPLIT');
    expect(splits.length).toBeGreaterThan(10);
    for (const t of splits)
      expect([t.securityId, t.tradeDate, t.ratio, t.source]).toEqual([4, split.date, '10:1', 'CORPORATE_ACTION']);
    const takeovers = rows('TAKEOVER');
    expect(takeovers.length).toBeGreaterThan(10);
    for (const t of takeovers) {
      expect([t.securityId, t.newSecurityId, t.tradeDate]).toEqual([
        takeover.targetN,
        takeover.acquirerN,
        takeover.date,
      ]);
      // quantity = the new shares, half the old; the cash part is 1.20 an old share; the value is the new shares'.
      const old = String(Number(t.quantity) * 2);
      expect(t.consideration).toBe(multiply(2, old, takeover.cash));
      expect(t.price).toBe(book.priceOn(takeover.acquirerN, takeover.date));
      expect(t.marketValue).toBe(multiply(2, t.quantity, t.price!));
    }
    // Nothing of the target trades after its last price.
    for (const t of ledgers.transactions) {
      if (t.securityId === takeover.targetN && t.type !== 'TAKEOVER')
        expect(t.tradeDate <= takeover.lastPriceDate).toBe(true);
    }
  });

  it('when gifts and spouse transfers are read, then they go to a connected client, with and without holdover', () => {
    const gifts = rows('GIFT_OUT');
    expect(gifts.length).toBeGreaterThan(10);
    for (const g of gifts) {
      const child = clients[g.counterpartyClient!]!;
      expect(child.family).toEqual(expect.objectContaining({ kind: 'CHILD', of: ownerOf(g.portfolio) }));
      expect(g.marketValue).toBe(worth(g.securityId, g.quantity, g.price!));
    }
    expect(gifts.some((g) => g.holdoverReliefClaimed !== null)).toBe(true);
    expect(gifts.some((g) => g.holdoverReliefClaimed === null)).toBe(true);
    const outs = rows('SPOUSE_OUT');
    const ins = rows('SPOUSE_IN');
    expect(outs.length).toBeGreaterThan(10);
    expect(ins.length).toBe(outs.length);
    for (const out of outs) {
      const from = ownerOf(out.portfolio);
      const match = ins.find((i) => i.counterpartyClient === from && i.tradeDate === out.tradeDate);
      expect(match).toBeDefined();
      expect([match!.quantity, match!.consideration, match!.securityId]).toEqual([
        out.quantity,
        out.consideration,
        out.securityId,
      ]);
      expect(ownerOf(match!.portfolio)).toBe(out.counterpartyClient);
      expect(clients[out.counterpartyClient!]!.family).toEqual(expect.objectContaining({ kind: 'SPOUSE', of: from }));
    }
  });

  it('when holdings are derived, then only the few flagged clients ever sell more than they hold', () => {
    const valued = valueDemoLedgers(ledgers, effectOf, latest);
    const breaks = valued.holdings.filter((h) => h.recBreak);
    expect(ledgers.oversold.length).toBeGreaterThanOrEqual(3);
    expect(ledgers.oversold.length).toBeLessThanOrEqual(12);
    expect(new Set(breaks.map((h) => ownerOf(h.portfolio)))).toEqual(new Set(ledgers.oversold));
    expect(valued.warnings.flat().length).toBe(breaks.length);
    for (const h of valued.holdings) expect(h.quantity.startsWith('-')).toBe(false);
    expect(rows('BUY').some((t) => t.state === 'PENDING')).toBe(true);
  });

  it('when tax overrides are read, then there are a few of each kind for the current tax year', () => {
    const kinds = (k: string) => ledgers.taxOverrides.filter((o) => o.overrideType === k);
    expect(kinds('ANNUAL_EXEMPTION').length).toBeGreaterThan(3);
    expect(kinds('BROUGHT_FORWARD_LOSS').length).toBeGreaterThan(3);
    expect(ledgers.taxOverrides.length).toBeLessThan(100);
    for (const o of ledgers.taxOverrides) expect(o.taxYear).toBe('2026-27');
  });
});

describe('valuing the demo ledgers', () => {
  it('when a joint portfolio holds shares after a split and a gilt, then values are quantity x price to the penny', () => {
    const base = {
      state: 'SETTLED' as const,
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
      source: 'IMPORT' as const,
      sourceRef: '',
      notes: '',
    };
    const hand: DemoLedgers = {
      portfolios: [
        {
          code: 'J',
          name: 'Joint',
          type: 'ADVISORY',
          state: 'LIVE',
          taxWrapper: 'GIA',
          owners: [
            { client: 0, percentage: '50' },
            { client: 1, percentage: '50' },
          ],
        },
      ],
      transactions: [
        { ...base, portfolio: 0, securityId: 1, type: 'BUY', tradeDate: '2020-01-02', quantity: '100' },
        { ...base, portfolio: 0, securityId: 1, type: 'SELL', tradeDate: '2021-01-04', quantity: '30' },
        { ...base, portfolio: 0, securityId: 1, type: 'SPLIT', tradeDate: '2022-01-04', quantity: '0', ratio: '10:1' },
        {
          ...base,
          portfolio: 0,
          securityId: 1,
          type: 'SELL',
          tradeDate: '2022-01-04',
          quantity: '50',
          state: 'PENDING',
        },
        { ...base, portfolio: 0, securityId: 2, type: 'BUY', tradeDate: '2020-01-02', quantity: '5000.00' },
      ],
      taxOverrides: [],
      oversold: [],
    };
    const prices: Record<number, { priceGbp: string; assetClass: string }> = {
      1: { priceGbp: '1.2345', assetClass: 'EQUITY' },
      2: { priceGbp: '98.765', assetClass: 'GILT' },
    };
    const valued = valueDemoLedgers(hand, effectOf, (id) => prices[id]);
    // (100 - 30) x 10 = 700 shares (the pending sale does not count) x 1.2345 = 864.15;
    // 5,000 nominal x 98.765 / 100 = 4,938.25; together 5,802.40; each owner half: 2,901.20.
    expect(valued.holdings.map((h) => [h.securityId, h.quantity, h.marketValue])).toEqual([
      [1, '700.0000', '864.15'],
      [2, '5000.0000', '4938.25'],
    ]);
    expect(valued.portfolioValues).toEqual(['5802.40']);
    expect([...valued.clientValues]).toEqual([
      [0, '2901.20'],
      [1, '2901.20'],
    ]);
  });
});
