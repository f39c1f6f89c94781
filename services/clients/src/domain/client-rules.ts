import { invalidArgument } from '@gains/errors';
import { canonicalDecimal } from './decimal-rules';
import { dateProblem, isIsoDate } from './date-rules';
import {
  ADDRESS_STATUSES,
  CLIENT_STATES,
  CLIENT_TYPES,
  COUNTRIES,
  RELATIONSHIP_TYPES,
  REPORTING_FREQUENCIES,
} from './reference-lists';
import { startYearOf } from './tax-years';

/** A client as it arrives to be created or updated (the proto's ClientInput, as plain data). */
export interface RawClient {
  code: string;
  imsCode: string;
  name: string;
  reportingName: string;
  salutation: string;
  firstName: string;
  middleNames: string;
  surname: string;
  dateOfBirth?: string;
  niNumber: string;
  uniqueTaxPayerReference: string;
  deceased: boolean;
  dateDeceased?: string;
  deceasedRepresentative: string;
  probateCompleted: boolean;
  probateCompletedDate?: string;
  giaExecutorsPortfolioAdded: boolean;
  yearEndOverride: boolean;
  yearEndInput?: string;
  company: boolean;
  typeCode: string;
  stateCode: string;
  serviceLevelCode: string;
  countryOfResidenceCode: string;
  countryOfDomicileCode: string;
  reportingFrequency: string;
  electronicReport: boolean;
  paperlessReport: boolean;
  printedReport: boolean;
  clientPortalReport: boolean;
  fatcaReporting: boolean;
  crsReporting: boolean;
  isaReporting: boolean;
  reportingRestrictionFrom?: string;
  relationshipManagerCode: string;
  relationshipManagerName: string;
  endDate?: string;
  familyGroup: string;
  telephone: string;
  mobile: string;
  email: string;
  notes: string;
  overrideReportTypeMapping: boolean;
  reportTypeMappings: { id: number; reportTypeId: number; generate: boolean }[];
  addresses: RawAddress[];
  relationships: RawRelationship[];
  taxOverrides: RawTaxOverride[];
}

export interface RawAddress {
  uuid: string;
  code: string;
  typeCode: string;
  ouCode: string;
  name: string;
  line1: string;
  line2: string;
  line3: string;
  town: string;
  county: string;
  postcode: string;
  country: string;
  status: string;
  primaryTaxCopy: boolean;
  additionalCopy: boolean;
  coreInternalRef: string;
}

export interface RawRelationship {
  uuid: string;
  childClientUuid: string;
  typeCode: string;
  startDate: string;
  endDate?: string;
  notes: string;
}

export interface RawTaxOverride {
  uuid: string;
  taxYear: string;
  overrideType: string;
  amount?: string;
  percentage?: string;
  rollover: boolean;
  notes: string;
}

export const OVERRIDE_TYPES = ['ANNUAL_EXEMPTION', 'BROUGHT_FORWARD_LOSS'] as const;

/** The checked client: text trimmed, codes upper-cased, dates valid; nested rows numbered as they came. */
export type CheckedClient = RawClient;

const codes = (items: { code: string }[]) => new Set(items.map((i) => i.code));
const TYPES = codes(CLIENT_TYPES);
const STATES = codes(CLIENT_STATES);
const COUNTRY_CODES = codes(COUNTRIES);
const FREQUENCIES = codes(REPORTING_FREQUENCIES);
const ADDRESS_STATUS_CODES = codes(ADDRESS_STATUSES);
const RELATIONSHIP_CODES = codes(RELATIONSHIP_TYPES);

const TEXT_LIMITS: [keyof RawClient, number][] = [
  ['code', 40],
  ['imsCode', 40],
  ['name', 200],
  ['reportingName', 200],
  ['salutation', 40],
  ['firstName', 100],
  ['middleNames', 100],
  ['surname', 100],
  ['deceasedRepresentative', 200],
  ['relationshipManagerCode', 40],
  ['relationshipManagerName', 200],
  ['familyGroup', 100],
  ['telephone', 40],
  ['mobile', 40],
  ['email', 200],
  ['notes', 4000],
];

/**
 * Checks a client before it is written, naming the field of the first problem (nested ones by path:
 * `relationships.0.endDate`). Pure: `today` is the London date.
 */
