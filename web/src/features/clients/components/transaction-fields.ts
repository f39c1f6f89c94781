import type { TransactionInput } from '../api/ledger';

/** The kinds of input a transaction form shows. Decimals stay text: money never passes through a float. */
export type FieldKind = 'decimal' | 'date' | 'text' | 'security' | 'incomeType' | 'ratio';

export interface FormField {
  name: keyof TransactionInput;
  label: string;
  kind: FieldKind;
  required: boolean;
}

/** Every optional input of a ledger row, in form order, named as the type's `requiredFields` name them. */
const FIELDS: (Omit<FormField, 'required'> & { aliases: string[] })[] = [
  { name: 'quantity', label: 'Quantity', kind: 'decimal', aliases: ['quantity'] },
  { name: 'price', label: 'Price', kind: 'decimal', aliases: ['price'] },
  { name: 'consideration', label: 'Consideration', kind: 'decimal', aliases: ['consideration'] },
  { name: 'expenses', label: 'Expenses', kind: 'decimal', aliases: ['expenses'] },
  { name: 'exDate', label: 'Ex-Date', kind: 'date', aliases: ['ex_date', 'exDate'] },
  { name: 'payDate', label: 'Pay Date', kind: 'date', aliases: ['pay_date', 'payDate'] },
  {
    name: 'originalAcquisitionDate',
    label: 'Original Acquisition Date',
    kind: 'date',
    aliases: ['original_acquisition_date', 'originalAcquisitionDate'],
  },
  {
    name: 'counterpartyName',
    label: 'Counterparty',
    kind: 'text',
    aliases: ['counterparty', 'counterparty_name', 'counterpartyName'],
  },
  {
    name: 'holdoverReliefClaimed',
    label: 'Holdover Relief Claimed',
    kind: 'decimal',
    aliases: ['holdover_relief_claimed', 'holdoverReliefClaimed', 'holdover'],
  },
  { name: 'newSecurityId', label: 'New Security', kind: 'security', aliases: ['new_security_id', 'newSecurityId'] },
  { name: 'marketValue', label: 'Market Value', kind: 'decimal', aliases: ['market_value', 'marketValue'] },
  { name: 'ratio', label: 'Ratio (new:old)', kind: 'ratio', aliases: ['ratio'] },
  { name: 'incomeType', label: 'Income Type', kind: 'incomeType', aliases: ['income_type', 'incomeType'] },
  { name: 'taxDeducted', label: 'Tax Deducted', kind: 'decimal', aliases: ['tax_deducted', 'taxDeducted'] },
];

/** Trades always offer price and expenses, even where a type requires only the quantity. */
const TRADE_EFFECTS = new Set(['BUY', 'SELL', 'TRANSFER_IN', 'TRANSFER_OUT', 'REDEMPTION']);

/**
 * The inputs a transaction type shows: the fields it requires (marked required), and for trades the price and
 * expenses. Unknown names in `requiredFields` are ignored (the server still checks them).
 */
export function transactionFormFields(type: { effect: string; requiredFields: string[] } | undefined): FormField[] {
  if (!type) return [];
  const required = new Set(type.requiredFields);
  const trade = TRADE_EFFECTS.has(type.effect);
  return FIELDS.filter(
    (f) => f.aliases.some((a) => required.has(a)) || (trade && (f.name === 'price' || f.name === 'expenses')),
  ).map(({ name, label, kind, aliases }) => ({ name, label, kind, required: aliases.some((a) => required.has(a)) }));
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Why a decimal input is refused, or undefined: digits with an optional point, at most `places` decimals. */
export function decimalProblem(label: string, text: string | undefined, places: number): string | undefined {
  const t = (text ?? '').trim();
  if (t === '') return undefined;
  if (!DECIMAL.test(t)) return `${label} must be a number such as 12.5`;
  if (t.startsWith('-')) return `${label} must not be negative`;
  if ((t.split('.')[1] ?? '').length > places) return `${label} must have at most ${places} decimal places`;
  return undefined;
}

/** Decimal places each money or quantity input may carry (quantities and prices 8, money 2). */
export function placesOf(name: keyof TransactionInput): number {
  return name === 'quantity' || name === 'price' ? 8 : 2;
}
