import { describe, expect, it } from 'vitest';
import { compute, disposalOn, pence, pool, tx, year } from '../../test/engine-support';

describe('HS284 Example 3 (Section 104 pool)', () => {
  // 1,000 shares on 1 Apr 2014 at £4.00 + £150 costs = £4,150; 500 on 1 Sep 2017 at £4.10 + £80 = £2,130.
  // Pool: 1,500 shares costing £6,280.
  // 1 May 2018 sell 700 at £4.80, £100 costs: proceeds (gross) 3,360; cost of the shares 6,280 x 700/1,500
  //   = 2,930.666... (8792/3); allowable costs (HMRC: including the £100 disposal costs) 3,030.666... (9092/3);
  //   gain 3,360 - 3,030.666... = 329.333... (988/3). Pool: 800 shares, 3,349.333... (10048/3).
  // 1 Feb 2019 sell 400 at £5.20, £105 costs: proceeds 2,080; cost of the shares 3,349.333... x 400/800 =
  //   1,674.666... (5024/3); allowable costs 1,779.666... (5339/3); gain 2,080 - 1,779.666... = 300.333... (901/3).
  //   Pool: 400 shares, 1,674.666... (5024/3).
  // HMRC rounds each step to whole pounds (gains £329 and £300, pool £1,674); exactly, the pool is £1,674.67.
  const c = compute([
    tx('2014-04-01', 'BUY', 'LOBSTER', '1000', '4.00', '150'),
    tx('2017-09-01', 'BUY', 'LOBSTER', '500', '4.10', '80'),
    tx('2018-05-01', 'SELL', 'LOBSTER', '700', '4.80', '100'),
    tx('2019-02-01', 'SELL', 'LOBSTER', '400', '5.20', '105'),
  ]);

  it('when the first 700 are sold, then the gain is £329.33 (988/3) from the pool of 1,500 costing £6,280', () => {
    const d = disposalOn(c, '2018-05-01');
    expect(d.matches).toHaveLength(1);
    expect(d.matches[0].rule).toBe('section-104');
    expect(d.poolBefore!.quantity.toString()).toBe('1500');
    expect(d.poolBefore!.cost.toString()).toBe('6280');
    expect(d.acquisitionCost.toFraction()).toBe('8792/3');
    expect(pence(d.disposalCosts)).toBe('100.00');
    expect(d.allowableCost.toFraction()).toBe('9092/3');
    expect(pence(d.allowableCost)).toBe('3030.67');
    expect(d.gain.toFraction()).toBe('988/3');
    expect(d.proceeds.sub(d.allowableCost).eq(d.gain)).toBe(true);
    expect(pence(d.gain)).toBe('329.33');
    expect(d.gain.roundTo(0, 'floor').toString()).toBe('329');
  });

  it('when 400 more are sold, then the gain is £300.33 (901/3) and the pool left is 400 shares costing exactly £1,674.67', () => {
    const d = disposalOn(c, '2019-02-01');
    expect(d.allowableCost.toFraction()).toBe('5339/3');
    expect(d.gain.toFraction()).toBe('901/3');
    expect(pence(d.gain)).toBe('300.33');
    expect(d.gain.roundTo(0, 'floor').toString()).toBe('300');
    const p = pool(c, 'LOBSTER');
    expect(p.quantity.toString()).toBe('400');
    expect(p.cost.toFraction()).toBe('5024/3');
    expect(pence(p.cost)).toBe('1674.67');
  });

  it('when both fall in 2018-19, then the year totals them and the annual exempt amount (£11,700) covers them', () => {
    const y = year(c, '2018-19');
    // The year adds the disposals' lines as printed: 329.33 + 300.33 = 629.66 (988/3 + 901/3 = 1889/3 would be
    // 629.67, a penny the printed lines do not show).
    expect(pence(y.gains)).toBe('629.66');
    expect(y.gains.toString()).toBe('629.66');
    expect(pence(y.annualExemptAmount)).toBe('11700.00');
    expect(pence(y.taxableGain)).toBe('0.00');
    expect(pence(y.proceeds)).toBe('5440.00');
    expect(pence(y.disposalCosts)).toBe('205.00');
    // Allowable costs: the lines 9092/3 = 3,030.67 and 5339/3 = 1,779.67 add up to 4,810.34 (exactly 14431/3 =
    // 4,810.33: each line rounded up a third of a penny).
    expect(y.allowableCosts.toString()).toBe('4810.34');
  });
});