export function checkClient(raw: RawClient, today: string): CheckedClient {
  const fail = (field: string, message: string): never => {
    throw invalidArgument(field, message);
  };
  for (const [field, max] of TEXT_LIMITS) {
    if (String(raw[field] ?? '').length > max) fail(field, `${field} must be at most ${max} characters`);
  }
  const code = raw.code.trim();
  if (!code) fail('code', 'Code is required');
  if (!/^[A-Za-z0-9][A-Za-z0-9_\-/.]*$/.test(code)) fail('code', 'Code may hold letters, digits, -, _, / and .');
  const name = raw.name.trim();
  if (!name) fail('name', 'Name is required');
  const typeCode = raw.typeCode.trim().toUpperCase();
  if (!TYPES.has(typeCode)) fail('typeCode', `Client type must be one of ${[...TYPES].join(', ')}`);
  const stateCode = raw.stateCode.trim().toUpperCase();
  if (!STATES.has(stateCode)) fail('stateCode', `Client state must be one of ${[...STATES].join(', ')}`);
  const residence = (raw.countryOfResidenceCode.trim() || 'GB').toUpperCase();
  if (!COUNTRY_CODES.has(residence)) fail('countryOfResidenceCode', `Unknown country ${residence}`);
  const domicile = (raw.countryOfDomicileCode.trim() || 'GB').toUpperCase();
  if (!COUNTRY_CODES.has(domicile)) fail('countryOfDomicileCode', `Unknown country ${domicile}`);
  const frequency = (raw.reportingFrequency.trim() || 'ANNUAL').toUpperCase();
  if (!FREQUENCIES.has(frequency))
    fail('reportingFrequency', `Reporting frequency must be one of ${[...FREQUENCIES].join(', ')}`);

  const date = (field: string, text: string | undefined, notFuture: boolean): string | undefined => {
    const t = (text ?? '').trim();
    if (!t) return undefined;
    const problem = dateProblem(field, t, notFuture ? today : undefined);
    if (problem) fail(field, problem);
    return t;
  };
  const dateOfBirth = date('dateOfBirth', raw.dateOfBirth, true);
  const dateDeceased = date('dateDeceased', raw.dateDeceased, true);
  if (raw.deceased && !dateDeceased) fail('dateDeceased', 'Date deceased is required for a deceased client');
  if (dateOfBirth && dateDeceased && dateDeceased < dateOfBirth) {
    fail('dateDeceased', 'Date deceased cannot be before the date of birth');
  }
  const probateCompletedDate = date('probateCompletedDate', raw.probateCompletedDate, true);
  const niNumber = raw.niNumber.replace(/\s+/g, '').toUpperCase();
  if (niNumber && !/^[A-Z]{2}\d{6}[A-D]$/.test(niNumber)) {
    fail('niNumber', 'NI number must be two letters, six digits and A, B, C or D (e.g. QQ 12 34 56 C)');
  }
  const utr = raw.uniqueTaxPayerReference.replace(/\s+/g, '');
  if (utr && !/^\d{10}$/.test(utr)) fail('uniqueTaxPayerReference', 'UTR must be ten digits');
  let yearEndInput: string | undefined;
  if (raw.yearEndOverride) {
    yearEndInput = (raw.yearEndInput ?? '').trim();
    if (!/^\d{2}-\d{2}$/.test(yearEndInput) || !isIsoDate(`2024-${yearEndInput}`)) {
      fail('yearEndInput', 'Year end must be a day of the year as MM-DD, e.g. 12-31');
    }
  }
  const email = raw.email.trim();
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fail('email', 'Email must be an email address');

  const addresses = raw.addresses.map((a, i) => {
    const at = (f: string) => `addresses.${i}.${f}`;
    if (!a.line1.trim()) fail(at('line1'), 'Address line 1 is required');
    const status = (a.status.trim() || 'CURRENT').toUpperCase();
    if (!ADDRESS_STATUS_CODES.has(status))
      fail(at('status'), `Address status must be one of ${[...ADDRESS_STATUS_CODES].join(', ')}`);
    const country = (a.country.trim() || 'GB').toUpperCase();
    if (!COUNTRY_CODES.has(country)) fail(at('country'), `Unknown country ${country}`);
    for (const [f, max] of [
      ['line1', 200],
      ['line2', 200],
      ['line3', 200],
      ['town', 100],
      ['county', 100],
      ['postcode', 20],
      ['name', 200],
    ] as const) {
      if (a[f].length > max) fail(at(f), `${f} must be at most ${max} characters`);
    }
    return { ...a, status, country, line1: a.line1.trim(), postcode: a.postcode.trim().toUpperCase() };
  });
  if (addresses.length > 0 && addresses.filter((a) => a.primaryTaxCopy).length !== 1) {
    fail('addresses', 'Exactly one address must be the primary tax copy');
  }

  const relationships = raw.relationships.map((r, i) => {
    const at = (f: string) => `relationships.${i}.${f}`;
    const typeCode = r.typeCode.trim().toUpperCase();
    if (!RELATIONSHIP_CODES.has(typeCode))
      fail(at('typeCode'), `Relationship type must be one of ${[...RELATIONSHIP_CODES].join(', ')}`);
    if (!r.childClientUuid.trim()) fail(at('childClientUuid'), 'The related client is required');
    if (!r.startDate.trim()) fail(at('startDate'), 'Start date is required');
    const startDate = date(at('startDate'), r.startDate, false)!;
    const endDate = date(at('endDate'), r.endDate, false);
    if (endDate && endDate < startDate) fail(at('endDate'), 'End date cannot be before start date');
    return { ...r, typeCode, startDate, endDate, notes: r.notes.trim() };
  });

  const seen = new Set<string>();
  const taxOverrides = raw.taxOverrides.map((t, i) => {
    const at = (f: string) => `taxOverrides.${i}.${f}`;
    const year = startYearOf(t.taxYear);
    if (year === undefined) fail(at('taxYear'), 'Tax year must be like 2025-26');
    const overrideType = t.overrideType.trim().toUpperCase();
    if (!(OVERRIDE_TYPES as readonly string[]).includes(overrideType)) {
      fail(at('overrideType'), 'Override type must be ANNUAL_EXEMPTION or BROUGHT_FORWARD_LOSS');
    }
    const key = `${t.taxYear.trim()}|${overrideType}`;
    if (seen.has(key)) fail(at('taxYear'), 'One override of each type per tax year');
    seen.add(key);
    const amount = (t.amount ?? '').trim();
    const percentage = (t.percentage ?? '').trim();
    if (!amount && !percentage) fail(at('amount'), 'Give an amount or a percentage');
    if (amount && !/^\d{1,16}(\.\d{1,2})?$/.test(amount))
      fail(at('amount'), 'Amount must be 0 or more with at most 2 decimal places');
    if (percentage) {
      const ok =
        /^\d{1,3}(\.\d{1,6})?$/.test(percentage) &&
        Number(percentage.split('.')[0]) <= 100 &&
        !(percentage.startsWith('100.') && /[1-9]/.test(percentage.slice(4)));
      if (!ok) fail(at('percentage'), 'Percentage must be from 0 to 100 with at most 6 decimal places');
    }
    if (t.notes.length > 1000) fail(at('notes'), 'notes must be at most 1000 characters');
    return {
      ...t,
      taxYear: t.taxYear.trim(),
      overrideType,
      amount: amount ? canonicalDecimal(amount) : undefined,
      percentage: percentage ? canonicalDecimal(percentage) : undefined,
    };
  });

  return {
    ...raw,
    code,
    name,
    typeCode,
    stateCode,
    countryOfResidenceCode: residence,
    countryOfDomicileCode: domicile,
    reportingFrequency: frequency,
    dateOfBirth,
    dateDeceased,
    probateCompletedDate,
    reportingRestrictionFrom: date('reportingRestrictionFrom', raw.reportingRestrictionFrom, false),
    endDate: date('endDate', raw.endDate, false),
    niNumber,
    uniqueTaxPayerReference: utr,
    yearEndInput,
    email,
    addresses,
    relationships,
    taxOverrides,
  };
}

