import { describe, expect, it } from 'vitest';
import { canonicalDecimal, compare, decimalProblem, divide, multiply, sum } from './decimal-rules';

describe('exact decimals', () => {
  it('when multiplied or divided, then the result is rounded half up at the scale asked, never through a float', () => {
    expect(multiply('0.1', '3', 2)).toBe('0.30');
    expect(multiply('150.5', '2.5', 2)).toBe('376.25');
    expect(multiply('1.005', '1', 2)).toBe('1.01');
    expect(multiply('123456789012.3456', '1.2345', 2)).toBe('152407406035.74');
    expect(divide('3.33', '1.25', 2)).toBe('2.66');
    expect(divide('1', '0.855', 10)).toBe('1.1695906433');
    expect(divide('-1', '3', 4)).toBe('-0.3333');
    expect(sum(['33.333333', '33.333333', '33.333334'], 6)).toBe('100.000000');
  });

  it('when checked, then the problem names the field and the rule', () => {
    expect(decimalProblem('quantity', '10', 8, 'positive')).toBeUndefined();
    expect(decimalProblem('quantity', '0.000', 8, 'positive')).toBe('quantity must be more than 0');
    expect(decimalProblem('quantity', '-1', 8)).toBe('quantity must not be negative');
    expect(decimalProblem('quantity', '1.123456789', 8)).toBe('quantity must have at most 8 decimal places');
    expect(decimalProblem('price', '1e3', 8)).toBe('price must be a decimal number such as 12.34');
    expect(decimalProblem('price', '0', 8)).toBeUndefined();
  });

  it('when written back, then needless zeros go and order compares exactly', () => {
    expect(canonicalDecimal('0100.2500')).toBe('100.25');
    expect(canonicalDecimal('-0.000')).toBe('0');
    expect(compare('0.1', '0.10')).toBe(0);
    expect(compare('2', '10')).toBe(-1);
  });
});