describe('HMRC CG51590 Example 1 (bed and breakfast, then the pool)', () => {
  // Ms Davy: 15 Apr 2006 buys 1,000 for £1,300; 4 Aug 2006 1,000 for £1,450; 19 Jan 2007 500 for £950;
  // 16 Mar 2010 sells 2,000 for £6,850; 7 Apr 2010 buys 2,000 for £6,790; 10 Dec 2010 sells 2,200 for £7,700.
  // HMRC: the 16 March sale is matched with the 7 April purchase (30 days after): gain £6,850 - £6,790 = £60;
  // those shares never enter the pool. The December sale is from the pool of 2,500 costing £3,700:
  // 3,700 x 2,200 / 2,500 = £3,256; gain £7,700 - £3,256 = £4,444. The pool keeps 300 shares at £444.
  const c = compute([
    { ...tx('2006-04-15', 'BUY', 'D', '1000'), amount: '1300' },
    { ...tx('2006-08-04', 'BUY', 'D', '1000'), amount: '1450' },
    { ...tx('2007-01-19', 'BUY', 'D', '500'), amount: '950' },
    { ...tx('2010-03-16', 'SELL', 'D', '2000'), amount: '6850' },
    { ...tx('2010-04-07', 'BUY', 'D', '2000'), amount: '6790' },
    { ...tx('2010-12-10', 'SELL', 'D', '2200'), amount: '7700' },
  ]);

  it('when the March 2010 sale is followed by the April purchase, then it is matched with it: gain £60 in 2009-10', () => {
    const d = disposalOn(c, '2010-03-16');
    expect(d.matches.map((m) => [m.rule, m.acquisitionDate, m.quantity.toString()])).toEqual([
      ['thirty-day', '2010-04-07', '2000'],
    ]);
    expect(pence(d.gain)).toBe('60.00');
    expect(pence(year(c, '2009-10').gains)).toBe('60.00');
  });

  it('when 2,200 are sold in December 2010, then they come from the pool of 2,500 costing £3,700: gain £4,444', () => {
    const d = disposalOn(c, '2010-12-10');
    expect(d.matches.map((m) => [m.rule, m.quantity.toString(), pence(m.cost)])).toEqual([
      ['section-104', '2200', '3256.00'],
    ]);
    expect(pence(d.gain)).toBe('4444.00');
    expect(pool(c, 'D').quantity.toString()).toBe('300');
    expect(pence(pool(c, 'D').cost)).toBe('444.00');
  });
});