/**
 * What the tax engine computes the client as: it follows from the type and fields, never entered. The type may be
 * its code or its name as the client row stores it ("Trust"), so a trust is never computed as an individual.
 */
export function taxpayerKindOf(client: {
  typeCode: string;
  company: boolean;
  deceased: boolean;
  dateDeceased?: string | null;
}): string {
  const typeCode =
    CLIENT_TYPES.find((t) => t.code === client.typeCode || t.name === client.typeCode)?.code ?? client.typeCode;
  if (client.company || typeCode === 'COMPANY') return 'company';
  if (typeCode === 'PERSONAL_REPRESENTATIVE' || (client.deceased && client.dateDeceased)) {
    return 'personal-representatives';
  }
  if (typeCode === 'VULNERABLE_TRUST') return 'vulnerable-beneficiary-trust';
  if (typeCode === 'TRUST') return 'trust';
  return 'individual';
}

/** The earliest tax year start among overrides that differ between two sets (for ledger.changed). */
export function earliestOverrideChange(
  before: {
    taxYear: string;
    overrideType: string;
    amount?: string | null;
    percentage?: string | null;
    rollover: boolean;
  }[],
  after: typeof before,
): string | undefined {
  const key = (o: (typeof before)[number]) =>
    `${o.taxYear}|${o.overrideType}|${o.amount ?? ''}|${o.percentage ?? ''}|${o.rollover}`;
  const a = new Set(before.map(key));
  const b = new Set(after.map(key));
  const changed = [...before.filter((o) => !b.has(key(o))), ...after.filter((o) => !a.has(key(o)))];
  const years = changed.map((o) => startYearOf(o.taxYear)).filter((y): y is number => y !== undefined);
  return years.length ? `${Math.min(...years)}-04-06` : undefined;
}
