import { describe, expect, it } from 'vitest';
import { Rational } from './rational';

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
});