describe("HMRC's pooling examples (CRYPTO22252-22256: the same s104, s105 and s106A rules, worked for tokens)", () => {
  const amountRow = (date: string, type: 'BUY' | 'SELL', quantity: string, amount: string) => ({
    ...tx(date, type, 'T', quantity),
    amount,
  });

  it('when a day has two disposals and one acquisition (Example 2), then they are one disposal matched same day, the rest pooled', () => {
    // Pool 5,000 costing £500. 23 June: disposes of 1,000 for £800, acquires 1,600 for £1,000, disposes of 500
    // for £600. One disposal of 1,500 for £1,400, matched with 1,500 of the 1,600: 1,000 x 1,500 / 1,600 =
    // £937.50; gain £462.50 (HMRC, to whole pounds: £938 and £462). The other 100 join the pool at £62.50:
    // 5,100 costing £562.50.
    const c = compute([
      amountRow('2023-01-10', 'BUY', '5000', '500'),
      amountRow('2023-06-23', 'SELL', '1000', '800'),
      amountRow('2023-06-23', 'BUY', '1600', '1000'),
      amountRow('2023-06-23', 'SELL', '500', '600'),
    ]);
    const d = disposalOn(c, '2023-06-23');
    expect([d.quantity.toString(), pence(d.proceeds), pence(d.allowableCost), pence(d.gain)]).toEqual([
      '1500',
      '1400.00',
      '937.50',
      '462.50',
    ]);
    expect(d.matches.map((m) => m.rule)).toEqual(['same-day']);
    expect([pool(c, 'T').quantity.toString(), pence(pool(c, 'T').cost)]).toEqual(['5100', '562.50']);
  });

  it("when same-day disposals exceed the day's acquisitions (Example 4), then the excess comes from the pool", () => {
    // Pool 8,000 costing £1,000. 31 January: disposes of 5,000 for £500 and 2,000 for £142; acquires 4,000 for
    // £320, 1,000 for £75, 1,000 for £70 and 500 for £35. One disposal of 7,000 for £642 and one acquisition of
    // 6,500 for £500, matched; 500 from the pool: 1,000 x 500 / 8,000 = £62.50. Gain 642 - 500 - 62.50 =
    // £79.50 (HMRC: £63 and £79). Pool 7,500 costing £937.50.
    const c = compute([
      amountRow('2023-01-10', 'BUY', '8000', '1000'),
      amountRow('2023-01-31', 'SELL', '5000', '500'),
      amountRow('2023-01-31', 'BUY', '4000', '320'),
      amountRow('2023-01-31', 'BUY', '1000', '75'),
      amountRow('2023-01-31', 'BUY', '1000', '70'),
      amountRow('2023-01-31', 'SELL', '2000', '142'),
      amountRow('2023-01-31', 'BUY', '500', '35'),
    ]);
    const d = disposalOn(c, '2023-01-31');
    expect(d.matches.map((m) => [m.rule, m.quantity.toString(), pence(m.cost)])).toEqual([
      ['same-day', '6500', '500.00'],
      ['section-104', '500', '62.50'],
    ]);
    expect(pence(d.gain)).toBe('79.50');
    expect([pool(c, 'T').quantity.toString(), pence(pool(c, 'T').cost)]).toEqual(['7500', '937.50']);
  });

  it('when same day, 30 days and the pool all apply (Example 6), then each disposal is matched in that order', () => {
    // Pool 100,000 costing £300,000. 31 July: acquires 10,000 for £45,000 and disposes of 30,000 for £150,000;
    // 5 August disposes of 20,000 for £100,000; 6 August acquires 50,000 for £225,000; 7 August disposes of
    // 100,000 for £150,000.
    // 31 July: same day 10,000 (£45,000) + 20,000 of 6 August (225,000 x 20,000 / 50,000 = £90,000): gain £15,000.
    // 5 August: 20,000 of 6 August (£90,000): gain £10,000. The last 10,000 of 6 August (£45,000) join the pool:
    // 110,000 costing £345,000. 7 August: 345,000 x 100,000 / 110,000 = £313,636.36 (3450000/11): loss
    // £163,636.36; the pool keeps 10,000 costing £31,363.64 (345000/11).
    const c = compute([
      amountRow('2023-01-10', 'BUY', '100000', '300000'),
      amountRow('2023-07-31', 'BUY', '10000', '45000'),
      amountRow('2023-07-31', 'SELL', '30000', '150000'),
      amountRow('2023-08-05', 'SELL', '20000', '100000'),
      amountRow('2023-08-06', 'BUY', '50000', '225000'),
      amountRow('2023-08-07', 'SELL', '100000', '150000'),
    ]);
    const july = disposalOn(c, '2023-07-31');
    expect(july.matches.map((m) => [m.rule, m.acquisitionDate, m.quantity.toString(), pence(m.cost)])).toEqual([
      ['same-day', '2023-07-31', '10000', '45000.00'],
      ['thirty-day', '2023-08-06', '20000', '90000.00'],
    ]);
    expect(pence(july.gain)).toBe('15000.00');
    expect(pence(disposalOn(c, '2023-08-05').gain)).toBe('10000.00');
    const last = disposalOn(c, '2023-08-07');
    expect(last.acquisitionCost.toFraction()).toBe('3450000/11');
    expect(pence(last.gain)).toBe('-163636.36');
    expect(pool(c, 'T').cost.toFraction()).toBe('345000/11');
    expect(pool(c, 'T').quantity.toString()).toBe('10000');
  });
});

