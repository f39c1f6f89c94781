import { invalidArgument } from '@gains/errors';
import { isUuid } from '@gains/access';
import { dateProblem } from './date-rules';
import { canonicalDecimal, decimalProblem, divide, multiply } from './decimal-rules';
import { INCOME_TYPES } from './reference-lists';
import { isTransactionState } from './transaction-states';
import type { TransactionTypeRecord } from './transaction-types';

/**
 * The rules of one ledger row as posted or edited, pure: what a type requires, exact decimals (quantities and
 * prices to 8 places, money to the penny), real dates not in the future, and the GBP amounts from the FX rate.
 * Each refusal names the field as the REST body spells it (`transaction.quantity`, `transactions.2.tradeDate`).
 */

/** What a post or an edit carries (the proto's TransactionInput). */
export interface RawTransaction {
  state: string;
  transactionCode: string;
  tradeDate: string;
  exDate: string;
  payDate: string;
  reportDate: string;
  quantity: string;
  price: string;
  consideration: string;
  expenses: string;
  currency: string;
  fxRate: string;
  originalAcquisitionDate: string;
  counterpartyClientUuid: string;
  counterpartyName: string;
  holdoverReliefClaimed: string;
  newSecurityId: number;
  marketValue: string;
  ratio: string;
  timing: string;
  incomeType: string;
  taxDeducted: string;
  notes: string;
}

/** A checked row, before its currency is known to be real and its FX rate found. */
export interface CheckedTransaction {
  state: string;
  transactionCode: string;
  tradeDate: string;
  exDate: string | null;
  payDate: string | null;
  reportDate: string;
  quantity: string;
  price: string | null;
  consideration: string;
  expenses: string;
  currency: string;
  /** units of the currency per GBP; null: to be read from the securities service */
  fxRate: string | null;
  originalAcquisitionDate: string | null;
  counterpartyClientUuid: string | null;
  counterpartyName: string;
  holdoverReliefClaimed: string | null;
  newSecurityId: number | null;
  marketValue: string | null;
  ratio: string | null;
  timing: string;
  incomeType: string;
  taxDeducted: string | null;
  notes: string;
}

/** A row ready to store: its FX rate and exact GBP amounts known. */
export interface LedgerRowValues extends CheckedTransaction {
  fxRate: string;
  considerationGbp: string;
  expensesGbp: string;
}

export const QUANTITY_SCALE = 8;
export const PRICE_SCALE = 8;
export const MONEY_SCALE = 2;
export const FX_SCALE = 10;

const INCOME_CODES = new Set(INCOME_TYPES.map((t) => t.code));
const RATIO = /^\d{1,12}(\.\d{1,8})?(:\d{1,12}(\.\d{1,8})?)?$/;
const TEXT_LIMITS: [keyof RawTransaction, number][] = [
  ['transactionCode', 50],
  ['counterpartyName', 200],
  ['notes', 2000],
];

/** Whether the raw row carries a value for a required field (`counterparty`: a client or a name). */
function carries(raw: RawTransaction, required: string): boolean {
  switch (required) {
    case 'counterparty':
      return raw.counterpartyClientUuid.trim() !== '' || raw.counterpartyName.trim() !== '';
    case 'new_security_id':
      return raw.newSecurityId > 0;
    default: {
      const key = camel(required) as keyof RawTransaction;
      const value = raw[key];
      return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== 0;
    }
  }
}

const CAMEL = new Map<string, string>();
/** A required field's REST name: "trade_date" -> "tradeDate" (remembered: asked for every row of an import). */
function camel(required: string): string {
  let name = CAMEL.get(required);
  if (name === undefined) {
    name =
      required === 'counterparty'
        ? 'counterpartyClientUuid'
        : required.replace(/_(\w)/g, (_m, c: string) => c.toUpperCase());
    CAMEL.set(required, name);
  }
  return name;
}

type CheckContext = { today: string; at: string; securityId: number };

function failAt(context: CheckContext, field: string, message: string): never {
  throw invalidArgument(`${context.at}.${field}`, message);
}

