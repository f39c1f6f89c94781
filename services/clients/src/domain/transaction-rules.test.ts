import { describe, expect, it } from 'vitest';
import { checkTransaction, withGbpAmounts, type RawTransaction } from './transaction-rules';
import { SYSTEM_TRANSACTION_TYPES } from './transaction-types';

const type = (name: string) => SYSTEM_TRANSACTION_TYPES.find((t) => t.name === name)!;
const raw = (fields: Partial<RawTransaction>): RawTransaction => ({
  state: '',
  transactionCode: '',
  tradeDate: '2025-06-02',
  exDate: '',
  payDate: '',
  reportDate: '',
  quantity: '',
  price: '',
  consideration: '',
  expenses: '',
  currency: '',
  fxRate: '',
  originalAcquisitionDate: '',
  counterpartyClientUuid: '',
  counterpartyName: '',
  holdoverReliefClaimed: '',
  newSecurityId: 0,
  marketValue: '',
  ratio: '',
  timing: '',
  incomeType: '',
  taxDeducted: '',
  notes: '',
  ...fields,
});
const context = { today: '2025-07-01', at: 'transaction', securityId: 7 };
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return { field: (error as { field?: string }).field, message: (error as Error).message };
  }
  return undefined;
};

describe('a ledger row', () => {
  it('when a purchase gives quantity and price, then consideration is quantity x price to the penny and it settles', () => {
    const row = checkTransaction(raw({ quantity: '33.333', price: '1.499', expenses: '5' }), type('BUY'), context);
    expect(row).toMatchObject({
      state: 'SETTLED',
      quantity: '33.333',
      price: '1.499',
      consideration: '49.97',
      expenses: '5.00',
      currency: 'GBP',
      fxRate: '1',
      reportDate: '2025-06-02',
      timing: 'before-trades',
    });
    expect(withGbpAmounts(row, { unitsPerGbp: '1' })).toMatchObject({ considerationGbp: '49.97', expensesGbp: '5.00' });
  });

  it('when a field the type needs is missing or a figure breaks its rule, then the field is named', () => {
    expect(refusal(() => checkTransaction(raw({ quantity: '1' }), type('BUY'), context))).toEqual({
      field: 'transaction.price',
      message: 'price is required for a BUY',
    });
    expect(refusal(() => checkTransaction(raw({ quantity: '0', price: '1' }), type('SELL'), context))?.field).toBe(
      'transaction.quantity',
    );
    expect(
      refusal(() =>
        checkTransaction(raw({ quantity: '1', price: '1', tradeDate: '2025-07-02' }), type('BUY'), context),
      ),
    ).toEqual({ field: 'transaction.tradeDate', message: 'tradeDate must not be in the future' });
    expect(refusal(() => checkTransaction(raw({ ratio: '2:0' }), type('SPLIT'), context))?.field).toBe(
      'transaction.ratio',
    );
    expect(
      refusal(() => checkTransaction(raw({ quantity: '5', newSecurityId: 7 }), type('TAKEOVER'), context))?.field,
    ).toBe('transaction.newSecurityId');
    expect(
      refusal(() =>
        checkTransaction(raw({ quantity: '1', price: '1', currency: 'GBP', fxRate: '1.2' }), type('BUY'), context),
      ),
    ).toEqual({ field: 'transaction.fxRate', message: 'fxRate must be 1 for GBP' });
    expect(
      refusal(() =>
        checkTransaction(raw({ quantity: '1', price: '1' }), type('BUY'), { ...context, at: 'transactions.3' }),
      )?.field,
    ).toBeUndefined();
    expect(
      refusal(() =>
        checkTransaction(raw({ quantity: 'x', price: '1' }), type('BUY'), { ...context, at: 'transactions.3' }),
      )?.field,
    ).toBe('transactions.3.quantity');
  });

  it('when a split or income row has no quantity, then zero is allowed; income takes its type’s income kind', () => {
    expect(checkTransaction(raw({ ratio: '2:1' }), type('SPLIT'), context).quantity).toBe('0');
    const dividend = checkTransaction(raw({ consideration: '12.5' }), type('DIVIDEND'), context);
    expect([dividend.quantity, dividend.incomeType, dividend.consideration]).toEqual(['0', 'UK_DIVIDEND', '12.50']);
  });

  it('when amounts are in another currency, then GBP is exact: by the row’s own rate or the service’s GBP per unit', () => {
    const usd = checkTransaction(
      raw({ quantity: '400', price: '2.5', expenses: '3.33', currency: 'usd', fxRate: '1.25' }),
      type('BUY'),
      context,
    );
    expect(withGbpAmounts(usd, { unitsPerGbp: usd.fxRate! })).toMatchObject({
      currency: 'USD',
      considerationGbp: '800.00',
      expensesGbp: '2.66',
    });
    const eur = checkTransaction(
      raw({ quantity: '100', price: '10', expenses: '10', currency: 'EUR' }),
      type('BUY'),
      context,
    );
    expect(eur.fxRate).toBeNull();
    expect(withGbpAmounts(eur, { gbpPerUnit: '0.855' })).toMatchObject({
      considerationGbp: '855.00',
      expensesGbp: '8.55',
      fxRate: '1.1695906433',
    });
  });
});