describe('individual identification: same day, then 30 days, then the pool', () => {
  // Pool: 1,000 at £1 (1 Jan 2020). 1 Jun 2020 sell 500 at £2 (£1,000).
  // Same day: buy 100 at £1.90 = £190 -> matched first.
  // 15 Jun (14 days later): buy 150 at £1.80 = £270 -> 30-day rule.
  // 20 Jul (49 days later): buy 100 at £1.50 -> too late, joins the pool.
  // Remaining 250 from the pool: 1,000 x 250/1,000 = £250. Cost 190 + 270 + 250 = 710; gain 290.
  // Pool after: 750 (£750) + 100 bought 20 Jul (£150) = 850 costing £900. The 15 Jun shares never enter it.
  const c = compute([
    tx('2020-01-01', 'BUY', 'X', '1000', '1'),
    tx('2020-06-01', 'SELL', 'X', '500', '2'),
    tx('2020-06-01', 'BUY', 'X', '100', '1.90'),
    tx('2020-06-15', 'BUY', 'X', '150', '1.80'),
    tx('2020-07-20', 'BUY', 'X', '100', '1.50'),
  ]);

  it('when a disposal has same-day and later acquisitions, then they are matched before the pool, with their dates and costs', () => {
    const d = disposalOn(c, '2020-06-01');
    expect(d.matches.map((m) => [m.rule, m.acquisitionDate, m.quantity.toString(), m.cost.toString()])).toEqual([
      ['same-day', '2020-06-01', '100', '190'],
      ['thirty-day', '2020-06-15', '150', '270'],
      ['section-104', null, '250', '250'],
    ]);
    expect(pence(d.allowableCost)).toBe('710.00');
    expect(pence(d.gain)).toBe('290.00');
  });

  it('when acquisitions are matched with an earlier disposal, then they never enter the pool', () => {
    const p = pool(c, 'X');
    expect(p.quantity.toString()).toBe('850');
    expect(p.cost.toString()).toBe('900');
  });

  it('when the repurchase is exactly 30 days later it is matched, and 31 days later it is not', () => {
    const on30 = compute([
      tx('2021-01-04', 'BUY', 'Y', '100', '10'),
      tx('2021-03-01', 'SELL', 'Y', '100', '12'),
      tx('2021-03-31', 'BUY', 'Y', '100', '11'),
    ]);
    expect(disposalOn(on30, '2021-03-01').matches.map((m) => m.rule)).toEqual(['thirty-day']);
    expect(pence(disposalOn(on30, '2021-03-01').gain)).toBe('100.00'); // 1,200 - 1,100
    const on31 = compute([
      tx('2021-01-04', 'BUY', 'Y', '100', '10'),
      tx('2021-03-01', 'SELL', 'Y', '100', '12'),
      tx('2021-04-01', 'BUY', 'Y', '100', '11'),
    ]);
    expect(disposalOn(on31, '2021-03-01').matches.map((m) => m.rule)).toEqual(['section-104']);
    expect(pence(disposalOn(on31, '2021-03-01').gain)).toBe('200.00'); // 1,200 - 1,000
  });

  it('when acquisitions came in the 30 days BEFORE a disposal, then the 30-day rule does not use them (they are pooled)', () => {
    // 1 Mar buy 100 @ £10 (£1,000); 20 Mar buy 100 @ £14 (£1,400); 25 Mar sell 100 @ £15.
    // Pool 200 costing £2,400 -> 100 cost £1,200; gain 1,500 - 1,200 = 300.
    const c2 = compute([
      tx('2021-03-01', 'BUY', 'Z', '100', '10'),
      tx('2021-03-20', 'BUY', 'Z', '100', '14'),
      tx('2021-03-25', 'SELL', 'Z', '100', '15'),
    ]);
    const d = disposalOn(c2, '2021-03-25');
    expect(d.matches.map((m) => m.rule)).toEqual(['section-104']);
    expect(pence(d.gain)).toBe('300.00');
  });

  it('when two disposals fall before one repurchase, then the earlier disposal is matched first', () => {
    // Pool 1,000 @ £1. 1 Jun sell 300 @ £2; 10 Jun sell 300 @ £2; 20 Jun buy 400 @ £3 (£1,200).
    // 1 Jun: 300 matched with 20 Jun (cost 1,200 x 300/400 = 900): gain 600 - 900 = -300.
    // 10 Jun: 100 matched with 20 Jun (cost 300), 200 from the pool (200): gain 600 - 500 = 100.
    const c3 = compute([
      tx('2020-01-01', 'BUY', 'W', '1000', '1'),
      tx('2020-06-01', 'SELL', 'W', '300', '2'),
      tx('2020-06-10', 'SELL', 'W', '300', '2'),
      tx('2020-06-20', 'BUY', 'W', '400', '3'),
    ]);
    expect(pence(disposalOn(c3, '2020-06-01').gain)).toBe('-300.00');
    const d2 = disposalOn(c3, '2020-06-10');
    expect(d2.matches.map((m) => [m.rule, m.quantity.toString(), m.cost.toString()])).toEqual([
      ['thirty-day', '100', '300'],
      ['section-104', '200', '200'],
    ]);
    expect(pence(d2.gain)).toBe('100.00');
    expect(pool(c3, 'W').quantity.toString()).toBe('800');
    expect(pool(c3, 'W').cost.toString()).toBe('800');
  });

  it('when two disposals reach into several later acquisitions, then same day goes first, then the earlier disposal takes the earliest', () => {
    // s105(1), s106A(5) and (9): same day first; then acquisitions in the 30 days after, earliest first, earlier
    // disposals first. Pool 1,000 @ £1 (1 Jan 2020).
    // 1 Jun: buys 100 @ £2 + 200 @ £2.50 (one acquisition: 300 for £700); sells 150 @ £3 + 250 @ £3.20 (one
    //        disposal: 400 for £1,250). Same day: 300 for £700; 100 left.
    // 10 Jun: sell 200 @ £3 (£600). 20 Jun: buy 50 @ £2.80 (£140). 28 Jun: buy 300 @ £2.60 (£780).
    // 1 Jun's 100 left: 20 Jun's 50 (£140) then 50 of 28 Jun (780 x 50/300 = £130): cost 970, gain 1,250 - 970 = 280.
    // 10 Jun's 200: 200 of 28 Jun (780 x 200/300 = £520): gain 600 - 520 = 80.
    // 28 Jun's last 50 (£130) join the pool: 1,050 for £1,130; 1 Sep sell 1,050 @ £2 (£2,100): gain 970.
    const c = compute([
      tx('2020-01-01', 'BUY', 'X', '1000', '1'),
      tx('2020-06-01', 'BUY', 'X', '100', '2'),
      tx('2020-06-01', 'BUY', 'X', '200', '2.5'),
      tx('2020-06-01', 'SELL', 'X', '150', '3'),
      tx('2020-06-01', 'SELL', 'X', '250', '3.2'),
      tx('2020-06-10', 'SELL', 'X', '200', '3'),
      tx('2020-06-20', 'BUY', 'X', '50', '2.8'),
      tx('2020-06-28', 'BUY', 'X', '300', '2.6'),
      tx('2020-09-01', 'SELL', 'X', '1050', '2'),
    ]);
    const d1 = disposalOn(c, '2020-06-01');
    expect(d1.matches.map((m) => [m.rule, m.acquisitionDate, m.quantity.toString(), pence(m.cost)])).toEqual([
      ['same-day', '2020-06-01', '300', '700.00'],
      ['thirty-day', '2020-06-20', '50', '140.00'],
      ['thirty-day', '2020-06-28', '50', '130.00'],
    ]);
    expect([pence(d1.proceeds), pence(d1.gain)]).toEqual(['1250.00', '280.00']);
    const d2 = disposalOn(c, '2020-06-10');
    expect(d2.matches.map((m) => [m.rule, m.acquisitionDate, m.quantity.toString(), pence(m.cost)])).toEqual([
      ['thirty-day', '2020-06-28', '200', '520.00'],
    ]);
    expect(pence(d2.gain)).toBe('80.00');
    const d3 = disposalOn(c, '2020-09-01');
    expect([pence(d3.allowableCost), pence(d3.gain)]).toEqual(['1130.00', '970.00']);
    expect(pence(year(c, '2020-21').gains)).toBe('1330.00');
  });

  it('when there are several same-day buys and sells, then each side is one transaction at its average', () => {
    // Same day: buy 100 @ £2 and 100 @ £4 (200 costing £600); sell 50 @ £5 and 100 @ £5 (150 for £750).
    // Matched with the day's buys: cost 600 x 150/200 = 450; gain 300. The other 50 buys (£150) join the pool.
    const c4 = compute([
      tx('2022-01-10', 'BUY', 'S', '100', '2'),
      tx('2022-01-10', 'SELL', 'S', '50', '5'),
      tx('2022-01-10', 'BUY', 'S', '100', '4'),
      tx('2022-01-10', 'SELL', 'S', '100', '5'),
    ]);
    expect(c4.disposals).toHaveLength(1);
    const d = c4.disposals[0];
    expect(d.quantity.toString()).toBe('150');
    expect(d.matches.map((m) => [m.rule, m.quantity.toString(), m.cost.toString()])).toEqual([
      ['same-day', '150', '450'],
    ]);
    expect(pence(d.gain)).toBe('300.00');
    expect(pool(c4, 'S').quantity.toString()).toBe('50');
    expect(pool(c4, 'S').cost.toString()).toBe('150');
  });

  it('when shares are split between a disposal and the repurchase, then the 30-day rule matches in comparable units', () => {
    // Pool 100 @ £10 (£1,000). 1 Jun sell 100 @ £12 (£1,200). 5 Jun 2-for-1 split. 10 Jun buy 200 @ £5.50 (£1,100).
    // The 200 new shares are the 100 old ones: gain 1,200 - 1,100 = 100. The pool keeps 100 old shares -> 200.
    const c5 = compute([
      tx('2020-01-06', 'BUY', 'T', '100', '10'),
      tx('2020-06-01', 'SELL', 'T', '100', '12'),
      tx('2020-06-05', 'SPLIT', 'T', '2'),
      tx('2020-06-10', 'BUY', 'T', '200', '5.50'),
    ]);
    const d = disposalOn(c5, '2020-06-01');
    expect(
      d.matches.map((m) => [m.rule, m.quantity.toString(), m.acquisitionQuantity.toString(), m.cost.toString()]),
    ).toEqual([['thirty-day', '100', '200', '1100']]);
    expect(pence(d.gain)).toBe('100.00');
    expect(pool(c5, 'T').quantity.toString()).toBe('200');
    expect(pool(c5, 'T').cost.toString()).toBe('1000');
  });
});

