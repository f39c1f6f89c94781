import { describe, expect, it } from 'vitest';
import type { LedgerTransaction } from '../ledger';
import type { Rational } from '../arithmetic';
import { compute, disposalOn, pence, pool, tx, year } from '../../../test/engine-support';

const row = (t: LedgerTransaction) => t;
const base = () => tx('2020-01-10', 'BUY', 'P', '10000', '2'); // pool 10,000 shares costing £20,000
/** A capital return on P on 1 June 2020 with the given figures. */
const capitalReturn = (figures: Partial<LedgerTransaction>) =>
  row({ date: '2020-06-01', type: 'CAPITAL_RETURN', security: 'P', ...figures });

describe('share reorganisations', () => {
  it('when shares are split 2 for 1, then the pool doubles in number at the same cost', () => {
    const c = compute([base(), tx('2020-03-01', 'SPLIT', 'P', '2')]);
    expect(pool(c, 'P').quantity.toString()).toBe('20000');
    expect(pool(c, 'P').cost.toString()).toBe('20000');
  });

  it('when shares are consolidated 1 for 10 ("1:10"), then the pool has a tenth of the shares at the same cost', () => {
    const c = compute([
      base(),
      tx('2020-03-01', 'CONSOLIDATION', 'P', '1:10'),
      tx('2020-04-01', 'SELL', 'P', '500', '50'),
    ]);
    // 1,000 shares / £20,000; sell 500 @ £50 = 25,000 less cost 10,000 = 15,000.
    expect(pence(disposalOn(c, '2020-04-01').gain)).toBe('15000.00');
    expect(pool(c, 'P').quantity.toString()).toBe('500');
  });

  it('when a 1-for-4 bonus issue is made, then the holding grows by a quarter at no cost', () => {
    const c = compute([base(), tx('2020-03-01', 'BONUS', 'P', '1:4')]);
    expect(pool(c, 'P').quantity.toString()).toBe('12500');
    expect(pool(c, 'P').cost.toString()).toBe('20000');
  });

  it('when a 1-for-3 consolidation leaves a third of a share, then only whole shares are issued and the pool keeps its cost', () => {
    // 1,000 shares / £2,000; 1 for 3: 333 1/3 -> 333 shares issued, still £2,000 (CG57856: the third is sold for
    // cash, here 67p, a small capital distribution: cost 2,000 - 0.67 = 1,999.33).
    const c = compute([
      tx('2020-01-10', 'BUY', 'P', '1000', '2'),
      tx('2020-03-01', 'CONSOLIDATION', 'P', '1:3'),
      capitalReturn({ date: '2020-03-02', amount: '0.67' }),
      tx('2020-04-01', 'SELL', 'P', '111', '7'),
    ]);
    // Sold 111 of 333 @ £7 = 777; cost 1,999.33 x 111/333 = 666.443...; gain 110.556... -> 110.56.
    const d = disposalOn(c, '2020-04-01');
    expect(d.matches[0].poolBefore!.quantity.toString()).toBe('333');
    expect(pence(d.allowableCost)).toBe('666.44');
    expect(pence(d.gain)).toBe('110.56');
    // Left: 222 shares, 1,999.33 x 2/3 = 1,332.886... -> 1,332.89.
    expect(pool(c, 'P').quantity.toString()).toBe('222');
    expect(pence(pool(c, 'P').cost)).toBe('1332.89');
  });

  it('when a joint holding is consolidated, then the whole holding is rounded down and the taxpayer keeps their share', () => {
    // Half of a joint 1,001 shares: 500.5 costing £500.50. 1 for 3: the holding's 333 2/3 -> 333, half is 166.5.
    const c = compute(
      [
        { ...tx('2020-01-10', 'BUY', 'Q', '1001', '1'), portfolio: 'JOINT' },
        tx('2020-03-01', 'CONSOLIDATION', 'Q', '1:3'),
      ],
      { kind: 'individual' },
      { portfolios: { JOINT: { ownershipPercent: '50' } } },
    );
    expect(pool(c, 'Q').quantity.toString()).toBe('166.5');
    expect(pool(c, 'Q').cost.toString()).toBe('500.5');
  });

  it('when units are held to three decimal places, then a reorganisation keeps three places', () => {
    // 10.125 units, 1 for 4: 2.53125 -> 2.531 (the finest quantity the ledger writes has three places).
    const c = compute([tx('2020-01-10', 'BUY', 'U', '10.125', '8'), tx('2020-03-01', 'CONSOLIDATION', 'U', '1:4')]);
    expect(pool(c, 'U').quantity.toString()).toBe('2.531');
    expect(pool(c, 'U').cost.toString()).toBe('81');
  });

  it('when 1,000 odd-ratio consolidations alternate with sales, then the pool stays in whole shares with small costs', () => {
    // Each 11-for-7 consolidation once multiplied a fractional holding's denominator by 7 (7^1000, and pool costs
    // over products of such, took a minute). Whole shares: at most 10^6 x (11/7)^1000 < 2^673; each cost's
    // denominator at most 10^24 (its rounding at a reorganisation) x the holding sold from, < 2^(80 + 673).
    const rows = [tx('2008-04-07', 'BUY', 'G', '1000000', '1')];
    for (let i = 0; i < 2000; i++) {
      const date = new Date(Date.UTC(2008, 3, 8 + i)).toISOString().slice(0, 10);
      rows.push(i % 2 ? tx(date, 'SELL', 'G', '1', '2') : tx(date, 'CONSOLIDATION', 'G', '11:7'));
    }
    const c = compute(rows, { kind: 'individual' }, {}, { poolHistory: false });
    const bits = (r: Rational) => {
      const [n, d = '1'] = r.toFraction().split('/');
      return { numerator: BigInt(n).toString(2).length, denominator: BigInt(d).toString(2).length };
    };
    expect(c.disposals).toHaveLength(1000);
    for (const d of c.disposals) {
      const after = d.matches[0].poolAfter!;
      expect(after.quantity.isInteger()).toBe(true);
      expect(bits(after.quantity).numerator).toBeLessThanOrEqual(673);
      expect(bits(after.cost).denominator).toBeLessThan(80 + 673);
      expect(bits(d.gain).denominator).toBeLessThan(80 + 673);
    }
  });

  it('when a rights issue or open offer is taken up, then the new shares and the cash paid join the pool', () => {
    // 1 for 5 at £1.50: 2,000 shares, £3,000 (+ £25 costs): pool 12,000 / £23,025. A same-day sale is not matched with them.
    const c = compute([
      base(),
      row({ date: '2020-03-01', type: 'RIGHTS_ISSUE', security: 'P', quantity: '2000', price: '1.50', expenses: '25' }),
      tx('2020-03-01', 'SELL', 'P', '1200', '3'),
    ]);
    const d = disposalOn(c, '2020-03-01');
    expect(d.matches.map((m) => m.rule)).toEqual(['section-104']);
    // Cost 23,025 x 1,200/12,000 = 2,302.50; gain 3,600 - 2,302.50 = 1,297.50.
    expect(pence(d.gain)).toBe('1297.50');
    const c2 = compute([
      base(),
      row({ date: '2020-03-01', type: 'OPEN_OFFER', security: 'P', quantity: '1000', amount: '1200' }),
    ]);
    expect(pool(c2, 'P').quantity.toString()).toBe('11000');
    expect(pool(c2, 'P').cost.toString()).toBe('21200');
  });
});

