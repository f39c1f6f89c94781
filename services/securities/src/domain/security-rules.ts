import {
  ASSET_CLASSES,
  CGT_CLASSES,
  SECURITY_STATUSES,
  type AssetClass,
  type CgtClass,
  type SecurityStatus,
} from '@gains/contracts';
import { invalidArgument } from '@gains/errors';
import { isinProblem, sedolProblem } from './security-codes';

/**
 * What a security is and how the tax engine treats it. Pure: no I/O.
 * Gilts and qualifying corporate bonds are exempt from CGT (TCGA 1992 s115); a disposal of a
 * non-reporting offshore fund is an offshore income gain (TIOPA 2010 Part 8, taxed as income); the rest
 * are capital.
 */
export const ASSET_CLASS_CGT: Record<AssetClass, CgtClass> = {
  EQUITY: 'CAPITAL',
  INVESTMENT_TRUST: 'CAPITAL',
  UNIT_TRUST_INCOME: 'CAPITAL',
  UNIT_TRUST_ACCUMULATION: 'CAPITAL',
  REPORTING_OFFSHORE_FUND: 'CAPITAL',
  NON_REPORTING_OFFSHORE_FUND: 'INCOME_GAIN',
  GILT: 'EXEMPT',
  QUALIFYING_CORPORATE_BOND: 'EXEMPT',
  OTHER_BOND: 'CAPITAL',
  CASH: 'EXEMPT',
};

export const ASSET_CLASS_NAMES: Record<AssetClass, string> = {
  EQUITY: 'Equity',
  INVESTMENT_TRUST: 'Investment trust',
  UNIT_TRUST_INCOME: 'Unit trust / OEIC income units',
  UNIT_TRUST_ACCUMULATION: 'Unit trust / OEIC accumulation units',
  REPORTING_OFFSHORE_FUND: 'Reporting offshore fund',
  NON_REPORTING_OFFSHORE_FUND: 'Non-reporting offshore fund',
  GILT: 'Gilt',
  QUALIFYING_CORPORATE_BOND: 'Qualifying corporate bond',
  OTHER_BOND: 'Other bond',
  CASH: 'Cash',
};

export const CGT_CLASS_NAMES: Record<CgtClass, string> = {
  CAPITAL: 'Capital gain',
  EXEMPT: 'Exempt',
  INCOME_GAIN: 'Income gain',
};

export const SECURITY_STATUS_NAMES: Record<SecurityStatus, string> = {
  ACTIVE: 'Active',
  SUSPENDED: 'Suspended',
  DELISTED: 'Delisted',
  MATURED: 'Matured',
};

export function cgtClassOf(assetClass: AssetClass): CgtClass {
  return ASSET_CLASS_CGT[assetClass];
}

export const NAME_MAX = 200;
export const DESCRIPTION_MAX = 500;
export const LONG_DESCRIPTION_MAX = 4000;
export const DECIMALS_MAX = 6;

/** The stored fields of a security, as the domain sees them. */
export interface SecurityFields {
  sedol: string;
  isin: string;
  issuer: string;
  securityName: string;
  reportingName: string;
  securityDescription: string;
  securityLongDescription: string;
  currency: string;
  assetClass: AssetClass;
  cgtClass: CgtClass;
  quantityDecimalPlaces: number;
  status: SecurityStatus;
}

/** A security's fields as sent (create or update), before checking. */
export interface RawSecurityInput {
  sedol: string;
  isin: string;
  issuer: string;
  securityName: string;
  reportingName: string;
  securityDescription?: string;
  securityLongDescription?: string;
  currency: string;
  assetClass: string;
  cgtClass?: string;
  quantityDecimalPlaces?: number;
  status?: string;
}

function requiredText(field: string, label: string, value: string, max: number): string {
  const v = value.trim();
  if (!v) throw invalidArgument(field, `${label} is required`);
  if (v.length > max) throw invalidArgument(field, `${label} must be at most ${max} characters`);
  return v;
}

function optionalText(field: string, label: string, value: string | undefined, max: number): string {
  const v = (value ?? '').trim();
  if (v.length > max) throw invalidArgument(field, `${label} must be at most ${max} characters`);
  return v;
}

