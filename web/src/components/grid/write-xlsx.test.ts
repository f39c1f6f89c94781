import { describe, expect, it } from 'vitest';
import { booleanColumn, moneyColumn, numberColumn, textColumn } from './grid-defaults';
import { excelCell } from './write-xlsx';

describe('Excel cells', () => {
  it('when a money column is written, then the decimal string becomes a number in a pounds format, negatives red', () => {
    expect(excelCell(moneyColumn('v', 'Value'), '-1234.56')).toEqual({
      type: Number,
      value: -1234.56,
      format: '£#,##0.00;[Red]-£#,##0.00',
    });
    expect(excelCell(moneyColumn('v', 'Value'), null)).toBeNull();
  });

  it('when counts, booleans and text are written, then counts stay numbers and booleans read Yes or No', () => {
    expect(excelCell(numberColumn('n', 'Breaks'), 3)).toEqual({ type: Number, value: 3 });
    expect(excelCell(booleanColumn('b', 'Pending'), true)).toEqual({ type: String, value: 'Yes' });
    expect(excelCell(booleanColumn('b', 'Pending'), false)).toEqual({ type: String, value: 'No' });
    expect(excelCell(textColumn('t', 'Code'), 'ASH00001')).toEqual({ type: String, value: 'ASH00001' });
    expect(excelCell(textColumn('t', 'Code'), '')).toBeNull();
  });
});
