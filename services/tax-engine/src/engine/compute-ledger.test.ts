import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LedgerTransaction } from './ledger';
import { presentComputation } from './present';
import { Rational } from './arithmetic';
import { compute, disposalOn, pence, tx, year } from '../../test/engine-support';
import { attributeToPortfolios, valueHoldings } from './value-holdings';

describe('calculation failures', () => {
  it('when more shares are sold than are held, then the disposal fails with the security, date and shortfall (no crash, no zero)', () => {
    const c = compute([tx('2020-01-10', 'BUY', 'ACME', '100', '1'), tx('2020-06-01', 'SELL', 'ACME', '150', '2')]);
    expect(c.failures).toHaveLength(1);
    expect(c.failures[0]).toMatchObject({ security: 'ACME', date: '2020-06-01' });
    expect(c.failures[0].message).toMatch(/ACME.*2020-06-01.*exceeds the holding by 50 shares/);
    const d = disposalOn(c, '2020-06-01');
    expect(d.failure).not.toBeNull();
    const y = year(c, '2020-21');
    expect(y.complete).toBe(false);
    expect(y.disposalCount).toBe(0);
  });

  it('when an individual disposal is before 6 April 2008, then it fails and names the security and date', () => {
    const c = compute([
      tx('2005-01-10', 'BUY', 'OLD', '100', '1'),
      tx('2008-04-05', 'SELL', 'OLD', '50', '2'),
      tx('2008-04-06', 'SELL', 'OLD', '50', '2'),
    ]);
    expect(c.failures).toHaveLength(1);
    expect(c.failures[0]).toMatchObject({ security: 'OLD', date: '2008-04-05' });
    expect(c.failures[0].message).toMatch(/before 6 April 2008/);
    expect(pence(disposalOn(c, '2008-04-06').gain)).toBe('50.00');
  });

  it('when a row is malformed, then it is reported and the rest is still computed', () => {
    const c = compute([
      tx('2020-01-10', 'BUY', 'A', '100'),
      tx('2020-13-10', 'BUY', 'A', '100', '1'),
      tx('2020-01-10', 'BUY', 'B', '100', '1'),
    ]);
    expect(c.failures.map((f) => f.message)).toEqual([
      'BUY needs price or amount (cost)',
      'date "2020-13-10" is not a date (YYYY-MM-DD)',
    ]);
    expect(c.holdings.map((h) => h.security)).toEqual(['B']);
  });
});

describe('rows with both price and amount', () => {
  it("when a row's amount is quantity x price with its expenses added or taken off, then it is read as the broker's net figure and the expenses count once", () => {
    // HS284 Example 3's figures. Buys: 1,000 @ £4.00 + £150 (net £4,150) and 500 @ £4.10 + £80 (net £2,130): pool
    // 1,500 costing 4,000 + 150 + 2,050 + 80 = £6,280. Sale of 700 @ £4.80 less £100 (net £3,260): proceeds 3,360,
    // cost 6,280 x 700/1,500 = 2,930.67 (8792/3), plus £100 = 3,030.67; gain 329.33.
    const row = (
      date: string,
      type: 'BUY' | 'SELL',
      quantity: string,
      price: string,
      amount: string,
      expenses: string,
    ) => ({ date, type, security: 'LOBSTER', quantity, price, amount, expenses }) as LedgerTransaction;
    const c = compute([
      row('2014-04-01', 'BUY', '1000', '4.00', '4150', '150'),
      row('2017-09-01', 'BUY', '500', '4.10', '2130', '80'),
      row('2018-05-01', 'SELL', '700', '4.80', '3260', '100'),
    ]);
    const d = disposalOn(c, '2018-05-01');
    expect([pence(d.proceeds), pence(d.allowableCost), pence(d.gain)]).toEqual(['3360.00', '3030.67', '329.33']);
    // An amount that is neither the gross nor the net figure is the exact total: 700 shares for £3,400 less £100.
    const other = compute([
      row('2014-04-01', 'BUY', '1000', '4.00', '4150', '150'),
      row('2018-05-01', 'SELL', '700', '4.80', '3400', '100'),
    ]);
    expect(pence(disposalOn(other, '2018-05-01').proceeds)).toBe('3400.00');
  });
});

