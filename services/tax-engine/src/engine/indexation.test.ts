import { describe, expect, it } from 'vitest';
import { indexationFactor } from './indexation';
import { Rational } from './arithmetic';
import { prepareReferenceData } from './reference-data';
import { compute, disposalOn, pence, pool, referenceData, tx } from '../../test/engine-support';

const rpi = prepareReferenceData(referenceData).rpi;

describe('indexation allowance (companies, indexed pool)', () => {
  it('when the factor is computed, then it is (RE - RL) / RL rounded to 3 places, and nil when RPI has not risen', () => {
    // RPI Jan 1990 119.5, Jun 1995 149.8: 30.3 / 119.5 = 0.25355... -> 0.254.
    expect(indexationFactor(rpi, '1990-01', '1995-06', 'three-decimal-places')!.toString()).toBe('0.254');
    expect(indexationFactor(rpi, '1990-01', '1995-06', 'exact')!.toFraction()).toBe('303/1195');
    expect(indexationFactor(rpi, '2017-12', '2017-12', 'three-decimal-places')!.toString()).toBe('0');
    // RPI fell from Dec 2017 (278.1) to Jan 2018 (276.0): nil, never negative.
    expect(indexationFactor(rpi, '2017-12', '2018-01', 'three-decimal-places')!.toString()).toBe('0');
  });

  // Company: 15 Jan 1990 buys 1,000 at £2 (£2,000); 10 Jun 1995 buys 500 at £3 (£1,500).
  // Indexed pool: Jan 1990 2,000. Jun 1995: 2,000 x (1 + 0.254) = 2,508, plus 1,500 = 4,008; cost 3,500.
  // Disposal 1 May 2020: indexation frozen at Dec 2017 (RPI 278.1): (278.1 - 149.8) / 149.8 = 0.85647 -> 0.856;
  //   indexed pool 4,008 x 1.856 = 7,438.848.
  // Sell 600 of 1,500 (two fifths): cost 1,400; indexed cost 2,975.5392; indexation allowance 1,575.5392.
  const ledger = (price: string) => [
    tx('1990-01-15', 'BUY', 'IND', '1000', '2'),
    tx('1995-06-10', 'BUY', 'IND', '500', '3'),
    tx('2020-05-01', 'SELL', 'IND', '600', price),
  ];

  it('when a company sells from the pool, then the indexed cost is taken and the gain is proceeds less indexed cost', () => {
    const c = compute(ledger('10'), { kind: 'company' });
    const d = disposalOn(c, '2020-05-01');
    // Proceeds 6,000 - 2,975.5392 = 3,024.4608.
    expect(d.allowableCost.toString()).toBe('1400');
    // gain = proceeds - allowable cost - indexation allowance (the indexed gain): 6,000 - 1,400 - 1,575.5392.
    expect(d.proceeds.sub(d.allowableCost).sub(d.indexationAllowance).eq(d.gain)).toBe(true);
    expect(d.matches[0].indexedCost!.toString()).toBe('2975.5392');
    expect(d.indexationAllowance.toString()).toBe('1575.5392');
    expect(d.gain.toString()).toBe('3024.4608');
    expect(pence(d.gain)).toBe('3024.46');
    // Pool left: 900 shares, cost 2,100, indexed 7,438.848 x 3/5 = 4,463.3088.
    const p = pool(c, 'IND');
    expect(p.quantity.toString()).toBe('900');
    expect(p.cost.toString()).toBe('2100');
    expect(p.indexedCost!.toString()).toBe('4463.3088');
  });

  it('when indexation would turn a gain into a loss, then it is restricted to the unindexed gain (gain nil)', () => {
    // Proceeds 600 x 2.50 = 1,500; unindexed gain 100; allowance restricted from 1,575.54 to 100.
    const d = disposalOn(compute(ledger('2.50'), { kind: 'company' }), '2020-05-01');
    expect(d.indexationAllowance.toString()).toBe('100');
    expect(d.gain.toString()).toBe('0');
  });

  it('when there is already a loss, then indexation does not increase it', () => {
    // Proceeds 1,200; unindexed loss 200; no allowance.
    const d = disposalOn(compute(ledger('2'), { kind: 'company' }), '2020-05-01');
    expect(d.indexationAllowance.toString()).toBe('0');
    expect(d.gain.toString()).toBe('-200');
  });

  it('when an individual sells the same shares, then there is no indexation', () => {
    const d = disposalOn(compute(ledger('10')), '2020-05-01');
    expect(d.indexationAllowance.toString()).toBe('0');
    expect(d.gain.toString()).toBe('4600'); // 6,000 - 1,400
  });

  it('when a company transfers shares in from another platform, then they are indexed from their original acquisition date', () => {
    // 1,000 shares bought 15 Jan 2010 for £10,000, transferred in on 10 Jun 2016, sold 1 Mar 2019 for £20,000.
    // Joining the pool in Jun 2016: RPI Jan 2010 217.9, Jun 2016 263.1: 45.2 / 217.9 = 0.20743 -> 0.207;
    //   indexed value 10,000 x 1.207 = 12,070.
    // Sale (frozen at Dec 2017, RPI 278.1): 15.0 / 263.1 = 0.05701 -> 0.057; 12,070 x 1.057 = 12,757.99.
    // Indexation allowance 2,757.99; gain 20,000 - 10,000 - 2,757.99 = 7,242.01.
    // (Indexed only from the transfer: 10,000 x 1.057, an allowance of 570 - the years on the other
    // platform would be lost.)
    const c = compute(
      [
        {
          date: '2016-06-10',
          type: 'TRANSFER_IN',
          security: 'MOV',
          quantity: '1000',
          amount: '10000',
          acquired: '2010-01-15',
        },
        tx('2019-03-01', 'SELL', 'MOV', '1000', '20'),
      ],
      { kind: 'company' },
    );
    const d = disposalOn(c, '2019-03-01');
    expect(d.matches[0].indexedCost!.toString()).toBe('12757.99');
    expect(d.indexationAllowance.toString()).toBe('2757.99');
    expect(d.gain.toString()).toBe('7242.01');
    expect(c.failures).toEqual([]);
  });

  it('when exact factors are asked for, then the pool is indexed without rounding', () => {
    const c = compute(ledger('10'), { kind: 'company' }, {}, { indexationRounding: 'exact' });
    // 2,000 x 149.8/119.5 + 1,500, then x 278.1/149.8 = 2,000 x 278.1/119.5 + 1,500 x 278.1/149.8
    //   = 4,654.3933... + 2,784.7130... = 7,439.1063...; two fifths = 2,975.6425...
    const d = disposalOn(c, '2020-05-01');
    const expected = Rational.of(2000 * 2781, 1195)
      .add(Rational.of(1500 * 2781, 1498))
      .mul(Rational.of(2, 5));
    expect(d.matches[0].indexedCost!.eq(expected)).toBe(true);
    expect(pence(d.matches[0].indexedCost!)).toBe('2975.64');
  });

  it('when HMRC CG51624 is computed (buy Jan 2005, sell half Jan 2013 with £4,000 costs), then indexation wipes the gain but the pool loses its full share', () => {
    // CG51624: 10,000 shares for £100,000 in January 2005; 5,000 sold for £60,000 in January 2013, costs £4,000.
    // RPI Jan 2005 188.9, Jan 2013 245.8: (245.8 - 188.9) / 188.9 = 0.30122 -> 0.301; indexed pool 130,100.
    // Half: cost 50,000, indexed 65,050, indexation due 15,050. Unindexed gain 60,000 - 50,000 - 4,000 = 6,000,
    // so only 6,000 of it is allowed and the gain is nil; the indexed pool still falls by 65,050.
    const c = compute(
      [tx('2005-01-10', 'BUY', 'ALTD', '10000', '10'), tx('2013-01-10', 'SELL', 'ALTD', '5000', '12', '4000')],
      { kind: 'company' },
    );
    const d = disposalOn(c, '2013-01-10');
    expect(d.allowableCost.toString()).toBe('54000');
    expect(d.matches[0].indexedCost!.toString()).toBe('65050');
    expect(d.indexationAllowance.toString()).toBe('6000');
    expect(d.gain.toString()).toBe('0');
    const p = pool(c, 'ALTD');
    expect([p.quantity.toString(), p.cost.toString(), p.indexedCost!.toString()]).toEqual(['5000', '50000', '65050']);
  });

  it('when a company takes up a rights issue, then the pool is indexed to it before the cash is added (CG51622 facts)', () => {
    // May 2012: 2,000 at £4.50 = 9,000. January 2014: two new for each held at £5, 4,000 for 20,000.
    // Operative event Jan 2014: RPI May 2012 242.4 -> Jan 2014 252.6: 10.2 / 242.4 = 0.04208 -> 0.042;
    //   indexed 9,000 x 1.042 = 9,378, plus 20,000 = 29,378; cost 29,000; 6,000 shares.
    // March 2016 sale of 600 at £6 with £30 costs: RPI 261.1: 8.5 / 252.6 = 0.03365 -> 0.034;
    //   indexed 29,378 x 1.034 = 30,376.852. A tenth: cost 2,900, indexed 3,037.6852, indexation 137.6852.
    //   Gain 3,600 - 30 - 2,900 - 137.6852 = 532.3148; the pool keeps 27,339.1668 indexed.
    const c = compute(
      [
        tx('2012-05-15', 'BUY', 'BLTD', '2000', '4.50'),
        tx('2014-01-15', 'RIGHTS_ISSUE', 'BLTD', '4000', '5'),
        tx('2016-03-15', 'SELL', 'BLTD', '600', '6', '30'),
      ],
      { kind: 'company' },
    );
    const d = disposalOn(c, '2016-03-15');
    expect(d.matches[0].cost.toString()).toBe('2900');
    expect(d.indexationAllowance.toString()).toBe('137.6852');
    expect(d.gain.toString()).toBe('532.3148');
    expect(pence(d.gain)).toBe('532.31');
    expect(pool(c, 'BLTD').indexedCost!.toString()).toBe('27339.1668');
  });
});

