import dayjs, { type Dayjs } from 'dayjs';
import type { Client, ClientInput } from '../api/client-admin';

/** The messages the client form shows before sending (the server checks every rule again and names the field). */
export const CLIENT_MESSAGES = {
  codeRequired: 'Code is required',
  nameRequired: 'Name is required',
  typeRequired: 'Client type is required',
  stateRequired: 'Client state is required',
  niNumber: 'NI number must be two letters, six digits and A, B, C or D (e.g. QQ 12 34 56 C)',
  utr: 'UTR must be ten digits',
  dateDeceasedRequired: 'Date deceased is required for a deceased client',
  notFuture: 'Date cannot be in the future',
  yearEnd: 'Year end must be a day of the year as MM-DD, e.g. 12-31',
  line1Required: 'Address line 1 is required',
  onePrimary: 'Exactly one address must be the primary tax copy',
  relatedClientRequired: 'Related client is required',
  relationshipTypeRequired: 'Relationship type is required',
  startRequired: 'Start date is required',
  endBeforeStart: 'End date cannot be before start date',
  taxYearRequired: 'Tax year is required',
  overrideTypeRequired: 'Override type is required',
  amountOrPercentage: 'Give an amount or a percentage',
  amount: 'Amount must be 0 or more with at most 2 decimal places',
  percentage: 'Percentage must be from 0 to 100',
  overrideOnce: 'One override of each type per tax year',
} as const;

const DATE = 'YYYY-MM-DD';

