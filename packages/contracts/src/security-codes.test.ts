import { describe, expect, it } from 'vitest';
import { isinFromSedol, isinProblem, isValidIsin, isValidSedol, sedolProblem } from './security-codes';

describe('SEDOL check digits', () => {
  it('when a published SEDOL is checked, then it is valid', () => {
    // BAE Systems 0263494, a modern letter-led SEDOL B0YBKJ7, Vodafone BH4HKS3, Shell B03MLX2.
    for (const s of ['0263494', 'B0YBKJ7', 'BH4HKS3', 'B03MLX2', '0798059']) expect(isValidSedol(s)).toBe(true);
  });
  it('when a check digit, a character or the length is wrong, then the rule is named', () => {
    expect(sedolProblem('0263495')).toBe('SEDOL check digit is wrong');
    expect(sedolProblem('B0YBKJ1')).toBe('SEDOL check digit is wrong');
    expect(sedolProblem('A0YBKJ7')).toMatch(/no vowels/);
    expect(sedolProblem('026349')).toBe('SEDOL must be 7 characters');
    expect(sedolProblem('b0ybkj7')).toMatch(/no vowels/);
  });
});

describe('ISIN check digits', () => {
  it('when a published ISIN is checked, then it is valid', () => {
    // Apple US0378331005, BAE Systems GB0002634946, Treasury 4% 2060 GB00B54QLM75, Microsoft US5949181045.
    for (const s of ['US0378331005', 'GB0002634946', 'GB00B54QLM75', 'US5949181045', 'AU0000XVGZA3']) {
      expect(isValidIsin(s)).toBe(true);
    }
  });
  it('when a check digit, a character or the length is wrong, then the rule is named', () => {
    expect(isinProblem('US0378331006')).toBe('ISIN check digit is wrong');
    expect(isinProblem('GB0002634947')).toBe('ISIN check digit is wrong');
    expect(isinProblem('1B0002634946')).toMatch(/2 letters/);
    expect(isinProblem('GB000263494')).toBe('ISIN must be 12 characters');
  });
  it('when an ISIN is built from a SEDOL, then it is the published one', () => {
    expect(isinFromSedol('GB', '0263494')).toBe('GB0002634946');
  });
});
