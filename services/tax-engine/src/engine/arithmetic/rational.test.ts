import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PennySum, Rational } from './rational';

const q = (s: string) => Rational.parse(s);

describe('Rational', () => {
  it('when decimals are parsed and added, then the result is exact (0.1 + 0.2 = 0.3)', () => {
    expect(q('0.1').add(q('0.2')).eq(q('0.3'))).toBe(true);
    expect(q('0.1').add(q('0.2')).toString()).toBe('0.3');
  });

  it('when cost is apportioned by a non-terminating fraction, then nothing is lost: 6280 x 700/1500 + 6280 x 800/1500 = 6280', () => {
    const cost = q('6280');
    const sold = cost.mul(q('700')).div(q('1500'));
    const left = cost.sub(sold);
    expect(sold.toFraction()).toBe('8792/3');
    expect(left.toFraction()).toBe('10048/3');
    expect(sold.add(left).eq(cost)).toBe(true);
  });

  it('when values leave the safe-integer range, then BigInt keeps them exact and they come back when they fit', () => {
    const big = q('9007199254740991').mul(q('1000'));
    expect(big.isBig()).toBe(true);
    expect(big.toString()).toBe('9007199254740991000');
    const back = big.div(q('1000'));
    expect(back.isBig()).toBe(false);
    expect(back.toString()).toBe('9007199254740991');
    const tiny = q('1').div(q('9007199254740991')).div(q('7'));
    expect(tiny.mul(q('7')).mul(q('9007199254740991')).eq(Rational.ONE)).toBe(true);
  });

  it('when many awkward fractions are summed, then the sum equals the exact total', () => {
    let total = Rational.ZERO;
    for (let i = 1; i <= 60; i++) total = total.add(Rational.of(1, i * (i + 1)));
    // Telescoping: sum 1/(i(i+1)) = 1 - 1/61.
    expect(total.eq(Rational.of(60, 61))).toBe(true);
    expect(total.toFraction()).toBe('60/61');
  });

  it('when any value is written to dp places, then it is n/d rounded half away from zero (fast-check, against BigInt)', () => {
    // The reference: |n| x 10^dp / d rounded half up is floor((2 |n| 10^dp + d) / 2d), then the sign.
    const reference = (n: bigint, d: bigint, dp: number) => {
      const an = (n < 0n ? -n : n) * 10n ** BigInt(dp);
      const q = (2n * an + d) / (2n * d);
      const digits = q.toString().padStart(dp + 1, '0');
      const text = dp === 0 ? digits : `${digits.slice(0, digits.length - dp)}.${digits.slice(digits.length - dp)}`;
      return n < 0n && q !== 0n ? `-${text}` : text;
    };
    const big = fc.bigInt({ min: -(2n ** 200n), max: 2n ** 200n });
    const safe = fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }).map(BigInt);
    const small = fc.integer({ min: -1_000_000, max: 1_000_000 }).map(BigInt);
    const numerator = fc.oneof(small, safe, big);
    const denominator = fc.oneof(
      fc.integer({ min: 1, max: 1000 }).map(BigInt),
      fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }).map(BigInt),
      fc.bigInt({ min: 1n, max: 2n ** 200n }),
      fc.constantFrom(2n, 8n, 200n, 400n, 2000n),
    );
    fc.assert(
      fc.property(numerator, denominator, fc.integer({ min: 0, max: 8 }), (n, d, dp) => {
        const r = Rational.parse(n.toString()).div(Rational.parse(d.toString()));
        expect(r.toFixed(dp)).toBe(reference(n, d, dp));
      }),
      { numRuns: 3000 },
    );
  });

  it('when money is presented, then it is rounded half away from zero to the penny', () => {
    expect(q('1674.666666').toFixed(2)).toBe('1674.67');
    expect(Rational.of(5024, 3).toFixed(2)).toBe('1674.67');
    expect(q('0.005').toFixed(2)).toBe('0.01');
    expect(q('-0.005').toFixed(2)).toBe('-0.01');
    expect(q('0.004999').toFixed(2)).toBe('0.00');
    expect(q('-0.004').toFixed(2)).toBe('0.00');
    expect(q('329').toFixed(2)).toBe('329.00');
    expect(Rational.of(988, 3).roundTo(0, 'floor').toFixed(0)).toBe('329');
    expect(Rational.of(-988, 3).roundTo(0, 'ceil').toFixed(0)).toBe('-329');
  });

  it('when text is not a number, then tryParse returns null', () => {
    for (const bad of ['', 'abc', '1.2.3', '1e5', '--1', '.']) expect(Rational.tryParse(bad)).toBeNull();
    expect(q('1,234.50').toString()).toBe('1234.5');
    expect(q('3/4').toString()).toBe('0.75');
    expect(q('12345678901234567890.123').toString()).toBe('12345678901234567890.123');
  });

  it('when compared, then order is exact even for large values', () => {
    const a = Rational.of(1, 3);
    const b = q('0.333333333333333333333333');
    expect(a.gt(b)).toBe(true);
    expect(Rational.min(a, b)).toBe(b);
  });

  it('when sums cross the safe-integer boundary (2^53 - 1 = 9007199254740991), then they go to BigInt exactly and come back to numbers', () => {
    const max = Rational.of(9007199254740991);
    // 2^53 - 1 + 1 = 2^53 = 9007199254740992; + 1 = 9007199254740993 (a double would give 2^53 again).
    const over = max.add(Rational.ONE);
    expect(over.isBig()).toBe(true);
    expect(over.toString()).toBe('9007199254740992');
    expect(over.add(Rational.ONE).toString()).toBe('9007199254740993');
    expect(over.sub(Rational.ONE).isBig()).toBe(false);
    expect(over.sub(Rational.ONE).eq(max)).toBe(true);
    // (2^53 + 1)/2 - 1/2 = 2^53/2 = 2^52 = 4503599627370496: big - small, back to the number form.
    const back = Rational.fromBigInts(9007199254740993n, 2n).sub(Rational.of(1, 2));
    expect(back.isBig()).toBe(false);
    expect(back.toString()).toBe('4503599627370496');
    // A large numerator that the (above-int32) denominator divides exactly: 4294967311 x 2^40 / 4294967311 = 2^40.
    expect(Rational.fromBigInts(4294967311n * (1n << 40n), 4294967311n).toString()).toBe('1099511627776');
    // gcd(6,000,000,000, 4,000,000,000) = 2,000,000,000 (both above int32): 6e9/4e9 = 3/2.
    expect(Rational.of(6_000_000_000, 4_000_000_000).toFraction()).toBe('3/2');
  });

  it('when a fraction is reduced, then the gcd is exact on both sides of the small-gcd table (below 128) and above int32', () => {
    const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));
    const check = (n: number, d: number) => {
      const g = gcd(BigInt(n), BigInt(d));
      expect(Rational.of(n, d).toFraction()).toBe(
        g === BigInt(d) ? `${BigInt(n) / g}` : `${BigInt(n) / g}/${BigInt(d) / g}`,
      );
    };
    for (let n = 1; n <= 300; n++) for (let d = 1; d <= 300; d++) check(n, d);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 40 }),
        fc.integer({ min: 1, max: 2 ** 40 }),
        fc.integer({ min: 1, max: 4096 }),
        (a, b, k) => {
          check(a, b);
          if (a * k <= Number.MAX_SAFE_INTEGER && b * k <= Number.MAX_SAFE_INTEGER) check(a * k, b * k);
        },
      ),
    );
  });

  it('when adding, then the common factor of the denominators is used (Henrici) and the result is in lowest terms', () => {
    // 1/6 + 1/10: g = gcd(6, 10) = 2; (1 x 5 + 1 x 3) / 30 = 8/30 = 4/15.
    expect(Rational.of(1, 6).add(Rational.of(1, 10)).toFraction()).toBe('4/15');
    // 3/4 - 1/4 = 2/4 = 1/2 (same denominator); 7/12 + 5/12 = 1.
    expect(Rational.of(3, 4).sub(Rational.of(1, 4)).toFraction()).toBe('1/2');
    expect(Rational.of(7, 12).add(Rational.of(5, 12)).toFraction()).toBe('1');
    // BigInt + small: n = 2^60 + 1 = 1152921504606846977 (n = 2 mod 5, odd). n/10 + 1/15: g = 5;
    //   (3n + 2) / 30 = 3458764513820540933/30, already in lowest terms (3n + 2 = 2 mod 3, 3 mod 5, odd).
    const big = Rational.fromBigInts(1152921504606846977n, 10n);
    expect(big.isBig()).toBe(true);
    expect(big.add(Rational.of(1, 15)).toFraction()).toBe('3458764513820540933/30');
    expect(Rational.of(1, 15).add(big).toFraction()).toBe('3458764513820540933/30');
    expect(big.add(Rational.of(1, 15)).sub(Rational.of(1, 15)).eq(big)).toBe(true);
  });

  it('when a decimal is added to a large value whose denominator it divides, then the sum is exact even if left unreduced', () => {
    // x = (2^70 + 3) / (5 x 2^62): the numerator is odd and 2^70 + 3 = 4 + 3 = 2 (mod 5), so lowest terms.
    const b = 5n * (1n << 62n);
    const x = Rational.fromBigInts((1n << 70n) + 3n, b);
    // x + 2/5 = (2^70 + 3 + 2 x 2^62) / (5 x 2^62); 2^70 + 3 + 2^63 = 4 + 3 + 3 = 0 (mod 5), so the sum is
    // (2^70 + 3 + 2^63) / 5 over 2^62 in lowest terms. The engine may keep it over 5 x 2^62; its value is that.
    const sum = x.add(Rational.of(2, 5));
    expect(sum.toFraction()).toBe(`${((1n << 70n) + 3n + (1n << 63n)) / 5n}/${1n << 62n}`);
    expect(sum.eq(Rational.fromBigInts(((1n << 70n) + 3n + (1n << 63n)) / 5n, 1n << 62n))).toBe(true);
    // Less the same 2/5 it is x again, exactly; and x + 1/5 (2^70 + 3 + 2^62 = 1 mod 5) is already in lowest terms.
    expect(sum.sub(Rational.of(2, 5)).eq(x)).toBe(true);
    expect(x.add(Rational.of(1, 5)).toFraction()).toBe(`${(1n << 70n) + 3n + (1n << 62n)}/${b}`);
  });

  it('when two large values are multiplied, then a moderate factor (a quantity past 2^53 after many splits) is still cancelled', () => {
    // a = 3^60 / 2^100 (lowest terms), b = 2^90 / 5^30: a x b = 3^60 / (2^10 x 5^30), the 2^90 cancelled across.
    const a = Rational.fromBigInts(3n ** 60n, 1n << 100n);
    const b = Rational.fromBigInts(1n << 90n, 5n ** 30n);
    const p = a.mul(b);
    expect(p.bd).toBe(1024n * 5n ** 30n);
    expect(p.toFraction()).toBe(`${3n ** 60n}/${1024n * 5n ** 30n}`);
  });

  it('when values with large unrelated denominators are summed, then the sum is exact over their product', () => {
    // 1/(2^60 + 1) + 1/(2^61 - 1): coprime denominators, so (2^61 - 1 + 2^60 + 1) / ((2^60 + 1)(2^61 - 1)).
    const d1 = (1n << 60n) + 1n;
    const d2 = (1n << 61n) - 1n;
    const sum = Rational.fromBigInts(1n, d1).add(Rational.fromBigInts(1n, d2));
    expect(sum.toFraction()).toBe(`${(1n << 61n) + (1n << 60n)}/${d1 * d2}`);
    // And back: the sum less one term is the other, exactly.
    expect(sum.sub(Rational.fromBigInts(1n, d1)).eq(Rational.fromBigInts(1n, d2))).toBe(true);
  });

  it('when multiplying and dividing, then factors are cancelled across first (cost x sold / held stays in lowest terms)', () => {
    // n/10 x 15/7 = n x 3 / (2 x 7) = 3458764513820540931/14.
    const big = Rational.fromBigInts(1152921504606846977n, 10n);
    expect(big.mul(Rational.of(15, 7)).toFraction()).toBe('3458764513820540931/14');
    // n/10 x 700/1500 = 7n/150 = 8070450532247928839/150.
    expect(big.mulDiv(Rational.of(700), Rational.of(1500)).toFraction()).toBe('8070450532247928839/150');
    expect(Rational.of(6280).mulDiv(Rational.of(700), Rational.of(1500)).toFraction()).toBe('8792/3');
    // (3/4) / (-9/8) = -(3 x 8)/(4 x 9) = -2/3.
    expect(Rational.of(3, 4).div(Rational.of(-9, 8)).toFraction()).toBe('-2/3');
    // Taken + kept = the whole, exactly, for a BigInt cost: n/10 x 7/15 + n/10 x 8/15 = n/10.
    const taken = big.mulDiv(Rational.of(700), Rational.of(1500));
    const kept = big.mulDiv(Rational.of(800), Rational.of(1500));
    expect(taken.add(kept).eq(big)).toBe(true);
  });

  it('when a cost is split for a part disposal, then both parts are the mulDiv products in lowest terms', () => {
    // HS284 Example 3: a pool of 1,500 shares costing 6,280; 700 sold: 6280 x 700/1500 = 8792/3, left 6280 x 800/1500 = 10048/3.
    const [taken, left] = Rational.of(6280).split(Rational.of(700), Rational.of(1500));
    expect(taken.toFraction()).toBe('8792/3');
    expect(left.toFraction()).toBe('10048/3');
    // A BigInt cost n/10 (n = 2^60 + 1): n/10 x 7/15 = 7n/150 and n/10 x 8/15 = 8n/150 = 4n/75.
    const big = Rational.fromBigInts(1152921504606846977n, 10n);
    const [bigTaken, bigLeft] = big.split(Rational.of(700), Rational.of(1500));
    expect(bigTaken.toFraction()).toBe('8070450532247928839/150');
    expect(bigLeft.toFraction()).toBe('4611686018427387908/75');
    // Fractional quantities (a joint holding's half shares): 100 x 2.5/7.5 = 100/3, left 200/3.
    const [halfTaken, halfLeft] = Rational.of(100).split(q('2.5'), q('7.5'));
    expect([halfTaken.toFraction(), halfLeft.toFraction()]).toEqual(['100/3', '200/3']);
    // Nothing taken: nil, and the whole left (a BigInt cost too).
    expect(big.split(Rational.ZERO, Rational.of(1500))).toEqual([Rational.ZERO, big]);
    expect(Rational.of(6280).split(Rational.ZERO, Rational.of(1500))[0]).toBe(Rational.ZERO);
  });

  it('when split is given any value and ratio, then it agrees with mulDiv exactly (property)', () => {
    const value = fc.oneof(
      fc
        .tuple(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 1, max: 1e6 }))
        .map(([n, d]) => Rational.of(n, d)),
      fc
        .tuple(fc.bigInt({ min: -(1n << 90n), max: 1n << 90n }), fc.bigInt({ min: 1n, max: 1n << 80n }))
        .map(([n, d]) => Rational.fromBigInts(n, d)),
    );
    const ratio = fc
      .tuple(fc.integer({ min: 1, max: 1e7 }), fc.integer({ min: 1, max: 1e7 }), fc.constantFrom(1, 2, 4, 100))
      .filter(([a, b]) => a !== b)
      .map(([a, b, d]) => {
        const [small, large] = a < b ? [a, b] : [b, a];
        return [Rational.of(small, d), Rational.of(large, d)] as const;
      });
    fc.assert(
      fc.property(value, ratio, (v, [a, total]) => {
        const [taken, left] = v.split(a, total);
        const expectedTaken = v.mulDiv(a, total);
        const expectedLeft = v.mulDiv(total.sub(a), total);
        return (
          taken.toFraction() === expectedTaken.toFraction() &&
          left.toFraction() === expectedLeft.toFraction() &&
          taken.add(left).eq(v)
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('when both denominators are large, then the sum is exact (reduced lazily)', () => {
    // x = 1/(2^60 + 1), y = 1/(2^61 + 1): coprime denominators; x + y - y = x and (x + y) x (2^60 + 1) x (2^61 + 1) = 2^60 + 2^61 + 2.
    const x = Rational.fromBigInts(1n, 1152921504606846977n);
    const y = Rational.fromBigInts(1n, 2305843009213693953n);
    const s = x.add(y);
    expect(s.sub(y).eq(x)).toBe(true);
    expect(
      s
        .mul(Rational.fromBigInts(1152921504606846977n, 1n))
        .mul(Rational.fromBigInts(2305843009213693953n, 1n))
        .toString(),
    ).toBe('3458764513820540930');
  });

  it('when an unreduced sum passes 2^1024, then it is reduced and stays exact', () => {
    // 1/(2^60 + k), k = 1..20: each denominator is above 2^53, so the running sum is kept unreduced until its
    // denominator (a product of up to 20 61-bit numbers, about 1,220 bits) passes 2^1024; then it is reduced.
    const terms = Array.from({ length: 20 }, (_, k) => Rational.fromBigInts(1n, (1n << 60n) + BigInt(k + 1)));
    const sum = terms.reduce((s, t) => s.add(t), Rational.ZERO);
    expect(sum.isBig()).toBe(true);
    expect(
      [...terms]
        .reverse()
        .reduce((s, t) => s.sub(t), sum)
        .isZero(),
    ).toBe(true);
    // Bounds: 20/(2^60 + 20) < sum < 20/(2^60 + 1).
    expect(
      sum.gt(Rational.fromBigInts(20n, (1n << 60n) + 20n)) && sum.lt(Rational.fromBigInts(20n, (1n << 60n) + 1n)),
    ).toBe(true);
  });

  it('when decimals are parsed, then the one-pass parse and the general one agree', () => {
    expect(q('-0.50').toFraction()).toBe('-1/2');
    expect(q('00012.3400').toFraction()).toBe('617/50');
    expect(q('9007199254740991').isBig()).toBe(false);
    expect(q('9007199254740992').toString()).toBe('9007199254740992');
    // 16 decimal places: the general parse, still exact.
    expect(q('0.1234567890123456').toFraction()).toBe('19290123283179/156250000000000');
    expect(q(' 12.5 ').toString()).toBe('12.5');
    expect(q('+3').toString()).toBe('3');
    expect(q('-0').isZero()).toBe(true);
  });
});

describe('money to the penny', () => {
  it('when a value is taken to the penny, then it is what toFixed(2) prints, half away from zero', () => {
    expect(Rational.parse('0.005').toPennies().toString()).toBe('0.01');
    expect(Rational.parse('-0.005').toPennies().toString()).toBe('-0.01');
    expect(Rational.parse('988/3').toPennies().toString()).toBe('329.33');
    expect(Rational.parse('12.5').toPennies().toString()).toBe('12.5');
    const big = Rational.fromBigInts(10n ** 40n + 1n, 3n * 10n ** 20n);
    expect(big.toPennies().toFixed(2)).toBe(big.toFixed(2));
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.bigInt({ min: 1n, max: 10n ** 25n }),
        (n, d) => {
          const r = Rational.fromBigInts(n, d);
          expect(r.toPennies().toFixed(2)).toBe(r.toFixed(2));
          expect(r.toPennies().mul(Rational.fromInt(100)).isInteger()).toBe(true);
        },
      ),
    );
  });

  it('when a value is counted in pennies, then it is its penny line in pennies (NaN past the safe integers)', () => {
    const check = (r: Rational) => {
      const line = r.toPennies().pennies();
      const pennies = r.roundedPennies();
      if (Number.isNaN(line)) expect(pennies).toBeNaN();
      else expect(pennies).toBe(line);
    };
    for (const s of ['0.005', '-0.005', '988/3', '-988/3', '12.5', '1/7', '-1/200', '0']) check(q(s));
    check(Rational.fromInt(Number.MAX_SAFE_INTEGER));
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.bigInt({ min: 1n, max: 10n ** 18n }), (n, d) =>
        check(Rational.fromBigInts(n, d)),
      ),
    );
    fc.assert(fc.property(fc.integer(), fc.integer({ min: 1, max: 1e6 }), (n, d) => check(q(`${n}/${d}`))));
  });

  it('when money lines are summed, then the total is the sum of each line to the penny', () => {
    const sum = new PennySum();
    for (const line of ['988/3', '901/3', '-1/200', '0.004']) sum.add(Rational.parse(line));
    // 329.33 + 300.33 - 0.01 + 0.00
    expect(sum.value().toString()).toBe('629.65');
    const huge = new PennySum();
    huge.add(Rational.fromInt(Number.MAX_SAFE_INTEGER));
    huge.add(Rational.fromInt(Number.MAX_SAFE_INTEGER));
    expect(huge.value().toString()).toBe(String(2n * BigInt(Number.MAX_SAFE_INTEGER)));
  });
});