function decimalField(
  raw: RawTransaction,
  context: CheckContext,
  field: keyof RawTransaction,
  scale: number,
  sign: 'positive' | 'not-negative',
): string | null {
  const value = raw[field];
  const text = typeof value === 'string' ? value.trim() : String(value).trim();
  if (text === '') return null;
  const problem = decimalProblem(field, text, scale, sign);
  if (problem) failAt(context, field, problem);
  return canonicalDecimal(text);
}

function dateField(
  raw: RawTransaction,
  context: CheckContext,
  field: keyof RawTransaction,
  notFuture: boolean,
): string | null {
  const value = raw[field];
  const text = typeof value === 'string' ? value.trim() : String(value).trim();
  if (text === '') return null;
  const problem = dateProblem(field, text, notFuture ? context.today : undefined);
  if (problem) failAt(context, field, problem);
  return text;
}

/**
 * Checks a row against its type and today's date (Europe/London), and puts it in canonical form. `at` is the
 * field prefix, "transaction" or "transactions.0".
 */
export function checkTransaction(
  raw: RawTransaction,
  type: Pick<TransactionTypeRecord, 'name' | 'requiredFields' | 'allowZeroQuantity' | 'incomeType'>,
  context: { today: string; at: string; securityId: number },
): CheckedTransaction {
  // Module functions rather than closures made per call: an import checks 100,000 rows through here.

  for (const [field, max] of TEXT_LIMITS) {
    if (String(raw[field]).length > max) failAt(context, field, `${field} must be at most ${max} characters`);
  }
  for (const required of type.requiredFields) {
    if (!carries(raw, required)) failAt(context, camel(required), `${camel(required)} is required for a ${type.name}`);
  }

  const state = raw.state.trim().toUpperCase() || 'SETTLED';
  if (!isTransactionState(state)) failAt(context, 'state', 'state must be PENDING, SETTLED, CANCELLED or REVERSED');

  if (raw.tradeDate.trim() === '') failAt(context, 'tradeDate', 'tradeDate is required');
  const tradeDate = dateField(raw, context, 'tradeDate', true)!;
  const reportDate = dateField(raw, context, 'reportDate', false) ?? tradeDate;
  const originalAcquisitionDate = dateField(raw, context, 'originalAcquisitionDate', true);
  if (originalAcquisitionDate && originalAcquisitionDate > tradeDate) {
    failAt(context, 'originalAcquisitionDate', 'originalAcquisitionDate must not be after the trade date');
  }

  const quantityText = raw.quantity.trim();
  let quantity: string;
  if (quantityText === '') {
    if (!type.allowZeroQuantity) failAt(context, 'quantity', `quantity is required for a ${type.name}`);
    quantity = '0';
  } else {
    quantity = decimalField(
      raw,
      context,
      'quantity',
      QUANTITY_SCALE,
      type.allowZeroQuantity ? 'not-negative' : 'positive',
    )!;
  }
  const price = decimalField(raw, context, 'price', PRICE_SCALE, 'not-negative');
  const consideration =
    decimalField(raw, context, 'consideration', MONEY_SCALE, 'not-negative') ??
    (price === null ? '0' : multiply(quantity, price, MONEY_SCALE));
  const expenses = decimalField(raw, context, 'expenses', MONEY_SCALE, 'not-negative') ?? '0';

  const currency = raw.currency.trim().toUpperCase() || 'GBP';
  if (!/^[A-Z]{3}$/.test(currency)) failAt(context, 'currency', 'currency must be a 3-letter ISO code such as GBP');
  let fxRate = decimalField(raw, context, 'fxRate', FX_SCALE, 'positive');
  if (currency === 'GBP') {
    if (fxRate !== null && fxRate !== '1') failAt(context, 'fxRate', 'fxRate must be 1 for GBP');
    fxRate = '1';
  }

  const counterpartyClientUuid = raw.counterpartyClientUuid.trim() || null;
  if (counterpartyClientUuid && !isUuid(counterpartyClientUuid)) {
    failAt(context, 'counterpartyClientUuid', 'counterpartyClientUuid must be a uuid');
  }
  const newSecurityId = raw.newSecurityId > 0 ? raw.newSecurityId : null;
  if (raw.newSecurityId < 0) failAt(context, 'newSecurityId', 'newSecurityId must be a security id');
  if (newSecurityId !== null && newSecurityId === context.securityId) {
    failAt(context, 'newSecurityId', 'newSecurityId must be another security than the one held');
  }

  const ratio = raw.ratio.trim() || null;
  if (ratio !== null && (!RATIO.test(ratio) || ratio.split(':').some((part) => /^0*(\.0*)?$/.test(part)))) {
    failAt(context, 'ratio', 'ratio must be new:old such as 2:1, each part more than 0');
  }

  const timingText = raw.timing
    .trim()
    .toLowerCase()
    .replace(/[\s_-]/g, '');
  const timing =
    timingText === '' || timingText === 'before' || timingText === 'beforetrades'
      ? 'before-trades'
      : timingText === 'after' || timingText === 'aftertrades'
        ? 'after-trades'
        : failAt(context, 'timing', 'timing must be before-trades or after-trades');

  const incomeType = raw.incomeType.trim().toUpperCase() || type.incomeType;
  if (incomeType && !INCOME_CODES.has(incomeType)) failAt(context, 'incomeType', `Unknown income type ${incomeType}`);

  return {
    state,
    transactionCode: raw.transactionCode.trim(),
    tradeDate,
    exDate: dateField(raw, context, 'exDate', false),
    payDate: dateField(raw, context, 'payDate', false),
    reportDate,
    quantity,
    price,
    consideration: money(consideration),
    expenses: money(expenses),
    currency,
    fxRate,
    originalAcquisitionDate,
    counterpartyClientUuid: counterpartyClientUuid?.toLowerCase() ?? null,
    counterpartyName: raw.counterpartyName.trim(),
    holdoverReliefClaimed: optionalMoney(
      decimalField(raw, context, 'holdoverReliefClaimed', MONEY_SCALE, 'not-negative'),
    ),
    newSecurityId,
    marketValue: optionalMoney(decimalField(raw, context, 'marketValue', MONEY_SCALE, 'not-negative')),
    ratio,
    timing,
    incomeType,
    taxDeducted: optionalMoney(decimalField(raw, context, 'taxDeducted', MONEY_SCALE, 'not-negative')),
    notes: raw.notes,
  };
}

