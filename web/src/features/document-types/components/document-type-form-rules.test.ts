import { describe, expect, it } from 'vitest';
import { NO_PROCESSING_OVERRIDE, type DocumentType } from '@gains/contracts';
import {
  CODE_MESSAGE,
  codeProblem,
  DEFAULT_PRICE_MESSAGE,
  defaultPriceProblem,
  N_DAYS_MESSAGE,
  nDaysProblem,
  saveBody,
  valuesOf,
} from './document-type-form-rules';

const override = { ...NO_PROCESSING_OVERRIDE };
const type = {
  uuid: 'u',
  code: 'MY_DIVIDEND',
  name: 'Our dividend',
  version: 3,
  active: true,
  apportionmentFactor: false,
  apportionmentFactorMethodId: 1,
  groupMethod: 'FIFO',
  parentSecurityPriceMandatory: false,
  newSecurityPriceMandatory: false,
  allowZeroRate: false,
  smallCheck: false,
  processingOverride: override,
  lineDefinitions: [
    {
      uuid: 'l',
      ord: 1,
      transactionTypeName: 'DIVIDEND',
      transactionTypeDescription: 'Dividend per share, GBP',
      defaultPrice: '',
      defaultIncomeReportLabel: 'Dividend',
      mandatory: true,
      multiple: false,
    },
  ],
} as unknown as DocumentType;

describe('the document type form rules', () => {
  it('when a code breaks the shape or is taken, then it says which rule', () => {
    expect(codeProblem('MY_DIV_2', ['CASH_DIVIDEND'])).toBe('');
    expect(codeProblem(' ', [])).toBe('Code is required');
    expect(codeProblem('my div', [])).toBe(CODE_MESSAGE);
    expect(codeProblem('X', [])).toBe(CODE_MESSAGE);
    expect(codeProblem('CASH_DIVIDEND', ['CASH_DIVIDEND'])).toMatch(/already used/);
  });

  it('when a default price is empty or a decimal of 0 or more, then it is fine; else refused', () => {
    for (const ok of ['', '0', '1.25', '0.00000001']) expect(defaultPriceProblem(ok)).toBe('');
    for (const bad of ['-1', 'abc', '1,000', '1e3', '0.000000001'])
      expect(defaultPriceProblem(bad)).toBe(DEFAULT_PRICE_MESSAGE);
  });

  it('when the day count is outside 0-365 or not whole, then it is refused', () => {
    expect(nDaysProblem(0)).toBe('');
    expect(nDaysProblem(365)).toBe('');
    expect(nDaysProblem(366)).toBe(N_DAYS_MESSAGE);
    expect(nDaysProblem(1.5)).toBe(N_DAYS_MESSAGE);
  });

  it('when saved, then the body carries the version read, trimmed text and no method for a type that does not apportion', () => {
    const values = valuesOf(type);
    values.name = '  Renamed  ';
    values.lineDefinitions[0]!.defaultPrice = ' 0.05 ';
    const body = saveBody(type, values);
    expect(body).toMatchObject({ version: 3, name: 'Renamed', active: true });
    expect(body.apportionmentFactorMethodId).toBeUndefined();
    expect(body.lineDefinitions).toEqual([
      {
        ord: 1,
        transactionTypeDescription: 'Dividend per share, GBP',
        defaultPrice: '0.05',
        defaultIncomeReportLabel: 'Dividend',
        mandatory: true,
        multiple: false,
      },
    ]);
  });
});
