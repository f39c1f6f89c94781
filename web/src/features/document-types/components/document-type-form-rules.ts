import type { DocumentType, ProcessingOverride, SaveDocumentTypeBody } from '@gains/contracts';

/**
 * The Document Types form's own rules, as the documents service words them (document-type-rules.ts), so a bad
 * field is named before the round trip; the service checks them again.
 */
export const CODE_RULE = /^[A-Z0-9_]{2,40}$/;
export const CODE_MESSAGE = 'Code must be 2 to 40 uppercase letters, digits or underscores';
export const DEFAULT_PRICE_MESSAGE = 'Default price must be a decimal of 0 or more, or empty';
export const N_DAYS_MESSAGE = 'Auto process N days after pay date must be a whole number from 0 to 365';

/** A code typed for a copy: '' when fine, else the rule broken. */
export function codeProblem(code: string, taken: readonly string[]): string {
  const c = code.trim();
  if (!c) return 'Code is required';
  if (!CODE_RULE.test(c)) return CODE_MESSAGE;
  if (taken.includes(c)) return `Code ${c} is already used by a system type or one of your firm's types`;
  return '';
}

/** A default price: empty, or a plain decimal of 0 or more (text, never a float). */
export function defaultPriceProblem(value: string | undefined): string {
  const v = (value ?? '').trim();
  if (v === '') return '';
  return /^\+?\d{1,16}(\.\d{1,8})?$/.test(v) ? '' : DEFAULT_PRICE_MESSAGE;
}

export function nDaysProblem(value: number | null | undefined): string {
  return value === null || value === undefined || (Number.isInteger(value) && value >= 0 && value <= 365)
    ? ''
    : N_DAYS_MESSAGE;
}

export interface LineValues {
  ord: number;
  transactionTypeDescription: string;
  defaultPrice: string;
  defaultIncomeReportLabel: string;
  mandatory: boolean;
  multiple: boolean;
}

export interface DocumentTypeValues {
  name: string;
  active: boolean;
  parentSecurityPriceMandatory: boolean;
  newSecurityPriceMandatory: boolean;
  allowZeroRate: boolean;
  smallCheck: boolean;
  apportionmentFactorMethodId: number;
  groupMethod: string;
  processingOverride: ProcessingOverride;
  lineDefinitions: LineValues[];
}

/** The form's starting values from a type as read. */
export function valuesOf(type: DocumentType): DocumentTypeValues {
  return {
    name: type.name,
    active: type.active,
    parentSecurityPriceMandatory: type.parentSecurityPriceMandatory,
    newSecurityPriceMandatory: type.newSecurityPriceMandatory,
    allowZeroRate: type.allowZeroRate,
    smallCheck: type.smallCheck,
    apportionmentFactorMethodId: type.apportionmentFactorMethodId,
    groupMethod: type.groupMethod,
    processingOverride: { ...type.processingOverride! },
    lineDefinitions: type.lineDefinitions.map((d) => ({
      ord: d.ord,
      transactionTypeDescription: d.transactionTypeDescription,
      defaultPrice: d.defaultPrice,
      defaultIncomeReportLabel: d.defaultIncomeReportLabel,
      mandatory: d.mandatory,
      multiple: d.multiple,
    })),
  };
}

/** The PUT body: every editable field, trimmed; the method only where the type apportions. */
export function saveBody(type: DocumentType, values: DocumentTypeValues): SaveDocumentTypeBody {
  return {
    version: type.version,
    name: values.name.trim(),
    active: !!values.active,
    parentSecurityPriceMandatory: !!values.parentSecurityPriceMandatory,
    newSecurityPriceMandatory: !!values.newSecurityPriceMandatory,
    allowZeroRate: !!values.allowZeroRate,
    smallCheck: !!values.smallCheck,
    ...(type.apportionmentFactor && { apportionmentFactorMethodId: values.apportionmentFactorMethodId }),
    ...(type.useG1g2 && { groupMethod: values.groupMethod }),
    processingOverride: {
      ...values.processingOverride,
      autoProcessNDaysAfterPayDate: values.processingOverride.autoProcessNDaysAfterPayDate ?? 0,
    },
    lineDefinitions: values.lineDefinitions.map((l) => ({
      ord: l.ord,
      transactionTypeDescription: (l.transactionTypeDescription ?? '').trim(),
      defaultPrice: (l.defaultPrice ?? '').trim(),
      defaultIncomeReportLabel: (l.defaultIncomeReportLabel ?? '').trim(),
      mandatory: !!l.mandatory,
      multiple: !!l.multiple,
    })),
  };
}

/** The processing override flags of seed 001 §3 with their labels (the day count is its own field). */
export const OVERRIDE_FLAGS: [Exclude<keyof ProcessingOverride, 'autoProcessNDaysAfterPayDate'>, string][] = [
  ['autoProcess', 'Auto process'],
  ['autoProcessFromUserEnteredDate', 'Auto process from user-entered date'],
  ['autoProcessNewHolding', 'Auto process new holding'],
  ['autoProcessUpdateHolding', 'Auto process updated holding'],
  ['autoProcessFedTransaction', 'Auto process fed transaction'],
  ['replaceCandidateSecurityQuantity', 'Replace candidate on security quantity change'],
  ['replaceCandidateGroupQuantities', 'Replace candidate on Group 1 / Group 2 change'],
  ['replaceCandidateCgtCost', 'Replace candidate on CGT cost change'],
  ['replaceCandidateMarketValue', 'Replace candidate on market value change'],
  ['replaceCandidateAcquisitionDate', 'Replace candidate on acquisition date change'],
];