describe('company identification: same day, then the 10-day period before, then the indexed pool', () => {
  it('when a company sells, then acquisitions in the 30 days after are NOT matched (no bed and breakfast rule)', () => {
    // Same ledger as the individual example: same day 100 (£190), then the pool 400 (£400): gain 1,000 - 590 = 410.
    // Dates are after December 2017, so indexation is frozen and nil.
    const c = compute(
      [
        tx('2020-01-01', 'BUY', 'X', '1000', '1'),
        tx('2020-06-01', 'SELL', 'X', '500', '2'),
        tx('2020-06-01', 'BUY', 'X', '100', '1.90'),
        tx('2020-06-15', 'BUY', 'X', '150', '1.80'),
      ],
      { kind: 'company' },
    );
    const d = disposalOn(c, '2020-06-01');
    expect(d.matches.map((m) => [m.rule, m.quantity.toString(), m.cost.toString()])).toEqual([
      ['same-day', '100', '190'],
      ['section-104', '400', '400'],
    ]);
    expect(pence(d.gain)).toBe('410.00');
    expect(pence(year(c, '2020-21').annualExemptAmount)).toBe('0.00');
    expect(pence(year(c, '2020-21').taxableGain)).toBe('410.00');
  });

  it('when a company bought within the 10-day period, then those shares are matched (9 days before yes, 10 no)', () => {
    // s107(3): an acquisition and a disposal "within a period of 10 days"; HMRC CG51615: the disposal is
    // identified against acquisitions "within the previous nine days", first in first out.
    // Pool 1,000 @ £1 (1 Mar). Buy 200 @ £1.50 on 23 May (9 days before 1 Jun) = £300. Sell 300 @ £2 on 1 Jun.
    // 200 from 23 May (£300) + 100 from the pool (£100): gain 600 - 400 = 200. Pool left 900 / £900.
    const c = compute(
      [
        tx('2020-03-01', 'BUY', 'C', '1000', '1'),
        tx('2020-05-23', 'BUY', 'C', '200', '1.50'),
        tx('2020-06-01', 'SELL', 'C', '300', '2'),
      ],
      { kind: 'company' },
    );
    const d = disposalOn(c, '2020-06-01');
    expect(d.matches.map((m) => [m.rule, m.acquisitionDate, m.quantity.toString(), m.cost.toString()])).toEqual([
      ['ten-day', '2020-05-23', '200', '300'],
      ['section-104', null, '100', '100'],
    ]);
    expect(pence(d.gain)).toBe('200.00');
    expect(pool(c, 'C').quantity.toString()).toBe('900');
    expect(pool(c, 'C').cost.toString()).toBe('900');

    // 22 May is 10 days before: outside the period, so pooled. Pool 1,200 costing £1,300; 300 cost 325; gain 275.
    const c2 = compute(
      [
        tx('2020-03-01', 'BUY', 'C', '1000', '1'),
        tx('2020-05-22', 'BUY', 'C', '200', '1.50'),
        tx('2020-06-01', 'SELL', 'C', '300', '2'),
      ],
      { kind: 'company' },
    );
    expect(disposalOn(c2, '2020-06-01').matches.map((m) => m.rule)).toEqual(['section-104']);
    expect(pence(disposalOn(c2, '2020-06-01').gain)).toBe('275.00');
  });

  it('when HMRC CG51616 Example 1 is computed, then the sale is matched with the purchase 6 days before: gain £200', () => {
    // March 2010: 1,600 @ £2 (£3,200). 26 Sep 2013: 1,000 @ £10. 2 Oct 2013: sells 500 @ £10.50, £50 costs.
    // HMRC: identified solely against the 26 September purchase, no indexation: 5,250 - (5,000 + 50) = £200.
    // The other 500 join the pool on 26 September, an operative event: the pool is indexed first, by RPI
    // March 2010 220.7 to September 2013 251.9: 31.2 / 220.7 = 0.14137 -> 0.141; 3,200 x 0.141 = 451.20
    // (HMRC's page shows an older factor). Pool: 2,100 shares, cost £8,200, indexed £8,651.20.
    const c = compute(
      [
        tx('2010-03-15', 'BUY', 'C', '1600', '2.00'),
        tx('2013-09-26', 'BUY', 'C', '1000', '10.00'),
        tx('2013-10-02', 'SELL', 'C', '500', '10.50', '50'),
      ],
      { kind: 'company' },
    );
    const d = disposalOn(c, '2013-10-02');
    expect(d.matches.map((m) => [m.rule, m.acquisitionDate, m.quantity.toString(), pence(m.cost)])).toEqual([
      ['ten-day', '2013-09-26', '500', '5000.00'],
    ]);
    expect(pence(d.indexationAllowance)).toBe('0.00');
    expect(pence(d.gain)).toBe('200.00');
    expect(pool(c, 'C').quantity.toString()).toBe('2100');
    expect(pence(pool(c, 'C').cost)).toBe('8200.00');
    expect(pence(pool(c, 'C').indexedCost!)).toBe('8651.20');
  });

  it('when HMRC CG51616 Example 2 is computed, then 400 come from the 10-day purchase and 200 from the indexed pool', () => {
    // March 2010: 1,600 @ £3 (£4,800). 29 Aug 2013: 400 @ £10 (£4,000). 3 Sep 2013: sells 600 @ £10.50 (£6,300).
    // 400 identified with 29 August (5 days before, no indexation): cost £4,000. 200 from the pool:
    // cost 4,800 x 200 / 1,600 = £600; indexed by RPI March 2010 220.7 to September 2013 251.9 = 0.141:
    // indexation allowance 600 x 0.141 = £84.60. Gain 6,300 - 4,600 - 84.60 = £1,615.40.
    const c = compute(
      [
        tx('2010-03-15', 'BUY', 'D', '1600', '3.00'),
        tx('2013-08-29', 'BUY', 'D', '400', '10.00'),
        tx('2013-09-03', 'SELL', 'D', '600', '10.50'),
      ],
      { kind: 'company' },
    );
    const d = disposalOn(c, '2013-09-03');
    expect(d.matches.map((m) => [m.rule, m.quantity.toString(), pence(m.cost)])).toEqual([
      ['ten-day', '400', '4000.00'],
      ['section-104', '200', '600.00'],
    ]);
    expect(pence(d.allowableCost)).toBe('4600.00');
    expect(pence(d.indexationAllowance)).toBe('84.60');
    expect(pence(d.gain)).toBe('1615.40');
  });
});

