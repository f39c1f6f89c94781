import { invalidArgument } from '@gains/errors';
import { INCOME_TYPES } from './reference-lists';
import { DIRECTIONS, EFFECT_DIRECTIONS, REQUIRABLE_FIELDS, type TransactionTypeRecord } from './transaction-types';

/** A firm's own transaction type as saved, pure: a name mapped onto one tax-engine effect or one income type. */

export type RawTransactionType = Pick<
  TransactionTypeRecord,
  | 'name'
  | 'description'
  | 'direction'
  | 'requiredFields'
  | 'effect'
  | 'incomeType'
  | 'corporateAction'
  | 'allowZeroQuantity'
  | 'active'
>;

const INCOME_CODES = new Set(INCOME_TYPES.map((t) => t.code));

export function checkTransactionType(raw: RawTransactionType): RawTransactionType {
  const fail = (field: string, message: string): never => {
    throw invalidArgument(`type.${field}`, message);
  };
  const name = raw.name.trim();
  if (!name) fail('name', 'name is required');
  if (name.length > 100) fail('name', 'name must be at most 100 characters');
  if (raw.description.length > 500) fail('description', 'description must be at most 500 characters');
  const effect = raw.effect.trim().toUpperCase();
  const incomeType = raw.incomeType.trim().toUpperCase();
  if (effect && !(effect in EFFECT_DIRECTIONS)) {
    fail('effect', `effect must be a ledger type of the tax engine: ${Object.keys(EFFECT_DIRECTIONS).join(', ')}`);
  }
  if (incomeType && !INCOME_CODES.has(incomeType)) fail('incomeType', `Unknown income type ${incomeType}`);
  if (!effect && !incomeType) fail('effect', 'A type needs an effect for the tax engine or an income type');
  if (effect && incomeType) fail('incomeType', 'A type has an effect or an income type, not both');
  const derived = effect ? EFFECT_DIRECTIONS[effect]! : 'NONE';
  const direction = raw.direction.trim().toUpperCase() || derived;
  if (!(DIRECTIONS as readonly string[]).includes(direction))
    fail('direction', 'direction must be IN, OUT, NONE or RATIO');
  if (direction !== derived) fail('direction', `The direction of ${effect || 'income'} is ${derived}`);
  const requiredFields = [...new Set(raw.requiredFields.map((f) => f.trim()))];
  requiredFields.forEach((f, i) => {
    if (!(REQUIRABLE_FIELDS as readonly string[]).includes(f)) {
      fail(`requiredFields.${i}`, `requiredFields may name ${REQUIRABLE_FIELDS.join(', ')}`);
    }
  });
  return {
    name,
    description: raw.description.trim(),
    direction,
    requiredFields,
    effect,
    incomeType,
    corporateAction: raw.corporateAction,
    allowZeroQuantity: raw.allowZeroQuantity || (!effect && !!incomeType),
    active: raw.active,
  };
}
