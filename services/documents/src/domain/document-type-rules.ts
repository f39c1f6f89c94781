import { compareDecimal, isDecimal, plainDecimal } from '@gains/decimal';
import { NO_PROCESSING_OVERRIDE } from '@gains/contracts';
import { invalidArgument } from '@gains/errors';
import type { DocumentTypeRecord, ProcessingOverride } from './deps';

/**
 * The rules of a firm's own document type (administration, issue 26). A firm's type is a copy of a system type: its
 * effect, kind (CA/PM) and each line definition's ledger posting (transaction type, calculation methods, new
 * security, rate applies to) are the base's, since they decide which ledger rows post and so the tax; only the
 * fields below may be edited. Each refusal names its field and the rule. Pure: no I/O.
 */

export const CODE_PATTERN = /^[A-Z0-9_]{2,40}$/;
export const NAME_MAX = 100;
export const LINE_DESCRIPTION_MAX = 200;
export const LINE_LABEL_MAX = 100;
export const N_DAYS_MAX = 365;

// the "no override" the web's forms start from too
export { NO_PROCESSING_OVERRIDE };

/** A stored override (JSON of any age) read with every flag present; unknown keys dropped. */
export function processingOverrideOf(json: unknown): ProcessingOverride {
  const o = (json && typeof json === 'object' ? json : {}) as Record<string, unknown>;
  const out = { ...NO_PROCESSING_OVERRIDE };
  for (const key of Object.keys(out) as (keyof ProcessingOverride)[]) {
    if (key === 'autoProcessNDaysAfterPayDate') {
      const n = o[key];
      out[key] = typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= N_DAYS_MAX ? n : 0;
    } else out[key] = o[key] === true;
  }
  return out;
}

/** An override's rule (a type's or a header's): N days a whole number from 0 to 365, the field named. */
export function checkProcessingOverride(override: ProcessingOverride): void {
  const days = override.autoProcessNDaysAfterPayDate;
  if (!Number.isInteger(days) || days < 0 || days > N_DAYS_MAX)
    throw invalidArgument(
      'processingOverride.autoProcessNDaysAfterPayDate',
      `Auto process N days after pay date must be a whole number from 0 to ${N_DAYS_MAX}`,
    );
}

export interface LineDefinitionEdit {
  ord: number;
  transactionTypeDescription?: string;
  /** "" for none */
  defaultPrice?: string;
  defaultIncomeReportLabel?: string;
  mandatory?: boolean;
  multiple?: boolean;
}

/** What an administrator may change; unset keeps the current (or, creating, the base's) value. */
export interface DocumentTypeEdit {
  name?: string;
  active?: boolean;
  parentSecurityPriceMandatory?: boolean;
  newSecurityPriceMandatory?: boolean;
  allowZeroRate?: boolean;
  smallCheck?: boolean;
  apportionmentFactorMethodId?: number;
  groupMethod?: string;
  processingOverride?: ProcessingOverride;
  lineDefinitions: LineDefinitionEdit[];
}

export interface LineDefinitionWrite {
  ord: number;
  transactionTypeDescription: string;
  defaultPrice: string | null;
  defaultIncomeReportLabel: string;
  mandatory: boolean;
  multiple: boolean;
}

export interface DocumentTypeWrite {
  name: string;
  active: boolean;
  parentSecurityPriceMandatory: boolean;
  newSecurityPriceMandatory: boolean;
  allowZeroRate: boolean;
  smallCheck: boolean;
  apportionmentFactorMethodId: number;
  groupMethod: DocumentTypeRecord['groupMethod'];
  processingOverride: ProcessingOverride;
  lineDefinitions: LineDefinitionWrite[];
}

/** A new firm type's code: its own shape, and not one the firm or the system already uses. */
export function checkDocumentTypeCode(raw: string, taken: ReadonlySet<string>): string {
  const code = raw.trim();
  if (!code) throw invalidArgument('code', 'Code is required');
  if (!CODE_PATTERN.test(code))
    throw invalidArgument('code', 'Code must be 2 to 40 uppercase letters, digits or underscores');
  if (taken.has(code))
    throw invalidArgument('code', `Code ${code} is already used by a system type or one of your firm's types`);
  return code;
}

/**
 * The edit applied to `current` (the base when creating), every field checked before anything is written. The
 * apportionment method may change only where the base apportions (a demerger); the ledger side is never touched.
 */