describe('joint portfolios and attribution', () => {
  it('when a joint portfolio is owned 50%, then it contributes half the shares and cost, and figures go back to where the shares sit', () => {
    // GIA: 1,000 @ £2 (£2,000). JOINT (50%): 1,000 @ £3 -> 500 shares, £1,500. Pool 1,500 / £3,500.
    // Sell 300 @ £4 from GIA: cost 3,500 x 300/1,500 = 700; gain 500.
    const c = compute(
      [
        { ...tx('2020-01-10', 'BUY', 'A', '1000', '2'), portfolio: 'GIA' },
        { ...tx('2020-02-10', 'BUY', 'A', '1000', '3'), portfolio: 'JOINT' },
        { ...tx('2020-06-10', 'SELL', 'A', '300', '4'), portfolio: 'GIA' },
      ],
      { kind: 'individual' },
      { portfolios: { JOINT: { ownershipPercent: '50' } } },
    );
    expect(pence(disposalOn(c, '2020-06-10').gain)).toBe('500.00');
    // Pool 1,200 / £2,800 (£7/3 a share): GIA 700 shares cost 1,633.33; JOINT 500 cost 1,166.67. At £5: GIA value 3,500.
    const values = valueHoldings(c, { A: '5' });
    const gia = values.find((v) => v.portfolio === 'GIA')!;
    const joint = values.find((v) => v.portfolio === 'JOINT')!;
    expect(gia.quantity.toString()).toBe('700');
    expect(pence(gia.cgtCost)).toBe('1633.33');
    expect(pence(gia.marketValue!)).toBe('3500.00');
    expect(pence(gia.unrealisedCapitalGain!)).toBe('1866.67');
    expect(joint.quantity.toString()).toBe('500');
    expect(pence(joint.cgtCost)).toBe('1166.67');
    expect(gia.cgtCost.add(joint.cgtCost).toString()).toBe('2800');
    const portfolios = attributeToPortfolios(c, { A: '5' });
    expect(
      portfolios.find((p) => p.portfolio === 'GIA')!.realised.map((r) => [r.taxYear, r.capitalGain.toString()]),
    ).toEqual([['2020-21', '500']]);
  });

  it('when a holding is an exempt or income class, then its unrealised gain is reported in that class', () => {
    const c = compute(
      [tx('2020-01-10', 'BUY', 'GILT', '100', '100')],
      { kind: 'individual' },
      { securities: { GILT: { gainClass: 'exempt' } } },
    );
    const [v] = valueHoldings(c, { GILT: '103.5' });
    expect(pence(v.unrealisedExemptGain!)).toBe('350.00');
    expect(pence(v.unrealisedCapitalGain!)).toBe('0.00');
  });
});

describe('presentation', () => {
  it('when presented, then money is text to the penny and the SA108 summary is in whole pounds', () => {
    const c = compute([
      tx('2014-04-01', 'BUY', 'LOBSTER', '1000', '4.00', '150'),
      tx('2017-09-01', 'BUY', 'LOBSTER', '500', '4.10', '80'),
      tx('2018-05-01', 'SELL', 'LOBSTER', '700', '4.80', '100'),
      tx('2019-02-01', 'SELL', 'LOBSTER', '400', '5.20', '105'),
    ]);
    const p = presentComputation(c);
    const y = p.taxYears[0];
    expect(y.taxYear).toBe('2018-19');
    // HS284 Example 3: allowable costs include the disposal costs: 2,930.67 + 100 = 3,030.67; 1,674.67 + 105 = 1,779.67.
    expect(
      y.disposals.map((d) => [
        d.date,
        d.quantity,
        d.proceeds,
        d.acquisitionCost,
        d.disposalCosts,
        d.allowableCost,
        d.gain,
      ]),
    ).toEqual([
      ['2018-05-01', '700', '3360.00', '2930.67', '100.00', '3030.67', '329.33'],
      ['2019-02-01', '400', '2080.00', '1674.67', '105.00', '1779.67', '300.33'],
    ]);
    // Year: allowable costs the lines added up, 3,030.67 + 1,779.67 = 4,810.34 -> SA108 £4,811 (costs rounded up).
    expect(y.allowableCosts).toBe('4810.34');
    expect(y.sa108).toMatchObject({
      numberOfDisposals: 2,
      disposalProceeds: '5440',
      allowableCosts: '4811',
      gainsInTheYearBeforeLosses: '629',
    });
    expect(p.holdings[0].pool).toEqual({ quantity: '400', cost: '1674.67' });
  });
});