describe('capital distributions, equalisation and notional income', () => {
  it('when a capital return is at most £3,000, then it is deducted from cost and there is no disposal', () => {
    const c = compute([base(), capitalReturn({ amount: '3000' })]);
    expect(c.disposals).toHaveLength(0);
    expect(pool(c, 'P').cost.toString()).toBe('17000');
  });

  it('when a capital return is above £3,000 but at most 5% of the holding value, then it is still deducted from cost', () => {
    // A = 4,000; B = 96,000; 5% of 100,000 = 5,000 >= 4,000: small.
    const c = compute([base(), capitalReturn({ amount: '4000', marketValue: '96000' })]);
    expect(c.disposals).toHaveLength(0);
    expect(pool(c, 'P').cost.toString()).toBe('16000');
  });

  it('when a small capital return is more than the allowable cost, then the whole cost is set against it and the excess is a gain (s122(4))', () => {
    // TCGA 1992 s122(4), HMRC CG57847: where the allowable expenditure is less than the amount distributed, s122(2)
    // (deduct from cost) cannot apply; the distribution is reduced by the whole expenditure and the rest is a gain.
    // Q: 1,000 shares at £1 = £1,000. Capital return £2,500 (small: at most £3,000): 2,500 > 1,000.
    // Proceeds 2,500 - allowable cost 1,000 = gain 1,500; the pool keeps its 1,000 shares at nil cost. A later
    // sale of all 1,000 @ £3 = 3,000 is then all gain. 2020-21: gains 1,500 + 3,000 = 4,500.
    const c = compute([
      tx('2020-01-10', 'BUY', 'Q', '1000', '1'),
      row({ date: '2020-06-01', type: 'CAPITAL_RETURN', security: 'Q', amount: '2500' }),
      tx('2020-09-01', 'SELL', 'Q', '1000', '3'),
    ]);
    const d = disposalOn(c, '2020-06-01');
    expect([d.kind, pence(d.proceeds), pence(d.allowableCost), pence(d.gain)]).toEqual([
      'capital-distribution',
      '2500.00',
      '1000.00',
      '1500.00',
    ]);
    expect(pence(disposalOn(c, '2020-09-01').gain)).toBe('3000.00');
    expect(pence(year(c, '2020-21').gains)).toBe('4500.00');
  });

  it('when a capital return is large, then it is a part disposal with cost x A / (A + B)', () => {
    // A = 5,000; B = 45,000: 5,000 > 3,000 and > 5% of 50,000 = 2,500. Cost 20,000 x 5,000/50,000 = 2,000; gain 3,000.
    const c = compute([base(), capitalReturn({ amount: '5000', marketValue: '45000' })]);
    const d = disposalOn(c, '2020-06-01');
    expect(d.kind).toBe('capital-distribution');
    expect(pence(d.allowableCost)).toBe('2000.00');
    expect(pence(d.gain)).toBe('3000.00');
    // The match says how the cost was taken: the pool's cost x A / (A + B).
    const m = d.matches[0];
    expect([m.apportionment?.part.toString(), m.apportionment?.whole.toString(), pence(m.cost)]).toEqual([
      '5000',
      '50000',
      '2000.00',
    ]);
    // With £50 costs of the distribution: allowable cost 2,000 + 50 = 2,050; gain 5,000 - 2,050 = 2,950.
    const withCosts = disposalOn(
      compute([base(), capitalReturn({ amount: '5000', marketValue: '45000', expenses: '50' })]),
      '2020-06-01',
    );
    expect([pence(withCosts.acquisitionCost), pence(withCosts.allowableCost), pence(withCosts.gain)]).toEqual([
      '2000.00',
      '2050.00',
      '2950.00',
    ]);
    expect(pool(c, 'P').cost.toString()).toBe('18000');
    expect(pool(c, 'P').quantity.toString()).toBe('10000');
  });

  it('when a large capital return gives the price per share after it instead of market_value, then B is that price x the shares held', () => {
    // 10,000 shares costing £20,000; A = £5,000 with the shares then worth £4.50 each: B = 10,000 x 4.50 = £45,000,
    // as in the test above: 5,000 > 3,000 and > 5% of 50,000, so a part disposal of 20,000 x 5,000/50,000 = £2,000.
    const byPool = compute([base(), capitalReturn({ amount: '5000', price: '4.50' })]);
    const d = disposalOn(byPool, '2020-06-01');
    expect([pence(d.allowableCost), pence(d.gain), d.matches[0].apportionment?.whole.toString()]).toEqual([
      '2000.00',
      '3000.00',
      '50000',
    ]);
    // The same with the shares held stated on the row.
    const stated = compute([base(), capitalReturn({ amount: '5000', price: '4.50', quantity: '10000' })]);
    expect(pence(disposalOn(stated, '2020-06-01').gain)).toBe('3000.00');
    // At £96 a share B = £960,000: 5% of 965,000 = 48,250 >= 5,000, so small: deducted from cost (20,000 - 5,000).
    const small = compute([base(), capitalReturn({ amount: '5000', price: '96' })]);
    expect(small.disposals).toHaveLength(0);
    expect(pool(small, 'P').cost.toString()).toBe('15000');
  });

  it('when a large capital return has no market value, then it is a calculation failure, not a guess', () => {
    const c = compute([base(), capitalReturn({ amount: '5000' })]);
    expect(c.failures).toHaveLength(1);
    expect(c.failures[0].message).toMatch(/market value/);
  });

  it('when a capital event finds no shares in the pool, then the failure says whether none are held or why they are outside it', () => {
    // Nothing held: a failure, not a silent nil.
    const none = compute([row({ date: '2020-06-01', type: 'NOTIONAL_INCOME', security: 'P', amount: '10' })]);
    expect(none.failures.map((f) => f.message)).toEqual(['NOTIONAL_INCOME of P on 2020-06-01: no shares held']);
    // A company buys on 1 June and sells on 5 June: the shares are identified with the sale (the 10-day rule)
    // and never join the pool, though held on 3 June when a capital return is paid on them.
    const company = compute(
      [
        tx('2020-06-01', 'BUY', 'Q', '100', '1'),
        row({ date: '2020-06-03', type: 'CAPITAL_RETURN', security: 'Q', amount: '10' }),
        tx('2020-06-05', 'SELL', 'Q', '100', '2'),
      ],
      { kind: 'company' },
    );
    expect(company.failures.map((f) => f.message)).toEqual([
      'CAPITAL_RETURN of 10 on Q on 2020-06-03: the shares held are identified with a disposal within the 10-day period and are outside the Section 104 pool; a capital event on them is not supported',
    ]);
  });

  it('when equalisation is received, then it is deducted from cost', () => {
    const c = compute([base(), row({ date: '2020-06-01', type: 'EQUALISATION', security: 'P', amount: '12.34' })]);
    expect(pool(c, 'P').cost.toString()).toBe('19987.66');
  });

  it('when notional income (excess reportable income) is reported, then it is added to cost', () => {
    const c = compute([base(), row({ date: '2021-01-31', type: 'NOTIONAL_INCOME', security: 'P', amount: '456.78' })]);
    expect(pool(c, 'P').cost.toString()).toBe('20456.78');
  });
});