describe('the fourth stage: a disposal larger than the shares held (TCGA s105(2), CG51555)', () => {
  const rules = (c: ReturnType<typeof compute>, date: string) =>
    disposalOn(c, date).matches.map((m) => [m.rule, m.quantity.toString(), m.acquisitionDate, pence(m.cost)]);

  it('when the same-day, 30-day and pool stages leave shares over, then they are identified with later acquisitions, earliest first, which never join the pool', () => {
    // 1 May 2022 buy 100 at £2 (pool 100, £200). 1 Jun sell 300 at £5 (£1,500).
    // Stages: same day none; 30 days: 20 Jun buy of 50 at £3 (£150); pool: 100 (£200); fourth stage, 150 more from
    // the acquisitions after the 30 days, earliest first: 150 of the 1 Sep buy of 200 at £4 = 150/200 x £800 = £600.
    // Cost £150 + £200 + £600 = £950; gain £1,500 - £950 = £550.
    // The pool afterwards: the 50 of the 1 Sep buy left (£200) and the 1 Oct buy of 100 at £4.50 (£450): 150, £650.
    const c = compute([
      tx('2022-05-01', 'BUY', 'X', '100', '2'),
      tx('2022-06-01', 'SELL', 'X', '300', '5'),
      tx('2022-06-20', 'BUY', 'X', '50', '3'),
      tx('2022-09-01', 'BUY', 'X', '200', '4'),
      tx('2022-10-01', 'BUY', 'X', '100', '4.50'),
    ]);
    expect(c.failures).toEqual([]);
    expect(rules(c, '2022-06-01')).toEqual([
      ['thirty-day', '50', '2022-06-20', '150.00'],
      ['section-104', '100', null, '200.00'],
      ['later-acquisition', '150', '2022-09-01', '600.00'],
    ]);
    const d = disposalOn(c, '2022-06-01');
    expect(pence(d.allowableCost)).toBe('950.00');
    expect(pence(d.gain)).toBe('550.00');
    expect(pool(c, 'X').quantity.toString()).toBe('150');
    expect(pence(pool(c, 'X').cost)).toBe('650.00');
    expect(year(c, '2022-23').complete).toBe(true);
  });

  it('when later acquisitions cover only part of the excess, then they are used and a failure names what is left', () => {
    // Hold 100; sell 300 on 1 Jun 2022; buy 150 on 1 Sep (£4, £600): the pool gives 100, the 1 Sep buy 150, and
    // 50 shares are covered by nothing. Nothing joins the pool from the 1 Sep buy.
    const c = compute([
      tx('2022-05-01', 'BUY', 'X', '100', '2'),
      tx('2022-06-01', 'SELL', 'X', '300', '5'),
      tx('2022-09-01', 'BUY', 'X', '150', '4'),
    ]);
    expect(c.failures).toHaveLength(1);
    expect(c.failures[0].message).toContain('exceeds the holding by 50 shares (100 held in the pool');
    expect(rules(c, '2022-06-01')).toEqual([
      ['section-104', '100', null, '200.00'],
      ['later-acquisition', '150', '2022-09-01', '600.00'],
    ]);
    expect(year(c, '2022-23').complete).toBe(false);
    expect(c.holdings.find((h) => h.security === 'X')?.pool.quantity.toString() ?? '0').toBe('0');
  });

  it('when a later disposal identifies the same acquisition by the 30-day rule, then that rule comes first and the fourth stage takes what is left', () => {
    // Nothing held. 10 Jan 2022 sell 100 at £3; 1 Mar sell 50 at £3; 15 Mar buy 150 at £2.
    // The 15 Mar buy is within 30 days after 1 Mar (not after 10 Jan, 64 days): 50 go to the 1 Mar sale (s106A),
    // the other 100 to the 10 Jan sale (fourth stage). Gains: 10 Jan £300 - £200 = £100; 1 Mar £150 - £100 = £50.
    const c = compute([
      tx('2022-01-10', 'SELL', 'X', '100', '3'),
      tx('2022-03-01', 'SELL', 'X', '50', '3'),
      tx('2022-03-15', 'BUY', 'X', '150', '2'),
    ]);
    expect(c.failures).toEqual([]);
    expect(rules(c, '2022-01-10')).toEqual([['later-acquisition', '100', '2022-03-15', '200.00']]);
    expect(rules(c, '2022-03-01')).toEqual([['thirty-day', '50', '2022-03-15', '100.00']]);
    expect(pence(disposalOn(c, '2022-01-10').gain)).toBe('100.00');
    expect(pence(disposalOn(c, '2022-03-01').gain)).toBe('50.00');
  });

  it('when a split comes between the disposal and the later acquisition, then the shares are compared in the units of each date', () => {
    // Nothing held. 1 Jun 2022 sell 100 at £5 (£500); 1 Aug a 2-for-1 split; 1 Sep buy 200 at £1 (£200).
    // The 100 sold are 200 of the shares after the split: all 200 of the 1 Sep buy, cost £200; gain £300.
    const c = compute([
      tx('2022-06-01', 'SELL', 'X', '100', '5'),
      tx('2022-08-01', 'SPLIT', 'X', '2'),
      tx('2022-09-01', 'BUY', 'X', '200', '1'),
    ]);
    expect(c.failures).toEqual([]);
    const m = disposalOn(c, '2022-06-01').matches;
    expect(m.map((x) => [x.rule, x.quantity.toString(), x.acquisitionQuantity.toString(), pence(x.cost)])).toEqual([
      ['later-acquisition', '100', '200', '200.00'],
    ]);
    expect(pence(disposalOn(c, '2022-06-01').gain)).toBe('300.00');
  });

  it('when a company sells more than it holds, then the excess is identified with its later acquisitions, without indexation', () => {
    // A company with nothing held sells 100 at £5 on 1 Jun 2022 and buys 100 at £3 on 5 Jun 2022 (after the
    // disposal, so not within the 10-day period before it): fourth stage, cost £300, no indexation, gain £200.
    const c = compute([tx('2022-06-01', 'SELL', 'X', '100', '5'), tx('2022-06-05', 'BUY', 'X', '100', '3')], {
      kind: 'company',
    });
    expect(c.failures).toEqual([]);
    expect(rules(c, '2022-06-01')).toEqual([['later-acquisition', '100', '2022-06-05', '300.00']]);
    const d = disposalOn(c, '2022-06-01');
    expect(pence(d.indexationAllowance)).toBe('0.00');
    expect(pence(d.gain)).toBe('200.00');
  });
});
