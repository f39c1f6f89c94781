import { describe, expect, it } from 'vitest';
import { decimalProblem, transactionFormFields } from './transaction-fields';

describe('transactionFormFields', () => {
  it('shows a purchase its required quantity and price, and optional expenses', () => {
    const fields = transactionFormFields({ effect: 'BUY', requiredFields: ['quantity', 'price'] });
    expect(fields.map((f) => [f.name, f.required])).toEqual([
      ['quantity', true],
      ['price', true],
      ['expenses', false],
    ]);
  });

  it('shows a gift its counterparty, market value and holdover relief', () => {
    const fields = transactionFormFields({
      effect: 'GIFT_OUT',
      requiredFields: ['quantity', 'counterparty', 'market_value', 'holdover_relief_claimed'],
    });
    expect(fields.map((f) => f.name)).toEqual(['quantity', 'counterpartyName', 'holdoverReliefClaimed', 'marketValue']);
  });

  it('shows a dividend its income type, pay date and tax deducted, and no price', () => {
    const fields = transactionFormFields({
      effect: '',
      requiredFields: ['consideration', 'pay_date', 'income_type', 'tax_deducted'],
    });
    expect(fields.map((f) => f.name)).toEqual(['consideration', 'payDate', 'incomeType', 'taxDeducted']);
  });

  it('shows nothing before a type is chosen', () => {
    expect(transactionFormFields(undefined)).toEqual([]);
  });
});

describe('decimalProblem', () => {
  it('accepts exact decimals within the places', () => {
    expect(decimalProblem('Price', '1.2345', 8)).toBeUndefined();
    expect(decimalProblem('Price', '', 8)).toBeUndefined();
  });
  it('names the field and the rule', () => {
    expect(decimalProblem('Expenses', '1.234', 2)).toBe('Expenses must have at most 2 decimal places');
    expect(decimalProblem('Quantity', '-5', 8)).toBe('Quantity must not be negative');
    expect(decimalProblem('Quantity', '1e3', 8)).toBe('Quantity must be a number such as 12.5');
  });
});