describe('takeovers, demergers and redemptions', () => {
  it('when taken over for shares only, then the new holding inherits the cost and there is no disposal', () => {
    const c = compute([
      base(),
      row({ date: '2020-06-01', type: 'TAKEOVER', security: 'P', newSecurity: 'NEWCO', quantity: '5000' }),
      tx('2020-09-01', 'SELL', 'NEWCO', '1000', '6'),
    ]);
    // NEWCO: 5,000 shares / £20,000; sell 1,000 @ £6: cost 4,000, gain 2,000.
    expect(pence(disposalOn(c, '2020-09-01', 'NEWCO').gain)).toBe('2000.00');
    expect(c.holdings.find((h) => h.security === 'P')).toBeUndefined();
  });

  it('when taken over for shares and cash that is not small, then the cash is a part disposal with cost apportioned by market value', () => {
    // New shares 4,000 worth £2 = £8,000; cash £8,000: more than £3,000 and than 5% of £16,000 (CG57836), so a
    // part disposal (s128(3), s122). Cash share of cost: cash / (cash + new shares) = 8,000 / 16,000 = 1/2 of
    // £20,000 = £10,000; gain 8,000 - 10,000 = -2,000. NEWCO: 4,000 shares / £10,000.
    const c = compute([
      base(),
      row({
        date: '2020-06-01',
        type: 'TAKEOVER',
        security: 'P',
        newSecurity: 'NEWCO',
        quantity: '4000',
        price: '2',
        amount: '8000',
      }),
    ]);
    const d = disposalOn(c, '2020-06-01');
    expect(d.kind).toBe('takeover-cash');
    expect(pence(d.allowableCost)).toBe('10000.00');
    expect([d.matches[0].apportionment?.part.toString(), d.matches[0].apportionment?.whole.toString()]).toEqual([
      '8000',
      '16000',
    ]);
    expect(pence(d.gain)).toBe('-2000.00');
    expect(d.proceeds.sub(d.allowableCost).eq(d.gain)).toBe(true);
    expect(pool(c, 'NEWCO').quantity.toString()).toBe('4000');
    expect(pool(c, 'NEWCO').cost.toString()).toBe('10000');
  });

  it('when HMRC CG52587 is computed (a takeover for £4 cash and two new shares a share), then the cash gains £65,000 and the new holding costs £45,000', () => {
    // 20,000 Dirty Denims bought January 2005 at £3 (£60,000). On 1 March 2012 each share is exchanged for £4 cash
    // and two Elegant Evening Wear shares worth £6 each: cash 80,000, new shares 40,000 x 6 = 240,000. Cost
    // apportioned to the cash: 60,000 x 80,000 / (80,000 + 240,000) = 15,000 (HMRC: "x 1/4"); gain 80,000 - 15,000 =
    // 65,000. The new holding: 40,000 shares costing 60,000 - 15,000 = 45,000 (HMRC's Section 104 holding).
    const c = compute([
      tx('2005-01-10', 'BUY', 'DIRTY', '20000', '3'),
      row({
        date: '2012-03-01',
        type: 'TAKEOVER',
        security: 'DIRTY',
        newSecurity: 'ELEGANT',
        quantity: '40000',
        price: '6',
        amount: '80000',
      }),
    ]);
    const d = disposalOn(c, '2012-03-01');
    expect([pence(d.proceeds), pence(d.allowableCost), pence(d.gain)]).toEqual(['80000.00', '15000.00', '65000.00']);
    expect(pool(c, 'ELEGANT').quantity.toString()).toBe('40000');
    expect(pool(c, 'ELEGANT').cost.toString()).toBe('45000');
    // 2011-12: the annual exempt amount was £10,600, so £54,400 is taxable.
    expect(pence(year(c, '2011-12').taxableGain)).toBe('54400.00');
  });

  it('when a demerger is made, then the parent cost is split by market values', () => {
    // Receive 500 CHILD worth £4 (£2,000); parent retained worth £10,000: child cost 20,000 x 2,000/12,000 = 3,333.33...
    const c = compute([
      base(),
      row({
        date: '2020-06-01',
        type: 'DEMERGER',
        security: 'P',
        newSecurity: 'CHILD',
        quantity: '500',
        price: '4',
        marketValue: '10000',
      }),
    ]);
    expect(c.disposals).toHaveLength(0);
    expect(pool(c, 'CHILD').cost.toFraction()).toBe('10000/3');
    expect(pence(pool(c, 'CHILD').cost)).toBe('3333.33');
    expect(pool(c, 'P').cost.toFraction()).toBe('50000/3');
    expect(pool(c, 'P').cost.add(pool(c, 'CHILD').cost).toString()).toBe('20000');
  });

  it('when a holding is redeemed, then it is a disposal at the redemption proceeds', () => {
    const c = compute([base(), tx('2021-01-10', 'REDEMPTION', 'P', '10000', '2.10')]);
    expect(pence(disposalOn(c, '2021-01-10').gain)).toBe('1000.00');
    expect(year(c, '2020-21').disposalCount).toBe(1);
  });
});