// ---------- properties ----------

const SECURITIES = ['AAA', 'BBB'];
const dayArb = fc.integer({ min: 0, max: 400 });
const qtyArb = fc.integer({ min: 1, max: 500 });
const priceArb = fc.integer({ min: 1, max: 5000 }).map((p) => (p / 100).toFixed(2));
/** A buy or sell on a random day, of a random security, with expenses (whole pounds, or e + 50p when any). */
const tradeArb = (type: 'BUY' | 'SELL', expenses: (e: number) => Partial<LedgerTransaction>) =>
  fc
    .record({
      d: dayArb,
      s: fc.constantFrom(...SECURITIES),
      q: qtyArb,
      p: priceArb,
      e: fc.integer({ min: 0, max: 20 }),
    })
    .map(({ d, s, q, p, e }): LedgerTransaction => ({ ...tx(iso(d), type, s, String(q), p), ...expenses(e) }));
const rowArb: fc.Arbitrary<LedgerTransaction> = fc.oneof(
  { weight: 5, arbitrary: tradeArb('BUY', (e) => ({ expenses: String(e) })) },
  { weight: 4, arbitrary: tradeArb('SELL', (e) => (e ? { expenses: `${e}.5` } : {})) },
  {
    weight: 1,
    arbitrary: fc
      .record({ d: dayArb, s: fc.constantFrom(...SECURITIES), r: fc.constantFrom('2', '1:2', '3:2') })
      .map(({ d, s, r }) => tx(iso(d), 'SPLIT', s, r)),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ d: dayArb, s: fc.constantFrom(...SECURITIES), a: fc.integer({ min: 1, max: 999 }) })
      .map(({ d, s, a }) => ({ date: iso(d), type: 'CAPITAL_RETURN' as const, security: s, amount: String(a) })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ d: dayArb, s: fc.constantFrom(...SECURITIES), q: qtyArb, p: priceArb })
      .map(({ d, s, q, p }) => ({
        ...tx(iso(d), 'GIFT_OUT', s, String(q), p),
        counterparty: 'daughter',
        connected: true,
      })),
  },
);
function iso(day: number): string {
  return new Date(Date.UTC(2019, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
}
const ledgerArb = fc.array(rowArb, { minLength: 1, maxLength: 40 });
const kindArb = fc.constantFrom('individual' as const, 'company' as const);

describe('properties (fast-check)', () => {
  it('when the same ledger arrives in any row order, then the result is the same', () => {
    fc.assert(
      fc.property(ledgerArb, kindArb, fc.infiniteStream(fc.nat()), (rows, kind, stream) => {
        const shuffled = rows
          .map((r) => ({ r, k: stream.next().value as number }))
          .sort((a, b) => a.k - b.k)
          .map((x) => x.r);
        const a = presentComputation(compute(rows, { kind }));
        const b = presentComputation(compute(shuffled, { kind }));
        expect(b).toEqual(a);
      }),
      { numRuns: 150 },
    );
  });

  it('when any ledger is computed, then the pooled quantity never goes negative', () => {
    fc.assert(
      fc.property(ledgerArb, kindArb, (rows, kind) => {
        const c = compute(rows, { kind });
        for (const e of c.poolHistory) expect(e.pool.quantity.isNegative()).toBe(false);
        for (const h of c.holdings) expect(h.pool.quantity.isNegative()).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it('when a disposal is computed, then its matched quantities add up to the disposal, and its gain to proceeds less costs', () => {
    fc.assert(
      fc.property(ledgerArb, kindArb, (rows, kind) => {
        const c = compute(rows, { kind });
        for (const d of c.disposals) {
          if (d.failure) continue;
          // gain = proceeds - allowable cost - indexation (companies) - holdover, exactly; allowable cost
          // = cost of the shares matched + disposal costs; indexation never creates or increases a loss.
          expect(d.proceeds.sub(d.allowableCost).sub(d.indexationAllowance).sub(d.holdoverRelief).eq(d.gain)).toBe(
            true,
          );
          expect(d.acquisitionCost.add(d.disposalCosts).eq(d.allowableCost)).toBe(true);
          expect(d.indexationAllowance.isNegative()).toBe(false);
          if (d.indexationAllowance.isPositive()) expect(d.gain.isNegative()).toBe(false);
          const cost = d.matches.reduce((s, m) => s.add(m.cost), Rational.ZERO);
          expect(cost.eq(d.acquisitionCost)).toBe(true);
          if (d.kind === 'capital-distribution') continue;
          const matched = d.matches.reduce((s, m) => s.add(m.quantity), Rational.ZERO);
          expect(matched.eq(d.quantity)).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("when a tax year is summarised, then its totals are the sums of its disposals' lines as printed, to the penny", () => {
    // Each disposal's money is presented to the penny once; the year's totals add up those lines, so an adviser
    // adding the printed lines by hand gets the printed totals. Gains and losses also move by the clogged losses
    // (gifts to a connected person): a loss to that person is kept apart, and what it sets off leaves the gains.
    const pennies = (text: string) => BigInt(text.replace('.', ''));
    fc.assert(
      fc.property(ledgerArb, kindArb, (rows, kind) => {
        const c = compute(rows, { kind });
        const presented = presentComputation(c);
        for (const y of presented.taxYears) {
          const lines = y.disposals.filter((d) => d.failure === undefined && d.kind !== 'spouse');
          const sum = (
            field: 'proceeds' | 'disposalCosts' | 'allowableCost' | 'indexationAllowance' | 'holdoverRelief',
          ) => lines.reduce((s, d) => s + pennies(d[field]), 0n);
          const gains = lines.map((d) => pennies(d.gain));
          expect(y.numberOfDisposals).toBe(lines.length);
          expect(pennies(y.proceeds)).toBe(sum('proceeds'));
          expect(pennies(y.disposalCosts)).toBe(sum('disposalCosts'));
          expect(pennies(y.allowableCosts)).toBe(sum('allowableCost'));
          expect(pennies(y.indexationAllowance)).toBe(sum('indexationAllowance'));
          expect(pennies(y.holdoverRelief)).toBe(sum('holdoverRelief'));
          expect(pennies(y.gains) + pennies(y.cloggedLossesUsed)).toBe(
            gains.filter((g) => g > 0n).reduce((s, g) => s + g, 0n),
          );
          expect(pennies(y.losses) + pennies(y.cloggedLossesArising)).toBe(
            gains.filter((g) => g < 0n).reduce((s, g) => s - g, 0n),
          );
        }
      }),
      { numRuns: 200 },
    );
  });

  it('when every share is eventually sold without failures, then total allowable costs equal total money paid in (cost is conserved)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ d: dayArb, q: qtyArb, p: priceArb }), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 1, max: 5 }),
        (buys, parts) => {
          const rows: LedgerTransaction[] = buys.map(({ d, q, p }) => tx(iso(d), 'BUY', 'AAA', String(q), p));
          const total = buys.reduce((s, b) => s + b.q, 0);
          const paid = buys.reduce((s, b) => s.add(Rational.parse(b.p).mul(Rational.fromInt(b.q))), Rational.ZERO);
          let left = total;
          for (let i = 0; i < parts; i++) {
            const q = i === parts - 1 ? left : Math.floor(left / 2);
            if (q <= 0) continue;
            rows.push(tx(iso(420 + i * 40), 'SELL', 'AAA', String(q), '1'));
            left -= q;
          }
          const c = compute(rows);
          expect(c.failures).toEqual([]);
          const costs = c.disposals.reduce((s, d) => s.add(d.acquisitionCost), Rational.ZERO);
          expect(costs.eq(paid)).toBe(true);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('when sales come before the buys that cover them (the fourth stage), then every share sold is matched once and cost is conserved', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ d: dayArb, q: qtyArb, p: priceArb }), { minLength: 1, maxLength: 12 }),
        fc.array(fc.record({ d: dayArb, q: qtyArb }), { minLength: 1, maxLength: 6 }),
        (buys, sells) => {
          // Sales on days 0-400, buys on days 420-820: every sale comes before every buy, so nothing is held when
          // each is made, so each is identified with later buys, by the 30-day rule or
          // the fourth stage, never the pool. As long as the buys cover the sales there is no failure, every
          // share sold is matched exactly once, and the costs taken plus the pool left are what was paid.
          const bought = buys.reduce((s, b) => s + b.q, 0);
          const sold = sells.reduce((s, x) => s + x.q, 0);
          fc.pre(sold <= bought);
          const rows: LedgerTransaction[] = [
            ...sells.map(({ d, q }) => tx(iso(d), 'SELL', 'AAA', String(q), '1')),
            ...buys.map(({ d, q, p }) => tx(iso(420 + d), 'BUY', 'AAA', String(q), p)),
          ];
          const c = compute(rows);
          expect(c.failures).toEqual([]);
          const paid = buys.reduce((s, b) => s.add(Rational.parse(b.p).mul(Rational.fromInt(b.q))), Rational.ZERO);
          let matched = Rational.ZERO;
          let costs = Rational.ZERO;
          for (const d of c.disposals) {
            for (const m of d.matches) {
              expect(m.rule).not.toBe('section-104');
              matched = matched.add(m.quantity);
            }
            costs = costs.add(d.acquisitionCost);
          }
          expect(matched.eq(Rational.fromInt(sold))).toBe(true);
          const left = c.holdings.find((h) => h.security === 'AAA');
          expect((left?.pool.quantity ?? Rational.ZERO).eq(Rational.fromInt(bought - sold))).toBe(true);
          expect(costs.add(left?.pool.cost ?? Rational.ZERO).eq(paid)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('a large ledger', () => {
  it('when it is computed security by security (no pool history), then every figure is as in the pass in date order', () => {
    // 6,000 rows over 30 securities and four years: buys, sales of part of the holding (some bought back within
    // 30 days), splits and capital returns (some after the day's trades), a joint portfolio, rows that cannot be
    // read and sales of more than is held. With the pool history kept the engine walks the whole ledger in date
    // order; without it, a ledger this large goes security by security: the answers must be the same.
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const rows: LedgerTransaction[] = [];
    const held = new Map<string, number>();
    for (let i = 0; i < 6000; i++) {
      const security = `S${Math.floor(rand() * 30)}`;
      const date = new Date(Date.UTC(2019, 3, 1) + Math.floor(rand() * 1460) * 86_400_000).toISOString().slice(0, 10);
      const h = held.get(security) ?? 0;
      const r = rand();
      const price = (1 + rand() * 20).toFixed(4);
      if (r < 0.5 || h < 10) {
        const q = 10 + Math.floor(rand() * 500);
        rows.push(tx(date, 'BUY', security, String(q), price, (rand() * 10).toFixed(2)));
        held.set(security, h + q);
      } else if (r < 0.9) {
        const q = 1 + Math.floor(rand() * h * 0.1);
        rows.push(tx(date, 'SELL', security, String(q), price, (rand() * 10).toFixed(2)));
        held.set(security, h - q);
      } else if (r < 0.95) {
        rows.push(tx(date, 'SPLIT', security, '2'));
      } else if (r < 0.97) {
        rows.push({ date, type: 'CAPITAL_RETURN', security, amount: (rand() * 50).toFixed(2) });
      } else if (r < 0.98) {
        // After the day's trades, in a joint portfolio, or a sale of more than is held (a failure).
        rows.push({ date, type: 'CAPITAL_RETURN', security, amount: '5', timing: 'after-trades' });
        rows.push({ ...tx(date, 'BUY', security, '30', price), portfolio: 'JOINT' });
        rows.push(tx(date, 'SELL', security, String(h + 1000), price));
      } else if (r < 0.99) {
        // Rows that cannot be read: failures in row order.
        rows.push(tx(date, 'SELL', security, 'ten', price));
        rows.push({ ...tx(date, 'BUY', '', '10', price) });
      } else {
        rows.push({ date, type: 'CAPITAL_RETURN', security, amount: (rand() * 50).toFixed(2) });
      }
    }
    const portfolios = { portfolios: { JOINT: { ownershipPercent: '50' } } };
    const bySecurity = compute(rows, { kind: 'individual' }, portfolios, { poolHistory: false });
    const inDateOrder = compute(rows, { kind: 'individual' }, portfolios, { poolHistory: true });
    expect(bySecurity.failures.length).toBeGreaterThan(50);
    expect(bySecurity.disposals.length).toBeGreaterThan(900);
    expect(presentComputation({ ...bySecurity, poolHistory: [] })).toEqual(
      presentComputation({ ...inDateOrder, poolHistory: [] }),
    );
    expect(bySecurity.disposals).toEqual(inDateOrder.disposals);
    expect(bySecurity.failures).toEqual(inDateOrder.failures);
  });
});