export interface AddressValues {
  uuid?: string;
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

export interface RelationshipValues {
  uuid?: string;
  childClientUuid?: string;
  childClientLabel?: string;
  typeCode?: string;
  startDate?: Dayjs | null;
  endDate?: Dayjs | null;
  notes: string;
}

export interface TaxOverrideValues {
  uuid?: string;
  taxYear?: string;
  overrideType?: string;
  amount?: string;
  percentage?: string;
  rollover: boolean;
  notes: string;
  dateAdded?: string;
  userName?: string;
}

/** The client form's values: the client's own fields, dates as dayjs, and its nested lists. */
export type ClientValues = Omit<
  ClientInput,
  | 'dateOfBirth'
  | 'dateDeceased'
  | 'probateCompletedDate'
  | 'reportingRestrictionFrom'
  | 'endDate'
  | 'addresses'
  | 'relationships'
  | 'taxOverrides'
  | 'reportTypeMappings'
> & {
  dateOfBirth?: Dayjs | null;
  dateDeceased?: Dayjs | null;
  probateCompletedDate?: Dayjs | null;
  reportingRestrictionFrom?: Dayjs | null;
  endDate?: Dayjs | null;
  addresses: AddressValues[];
  relationships: RelationshipValues[];
  taxOverrides: TaxOverrideValues[];
};

const day = (text: string | null | undefined) => (text ? dayjs(text, DATE) : null);
const iso = (value: Dayjs | null | undefined) => (value ? value.format(DATE) : undefined);

export const EMPTY_ADDRESS: AddressValues = {
  code: '',
  typeCode: 'HOME',
  ouCode: '',
  name: '',
  line1: '',
  line2: '',
  line3: '',
  town: '',
  county: '',
  postcode: '',
  country: 'GB',
  status: 'CURRENT',
  primaryTaxCopy: false,
  additionalCopy: false,
  coreInternalRef: '',
};

/** A client as the form edits it; a new client starts live, an individual, resident and domiciled in the UK. */
export function toValues(c: Client | undefined): ClientValues {
  return {
    code: c?.code ?? '',
    imsCode: c?.imsCode ?? '',
    name: c?.name ?? '',
    reportingName: c?.reportingName ?? '',
    salutation: c?.salutation ?? '',
    firstName: c?.firstName ?? '',
    middleNames: c?.middleNames ?? '',
    surname: c?.surname ?? '',
    dateOfBirth: day(c?.dateOfBirth),
    niNumber: c?.niNumber ?? '',
    uniqueTaxPayerReference: c?.uniqueTaxPayerReference ?? '',
    deceased: c?.deceased ?? false,
    dateDeceased: day(c?.dateDeceased),
    deceasedRepresentative: c?.deceasedRepresentative ?? '',
    probateCompleted: c?.probateCompleted ?? false,
    probateCompletedDate: day(c?.probateCompletedDate),
    giaExecutorsPortfolioAdded: c?.giaExecutorsPortfolioAdded ?? false,
    yearEndOverride: c?.yearEndOverride ?? false,
    yearEndInput: c?.yearEndInput ?? '',
    company: c?.company ?? false,
    typeCode: c?.type?.code ?? 'INDIVIDUAL',
    stateCode: c?.state?.code ?? 'LIVE',
    serviceLevelCode: c?.serviceLevel?.code ?? '',
    countryOfResidenceCode: c?.countryOfResidence?.code ?? 'GB',
    countryOfDomicileCode: c?.countryOfDomicile?.code ?? 'GB',
    reportingFrequency: c?.reportingFrequency || 'ANNUAL',
    electronicReport: c?.electronicReport ?? false,
    paperlessReport: c?.paperlessReport ?? false,
    printedReport: c?.printedReport ?? true,
    clientPortalReport: c?.clientPortalReport ?? false,
    fatcaReporting: c?.fatcaReporting ?? false,
    crsReporting: c?.crsReporting ?? false,
    isaReporting: c?.isaReporting ?? false,
    reportingRestrictionFrom: day(c?.reportingRestrictionFrom),
    relationshipManagerCode: c?.relationshipManagerCode ?? '',
    relationshipManagerName: c?.relationshipManagerName ?? '',
    endDate: day(c?.endDate),
    familyGroup: c?.familyGroup ?? '',
    telephone: c?.telephone ?? '',
    mobile: c?.mobile ?? '',
    email: c?.email ?? '',
    notes: c?.notes ?? '',
    overrideReportTypeMapping: c?.overrideReportTypeMapping ?? false,
    addresses: (c?.addresses ?? []).map((a) => ({
      uuid: a.uuid,
      code: a.code,
      typeCode: a.typeCode,
      ouCode: a.ouCode,
      name: a.name,
      line1: a.line1,
      line2: a.line2,
      line3: a.line3,
      town: a.town,
      county: a.county,
      postcode: a.postcode,
      country: a.country,
      status: a.status,
      primaryTaxCopy: a.primaryTaxCopy,
      additionalCopy: a.additionalCopy,
      coreInternalRef: a.coreInternalRef,
    })),
    relationships: (c?.relationships ?? []).map((r) => ({
      uuid: r.uuid,
      childClientUuid: r.childClientUuid,
      childClientLabel: `${r.childClientCode} ${r.childClientName}`.trim(),
      typeCode: r.typeCode,
      startDate: day(r.startDate),
      endDate: day(r.endDate),
      notes: r.notes,
    })),
    taxOverrides: (c?.taxOverrides ?? []).map((t) => ({
      uuid: t.uuid,
      taxYear: t.taxYear,
      overrideType: t.overrideType,
      amount: t.amount ?? undefined,
      percentage: t.percentage ?? undefined,
      rollover: t.rollover,
      notes: t.notes,
      dateAdded: t.dateAdded,
      userName: t.userName,
    })),
  };
}

/** The form's values as the API takes them: dates YYYY-MM-DD, decimals as typed, nested rows by uuid. */
export function toInput(v: ClientValues, keep: Pick<Client, 'reportTypeMappings'> | undefined): ClientInput {
  const text = (s: string | undefined) => (s ?? '').trim();
  return {
    ...v,
    code: text(v.code),
    name: text(v.name),
    niNumber: text(v.niNumber).toUpperCase(),
    uniqueTaxPayerReference: text(v.uniqueTaxPayerReference),
    dateOfBirth: iso(v.dateOfBirth),
    dateDeceased: iso(v.dateDeceased),
    probateCompletedDate: iso(v.probateCompletedDate),
    reportingRestrictionFrom: iso(v.reportingRestrictionFrom),
    endDate: iso(v.endDate),
    yearEndInput: v.yearEndOverride ? text(v.yearEndInput) : undefined,
    reportTypeMappings: keep?.reportTypeMappings ?? [],
    addresses: v.addresses.map((a) => ({ ...a, uuid: a.uuid ?? '', id: 0, clientId: 0 })),
    relationships: v.relationships.map((r) => ({
      uuid: r.uuid ?? '',
      childClientUuid: r.childClientUuid ?? '',
      typeCode: r.typeCode ?? '',
      startDate: iso(r.startDate) ?? '',
      endDate: iso(r.endDate),
      notes: text(r.notes),
      id: 0,
      parentClientId: 0,
      parentClientUuid: '',
      childClientId: 0,
      childClientCode: '',
      childClientName: '',
      clientRelationshipTypeId: 0,
      typeName: '',
      state: '',
    })),
    taxOverrides: v.taxOverrides.map((t) => ({
      uuid: t.uuid ?? '',
      taxYear: t.taxYear ?? '',
      overrideType: t.overrideType ?? '',
      amount: text(t.amount) || undefined,
      percentage: text(t.percentage) || undefined,
      rollover: !!t.rollover,
      notes: text(t.notes),
      dateAdded: t.dateAdded ?? '',
      userName: t.userName ?? '',
    })),
  };
}

/** National Insurance number: two letters, six digits, A-D; spaces ignored. */
export function niNumberProblem(text: string | undefined): string | undefined {
  const t = (text ?? '').replace(/\s+/g, '').toUpperCase();
  if (!t) return undefined;
  return /^[A-Z]{2}\d{6}[A-D]$/.test(t) ? undefined : CLIENT_MESSAGES.niNumber;
}

export function utrProblem(text: string | undefined): string | undefined {
  const t = (text ?? '').replace(/\s+/g, '');
  return !t || /^\d{10}$/.test(t) ? undefined : CLIENT_MESSAGES.utr;
}

export function yearEndProblem(text: string | undefined): string | undefined {
  const m = /^(\d{2})-(\d{2})$/.exec((text ?? '').trim());
  if (!m) return CLIENT_MESSAGES.yearEnd;
  const [month, dayOf] = [Number(m[1]), Number(m[2])];
  // in a leap year, so 02-29 is a day of the year
  const valid = month >= 1 && month <= 12 && dayOf >= 1 && dayOf <= new Date(Date.UTC(2024, month, 0)).getUTCDate();
  return valid ? undefined : CLIENT_MESSAGES.yearEnd;
}

export function endBeforeStart(start: Dayjs | null | undefined, end: Dayjs | null | undefined): boolean {
  return !!start && !!end && end.isBefore(start, 'day');
}

/** Every field of an address row, in the order the form holds them. */
export const ADDRESS_FIELDS = Object.keys(EMPTY_ADDRESS).concat('uuid') as (keyof AddressValues)[];

/**
 * The addresses with one added (index -1) or replaced; when it is the primary tax copy, the others stop being
 * (a client has exactly one).
 */
export function withAddress(rows: AddressValues[], index: number, address: AddressValues): AddressValues[] {
  const next = index < 0 ? [...rows, address] : rows.map((r, i) => (i === index ? address : r));
  return address.primaryTaxCopy ? next.map((r) => (r === address ? r : { ...r, primaryTaxCopy: false })) : next;
}

/** Exactly one primary tax copy among the addresses (none needed when there are none). */
export function primaryCopyProblem(addresses: Pick<AddressValues, 'primaryTaxCopy'>[]): string | undefined {
  if (addresses.length === 0) return undefined;
  return addresses.filter((a) => a.primaryTaxCopy).length === 1 ? undefined : CLIENT_MESSAGES.onePrimary;
}

export function amountProblem(text: string | undefined): string | undefined {
  const t = (text ?? '').trim();
  return !t || /^\d+(\.\d{1,2})?$/.test(t) ? undefined : CLIENT_MESSAGES.amount;
}

export function percentageProblem(text: string | undefined): string | undefined {
  const t = (text ?? '').trim();
  if (!t) return undefined;
  if (!/^\d+(\.\d+)?$/.test(t)) return CLIENT_MESSAGES.percentage;
  const [int, frac = ''] = t.split('.');
  const over = Number(int) > 100 || (Number(int) === 100 && /[1-9]/.test(frac));
  return over ? CLIENT_MESSAGES.percentage : undefined;
}

/**
 * Owners' shares must sum to exactly 100 (compared in millionths, never floats): "33.333334" + "33.333333" x 2.
 */
export function sharesSumTo100(shares: (string | undefined)[]): boolean {
  const millionths = (t: string) => {
    const [int = '0', frac = ''] = t.trim().split('.');
    return BigInt(int || '0') * 1_000_000n + BigInt((frac + '000000').slice(0, 6));
  };
  const total = shares.reduce((sum, s) => sum + millionths(s ?? '0'), 0n);
  return total === 100_000_000n;
}

/** The server names nested fields `relationships[0].endDate`; the form names them `relationships.0.endDate`. */
export function formFieldOf(field: string): string {
  return field.replace(/^client\./, '').replace(/\[(\d+)\]/g, '.$1');
}

/** The tab holding a field, so a refusal opens the tab it concerns. */
export function tabOfField(field: string): TabKey {
  const top = formFieldOf(field).split('.')[0];
  if (top === 'addresses') return 'addresses';
  if (top === 'relationships') return 'relationships';
  if (top === 'taxOverrides') return 'taxes';
  if (REPORTING_FIELDS.has(top)) return 'reporting';
  return 'details';
}

export type TabKey = 'details' | 'addresses' | 'relationships' | 'taxes' | 'reporting' | 'portfolios';

const REPORTING_FIELDS = new Set([
  'reportingFrequency',
  'electronicReport',
  'paperlessReport',
  'printedReport',
  'clientPortalReport',
  'fatcaReporting',
  'crsReporting',
  'isaReporting',
  'reportingRestrictionFrom',
  'overrideReportTypeMapping',
]);