describe("the order within a day of a corporate action and the day's trades", () => {
  const bought = () => tx('2022-05-01', 'BUY', 'P', '100', '10'); // 100 shares costing £1,000
  const split = (timing?: LedgerTransaction['timing']) =>
    row({ date: '2022-06-01', type: 'SPLIT', security: 'P', quantity: '2', ...(timing ? { timing } : {}) });
  const sale = () => tx('2022-06-01', 'SELL', 'P', '100', '6'); // proceeds £600

  it("when a split and a sale fall on one day, then by default the split applies first, whatever the rows' order", () => {
    // Split first: 200 shares costing £1,000; 100 sold at £6 = £600, cost 100/200 x £1,000 = £500, gain £100.
    // Pool left: 100 shares costing £500.
    for (const rows of [
      [bought(), split(), sale()],
      [bought(), sale(), split()],
      [sale(), bought(), split('before-trades')],
    ]) {
      const c = compute(rows);
      expect(pence(disposalOn(c, '2022-06-01').gain)).toBe('100.00');
      expect(pool(c, 'P').quantity.toString()).toBe('100');
      expect(pence(pool(c, 'P').cost)).toBe('500.00');
    }
  });

  it("when the split's row says it applies after the day's trades, then the sale is of the shares before it", () => {
    // The sale first: 100 of the 100 shares held, cost £1,000, proceeds £600: a loss of £400. The split then finds
    // nothing left in the pool.
    const c = compute([split('after-trades'), bought(), sale()]);
    expect(c.failures).toEqual([]);
    expect(pence(disposalOn(c, '2022-06-01').gain)).toBe('-400.00');
    expect(c.holdings.find((h) => h.security === 'P')).toBeUndefined();
  });

  it('when a split after the trades of a sale day comes before a repurchase within 30 days, then the shares are matched in the units of each date', () => {
    // 100 held (£1,000); 1 Jun sell 100 at £6; split 2 for 1 after that day's trades; 10 Jun buy 200 at £2.50 (£500).
    // The 100 sold are 200 shares after the split: all of the 10 Jun buy by the 30-day rule, cost £500, gain £100.
    // The pool keeps the 100 first bought, split into 200 at £1,000.
    // (Were the split before the sale, the 100 sold would be of 200 post-split shares: 100 of the 10 Jun buy,
    // £250, a gain of £350.)
    const c = compute([bought(), sale(), split('after-trades'), tx('2022-06-10', 'BUY', 'P', '200', '2.50')]);
    expect(c.failures).toEqual([]);
    const d = disposalOn(c, '2022-06-01');
    expect(d.matches.map((m) => [m.rule, m.quantity.toString(), m.acquisitionQuantity.toString()])).toEqual([
      ['thirty-day', '100', '200'],
    ]);
    expect(pence(d.gain)).toBe('100.00');
    expect(pool(c, 'P').quantity.toString()).toBe('200');
    expect(pence(pool(c, 'P').cost)).toBe('1000.00');
  });

  it('when a trade row gives a timing, then the row is a failure (only corporate actions have one)', () => {
    const c = compute([{ ...bought(), price: undefined, amount: '1000', timing: 'after-trades' }]);
    expect(c.failures[0].message).toContain('timing is for corporate actions');
  });
});

