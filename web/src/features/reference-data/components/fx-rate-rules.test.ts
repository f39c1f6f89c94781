import { describe, expect, it } from 'vitest';
import { FX_MESSAGES, fxRateProblem } from './fx-rate-rules';

describe('an FX rate as typed', () => {
  it('when it is a decimal above zero, then it is accepted as text', () => {
    expect(fxRateProblem('0.7912')).toBeUndefined();
    expect(fxRateProblem('1.2345678901')).toBeUndefined();
  });

  it('when it is empty, zero, negative or too precise, then the field and the rule are named', () => {
    expect(fxRateProblem(' ')).toBe(FX_MESSAGES.rateRequired);
    for (const rate of ['0', '-0.5', '1.23456789012', '0,79']) expect(fxRateProblem(rate)).toBe(FX_MESSAGES.rateFormat);
  });
});