export function checkDocumentTypeEdit(current: DocumentTypeRecord, edit: DocumentTypeEdit): DocumentTypeWrite {
  const name = (edit.name ?? current.name).trim();
  if (!name) throw invalidArgument('name', 'Name is required');
  if (name.length > NAME_MAX) throw invalidArgument('name', `Name must be at most ${NAME_MAX} characters`);

  let method = current.apportionmentFactorMethodId;
  if (edit.apportionmentFactorMethodId !== undefined && edit.apportionmentFactorMethodId !== method) {
    if (!current.apportionmentFactor)
      throw invalidArgument(
        'apportionmentFactorMethodId',
        'The apportionment factor method applies only to a type that apportions (a demerger)',
      );
    if (edit.apportionmentFactorMethodId !== 1 && edit.apportionmentFactorMethodId !== 2)
      throw invalidArgument('apportionmentFactorMethodId', 'The apportionment factor method must be 1 or 2');
    method = edit.apportionmentFactorMethodId;
  }

  let groupMethod = current.groupMethod;
  if (edit.groupMethod !== undefined && edit.groupMethod !== groupMethod) {
    if (!current.useG1G2)
      throw invalidArgument('groupMethod', 'The group method applies only to a type with Group 1 and Group 2 units');
    if (!['FIFO', 'LIFO', 'AVERAGE'].includes(edit.groupMethod))
      throw invalidArgument('groupMethod', 'The group method must be FIFO, LIFO or AVERAGE');
    groupMethod = edit.groupMethod as DocumentTypeRecord['groupMethod'];
  }

  const override = edit.processingOverride ?? current.processingOverride;
  checkProcessingOverride(override);

  const byOrd = new Map(current.lineDefinitions.map((d) => [d.ord, d]));
  const edits = new Map<number, LineDefinitionEdit & { index: number }>();
  for (const [i, e] of edit.lineDefinitions.entries()) {
    if (!byOrd.has(e.ord))
      throw invalidArgument(`lineDefinitions[${i}].ord`, `The type has no line definition ${e.ord}`);
    if (edits.has(e.ord)) throw invalidArgument(`lineDefinitions[${i}].ord`, `Line definition ${e.ord} is named twice`);
    edits.set(e.ord, { ...e, index: i });
  }
  const lineDefinitions = current.lineDefinitions.map((d, i): LineDefinitionWrite => {
    const e = edits.get(d.ord);
    // a refusal names the line as the request sent it
    const at = `lineDefinitions[${e?.index ?? i}]`;
    const description = (e?.transactionTypeDescription ?? d.transactionTypeDescription).trim();
    if (description.length > LINE_DESCRIPTION_MAX)
      throw invalidArgument(
        `${at}.transactionTypeDescription`,
        `Description must be at most ${LINE_DESCRIPTION_MAX} characters`,
      );
    const label = (e?.defaultIncomeReportLabel ?? d.defaultIncomeReportLabel).trim();
    if (label.length > LINE_LABEL_MAX)
      throw invalidArgument(
        `${at}.defaultIncomeReportLabel`,
        `Default income report label must be at most ${LINE_LABEL_MAX} characters`,
      );
    let defaultPrice = d.defaultPrice;
    if (e?.defaultPrice !== undefined) {
      const text = e.defaultPrice.trim();
      if (text === '') defaultPrice = null;
      else if (!isDecimal(text) || text.includes(',') || compareDecimal(text, '0') < 0)
        throw invalidArgument(`${at}.defaultPrice`, 'Default price must be a decimal of 0 or more, or empty');
      else if (!/^\+?\d{1,16}(\.\d{1,8})?$/.test(text))
        throw invalidArgument(`${at}.defaultPrice`, 'Default price may have at most 16 digits and 8 decimal places');
      else defaultPrice = plainDecimal(text);
    }
    return {
      ord: d.ord,
      transactionTypeDescription: description,
      defaultPrice,
      defaultIncomeReportLabel: label,
      mandatory: e?.mandatory ?? d.mandatory,
      multiple: e?.multiple ?? d.multiple,
    };
  });

  return {
    name,
    active: edit.active ?? current.active,
    parentSecurityPriceMandatory: edit.parentSecurityPriceMandatory ?? current.parentSecurityPriceMandatory,
    newSecurityPriceMandatory: edit.newSecurityPriceMandatory ?? current.newSecurityPriceMandatory,
    allowZeroRate: edit.allowZeroRate ?? current.allowZeroRate,
    smallCheck: edit.smallCheck ?? current.smallCheck,
    apportionmentFactorMethodId: method,
    groupMethod,
    processingOverride: { ...override },
    lineDefinitions,
  };
}