describe('cash on a takeover is a capital distribution (s122, s128(3); CG52580 onward, CG57835-CG57836)', () => {
  const takeover = (figures: Partial<LedgerTransaction>) =>
    row({ date: '2020-06-01', type: 'TAKEOVER', security: 'P', newSecurity: 'NEWCO', ...figures });

  it('when the cash is at most £3,000, then it is deducted from the cost of the new holding and nothing is disposed of', () => {
    // Pool 10,000 P costing £20,000. Taken over for 4,000 NEWCO worth £2 (£8,000) and £2,000 cash: 20% of the
    // £10,000 value, but not above £3,000, so small (CG57836). NEWCO: 4,000 shares costing £20,000 - £2,000 = £18,000.
    const c = compute([base(), takeover({ quantity: '4000', price: '2', amount: '2000' })]);
    expect(c.disposals).toEqual([]);
    expect(pool(c, 'NEWCO').quantity.toString()).toBe('4000');
    expect(pool(c, 'NEWCO').cost.toString()).toBe('18000');
  });

  it('when the cash is more than £3,000 but at most 5% of the holding, then it is deducted from cost; just over 5%, it is a part disposal', () => {
    // 40,000 NEWCO worth £2 = £80,000. Cash £4,000: 4,000 / 84,000 = 4.76%, small: NEWCO cost 20,000 - 4,000 = 16,000.
    const small = compute([base(), takeover({ quantity: '40000', price: '2', amount: '4000' })]);
    expect(small.disposals).toEqual([]);
    expect(pool(small, 'NEWCO').cost.toString()).toBe('16000');
    // Cash £4,500: 4,500 / 84,500 = 5.33%, not small: cost 20,000 x 4,500 / 84,500 = 180,000/169 = £1,065.09;
    // gain 4,500 - 1,065.09 = £3,434.91 (580,500/169); NEWCO keeps 20,000 x 80,000 / 84,500 = 3,200,000/169.
    const large = compute([base(), takeover({ quantity: '40000', price: '2', amount: '4500' })]);
    const d = disposalOn(large, '2020-06-01');
    expect(d.allowableCost.toFraction()).toBe('180000/169');
    expect(d.gain.toFraction()).toBe('580500/169');
    expect(pence(d.gain)).toBe('3434.91');
    expect(pool(large, 'NEWCO').cost.toFraction()).toBe('3200000/169');
  });

  it('when small cash exceeds the allowable cost, then the whole cost is set against it and the excess is the gain (s122(4))', () => {
    // 1,000 P costing £1,000; taken over for 1,000 NEWCO worth £100 (£100,000) and £2,500 cash (small: under £3,000).
    // The cost, £1,000, is less than the cash: the whole £1,000 is set against it, gain £1,500; NEWCO costs nil.
    const c = compute([
      tx('2020-01-10', 'BUY', 'P', '1000', '1'),
      takeover({ quantity: '1000', price: '100', amount: '2500' }),
    ]);
    const d = disposalOn(c, '2020-06-01');
    expect(d.kind).toBe('takeover-cash');
    expect([pence(d.proceeds), pence(d.allowableCost), pence(d.gain)]).toEqual(['2500.00', '1000.00', '1500.00']);
    expect(d.matches[0].apportionment).toBeNull();
    expect(pool(c, 'NEWCO').quantity.toString()).toBe('1000');
    expect(pool(c, 'NEWCO').cost.toString()).toBe('0');
  });

  it('when a takeover and a capital return on the new shares fall on one day, then the takeover applies first, whatever the names or row order', () => {
    // P (10,000, £20,000) is taken over for 5,000 ANEW (a name sorting before P), and a £1,000 capital return is
    // paid on the ANEW shares that day: small, so ANEW costs 20,000 - 1,000 = £19,000. A £500 capital return on the
    // old P shares that day comes before the exchange: the new holding then costs 19,000 - 500 = £18,500.
    const rows = [
      base(),
      row({ date: '2020-06-01', type: 'CAPITAL_RETURN', security: 'ANEW', amount: '1000' }),
      row({ date: '2020-06-01', type: 'TAKEOVER', security: 'P', newSecurity: 'ANEW', quantity: '5000' }),
      row({ date: '2020-06-01', type: 'CAPITAL_RETURN', security: 'P', amount: '500' }),
    ];
    for (const order of [rows, [...rows].reverse(), [rows[0], rows[2], rows[3], rows[1]]]) {
      const c = compute(order);
      expect(c.failures).toEqual([]);
      expect(pool(c, 'ANEW').quantity.toString()).toBe('5000');
      expect(pool(c, 'ANEW').cost.toString()).toBe('18500');
    }
  });
});

