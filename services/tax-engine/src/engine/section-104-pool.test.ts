import { describe, expect, it } from 'vitest';
import { Rational } from './arithmetic';
import { Section104Pool } from './section-104-pool';

const bits = (r: Rational) => (r.bd ?? BigInt(r.d)).toString(2).length;

describe('the Section 104 pool', () => {
  it('when quantities with large denominators are added and taken again and again, then the quantity stays exact and its denominator bounded', () => {
    // 3^200 (318 bits) as a denominator: shares after a long run of 1-for-3 consolidations.
    let third = Rational.ONE;
    for (let i = 0; i < 200; i++) third = third.mul(Rational.of(1, 3));
    const pool = new Section104Pool('X', null);
    let expected = Rational.ZERO;
    for (let k = 1; k <= 120; k++) {
      // k/3^200 in, and every third time (k - 1)/(2 x 3^200) out: the exact figure is the running sum.
      const quantity = third.mul(Rational.of(k * 1000));
      pool.add(quantity, Rational.of(k));
      expected = expected.add(quantity);
      if (k % 3 === 0) {
        const sold = third.mul(Rational.of((k - 1) * 500));
        pool.remove(sold);
        expected = expected.sub(sold);
      }
    }
    expect(pool.quantity.eq(expected)).toBe(true);
    // In lowest terms the denominator divides 2 x 3^200; left unreduced it would be a product of 160 of them.
    expect(bits(pool.quantity)).toBeLessThanOrEqual(2 * 319);
  });
});