describe('indexation from March 1982 (RPI before 1987: CG17274; losses before 30 November 1993: CG17700)', () => {
  it("when RPI months before January 1987 are used, then the factors are HMRC's published ones", () => {
    // RPI before January 1987 is the January 1974 = 100 series divided by 3.945 (CG17274): March 1982 313.4 -> 79.44.
    // Inland Revenue Press Release 158/96 (September 1996, RPI 153.8) gives the indexed rise from March 1982 as
    // 0.936 ((153.8 - 79.44) / 79.44 = 0.93605), from April 1982 0.898, January 1983 0.862, December 1986 0.544.
    const factor = (from: string) => indexationFactor(rpi, from, '1996-09', 'three-decimal-places')!.toString();
    expect(rpi.get('1982-03')!.toString()).toBe('79.44');
    expect([factor('1982-03'), factor('1982-04'), factor('1983-01'), factor('1986-12')]).toEqual([
      '0.936',
      '0.898',
      '0.862',
      '0.544',
    ]);
  });

  // A company buys 1,000 shares for £1,000. Sold in June 1993 (RPI 141.0): indexed rise from March 1982 (79.44) =
  // 61.56 / 79.44 = 0.77492 -> 0.775: indexation allowance £775.
  const sale = (bought: string, sold: string, price: string) =>
    disposalOn(
      compute([tx(bought, 'BUY', 'OLD', '1000', '1'), tx(sold, 'SELL', 'OLD', '1000', price)], { kind: 'company' }),
      sold,
    );

  it('when a company disposes before 30 November 1993, then indexation may turn a gain into a loss or increase a loss', () => {
    // Proceeds £1,200: unindexed gain £200; indexation £775 in full: a loss of £575.
    const gainToLoss = sale('1982-03-15', '1993-06-15', '1.20');
    expect(gainToLoss.indexationAllowance.toString()).toBe('775');
    expect(pence(gainToLoss.gain)).toBe('-575.00');
    // Proceeds £900: unindexed loss £100, increased by £775 to £875.
    const biggerLoss = sale('1982-03-15', '1993-06-15', '0.90');
    expect(pence(biggerLoss.gain)).toBe('-875.00');
  });

  it('when shares bought before March 1982 are disposed of, then they are indexed from March 1982', () => {
    // Bought June 1980: indexed from March 1982 all the same, £775 to June 1993, a loss of £575 on £1,200.
    expect(pence(sale('1980-06-02', '1993-06-15', '1.20').gain)).toBe('-575.00');
  });

  it('when a company disposes on or after 30 November 1993, then indexation is restricted to the unindexed gain', () => {
    // December 1993 (RPI 141.9): 62.46 / 79.44 = 0.78625 -> 0.786, £786, restricted to the £200 gain: gain nil.
    const d = sale('1982-03-15', '1993-12-01', '1.20');
    expect(d.indexationAllowance.toString()).toBe('200');
    expect(d.gain.toString()).toBe('0');
  });
});
