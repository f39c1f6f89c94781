/**
 * The securities' pure rules as the web app checks them before sending (the server checks them again and
 * names the field): SEDOL and ISIN check digits, prices as decimal strings, and the labels of the coded lists.
 */
import {
  ASSET_CLASSES,
  CGT_CLASSES,
  SECURITY_STATUSES,
  type AssetClass,
  type CgtClass,
  type SecurityStatus,
} from '@gains/contracts';

export const ASSET_CLASS_LABELS: Record<AssetClass, string> = {
  EQUITY: 'Equity',
  INVESTMENT_TRUST: 'Investment trust',
  UNIT_TRUST_INCOME: 'Unit trust/OEIC (income units)',
  UNIT_TRUST_ACCUMULATION: 'Unit trust/OEIC (accumulation units)',
  REPORTING_OFFSHORE_FUND: 'Reporting offshore fund',
  NON_REPORTING_OFFSHORE_FUND: 'Non-reporting offshore fund',
  GILT: 'Gilt',
  QUALIFYING_CORPORATE_BOND: 'Qualifying corporate bond',
  OTHER_BOND: 'Other bond',
  CASH: 'Cash',
};

export const CGT_CLASS_LABELS: Record<CgtClass, string> = {
  CAPITAL: 'Capital',
  EXEMPT: 'Exempt',
  INCOME_GAIN: 'Income gain',
};

export const STATUS_LABELS: Record<SecurityStatus, string> = {
  ACTIVE: 'Active',
  SUSPENDED: 'Suspended',
  DELISTED: 'Delisted',
  MATURED: 'Matured',
};

export const assetClassOptions = ASSET_CLASSES.map((value) => ({ value, label: ASSET_CLASS_LABELS[value] }));
export const cgtClassOptions = CGT_CLASSES.map((value) => ({ value, label: CGT_CLASS_LABELS[value] }));
export const statusOptions = SECURITY_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));

/** A coded value's label, or the code itself when the list does not know it. */
export function labelOf<K extends string>(labels: Record<K, string>, value: string | null | undefined): string {
  if (!value) return '-';
  return (labels as Record<string, string>)[value] ?? value;
}

/** The CGT class a new security of this asset class gets (gilts and QCBs are exempt; non-reporting funds give income gains). */
export function defaultCgtClass(assetClass: AssetClass): CgtClass {
  if (assetClass === 'GILT' || assetClass === 'QUALIFYING_CORPORATE_BOND') return 'EXEMPT';
  if (assetClass === 'NON_REPORTING_OFFSHORE_FUND') return 'INCOME_GAIN';
  return 'CAPITAL';
}

export const SECURITY_MESSAGES = {
  sedolRequired: 'SEDOL is required',
  sedolFormat: 'SEDOL must be 7 characters: 6 digits or consonants, then a check digit',
  isinRequired: 'ISIN is required',
  isinFormat: 'ISIN must be 12 characters: a 2-letter country code, 9 letters or digits, then a check digit',
  issuerRequired: 'Issuer is required',
  securityNameRequired: 'Security name is required',
  reportingNameRequired: 'Reporting name is required',
  currencyRequired: 'Currency is required',
  assetClassRequired: 'Asset class is required',
  decimalsRange: 'Quantity decimal places must be a whole number from 0 to 6',
  priceRequired: 'Price is required',
  priceFormat: 'Price must be a number greater than 0 with at most 8 decimal places',
  dateRequired: 'Date is required',
  dateFuture: 'Date cannot be in the future',
} as const;

const SEDOL_FORMAT = /^[0-9BCDFGHJKLMNPQRSTVWXYZ]{6}[0-9]$/;
const SEDOL_WEIGHTS = [1, 3, 1, 7, 3, 9];

/** The check digit of a SEDOL's first six characters. */
export function sedolCheckDigit(first6: string): number {
  let sum = 0;
  for (let i = 0; i < 6; i++) {
    const c = first6[i];
    const value = /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 55;
    sum += value * SEDOL_WEIGHTS[i];
  }
  return (10 - (sum % 10)) % 10;
}

/** What is wrong with a SEDOL, naming the field and the rule; undefined when it is valid. */
export function sedolProblem(raw: string | undefined): string | undefined {
  const sedol = (raw ?? '').trim().toUpperCase();
  if (!sedol) return SECURITY_MESSAGES.sedolRequired;
  if (!SEDOL_FORMAT.test(sedol)) return SECURITY_MESSAGES.sedolFormat;
  const expected = sedolCheckDigit(sedol.slice(0, 6));
  if (expected !== Number(sedol[6])) return `SEDOL check digit is wrong: ${sedol.slice(0, 6)} needs ${expected}`;
  return undefined;
}

const ISIN_FORMAT = /^[A-Z]{2}[A-Z0-9]{9}[0-9]$/;

/** The check digit of an ISIN's first eleven characters (letters as 10-35, then Luhn). */
export function isinCheckDigit(first11: string): number {
  const digits = first11
    .split('')
    .map((c) => (/\d/.test(c) ? c : String(c.charCodeAt(0) - 55)))
    .join('');
  let sum = 0;
  let double = true;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = Number(digits[i]);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return (10 - (sum % 10)) % 10;
}

/** What is wrong with an ISIN, naming the field and the rule; undefined when it is valid. */
export function isinProblem(raw: string | undefined): string | undefined {
  const isin = (raw ?? '').trim().toUpperCase();
  if (!isin) return SECURITY_MESSAGES.isinRequired;
  if (!ISIN_FORMAT.test(isin)) return SECURITY_MESSAGES.isinFormat;
  const expected = isinCheckDigit(isin.slice(0, 11));
  if (expected !== Number(isin[11])) return `ISIN check digit is wrong: ${isin.slice(0, 11)} needs ${expected}`;
  return undefined;
}

const PRICE = /^\d+(\.\d{1,8})?$/;

/** A price as typed: a plain decimal above zero, at most 8 places; undefined when it is valid. */
export function priceProblem(raw: string | undefined): string | undefined {
  const price = (raw ?? '').trim();
  if (!price) return SECURITY_MESSAGES.priceRequired;
  if (!PRICE.test(price) || /^0*(\.0*)?$/.test(price)) return SECURITY_MESSAGES.priceFormat;
  return undefined;
}

/** An AntD form rule from a problem function. */
export function ruleOf(problem: (value: string | undefined) => string | undefined) {
  return {
    validator: (_: unknown, value: string | undefined) => {
      const message = problem(value);
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  };
}
