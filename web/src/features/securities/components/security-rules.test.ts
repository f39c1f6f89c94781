import { describe, expect, it } from 'vitest';
import {
  SECURITY_MESSAGES,
  defaultCgtClass,
  isinCheckDigit,
  isinProblem,
  priceProblem,
  sedolCheckDigit,
  sedolProblem,
} from './security-rules';

describe('SEDOL check digits', () => {
  it('when a published SEDOL is given, then it is valid', () => {
    for (const sedol of ['0263494', 'B0YBKJ7', 'B0YBLH2', '2936921', '0798059'])
      expect(sedolProblem(sedol)).toBeUndefined();
    expect(sedolCheckDigit('026349')).toBe(4);
  });

  it('when the check digit is wrong, then the message names SEDOL, the rule and the digit it needs', () => {
    expect(sedolProblem('0263495')).toBe('SEDOL check digit is wrong: 026349 needs 4');
  });

  it('when it is empty, has a vowel or the wrong length, then the field and the rule are named', () => {
    expect(sedolProblem('  ')).toBe(SECURITY_MESSAGES.sedolRequired);
    expect(sedolProblem('A263494')).toBe(SECURITY_MESSAGES.sedolFormat);
    expect(sedolProblem('026349')).toBe(SECURITY_MESSAGES.sedolFormat);
  });

  it('when typed in lower case with spaces around, then it is read as upper case', () => {
    expect(sedolProblem(' b0ybkj7 ')).toBeUndefined();
  });
});

describe('ISIN check digits', () => {
  it('when a published ISIN is given, then it is valid', () => {
    for (const isin of ['US0378331005', 'GB0002634946', 'GB00B03MLX29', 'AU0000XVGZA3', 'DE000BAY0017'])
      expect(isinProblem(isin)).toBeUndefined();
    expect(isinCheckDigit('US037833100')).toBe(5);
  });

  it('when the check digit is wrong, then the message names ISIN, the rule and the digit it needs', () => {
    expect(isinProblem('US0378331006')).toBe('ISIN check digit is wrong: US037833100 needs 5');
    expect(isinProblem('GB0002634947')).toMatch(/^ISIN check digit is wrong/);
  });

  it('when it is empty or badly formed, then the field and the rule are named', () => {
    expect(isinProblem('')).toBe(SECURITY_MESSAGES.isinRequired);
    expect(isinProblem('1S0378331005')).toBe(SECURITY_MESSAGES.isinFormat);
    expect(isinProblem('US03783310')).toBe(SECURITY_MESSAGES.isinFormat);
  });
});

describe('prices as typed', () => {
  it('when a plain decimal above zero is typed, then it is accepted as text', () => {
    for (const price of ['1', '0.0001', '123.45678901'.slice(0, 12), '10.10'])
      expect(priceProblem(price)).toBeUndefined();
  });

  it('when it is empty, zero, negative, in exponent form or too precise, then the rule is named', () => {
    expect(priceProblem('')).toBe(SECURITY_MESSAGES.priceRequired);
    for (const price of ['0', '0.000', '-1', '1e3', '1.123456789', '1,000', 'abc'])
      expect(priceProblem(price)).toBe(SECURITY_MESSAGES.priceFormat);
  });
});

describe('the CGT class of an asset class', () => {
  it('when a gilt, QCB or non-reporting fund is chosen, then it is exempt or an income gain; else capital', () => {
    expect(defaultCgtClass('GILT')).toBe('EXEMPT');
    expect(defaultCgtClass('QUALIFYING_CORPORATE_BOND')).toBe('EXEMPT');
    expect(defaultCgtClass('NON_REPORTING_OFFSHORE_FUND')).toBe('INCOME_GAIN');
    expect(defaultCgtClass('EQUITY')).toBe('CAPITAL');
    expect(defaultCgtClass('REPORTING_OFFSHORE_FUND')).toBe('CAPITAL');
  });
});
