/**
 * The Taximiser's input rules (seed 000 §5), one wording for the web app's live checks and the tax engine's:
 * each message names the field and the limit. Values are decimal text, compared exactly (never as floats).
 */

import { compareDecimal } from '@gains/decimal';

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** A positive number with thousands separators (en-GB) and its own places, for a message. */
function shown(text: string): string {
  const [whole = '0', fraction] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction ? `${grouped}.${fraction}` : grouped;
}

/** Why a number field's text breaks its rule, or null: required, a number, within [min, max]. */
function checkNumber(
  label: string,
  text: string | null | undefined,
  limits: { min: string; max?: string; maxLabel?: string },
): string | null {
  const value = (text ?? '').trim().replace(/,/g, '');
  if (value === '') return `${label} is required`;
  if (!DECIMAL.test(value)) return `${label} must be a number, such as 12.5`;
  if (compareDecimal(value, limits.min) < 0) return `${label} must be at least ${shown(limits.min)}`;
  if (limits.max !== undefined && compareDecimal(value, limits.max) > 0)
    return `${label} must not be more than ${limits.maxLabel ?? shown(limits.max)}`;
  return null;
}

/** The least a disposal may sell, and the narrowest disposal percent (seed 000 §5). */
export const MIN_DISPOSAL_AMOUNT = '0.0001';
export const MIN_DISPOSAL_PERCENT = '0.000001';
/** The largest cash or gain a plan may aim at, GBP. */
export const MAX_PLAN_AMOUNT = '1000000000000';

/** A selected holding's disposal amount: from 0.0001 up to the quantity held. */
export function disposalAmountProblem(text: string | null | undefined, quantityHeld: string): string | null {
  return checkNumber('Disposal amount', text, {
    min: MIN_DISPOSAL_AMOUNT,
    max: quantityHeld,
    maxLabel: `the ${shown(quantityHeld)} held`,
  });
}

/** A price per share: 0 or more. */
export function pricePerShareProblem(text: string | null | undefined): string | null {
  return checkNumber('Price per share', text, { min: '0' });
}

/** A percent of the plan (the disposal percent, a budget's or the holdings' share): 0.000001 to 100. */
export function percentProblem(text: string | null | undefined, label = 'Disposal percent'): string | null {
  return checkNumber(label, text, { min: MIN_DISPOSAL_PERCENT, max: '100' });
}

/** A cash or gain target in GBP: 0.01 up to a trillion. */
export function planAmountProblem(text: string | null | undefined, label: string): string | null {
  return checkNumber(label, text, { min: '0.01', max: MAX_PLAN_AMOUNT, maxLabel: '£1,000,000,000,000' });
}

/**
 * The ISA allowance a year, GBP: £20,000 every tax year since 2017-18 (what may be subscribed to ISAs in all;
 * a bed and ISA rebuy uses it).
 */
export const ISA_ALLOWANCE = '20000.00';

/** The ISA subscriptions a user says the client has made this tax year: 0 up to the allowance. */
export function isaSubscribedProblem(text: string | null | undefined): string | null {
  return checkNumber('ISA subscriptions this tax year', text, {
    min: '0',
    max: ISA_ALLOWANCE,
    maxLabel: 'the £20,000.00 allowance',
  });
}
