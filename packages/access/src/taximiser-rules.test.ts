import { describe, expect, it } from 'vitest';
import { disposalAmountProblem, percentProblem, planAmountProblem, pricePerShareProblem } from './taximiser-rules';

describe('the Taximiser input rules (seed 000 §5)', () => {
  it('a disposal amount: required, a number, from 0.0001 up to the quantity held', () => {
    expect(disposalAmountProblem('', '1500')).toBe('Disposal amount is required');
    expect(disposalAmountProblem('ten', '1500')).toBe('Disposal amount must be a number, such as 12.5');
    expect(disposalAmountProblem('0.00009', '1500')).toBe('Disposal amount must be at least 0.0001');
    expect(disposalAmountProblem('1500.0001', '1500')).toBe('Disposal amount must not be more than the 1,500 held');
    expect(disposalAmountProblem('0.0001', '1500')).toBeNull();
    expect(disposalAmountProblem('1,500', '1500')).toBeNull();
  });

  it('a price per share: required, a number, 0 or more', () => {
    expect(pricePerShareProblem(undefined)).toBe('Price per share is required');
    expect(pricePerShareProblem('-0.01')).toBe('Price per share must be at least 0');
    expect(pricePerShareProblem('0')).toBeNull();
  });

  it('a percent: from 0.000001 to 100, named as the field it is', () => {
    expect(percentProblem('0')).toBe('Disposal percent must be at least 0.000001');
    expect(percentProblem('100.5')).toBe('Disposal percent must not be more than 100');
    expect(percentProblem('0.000001')).toBeNull();
    expect(percentProblem('', 'Budget percent')).toBe('Budget percent is required');
  });

  it('a cash or gain target: from 0.01 to a trillion pounds', () => {
    expect(planAmountProblem('0', 'Proceeds to raise')).toBe('Proceeds to raise must be at least 0.01');
    expect(planAmountProblem('2000000000000', 'Gain budget')).toBe(
      'Gain budget must not be more than £1,000,000,000,000',
    );
    expect(planAmountProblem('2500.00', 'Gain budget')).toBeNull();
  });
});
