import { allows } from '@gains/access';
import {
  NO_PROCESSING_OVERRIDE,
  type DocumentHeader,
  type DocumentType,
  type LineDefinition,
  type ProcessingOverride,
} from '@gains/contracts';
import { compareDecimal, isDecimal } from '@/lib/decimal';

/** A security as the form holds it: the header's, or a new-security line's (chosen by its SEDOL). */
export interface ChosenSecurity {
  id: number;
  sedol: string;
  isin: string;
  securityName: string;
}

/** One rate line as typed: text throughout, so a figure never passes through a float. */
export interface LineDraft {
  /** the row's key in the grid; a saved line's uuid or a made-up one */
  key: string;
  lineDefinitionUuid: string;
  security: ChosenSecurity | null;
  rate: string;
  perParent: string;
  price: string;
  /** worked out by the server when saved (seed 001 §9); shown, never typed */
  apportionmentFactor: string;
}

/** A corporate action header as the form holds it: dates YYYY-MM-DD, '' when empty. */
export interface HeaderDraft {
  security: ChosenSecurity | null;
  exDate: string;
  payDate: string;
  startDate: string;
  layerUuid: string;
  parentSecurityPrice: string;
  /** cash in lieu of fractions: GBP per new share the fractions were sold at; '' when not paid */
  fractionPrice: string;
  /** grouped by definition, in the definitions' order: the body sends them in this order, so `lines[i]` is row i */
  lines: LineDraft[];
  /** seed 001 §3: the header's own, its type's to start with */
  processingOverride: ProcessingOverride;
}

const overrideOf = (o: Partial<ProcessingOverride> | undefined): ProcessingOverride => ({
  ...NO_PROCESSING_OVERRIDE,
  ...o,
});

/** Field → message; fields are named as the server names them (`exDate`, `lines[2].rate`). */
export type DraftErrors = Record<string, string>;

let nextKey = 0;
const newKey = () => `new-${++nextKey}`;

/** The definitions in their order (ord). */
export function orderedDefinitions(type: DocumentType): LineDefinition[] {
  return [...type.lineDefinitions].sort((a, b) => a.ord - b.ord);
}

/** Seed 001 §5: a definition may be added again only if it allows multiples or is not mandatory. */
export function canAddLine(definition: LineDefinition): boolean {
  return definition.multiple || !definition.mandatory;
}

/** Whether a line may be removed: not the one line a mandatory definition needs. */
export function canRemoveLine(definition: LineDefinition, linesOfDefinition: number): boolean {
  return !definition.mandatory || linesOfDefinition > 1;
}

/** Seed 001 §5: the Apportionment Factor column shows only for definitions that use it. */
export function showsApportionment(definition: LineDefinition): boolean {
  return definition.apportionmentFactor;
}

/** Seed 001 §2: Parent Security Price shows only when the type makes it mandatory. */
export function showsParentPrice(type: DocumentType): boolean {
  return type.parentSecurityPriceMandatory;
}

/** Types whose new shares are whole units: fractions may be paid in cash at a Fraction Price (header-rules.ts). */
const FRACTION_EFFECTS = [
  'SCRIP_DIVIDEND',
  'SPLIT',
  'CONSOLIDATION',
  'BONUS',
  'TAKEOVER_SHARES',
  'TAKEOVER_SHARES_AND_CASH',
  'CONVERSION',
  'DEMERGER',
];

/** Fraction Price (optional) shows for the types whose fractions of a new share the company may sell for cash. */
export function showsFractionPrice(type: DocumentType): boolean {
  return FRACTION_EFFECTS.includes(type.effect);
}

/**
 * Whether a line must carry a price: one its ledger row posts (a subscription price), a new security's value only
 * where the type demands it, unless the definition has a default (the server's rule, header-rules.ts).
 */
export function needsPrice(type: DocumentType, definition: LineDefinition): boolean {
  return (
    definition.usePriceInTransaction &&
    (!definition.newSecurity || type.newSecurityPriceMandatory) &&
    definition.defaultPrice === ''
  );
}

/** A new line of a definition: perParent 1 and the definition's default price (seed 001 §3, §9). */
export function newLine(definition: LineDefinition): LineDraft {
  return {
    key: newKey(),
    lineDefinitionUuid: definition.uuid,
    security: null,
    rate: '',
    perParent: '1',
    price: definition.defaultPrice,
    apportionmentFactor: '',
  };
}

/** A new header: every mandatory definition with its one pre-created line (seed 001 §5). */
export function emptyDraft(type: DocumentType): HeaderDraft {
  return {
    security: null,
    exDate: '',
    payDate: '',
    startDate: '',
    layerUuid: '',
    parentSecurityPrice: '',
    fractionPrice: '',
    lines: orderedDefinitions(type)
      .filter((d) => d.mandatory)
      .map(newLine),
    processingOverride: overrideOf(type.processingOverride),
  };
}

/** A saved header as the form holds it; a line of a definition the type no longer has is kept as it is. */
export function draftFromHeader(header: DocumentHeader, type: DocumentType): HeaderDraft {
  const order = new Map(orderedDefinitions(type).map((d, i) => [d.uuid, i]));
  const lines = [...header.lines]
    .sort((a, b) => (order.get(a.lineDefinitionUuid) ?? 999) - (order.get(b.lineDefinitionUuid) ?? 999))
    .map((l) => ({
      key: l.uuid || newKey(),
      lineDefinitionUuid: l.lineDefinitionUuid,
      security: l.newSecurity && l.securityId ? security(l) : null,
      rate: l.rate,
      perParent: l.perParent || '1',
      price: l.price,
      apportionmentFactor: l.apportionmentFactor,
    }));
  return {
    security: header.securityId ? security(header) : null,
    exDate: header.exDate,
    payDate: header.payDate,
    startDate: header.startDate,
    layerUuid: header.layerUuid,
    parentSecurityPrice: header.parentSecurityPrice,
    fractionPrice: header.fractionPrice ?? '',
    lines,
    processingOverride: overrideOf(header.processingOverride ?? type.processingOverride),
  };
}