export function checkAssetClass(value: string, field = 'assetClass'): AssetClass {
  if (!(ASSET_CLASSES as readonly string[]).includes(value)) {
    throw invalidArgument(field, `Asset class must be one of ${ASSET_CLASSES.join(', ')}`);
  }
  return value as AssetClass;
}

export function checkCgtClass(value: string, field = 'cgtClass'): CgtClass {
  if (!(CGT_CLASSES as readonly string[]).includes(value)) {
    throw invalidArgument(field, `CGT class must be one of ${CGT_CLASSES.join(', ')}`);
  }
  return value as CgtClass;
}

export function checkStatus(value: string, field = 'status'): SecurityStatus {
  if (!(SECURITY_STATUSES as readonly string[]).includes(value)) {
    throw invalidArgument(field, `Status must be one of ${SECURITY_STATUSES.join(', ')}`);
  }
  return value as SecurityStatus;
}

export function checkDecimals(value: number, field = 'quantityDecimalPlaces'): number {
  if (!Number.isInteger(value) || value < 0 || value > DECIMALS_MAX) {
    throw invalidArgument(field, `Quantity decimal places must be a whole number from 0 to ${DECIMALS_MAX}`);
  }
  return value;
}

/**
 * Checks a security's fields: codes upper-cased and their check digits valid, names present, classes
 * from their lists; the CGT class derived from the asset class unless given. Which currency and
 * issuer exist is the use case's to check (they need the store).
 */
export function checkSecurityInput(raw: RawSecurityInput): SecurityFields {
  const sedol = raw.sedol.trim().toUpperCase();
  if (!sedol) throw invalidArgument('sedol', 'SEDOL is required');
  const sedolBad = sedolProblem(sedol);
  if (sedolBad) throw invalidArgument('sedol', sedolBad);
  const isin = raw.isin.trim().toUpperCase();
  if (!isin) throw invalidArgument('isin', 'ISIN is required');
  const isinBad = isinProblem(isin);
  if (isinBad) throw invalidArgument('isin', isinBad);
  if (!raw.issuer.trim()) throw invalidArgument('issuer', 'Issuer is required');
  const securityName = requiredText('securityName', 'Security name', raw.securityName, NAME_MAX);
  const reportingName = requiredText('reportingName', 'Reporting name', raw.reportingName, NAME_MAX);
  const currency = raw.currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) throw invalidArgument('currency', 'Currency must be a 3-letter ISO code');
  const assetClass = checkAssetClass(raw.assetClass);
  return {
    sedol,
    isin,
    issuer: raw.issuer.trim().toLowerCase(),
    securityName,
    reportingName,
    securityDescription: optionalText('securityDescription', 'Description', raw.securityDescription, DESCRIPTION_MAX),
    securityLongDescription: optionalText(
      'securityLongDescription',
      'Long description',
      raw.securityLongDescription,
      LONG_DESCRIPTION_MAX,
    ),
    currency,
    assetClass,
    cgtClass: raw.cgtClass ? checkCgtClass(raw.cgtClass) : cgtClassOf(assetClass),
    quantityDecimalPlaces: checkDecimals(raw.quantityDecimalPlaces ?? 0),
    status: checkStatus(raw.status || 'ACTIVE'),
  };
}

/** The fields of `next` that differ from `current`, as old and new values (for the audit and pending changes). */
export function diffFields<T extends object>(
  current: T | null,
  next: T,
): { oldValues: Record<string, string | number | null>; newValues: Record<string, string | number | null> } {
  const oldValues: Record<string, string | number | null> = {};
  const newValues: Record<string, string | number | null> = {};
  for (const [key, value] of Object.entries(next) as [string, string | number | null][]) {
    const before = current ? ((current as Record<string, unknown>)[key] as string | number | null) : undefined;
    if (before !== value) {
      if (current) oldValues[key] = before ?? null;
      newValues[key] = value;
    }
  }
  return { oldValues, newValues };
}

export interface IssuerFields {
  name: string;
  longName: string;
}

export function checkIssuerInput(raw: { name: string; longName?: string }): IssuerFields {
  return {
    name: requiredText('name', 'Issuer name', raw.name, NAME_MAX),
    longName: optionalText('longName', 'Issuer long name', raw.longName, DESCRIPTION_MAX),
  };
}
