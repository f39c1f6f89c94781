/**
 * The transaction types shipped with the product (organisation null, visible to every firm): one per ledger type
 * of the tax engine (services/tax-engine/docs/ledger-format.md) and one per income kind. A firm's own types map
 * their names onto the same effects. Stable uuids, so seeding at every start is idempotent.
 */

export const DIRECTIONS = ['IN', 'OUT', 'NONE', 'RATIO'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** The input fields a type may require (TransactionType.required_fields). */
export const REQUIRABLE_FIELDS = [
  'quantity',
  'price',
  'consideration',
  'expenses',
  'ex_date',
  'pay_date',
  'original_acquisition_date',
  'counterparty',
  'new_security_id',
  'market_value',
  'ratio',
  'income_type',
  'tax_deducted',
] as const;
export type RequirableField = (typeof REQUIRABLE_FIELDS)[number];

/** The tax engine's ledger types and how each moves a holding. */
export const EFFECT_DIRECTIONS: Record<string, Direction> = {
  BUY: 'IN',
  SELL: 'OUT',
  TRANSFER_IN: 'IN',
  TRANSFER_OUT: 'OUT',
  GIFT_OUT: 'OUT',
  SPOUSE_IN: 'IN',
  SPOUSE_OUT: 'OUT',
  SPLIT: 'RATIO',
  CONSOLIDATION: 'RATIO',
  BONUS: 'RATIO',
  RIGHTS_ISSUE: 'IN',
  OPEN_OFFER: 'IN',
  CAPITAL_RETURN: 'NONE',
  EQUALISATION: 'NONE',
  NOTIONAL_INCOME: 'NONE',
  TAKEOVER: 'OUT',
  DEMERGER: 'NONE',
  REDEMPTION: 'OUT',
};
export const EFFECTS = Object.keys(EFFECT_DIRECTIONS);

export interface SystemTransactionType {
  uuid: string;
  name: string;
  description: string;
  direction: Direction;
  requiredFields: RequirableField[];
  effect: string;
  incomeType: string;
  corporateAction: boolean;
  allowZeroQuantity: boolean;
}

const uuid = (n: number) => `7e0c0000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function effect(
  n: number,
  name: string,
  description: string,
  requiredFields: RequirableField[],
  options: { corporateAction?: boolean; allowZeroQuantity?: boolean } = {},
): SystemTransactionType {
  return {
    uuid: uuid(n),
    name,
    description,
    direction: EFFECT_DIRECTIONS[name]!,
    requiredFields,
    effect: name,
    incomeType: '',
    corporateAction: options.corporateAction ?? false,
    allowZeroQuantity: options.allowZeroQuantity ?? false,
  };
}

function income(n: number, name: string, description: string, incomeType: string): SystemTransactionType {
  return {
    uuid: uuid(n),
    name,
    description,
    direction: 'NONE',
    requiredFields: ['consideration'],
    effect: '',
    incomeType,
    corporateAction: false,
    allowZeroQuantity: true,
  };
}

export const SYSTEM_TRANSACTION_TYPES: readonly SystemTransactionType[] = [
  effect(1, 'BUY', 'Purchase', ['quantity', 'price']),
  effect(2, 'SELL', 'Sale', ['quantity', 'price']),
  effect(3, 'TRANSFER_IN', 'Transfer in at cost', ['quantity', 'original_acquisition_date']),
  effect(4, 'TRANSFER_OUT', 'Transfer out', ['quantity']),
  effect(5, 'GIFT_OUT', 'Gift to another person', ['quantity', 'market_value']),
  effect(6, 'SPOUSE_IN', 'Transfer from a spouse or civil partner', ['quantity']),
  effect(7, 'SPOUSE_OUT', 'Transfer to a spouse or civil partner', ['quantity']),
  effect(8, 'SPLIT', 'Share split (new:old)', ['ratio'], { corporateAction: true, allowZeroQuantity: true }),
  effect(9, 'CONSOLIDATION', 'Share consolidation (new:old)', ['ratio'], {
    corporateAction: true,
    allowZeroQuantity: true,
  }),
  effect(10, 'BONUS', 'Bonus issue (new:old)', ['ratio'], { corporateAction: true, allowZeroQuantity: true }),
  effect(11, 'RIGHTS_ISSUE', 'Rights issue taken up', ['quantity', 'price'], { corporateAction: true }),
  effect(12, 'OPEN_OFFER', 'Open offer taken up', ['quantity', 'price'], { corporateAction: true }),
  effect(13, 'CAPITAL_RETURN', 'Return of capital', ['consideration'], {
    corporateAction: true,
    allowZeroQuantity: true,
  }),
  effect(14, 'EQUALISATION', 'Equalisation payment', ['consideration'], {
    corporateAction: true,
    allowZeroQuantity: true,
  }),
  effect(15, 'NOTIONAL_INCOME', 'Notional income of an accumulation fund', ['consideration'], {
    allowZeroQuantity: true,
  }),
  effect(16, 'TAKEOVER', 'Takeover: new shares received (quantity) for the old', ['quantity', 'new_security_id'], {
    corporateAction: true,
  }),
  effect(17, 'DEMERGER', 'Demerger: new shares received (quantity)', ['quantity', 'new_security_id'], {
    corporateAction: true,
  }),
  effect(18, 'REDEMPTION', 'Redemption', ['quantity', 'price'], { corporateAction: true }),
  income(101, 'DIVIDEND', 'UK company dividend', 'UK_DIVIDEND'),
  income(102, 'OVERSEAS_DIVIDEND', 'Non-UK company dividend', 'NON_UK_DIVIDEND'),
  income(103, 'INTEREST', 'Bond interest', 'BOND_INTEREST'),
  income(104, 'GILT_INTEREST', 'Gilt interest', 'GILT_INTEREST'),
  income(105, 'PID', 'UK property income distribution', 'UK_PID'),
  income(106, 'DISTRIBUTION', 'Unit trust dividend distribution', 'UNIT_TRUST_DIVIDEND'),
  income(107, 'INTEREST_DISTRIBUTION', 'Unit trust interest distribution', 'UNIT_TRUST_INTEREST'),
  income(108, 'ACCRUED_INTEREST_CHARGE', 'Accrued interest charge', 'ACCRUED_INTEREST_CHARGE'),
  income(109, 'ACCRUED_INTEREST_RELIEF', 'Accrued interest relief', 'ACCRUED_INTEREST_RELIEF'),
];

/** A transaction type as the use cases see it. */
export interface TransactionTypeRecord {
  id: number;
  uuid: string;
  /** null: a system type */
  organisationUuid: string | null;
  name: string;
  description: string;
  direction: string;
  requiredFields: string[];
  effect: string;
  incomeType: string;
  corporateAction: boolean;
  allowZeroQuantity: boolean;
  active: boolean;
  version: number;
  lastModifiedDate: string;
  lastModifiedByName: string;
}

export function isSystemType(type: Pick<TransactionTypeRecord, 'organisationUuid'>): boolean {
  return type.organisationUuid === null;
}