describe('a rights issue of another class paid in cash (s128(2), s129; CG51930 onward)', () => {
  it('when preference shares are taken up for cash, then the old cost plus the cash is apportioned between the classes by market value', () => {
    // 1,000 ORD costing £5,000. A rights issue of 1 PREF for every 2 ORD at £1: 500 PREF for £500 cash.
    // Market values after it: ORD £5.25 each (£5,250, the holding kept), PREF £1.50 each (£750).
    // The new holding's cost £5,000 + £500 = £5,500, apportioned: PREF 5,500 x 750 / 6,000 = £687.50;
    // ORD 5,500 x 5,250 / 6,000 = £4,812.50. Selling the 500 PREF at £2 (£1,000) later: gain £312.50.
    const c = compute([
      tx('2020-01-10', 'BUY', 'ORD', '1000', '5'),
      row({
        date: '2020-06-01',
        type: 'RIGHTS_ISSUE',
        security: 'ORD',
        newSecurity: 'PREF',
        quantity: '500',
        amount: '500',
        price: '1.50',
        marketValue: '5250',
      }),
      tx('2021-01-10', 'SELL', 'PREF', '500', '2'),
    ]);
    expect(c.failures).toEqual([]);
    expect(pool(c, 'ORD').quantity.toString()).toBe('1000');
    expect(pool(c, 'ORD').cost.toString()).toBe('4812.5');
    const d = disposalOn(c, '2021-01-10', 'PREF');
    expect(d.allowableCost.toString()).toBe('687.5');
    expect(d.gain.toString()).toBe('312.5');
  });

  it('when the value of the holding kept is missing, then the row is a failure naming it', () => {
    const c = compute([
      tx('2020-01-10', 'BUY', 'ORD', '1000', '5'),
      row({
        date: '2020-06-01',
        type: 'RIGHTS_ISSUE',
        security: 'ORD',
        newSecurity: 'PREF',
        quantity: '500',
        amount: '500',
        price: '1.50',
      }),
    ]);
    expect(c.failures[0].message).toContain('needs market_value');
  });
});