/** "12.3" -> "12.30" (a canonical decimal of at most two places padded; more places rounded half up). */
function money(text: string): string {
  const dot = text.indexOf('.');
  const places = dot < 0 ? 0 : text.length - dot - 1;
  if (places > MONEY_SCALE) return multiply(text, '1', MONEY_SCALE);
  return dot < 0 ? `${text}.00` : text + '0'.repeat(MONEY_SCALE - places);
}
function optionalMoney(text: string | null): string | null {
  return text === null ? null : money(text);
}

/**
 * The GBP amounts, exact to the penny: with the row's own rate (units per GBP) amount / rate; with the securities
 * service's rate (GBP per unit) amount x that rate, the row keeping units per GBP to 10 places.
 */
export function withGbpAmounts(
  row: CheckedTransaction,
  rate: { unitsPerGbp: string } | { gbpPerUnit: string },
): LedgerRowValues {
  if ('unitsPerGbp' in rate) {
    return {
      ...row,
      fxRate: canonicalDecimal(rate.unitsPerGbp),
      considerationGbp: divide(row.consideration, rate.unitsPerGbp, MONEY_SCALE),
      expensesGbp: divide(row.expenses, rate.unitsPerGbp, MONEY_SCALE),
    };
  }
  return {
    ...row,
    fxRate: canonicalDecimal(divide('1', rate.gbpPerUnit, FX_SCALE)),
    considerationGbp: multiply(row.consideration, rate.gbpPerUnit, MONEY_SCALE),
    expensesGbp: multiply(row.expenses, rate.gbpPerUnit, MONEY_SCALE),
  };
}

/** Value of a holding: quantity x price to the penny. */
export function holdingValue(quantity: string, price: string | null): string | null {
  return price === null ? null : multiply(quantity, price, MONEY_SCALE);
}
