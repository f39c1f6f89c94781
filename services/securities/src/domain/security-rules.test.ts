import { describe, expect, it } from 'vitest';
import { generateDemoSecurities } from '@gains/demo-data';
import { DomainError } from '@gains/errors';
import { checkSecurityInput, cgtClassOf, diffFields } from './security-rules';

const valid = {
  sedol: '0263494',
  isin: 'GB0002634946',
  issuer: '7f1c0000-0000-4000-8000-000000000001',
  securityName: 'Test plc ordinary 25p',
  reportingName: 'Test plc',
  currency: 'gbp',
  assetClass: 'EQUITY',
};

function fieldOf(fn: () => unknown): [string | undefined, string] {
  try {
    fn();
  } catch (e) {
    if (e instanceof DomainError) return [e.field, e.message];
    throw e;
  }
  throw new Error('no error');
}

describe('CGT class from asset class', () => {
  it('when gilts, QCBs and non-reporting funds are classified, then exempt, exempt and income gain', () => {
    expect(cgtClassOf('GILT')).toBe('EXEMPT');
    expect(cgtClassOf('QUALIFYING_CORPORATE_BOND')).toBe('EXEMPT');
    expect(cgtClassOf('NON_REPORTING_OFFSHORE_FUND')).toBe('INCOME_GAIN');
    expect(cgtClassOf('UNIT_TRUST_ACCUMULATION')).toBe('CAPITAL');
  });
  it('when a security is checked, then codes are upper-cased and the CGT class is derived unless given', () => {
    expect(checkSecurityInput(valid)).toMatchObject({ currency: 'GBP', cgtClass: 'CAPITAL', status: 'ACTIVE' });
    expect(checkSecurityInput({ ...valid, cgtClass: 'EXEMPT' }).cgtClass).toBe('EXEMPT');
  });
});

describe('security input', () => {
  it('when a field is bad, then the error names the field and the rule', () => {
    expect(fieldOf(() => checkSecurityInput({ ...valid, isin: 'GB0002634947' }))).toEqual([
      'isin',
      'ISIN check digit is wrong',
    ]);
    expect(fieldOf(() => checkSecurityInput({ ...valid, sedol: '0263495' }))).toEqual([
      'sedol',
      'SEDOL check digit is wrong',
    ]);
    expect(fieldOf(() => checkSecurityInput({ ...valid, securityName: ' ' }))[0]).toBe('securityName');
    expect(fieldOf(() => checkSecurityInput({ ...valid, assetClass: 'SHARES' }))[0]).toBe('assetClass');
    expect(fieldOf(() => checkSecurityInput({ ...valid, quantityDecimalPlaces: 7 }))[0]).toBe('quantityDecimalPlaces');
    expect(fieldOf(() => checkSecurityInput({ ...valid, currency: 'POUNDS' }))[0]).toBe('currency');
  });
  it('when two versions differ, then only the changed fields are old and new values', () => {
    expect(diffFields({ a: 1, b: 'x' }, { a: 1, b: 'y' })).toEqual({ oldValues: { b: 'x' }, newValues: { b: 'y' } });
    expect(diffFields(null, { a: 1 })).toEqual({ oldValues: {}, newValues: { a: 1 } });
  });
});

describe('the demo securities (@gains/demo-data)', () => {
  it('when generated, then each one is treated as these rules treat its asset class', () => {
    for (const s of generateDemoSecurities().securities) expect(s.cgtClass).toBe(cgtClassOf(s.assetClass));
  });
});
