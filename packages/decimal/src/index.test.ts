import { describe, expect, it } from 'vitest';
import {
  addDecimal,
  compareDecimal,
  divideDecimal,
  plainDecimal,
  isDecimal,
  multiplyDecimal,
  percentOfDecimal,
  roundDecimal,
  shiftDecimal,
  signOfDecimal,
  subtractDecimal,
  sumDecimals,
} from './index';

describe('decimal', () => {
  it('when two money figures are added, then the sum is exact where binary floats are not', () => {
    // 0.1 + 0.2 is 0.30000000000000004 as floats
    expect(addDecimal('0.1', '0.2')).toBe('0.3');
    expect(addDecimal('1,234.50', '-0.505')).toBe('1233.995');
    expect(sumDecimals(['10.01', '20.02', '-5.005'])).toBe('25.025');
    expect(sumDecimals([])).toBe('0');
  });

  it('when one figure is taken from another, then the sign follows the result', () => {
    expect(subtractDecimal('100', '250.75')).toBe('-150.75');
    expect(subtractDecimal('0.30', '0.3')).toBe('0.00');
  });

  it('when a quantity is multiplied by a price, then every digit is kept', () => {
    // 1,500.1234 x 2.5678 = 3,852.0868 6652 (worked by hand: 15001234 x 25678 = 385201686652, 8 places)
    expect(multiplyDecimal('1500.1234', '2.5678')).toBe('3852.01686652');
    expect(multiplyDecimal('-3', '0.25')).toBe('-0.75');
  });

  it('when rounded half-up, then halves go away from zero; rounded down, they are cut toward zero', () => {
    expect(roundDecimal('2.345', 2)).toBe('2.35');
    expect(roundDecimal('-2.345', 2)).toBe('-2.35');
    expect(roundDecimal('2.344999', 2)).toBe('2.34');
    expect(roundDecimal('7', 4)).toBe('7.0000');
    expect(roundDecimal('2.34999', 2, 'down')).toBe('2.34');
    expect(roundDecimal('-2.34999', 2, 'down')).toBe('-2.34');
    expect(roundDecimal('-0.001', 2)).toBe('0.00');
  });

  it('when a percent of a quantity is asked, then it is quantity / 100 x percent to 4 places, rounded down', () => {
    // 1,234.5678 x 10% = 123.45678 -> 123.4567
    expect(percentOfDecimal('1234.5678', '10', 4)).toBe('123.4567');
    // 333 x 33.333333% = 110.99999889 -> 110.9999
    expect(percentOfDecimal('333', '33.333333', 4)).toBe('110.9999');
    expect(percentOfDecimal('100', '100', 4)).toBe('100.0000');
    expect(shiftDecimal('12345', 2)).toBe('123.45');
  });

  it('when the text is not a plain decimal, then it is refused', () => {
    expect(isDecimal('12.5')).toBe(true);
    expect(isDecimal('1,000.25')).toBe(true);
    expect(isDecimal('1e3')).toBe(false);
    expect(isDecimal('')).toBe(false);
    expect(isDecimal('abc')).toBe(false);
    expect(() => addDecimal('x', '1')).toThrow('Not a decimal');
    expect(signOfDecimal('-0.00')).toBe(0);
    expect(signOfDecimal('-0.01')).toBe(-1);
  });
});

describe('division and order', () => {
  it('divides to the places asked, half up or down, either sign', () => {
    expect(divideDecimal('10', '3', 4)).toBe('3.3333');
    expect(divideDecimal('2', '3', 4)).toBe('0.6667');
    expect(divideDecimal('2', '3', 4, 'down')).toBe('0.6666');
    expect(divideDecimal('-2', '3', 2)).toBe('-0.67');
    expect(divideDecimal('1.5', '-0.25', 0)).toBe('-6');
    expect(divideDecimal('0.125', '1', 2)).toBe('0.13');
    expect(() => divideDecimal('1', '0.00', 2)).toThrow(/zero/);
  });

  it('orders two decimals exactly', () => {
    expect(compareDecimal('1.10', '1.1')).toBe(0);
    expect(compareDecimal('-0.01', '0')).toBe(-1);
    expect(compareDecimal('100', '99.999999')).toBe(1);
    // the Taximiser's limits (@gains/access) at their edges
    expect(compareDecimal('0.0001', '0.0001000')).toBe(0);
    expect(compareDecimal('0.00009999', '0.0001')).toBe(-1);
    expect(compareDecimal('1234.5678', '1234.56779999')).toBe(1);
    expect(compareDecimal('99.9999999', '100')).toBe(-1);
    expect(compareDecimal('-2', '1')).toBe(-1);
    expect(compareDecimal('-2', '-10')).toBe(1);
    expect(compareDecimal('007', '7.0')).toBe(0);
  });
});

describe('a decimal shown plainly', () => {
  it('drops the fraction’s trailing zeros and nothing else', () => {
    expect(plainDecimal('400.00000000')).toBe('400');
    expect(plainDecimal('26.250')).toBe('26.25');
    expect(plainDecimal('-0.500')).toBe('-0.5');
    expect(plainDecimal('1200')).toBe('1200');
  });
});
