import { describe, expect, it } from 'vitest';
import type { LedgerTransaction } from '../ledger';
import { compute, disposalOn, pence, pool, tx, year } from '../../../test/engine-support';

const row = (t: LedgerTransaction) => t;

describe('transfers, gifts and spouse transfers', () => {
  it('when shares are transferred in with their original date and cost, then they join the pool at that cost', () => {
    // Transfer in 500 bought 2015-03-01 for £2,000 in total; buy 500 @ £6 (£3,000) in 2020. Pool 1,000 / £5,000.
    // Sell 400 @ £7 (2,800): cost 5,000 x 400/1,000 = 2,000; gain 800.
    const c = compute([
      row({
        date: '2019-06-01',
        type: 'TRANSFER_IN',
        security: 'A',
        quantity: '500',
        amount: '2000',
        acquired: '2015-03-01',
      }),
      tx('2020-01-10', 'BUY', 'A', '500', '6'),
      tx('2021-01-10', 'SELL', 'A', '400', '7'),
    ]);
    expect(pence(disposalOn(c, '2021-01-10').gain)).toBe('800.00');
    expect(pool(c, 'A').cost.toString()).toBe('3000');
  });

  it('when a transfer in was originally acquired within 30 days after a disposal, then it is matched by its original date', () => {
    // Pool 100 @ £10. Sell 100 @ £12 on 1 Mar 2021; transfer in (on 1 Jun) of 100 bought 10 Mar 2021 for £1,050.
    const c = compute([
      tx('2021-01-04', 'BUY', 'B', '100', '10'),
      tx('2021-03-01', 'SELL', 'B', '100', '12'),
      row({
        date: '2021-06-01',
        type: 'TRANSFER_IN',
        security: 'B',
        quantity: '100',
        amount: '1050',
        acquired: '2021-03-10',
      }),
    ]);
    const d = disposalOn(c, '2021-03-01');
    expect(d.matches.map((m) => [m.rule, m.acquisitionDate])).toEqual([['thirty-day', '2021-03-10']]);
    expect(pence(d.gain)).toBe('150.00');
  });

  it('when shares are transferred out to the same owner, then it is not a disposal and they take their share of cost', () => {
    // Pool 1,000 / £3,000; transfer out 250 -> pool 750 / £2,250; no disposal.
    const c = compute([tx('2020-01-10', 'BUY', 'C', '1000', '3'), tx('2020-05-10', 'TRANSFER_OUT', 'C', '250')]);
    expect(c.disposals).toHaveLength(0);
    expect(pool(c, 'C').quantity.toString()).toBe('750');
    expect(pool(c, 'C').cost.toString()).toBe('2250');
  });

  it('when shares are given away, then it is a disposal at market value, less any holdover relief claimed', () => {
    // Pool 1,000 / £2,000. Gift 500 worth £9 each (£4,500): cost 1,000; gain 3,500; holdover 2,000 -> 1,500 chargeable.
    const c = compute([
      tx('2020-01-10', 'BUY', 'D', '1000', '2'),
      row({
        date: '2020-08-01',
        type: 'GIFT_OUT',
        security: 'D',
        quantity: '500',
        price: '9',
        holdoverRelief: '2000',
        counterparty: 'son',
        connected: true,
      }),
    ]);
    const d = disposalOn(c, '2020-08-01');
    expect(d.kind).toBe('gift');
    expect(pence(d.proceeds)).toBe('4500.00');
    expect(pence(d.allowableCost)).toBe('1000.00');
    expect(pence(d.holdoverRelief)).toBe('2000.00');
    // gain = proceeds (market value) - allowable cost - holdover relief = 4,500 - 1,000 - 2,000.
    expect(d.proceeds.sub(d.allowableCost).sub(d.holdoverRelief).eq(d.gain)).toBe(true);
    expect(pence(d.gain)).toBe('1500.00');
    const y = year(c, '2020-21');
    expect(pence(y.holdoverRelief)).toBe('2000.00');
    expect(pence(y.gains)).toBe('1500.00');
  });

  it('when holdover relief claimed exceeds the gain, then only the gain is held over', () => {
    const c = compute([
      tx('2020-01-10', 'BUY', 'D', '1000', '2'),
      row({
        date: '2020-08-01',
        type: 'GIFT_OUT',
        security: 'D',
        quantity: '500',
        marketValue: '1500',
        holdoverRelief: '9999',
      }),
    ]);
    expect(pence(disposalOn(c, '2020-08-01').holdoverRelief)).toBe('500.00');
    expect(pence(disposalOn(c, '2020-08-01').gain)).toBe('0.00');
  });

  it('when one day has gifts to the same person from two portfolios, then they are one disposal to that person', () => {
    // Pool 2,000 / £2,000 (GIA and ISA 1,000 @ £1 each). On 1 June: 100 from GIA and 100 from ISA to the
    // daughter (holdover £150 claimed on the ISA gift), 50 from GIA to the son, all worth £2 a share. In
    // canonical order the son's row falls between the daughter's two, which must still be joined (s105(1)):
    // daughter: 200 shares, proceeds £400, cost £200, gain £200, holdover min(150, 200) = £150, gain £50.
    // (Kept apart, the ISA gift alone would hold over only its own £100 gain.) Son: £100 - £50 = £50.
    const gift = (portfolio: string, quantity: string, counterparty: string, holdoverRelief?: string) =>
      row({
        date: '2020-06-01',
        type: 'GIFT_OUT',
        security: 'G',
        portfolio,
        quantity,
        price: '2',
        counterparty,
        connected: true,
        holdoverRelief,
      });
    const c = compute([
      { ...tx('2020-01-10', 'BUY', 'G', '1000', '1'), portfolio: 'GIA' },
      { ...tx('2020-01-10', 'BUY', 'G', '1000', '1'), portfolio: 'ISA' },
      gift('GIA', '100', 'daughter'),
      gift('GIA', '50', 'son'),
      gift('ISA', '100', 'daughter', '150'),
    ]);
    const gifts = c.disposals.filter((d) => d.date === '2020-06-01');
    expect(gifts.map((d) => [d.counterparty, d.quantity.toString(), pence(d.holdoverRelief), pence(d.gain)])).toEqual([
      ['daughter', '200', '150.00', '50.00'],
      ['son', '50', '0.00', '50.00'],
    ]);
    expect(gifts[0].parts.map((p) => p.portfolio)).toEqual(['GIA', 'ISA']);
  });

  it('when a gift to a connected person makes a loss, then the loss is clogged: only gains on disposals to that person use it', () => {
    // E: pool 1,000 / £10,000. Gift 500 to daughter worth £3,000: loss 2,000 (clogged).
    // F: pool 1,000 / £1,000. Sell 1,000 @ £15 on the market: gain 14,000 (clogged loss NOT set against it).
    // 2021-22: gift the other 500 E to daughter worth £6,000: gain 1,000. The clogged loss is a loss of an earlier
    // year, used only to bring net gains down to the exempt amount (CG15800, CG18034): net gains 1,000 are within
    // the £12,300, so none of it is used and all 2,000 go forward.
    const c = compute([
      tx('2020-01-10', 'BUY', 'E', '1000', '10'),
      tx('2020-01-10', 'BUY', 'F', '1000', '1'),
      row({
        date: '2020-08-01',
        type: 'GIFT_OUT',
        security: 'E',
        quantity: '500',
        marketValue: '3000',
        counterparty: 'daughter',
        connected: true,
      }),
      tx('2020-09-01', 'SELL', 'F', '1000', '15'),
      row({
        date: '2021-08-01',
        type: 'GIFT_OUT',
        security: 'E',
        quantity: '500',
        marketValue: '6000',
        counterparty: 'daughter',
        connected: true,
      }),
    ]);
    const y1 = year(c, '2020-21');
    expect(pence(y1.cloggedLossesArising)).toBe('2000.00');
    expect(pence(y1.losses)).toBe('0.00');
    expect(pence(y1.gains)).toBe('14000.00');
    expect(pence(y1.taxableGain)).toBe('1700.00'); // 14,000 - 12,300
    const y2 = year(c, '2021-22');
    expect(pence(y2.cloggedLossesUsed)).toBe('0.00');
    expect(pence(y2.gains)).toBe('1000.00');
    expect(pence(y2.cloggedLossesCarriedForward)).toBe('2000.00');
  });

  it('when a clogged loss is brought forward, then it is used against gains to that person only down to the exempt amount, before other losses', () => {
    // Losses of earlier years, clogged ones included, only bring net gains down to the annual exempt amount
    // (TCGA 1992 s2(2)(b), s3(5A)-(5C); HMRC CG15800, CG18034; SA help "Losses brought forward and used in the
    // year": "clogged losses brought forward can only be set against gains of certain types").
    // 2020-21: E pool 1,000 / £10,000; gift 500 to son worth £3,000: cost 5,000, clogged loss 2,000.
    //          F pool 1,000 / £10,000; sell 1,000 @ £6: ordinary loss 4,000, carried forward.
    // 2021-22: gift the other 500 E to son worth £18,000: cost 5,000, gain 13,000. Net gains 13,000, 700 above
    //          the £12,300: the clogged loss is used first, 700 of it (gains 12,300); no ordinary loss used;
    //          taxable nil; 1,300 clogged and 4,000 ordinary carried forward.
    // 2022-23: G pool 100 / £100; gift 100 to son worth £20,000: gain 19,900, 7,600 above the £12,300: the clogged
    //          1,300 (gains 18,600), then 4,000 of the ordinary loss, leaving 2,300 taxable and nothing forward.
    const gift = (date: string, security: string, quantity: string, marketValue: string): LedgerTransaction => ({
      date,
      type: 'GIFT_OUT',
      security,
      quantity,
      marketValue,
      counterparty: 'son',
      connected: true,
    });
    const c = compute([
      tx('2020-05-01', 'BUY', 'E', '1000', '10'),
      tx('2020-05-01', 'BUY', 'F', '1000', '10'),
      tx('2020-05-01', 'BUY', 'G', '100', '1'),
      gift('2020-08-01', 'E', '500', '3000'),
      tx('2020-09-01', 'SELL', 'F', '1000', '6'),
      gift('2021-08-01', 'E', '500', '18000'),
      gift('2022-08-01', 'G', '100', '20000'),
    ]);
    const y1 = year(c, '2020-21');
    expect([y1.cloggedLossesArising, y1.losses, y1.lossesCarriedForward].map(pence)).toEqual([
      '2000.00',
      '4000.00',
      '4000.00',
    ]);
    const y2 = year(c, '2021-22');
    expect(pence(y2.cloggedLossesUsed)).toBe('700.00');
    expect(pence(y2.gains)).toBe('12300.00');
    expect(pence(y2.lossesBroughtForwardUsed)).toBe('0.00');
    expect(pence(y2.taxableGain)).toBe('0.00');
    expect(pence(y2.cloggedLossesCarriedForward)).toBe('1300.00');
    expect(pence(y2.lossesCarriedForward)).toBe('4000.00');
    expect(pence(y2.allowableCosts)).toBe('5000.00');
    const y3 = year(c, '2022-23');
    expect(pence(y3.cloggedLossesUsed)).toBe('1300.00');
    expect(pence(y3.gains)).toBe('18600.00');
    expect(pence(y3.lossesBroughtForwardUsed)).toBe('4000.00');
    expect(pence(y3.taxableGain)).toBe('2300.00');
    expect(pence(y3.cloggedLossesCarriedForward)).toBe('0.00');
    expect(pence(y3.lossesCarriedForward)).toBe('0.00');
  });

  it('when a clogged loss arises later in the same tax year than a gain to that same person, then it is set against that gain (CG14561)', () => {
    // HMRC CG14561 (TCGA 1992 s18(3)): a clogged loss can be set off against gains on other disposals to the
    // same connected person "in the same or a later year"; within a year the order of the disposals does not matter.
    // P: pool 1,000 / £10,000. 1 June 2021 gift 300 to son worth £4,500: cost 3,000, gain 1,500.
    // Q: pool 1,000 / £10,000. 1 Sept 2021 gift 400 to son worth £3,200: cost 4,000, loss 800 (clogged).
    // 1 Oct 2021 sell 100 P @ £100 on the market: cost 1,000, gain 9,000 (the clogged loss is not set against it).
    // 2021-22: clogged loss used 800 against the June gain to son: gains 1,500 - 800 + 9,000 = 9,700; nothing
    // clogged carried forward; net gains 9,700 below the £12,300 exempt amount, £2,600 of it left.
    const c = compute([
      tx('2021-05-01', 'BUY', 'P', '1000', '10'),
      tx('2021-05-01', 'BUY', 'Q', '1000', '10'),
      row({
        date: '2021-06-01',
        type: 'GIFT_OUT',
        security: 'P',
        quantity: '300',
        price: '15',
        counterparty: 'son',
        connected: true,
      }),
      row({
        date: '2021-09-01',
        type: 'GIFT_OUT',
        security: 'Q',
        quantity: '400',
        price: '8',
        counterparty: 'son',
        connected: true,
      }),
      tx('2021-10-01', 'SELL', 'P', '100', '100'),
    ]);
    const y = year(c, '2021-22');
    expect(pence(disposalOn(c, '2021-06-01').gain)).toBe('1500.00');
    expect(pence(y.cloggedLossesArising)).toBe('800.00');
    expect(pence(y.cloggedLossesUsed)).toBe('800.00');
    expect(pence(y.cloggedLossesCarriedForward)).toBe('0.00');
    expect(pence(y.gains)).toBe('9700.00');
    expect(pence(y.losses)).toBe('0.00');
    expect(pence(y.annualExemptAmountRemaining)).toBe('2600.00');
    // Sum of the disposals' allowable costs (3,000 + 4,000 + 1,000) still comes out of the year's identity.
    expect(pence(y.allowableCosts)).toBe('8000.00');
  });

  it('when gains to two connected persons fall in a year, then only the one with a clogged loss uses it, down to the exempt amount', () => {
    // 2021-22: H pool 1,000 / £10,000; gift all to son worth £5,000: clogged loss 5,000 (son).
    // 2022-23: J 100 / £100 given to daughter worth £5,100: gain 5,000 (no clogged loss for daughter).
    //          K 100 / £100 given to son worth £10,100: gain 10,000. Net gains 15,000, 2,700 above the £12,300:
    //          son's brought-forward clogged loss is used for 2,700 only (CG15800): gains 12,300, 2,300 carried forward.
    const gift = (date: string, security: string, marketValue: string, to: string): LedgerTransaction => ({
      date,
      type: 'GIFT_OUT',
      security,
      quantity: security === 'H' ? '1000' : '100',
      marketValue,
      counterparty: to,
      connected: true,
    });
    const c = compute([
      tx('2021-05-01', 'BUY', 'H', '1000', '10'),
      gift('2021-06-01', 'H', '5000', 'son'),
      tx('2022-05-01', 'BUY', 'J', '100', '1'),
      tx('2022-05-01', 'BUY', 'K', '100', '1'),
      gift('2022-06-01', 'J', '5100', 'daughter'),
      gift('2022-07-01', 'K', '10100', 'son'),
    ]);
    const y = year(c, '2022-23');
    expect([y.gains, y.cloggedLossesUsed, y.cloggedLossesCarriedForward, y.taxableGain].map(pence)).toEqual([
      '12300.00',
      '2700.00',
      '2300.00',
      '0.00',
    ]);
  });

  it('when shares pass to or from a spouse or civil partner, then there is no gain and no loss and the cost carries over', () => {
    // Pool 1,000 / £4,000; spouse out 250: deemed proceeds = cost 1,000; gain nil; pool 750 / £3,000.
    const c = compute([tx('2020-01-10', 'BUY', 'G', '1000', '4'), tx('2020-06-10', 'SPOUSE_OUT', 'G', '250')]);
    const d = disposalOn(c, '2020-06-10');
    expect(pence(d.proceeds)).toBe('1000.00');
    expect(pence(d.allowableCost)).toBe('1000.00');
    expect(pence(d.gain)).toBe('0.00');
    // With £20 costs of the transfer: deemed proceeds = allowable cost = 1,000 + 20; still no gain, no loss.
    const withCosts = disposalOn(
      compute([tx('2020-01-10', 'BUY', 'G', '1000', '4'), tx('2020-06-10', 'SPOUSE_OUT', 'G', '250', undefined, '20')]),
      '2020-06-10',
    );
    expect([pence(withCosts.proceeds), pence(withCosts.allowableCost), pence(withCosts.gain)]).toEqual([
      '1020.00',
      '1020.00',
      '0.00',
    ]);
    expect(pool(c, 'G').cost.toString()).toBe('3000');
    // Spouse in 300 at the transferor's cost of £900: pool 300 / £900; sell 300 @ £5: gain 600.
    const c2 = compute([
      row({ date: '2020-06-10', type: 'SPOUSE_IN', security: 'G', quantity: '300', amount: '900' }),
      tx('2020-12-10', 'SELL', 'G', '300', '5'),
    ]);
    expect(pence(disposalOn(c2, '2020-12-10').gain)).toBe('600.00');
  });
});
