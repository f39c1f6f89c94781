/**
 * Income Diaries (seed 000 §1, §2.1): what a user sends to save a diary, and the frequencies a diary may have, as
 * the screens word them. The documents service checks the same fields and codes; the web app's form sends them.
 */

/** How often a diary's income comes (ONE_OFF: once, then the diary is finished), in the screens' order. */
export const INCOME_DIARY_FREQUENCIES = [
  { value: 'ONE_OFF', label: 'One-off' },
  { value: 'MONTHLY', label: 'Monthly' },
  { value: 'QUARTERLY', label: 'Quarterly' },
  { value: 'HALF_YEARLY', label: 'Half-yearly' },
  { value: 'ANNUAL', label: 'Annual' },
] as const;
export type IncomeDiaryFrequency = (typeof INCOME_DIARY_FREQUENCIES)[number]['value'];

/** A frequency's label; an unknown code shows as itself. */
export const incomeDiaryFrequencyLabel = (code: string): string =>
  INCOME_DIARY_FREQUENCIES.find((f) => f.value === code)?.label ?? code;

/** A diary's terms as a user sends them: figures and dates as text throughout ('' where left out). */
export interface IncomeDiaryInput {
  securityId: number;
  /** a code of the income types (`INCOME_TYPE_ITEMS` of `@gains/access`) */
  incomeType: string;
  documentTypeUuid: string;
  layerUuid: string;
  rate: string;
  perParent: string;
  nextExDate: string;
  nextPayDate: string;
  /** a code of INCOME_DIARY_FREQUENCIES */
  frequency: string;
  endDate: string;
}

/** POST (new) or PUT (an edit, with the version read) admin/documents/income-diaries. */
export interface IncomeDiaryBody extends IncomeDiaryInput {
  uuid?: string;
  version?: number;
  active: boolean;
}
