import { describe, expect, it } from 'vitest';
import {
  compareDecimals,
  exportFileName,
  formatExactQuantity,
  formatBoolean,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatMoney,
  formatQuantity,
  isNegative,
} from './format';

describe('the shared formatting module', () => {
  it('when money arrives as a decimal string, then it is shown in GBP en-GB without float drift', () => {
    expect(formatMoney('1234.56')).toBe('£1,234.56');
    expect(formatMoney('-1234.5')).toBe('-£1,234.50');
    expect(formatMoney('0')).toBe('£0.00');
    expect(formatMoney('-0.001')).toBe('£0.00');
    expect(formatMoney('12345678901234567.895')).toBe('£12,345,678,901,234,567.90');
    expect(formatMoney('0.005')).toBe('£0.01');
    expect(formatMoney('1.005')).toBe('£1.01'); // a binary float would give 1.00
    expect(formatMoney('999.995')).toBe('£1,000.00');
    expect(formatMoney(1234.5)).toBe('£1,234.50');
  });

  it('when a value is empty, then it shows a dash', () => {
    expect(formatMoney(null)).toBe('-');
    expect(formatMoney(undefined)).toBe('-');
    expect(formatMoney('')).toBe('-');
    expect(formatDate(null)).toBe('-');
    expect(formatBoolean(null)).toBe('-');
  });

  it('when a value is below zero, then it is negative (shown in red)', () => {
    expect(isNegative('-0.01')).toBe(true);
    expect(isNegative('-0.00')).toBe(false);
    expect(isNegative('12')).toBe(false);
    expect(isNegative(null)).toBe(false);
  });

  it('when quantities and dates are shown, then they use 4 decimals and DD/MM/YYYY (HH:mm in London)', () => {
    expect(formatQuantity('1234.5')).toBe('1,234.5000');
    expect(formatDecimal('-1000000', 0)).toBe('-1,000,000');
    expect(formatDate('2026-04-05')).toBe('05/04/2026');
    expect(formatDateTime('2026-01-15T09:05:00Z')).toBe('15/01/2026 09:05');
    expect(formatDateTime('2026-07-15T09:05:00Z')).toBe('15/07/2026 10:05');
    expect(exportFileName('clients', 'csv', new Date('2026-11-23T12:00:00Z'))).toBe('2026-11-23-clients.csv');
  });

  it('when decimal strings are sorted, then they order by value exactly, digit by digit', () => {
    const values = [
      '10012.00',
      '-0.01',
      '300.00',
      '',
      '9.999',
      '0',
      '-12.5',
      '0.00',
      '12345678901234567.01',
      '12345678901234567.001',
      'n/a',
    ];
    expect([...values].sort(compareDecimals)).toEqual([
      '',
      '-12.5',
      '-0.01',
      '0',
      '0.00',
      '9.999',
      '300.00',
      '10012.00',
      '12345678901234567.001',
      '12345678901234567.01',
      'n/a',
    ]);
    // Binary floats cannot tell these apart; the comparison can.
    expect(compareDecimals('9007199254740993.1', '9007199254740993.01')).toBe(1);
  });

  it('when a quantity is shown exactly, then it is grouped with no places added or dropped', () => {
    expect(formatExactQuantity('1500')).toBe('1,500');
    expect(formatExactQuantity('0.125')).toBe('0.125');
    expect(formatExactQuantity('1234.50')).toBe('1,234.5');
    expect(formatExactQuantity(null)).toBe('-');
  });
});