function security(s: { securityId: number; sedol: string; isin: string; securityName: string }): ChosenSecurity {
  return { id: s.securityId, sedol: s.sedol, isin: s.isin, securityName: s.securityName };
}

/** Adds a line of the definition after its last one, so the lines stay grouped by definition. */
export function addLine(draft: HeaderDraft, type: DocumentType, definition: LineDefinition): HeaderDraft {
  const order = orderedDefinitions(type).map((d) => d.uuid);
  const rank = (uuid: string) => order.indexOf(uuid);
  const at = draft.lines.findLastIndex((l) => rank(l.lineDefinitionUuid) <= rank(definition.uuid));
  const lines = [...draft.lines];
  lines.splice(at + 1, 0, newLine(definition));
  return { ...draft, lines };
}

const plain = (text: string) => text.trim().replace(/,/g, '');
const isNumber = (text: string) => isDecimal(plain(text)) && !plain(text).startsWith('+');

/**
 * The checks made before a save: seed 001 §5's four messages in its words ('Ex Date is required', 'Pay Date is
 * required', 'Layer is required', 'Parent Security Price is required' where the type demands it, and a number),
 * the security, and each line's rate, per parent, price and new security as the server words them. The server
 * checks again (services/documents header-rules.ts) and its message shows on the field it names.
 */
export function validateDraft(type: DocumentType, draft: HeaderDraft): DraftErrors {
  const errors: DraftErrors = {};
  if (!draft.security) errors.securityId = 'Security is required';
  if (!draft.exDate) errors.exDate = 'Ex Date is required';
  if (!draft.payDate) errors.payDate = 'Pay Date is required';
  if (draft.exDate && draft.payDate && draft.payDate < draft.exDate)
    errors.payDate = 'Pay Date must not be before Ex Date';
  // an equalisation's distribution period ends at the ex-date, so it cannot start after it
  if (draft.exDate && draft.startDate && draft.startDate > draft.exDate)
    errors.startDate = 'Start Date must not be after Ex Date';
  if (!draft.layerUuid) errors.layerUuid = 'Layer is required';
  if (showsParentPrice(type)) {
    if (plain(draft.parentSecurityPrice) === '') errors.parentSecurityPrice = 'Parent Security Price is required';
    else if (!isNumber(draft.parentSecurityPrice))
      errors.parentSecurityPrice = 'Parent Security Price must be a number, such as 12.5';
  }
  if (showsFractionPrice(type) && plain(draft.fractionPrice) !== '') {
    if (!isNumber(draft.fractionPrice)) errors.fractionPrice = 'Fraction Price must be a number, such as 12.5';
    else if (compareDecimal(plain(draft.fractionPrice), '0') <= 0)
      errors.fractionPrice = 'Fraction Price must be more than 0';
  }
  const definitions = new Map(type.lineDefinitions.map((d) => [d.uuid, d]));
  draft.lines.forEach((line, i) => {
    const at = `lines[${i}]`;
    const definition = definitions.get(line.lineDefinitionUuid);
    if (plain(line.rate) === '') errors[`${at}.rate`] = 'Rate is required';
    else if (!isNumber(line.rate)) errors[`${at}.rate`] = 'Rate must be a number, such as 12.5';
    else if (!type.allowZeroRate && compareDecimal(plain(line.rate), '0') <= 0)
      errors[`${at}.rate`] = 'Rate must be more than 0';
    if (plain(line.perParent) !== '') {
      if (!isNumber(line.perParent)) errors[`${at}.perParent`] = 'Per Parent must be a number, such as 12.5';
      else if (compareDecimal(plain(line.perParent), '0') <= 0)
        errors[`${at}.perParent`] = 'Per Parent must be more than 0';
    }
    if (plain(line.price) !== '' && !isNumber(line.price))
      errors[`${at}.price`] = 'Price must be a number, such as 12.5';
    else if (plain(line.price) === '' && definition && needsPrice(type, definition))
      errors[`${at}.price`] = 'Price is required';
    if (definition?.newSecurity && !line.security)
      errors[`${at}.securityId`] = 'New security is required: choose it by its SEDOL';
  });
  return errors;
}

/** The body of POST / PUT admin/documents/headers: figures as typed text, commas dropped. */
export function headerBody(type: DocumentType, draft: HeaderDraft) {
  return {
    typeUuid: type.uuid,
    securityId: draft.security?.id ?? 0,
    exDate: draft.exDate,
    payDate: draft.payDate,
    startDate: draft.startDate,
    layerUuid: draft.layerUuid,
    parentSecurityPrice: showsParentPrice(type) ? plain(draft.parentSecurityPrice) : '',
    fractionPrice: showsFractionPrice(type) ? plain(draft.fractionPrice) : '',
    processingOverride: draft.processingOverride,
    lines: draft.lines.map((l) => ({
      lineDefinitionUuid: l.lineDefinitionUuid,
      securityId: l.security?.id ?? 0,
      rate: plain(l.rate),
      perParent: plain(l.perParent),
      price: plain(l.price),
    })),
  };
}

/** The server names a line's field `lines[2].rate`; the bare `lines` (a missing mandatory line) stays as it is. */
export function serverFieldError(field: string | undefined, message: string): DraftErrors {
  return { [field || 'form']: message };
}

/** Whether a header's terms may change: the one status table the documents service also refuses by (`update`). */
export function canChangeTerms(status: string): boolean {
  return allows(status, 'update');
}
