import { describe, expect, it } from 'vitest';
import { checkTransactionType, type RawTransactionType } from './transaction-type-rules';
import { EFFECTS, SYSTEM_TRANSACTION_TYPES } from './transaction-types';

const type = (fields: Partial<RawTransactionType>): RawTransactionType => ({
  name: 'Stock Purchase',
  description: '',
  direction: '',
  requiredFields: [],
  effect: '',
  incomeType: '',
  corporateAction: false,
  allowZeroQuantity: false,
  active: true,
  ...fields,
});
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as { field?: string }).field;
  }
  return undefined;
};

describe('transaction types', () => {
  it('when shipped, then every tax-engine effect has a system type of its own name, and uuids are unique', () => {
    expect(EFFECTS.every((e) => SYSTEM_TRANSACTION_TYPES.some((t) => t.name === e && t.effect === e))).toBe(true);
    expect(new Set(SYSTEM_TRANSACTION_TYPES.map((t) => t.uuid)).size).toBe(SYSTEM_TRANSACTION_TYPES.length);
  });

  it("when a firm's type maps a name onto an effect, then its direction follows the effect", () => {
    expect(checkTransactionType(type({ effect: 'buy', requiredFields: ['quantity', 'price'] }))).toMatchObject({
      effect: 'BUY',
      direction: 'IN',
    });
    expect(checkTransactionType(type({ incomeType: 'UK_PID' }))).toMatchObject({
      direction: 'NONE',
      allowZeroQuantity: true,
    });
  });

  it('when the mapping is wrong, then the field is named', () => {
    expect(refusal(() => checkTransactionType(type({})))).toBe('type.effect');
    expect(refusal(() => checkTransactionType(type({ effect: 'SELL', incomeType: 'UK_PID' })))).toBe('type.incomeType');
    expect(refusal(() => checkTransactionType(type({ effect: 'SELL', direction: 'IN' })))).toBe('type.direction');
    expect(refusal(() => checkTransactionType(type({ effect: 'SELL', requiredFields: ['password'] })))).toBe(
      'type.requiredFields.0',
    );
  });
});
