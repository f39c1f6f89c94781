import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import {
  CLIENT_MESSAGES,
  amountProblem,
  endBeforeStart,
  formFieldOf,
  niNumberProblem,
  percentageProblem,
  primaryCopyProblem,
  sharesSumTo100,
  tabOfField,
  toInput,
  toValues,
  utrProblem,
  withAddress,
  EMPTY_ADDRESS,
  yearEndProblem,
} from './client-form-rules';

describe('client form rules', () => {
  it('reads NI numbers with spaces and refuses malformed ones', () => {
    expect(niNumberProblem('QQ 12 34 56 C')).toBeUndefined();
    expect(niNumberProblem('')).toBeUndefined();
    expect(niNumberProblem('QQ123456E')).toBe(CLIENT_MESSAGES.niNumber);
    expect(niNumberProblem('Q1234567C')).toBe(CLIENT_MESSAGES.niNumber);
  });

  it('wants ten digits for a UTR and a real day for a year end', () => {
    expect(utrProblem('12345 67890')).toBeUndefined();
    expect(utrProblem('123456789')).toBe(CLIENT_MESSAGES.utr);
    expect(yearEndProblem('12-31')).toBeUndefined();
    expect(yearEndProblem('02-29')).toBeUndefined();
    expect(yearEndProblem('02-30')).toBe(CLIENT_MESSAGES.yearEnd);
    expect(yearEndProblem('13-01')).toBe(CLIENT_MESSAGES.yearEnd);
  });

  it('refuses a relationship that ends before it starts, but allows the same day', () => {
    expect(endBeforeStart(dayjs('2024-05-01'), dayjs('2024-04-30'))).toBe(true);
    expect(endBeforeStart(dayjs('2024-05-01'), dayjs('2024-05-01'))).toBe(false);
    expect(endBeforeStart(dayjs('2024-05-01'), null)).toBe(false);
  });

  it('wants exactly one primary tax copy when there are addresses', () => {
    expect(primaryCopyProblem([])).toBeUndefined();
    expect(primaryCopyProblem([{ primaryTaxCopy: true }, { primaryTaxCopy: false }])).toBeUndefined();
    expect(primaryCopyProblem([{ primaryTaxCopy: false }])).toBe(CLIENT_MESSAGES.onePrimary);
    expect(primaryCopyProblem([{ primaryTaxCopy: true }, { primaryTaxCopy: true }])).toBe(CLIENT_MESSAGES.onePrimary);
  });

  it('checks override amounts to the penny and percentages up to 100', () => {
    expect(amountProblem('3000')).toBeUndefined();
    expect(amountProblem('3000.555')).toBe(CLIENT_MESSAGES.amount);
    expect(amountProblem('-1')).toBe(CLIENT_MESSAGES.amount);
    expect(percentageProblem('100')).toBeUndefined();
    expect(percentageProblem('100.01')).toBe(CLIENT_MESSAGES.percentage);
  });

  it('sums owners shares exactly', () => {
    expect(sharesSumTo100(['50', '50'])).toBe(true);
    expect(sharesSumTo100(['33.333334', '33.333333', '33.333333'])).toBe(true);
    expect(sharesSumTo100(['33.33', '33.33', '33.33'])).toBe(false);
  });

  it('maps the server field names onto the form and its tabs', () => {
    expect(formFieldOf('relationships[0].endDate')).toBe('relationships.0.endDate');
    expect(tabOfField('relationships[0].endDate')).toBe('relationships');
    expect(tabOfField('taxOverrides.1.amount')).toBe('taxes');
    expect(tabOfField('paperlessReport')).toBe('reporting');
    expect(tabOfField('niNumber')).toBe('details');
  });

  it('sends dates as YYYY-MM-DD and new rows without a uuid', () => {
    const values = toValues(undefined);
    values.code = ' ASH99999 ';
    values.name = 'Ada Lovelace';
    values.dateOfBirth = dayjs('1980-12-10');
    values.relationships = [{ childClientUuid: 'c-1', typeCode: 'SPOUSE', startDate: dayjs('2010-06-01'), notes: '' }];
    const input = toInput(values, undefined);
    expect(input).toMatchObject({ code: 'ASH99999', dateOfBirth: '1980-12-10', typeCode: 'INDIVIDUAL' });
    expect(input.relationships[0]).toMatchObject({ uuid: '', childClientUuid: 'c-1', startDate: '2010-06-01' });
  });

  it('when an address is made the primary tax copy, then the others stop being, and one is still the primary', () => {
    const home = { ...EMPTY_ADDRESS, line1: '1 High Street', primaryTaxCopy: true };
    const office = { ...EMPTY_ADDRESS, line1: '2 Low Road' };
    const added = withAddress([home], -1, { ...office, primaryTaxCopy: true });
    expect(added.map((a) => [a.line1, a.primaryTaxCopy])).toEqual([
      ['1 High Street', false],
      ['2 Low Road', true],
    ]);
    expect(primaryCopyProblem(added)).toBeUndefined();
    const edited = withAddress(added, 0, { ...home, line1: '1a High Street', primaryTaxCopy: false });
    expect(edited.map((a) => [a.line1, a.primaryTaxCopy])).toEqual([
      ['1a High Street', false],
      ['2 Low Road', true],
    ]);
    expect(primaryCopyProblem(withAddress(edited, 1, { ...office, primaryTaxCopy: false }))).toBe(
      CLIENT_MESSAGES.onePrimary,
    );
  });
});
