import { describe, expect, it } from 'vitest';
import { DomainError } from '@gains/errors';
import type { IncomeDiaryInput } from '@gains/contracts';
import { addMonths, advance, checkIncomeDiary, isDue, stepDates } from './income-diary-rules';

const input: IncomeDiaryInput = {
  securityId: 7,
  incomeType: 'UK_DIVIDEND',
  documentTypeUuid: '5d0c7a3e-0000-4d00-8000-000000000001',
  layerUuid: '0f8a2b1c-1111-4222-8333-444455556666',
  rate: '0.125',
  perParent: '',
  nextExDate: '2027-01-31',
  nextPayDate: '2027-02-28',
  frequency: 'MONTHLY',
  endDate: '',
};

/** The field a refusal names and its message. */
function refusal(change: Partial<IncomeDiaryInput>): { field: string | undefined; message: string } {
  try {
    checkIncomeDiary({ ...input, ...change });
  } catch (e) {
    if (e instanceof DomainError) return { field: e.field, message: e.message };
    throw e;
  }
  throw new Error('accepted');
}

describe('addMonths', () => {
  it('when the day is in the target month, then it is kept', () => {
    expect(addMonths('2027-01-15', 1)).toBe('2027-02-15');
    expect(addMonths('2027-11-15', 3)).toBe('2028-02-15');
  });
  it('when the target month is shorter, then it is its last day', () => {
    expect(addMonths('2027-01-30', 1)).toBe('2027-02-28');
    expect(addMonths('2028-01-30', 1)).toBe('2028-02-29'); // 2028 is a leap year
    expect(addMonths('2027-08-31', 6)).toBe('2028-02-29');
  });
  it('when the date is a month end, then a month end follows', () => {
    expect(addMonths('2027-04-30', 1)).toBe('2027-05-31');
    expect(addMonths('2027-02-28', 12)).toBe('2028-02-29');
    expect(addMonths('2027-06-30', 6)).toBe('2027-12-31');
  });
  it('when stepped many times, then from the schedule date (no drift: 31 Jan monthly is 28 Feb then 31 Mar)', () => {
    expect(stepDates('MONTHLY', '2027-01-31', '2027-02-10', 1)).toEqual({
      exDate: '2027-02-28',
      payDate: '2027-03-10',
    });
    expect(stepDates('MONTHLY', '2027-01-31', '2027-02-10', 2)).toEqual({
      exDate: '2027-03-31',
      payDate: '2027-04-10',
    });
    expect(stepDates('QUARTERLY', '2027-01-29', '2027-03-01', 1)).toEqual({
      exDate: '2027-04-29',
      payDate: '2027-06-01',
    });
    expect(stepDates('HALF_YEARLY', '2027-03-15', '2027-04-01', 3)).toEqual({
      exDate: '2028-09-15',
      payDate: '2028-10-01',
    });
    expect(stepDates('ANNUAL', '2027-05-01', '2027-06-01', 2)).toEqual({ exDate: '2029-05-01', payDate: '2029-06-01' });
  });
});

describe('advance and isDue', () => {
  const schedule = {
    active: true,
    frequency: 'QUARTERLY' as const,
    nextExDate: '2027-01-31',
    endDate: null,
    scheduleExDate: '2027-01-31',
    schedulePayDate: '2027-02-28',
    stepsTaken: 0,
  };
  it('when its ex date has come, then it is due; before it, or inactive, or past its end, not', () => {
    expect(isDue(schedule, '2027-01-31')).toBe(true);
    expect(isDue(schedule, '2027-01-30')).toBe(false);
    expect(isDue({ ...schedule, active: false }, '2027-02-01')).toBe(false);
    expect(isDue({ ...schedule, endDate: '2027-01-30' }, '2027-02-01')).toBe(false);
  });
  it('when a quarterly diary runs, then its dates step on three months, month ends kept', () => {
    expect(advance(schedule)).toEqual({
      active: true,
      stepsTaken: 1,
      nextExDate: '2027-04-30',
      nextPayDate: '2027-05-31',
    });
  });
  it('when a one-off runs, then it is finished and keeps its dates', () => {
    expect(advance({ ...schedule, frequency: 'ONE_OFF' })).toEqual({
      active: false,
      stepsTaken: 1,
      nextExDate: null,
      nextPayDate: null,
    });
  });
  it('when the following date is past the end date, then the diary is finished', () => {
    expect(advance({ ...schedule, endDate: '2027-04-29' }).active).toBe(false);
    expect(advance({ ...schedule, endDate: '2027-04-30' }).active).toBe(true);
  });
});

describe('checkIncomeDiary', () => {
  it('when the terms are good, then they are kept, per parent 1 when left out', () => {
    expect(checkIncomeDiary(input)).toMatchObject({
      rate: '0.125',
      perParent: '1',
      frequency: 'MONTHLY',
      endDate: null,
    });
  });
  it('when a rule is broken, then the refusal names the field and the rule', () => {
    expect(refusal({ securityId: 0 })).toEqual({ field: 'securityId', message: 'Security is required' });
    expect(refusal({ incomeType: '' })).toEqual({ field: 'incomeType', message: 'Income Type is required' });
    expect(refusal({ incomeType: 'LOTTERY' })).toEqual({
      field: 'incomeType',
      message: 'Income Type must be one of the income types',
    });
    expect(refusal({ documentTypeUuid: '' })).toEqual({
      field: 'documentTypeUuid',
      message: 'Document Type is required',
    });
    expect(refusal({ layerUuid: 'x' })).toEqual({ field: 'layerUuid', message: 'Layer is required' });
    expect(refusal({ rate: '' })).toEqual({ field: 'rate', message: 'Rate is required' });
    expect(refusal({ rate: '0' })).toEqual({ field: 'rate', message: 'Rate must be more than 0' });
    expect(refusal({ rate: '-1' })).toEqual({ field: 'rate', message: 'Rate must be more than 0' });
    expect(refusal({ rate: '1e3' })).toEqual({ field: 'rate', message: 'Rate must be a number, such as 0.125' });
    expect(refusal({ perParent: '0' })).toEqual({ field: 'perParent', message: 'Per Parent must be more than 0' });
    expect(refusal({ nextExDate: '' })).toEqual({ field: 'nextExDate', message: 'Ex Date is required' });
    expect(refusal({ nextExDate: '2027-02-30' })).toEqual({
      field: 'nextExDate',
      message: 'Ex Date must be a date as YYYY-MM-DD',
    });
    expect(refusal({ nextPayDate: '2027-01-30' })).toEqual({
      field: 'nextPayDate',
      message: 'Pay Date must not be before Ex Date',
    });
    expect(refusal({ frequency: 'WEEKLY' })).toEqual({
      field: 'frequency',
      message: 'Frequency must be one of ONE_OFF, MONTHLY, QUARTERLY, HALF_YEARLY, ANNUAL',
    });
    expect(refusal({ endDate: '2027-01-01' })).toEqual({
      field: 'endDate',
      message: 'End Date must not be before Ex Date',
    });
  });
});
