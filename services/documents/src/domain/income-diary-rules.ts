import { INCOME_TYPE_ITEMS } from '@gains/access';
import { INCOME_DIARY_FREQUENCIES, type IncomeDiaryFrequency, type IncomeDiaryInput } from '@gains/contracts';
import { compareDecimal, isDecimal } from '@gains/decimal';
import { invalidArgument } from '@gains/errors';

/** The codes of how often a diary's income comes (`@gains/contracts`), and how many months apart. */
export const DIARY_FREQUENCIES: readonly IncomeDiaryFrequency[] = INCOME_DIARY_FREQUENCIES.map((f) => f.value);
const MONTHS: Record<IncomeDiaryFrequency, number> = {
  ONE_OFF: 0,
  MONTHLY: 1,
  QUARTERLY: 3,
  HALF_YEARLY: 6,
  ANNUAL: 12,
};

/** How far ahead a diary's pay date makes its holders' income pending (the clients grid's 'Income Pending'). */
export const INCOME_PENDING_DAYS = 31;

/** A diary's terms once checked: trimmed, the frequency one of the list, the end date null when left out. */
export type CheckedDiary = Omit<IncomeDiaryInput, 'frequency' | 'endDate'> & {
  frequency: IncomeDiaryFrequency;
  endDate: string | null;
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function date(field: string, label: string, text: string, required: boolean): string | null {
  const t = text.trim();
  if (t === '') {
    if (required) throw invalidArgument(field, `${label} is required`);
    return null;
  }
  const d = new Date(`${t}T00:00:00Z`);
  if (!DATE.test(t) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== t)
    throw invalidArgument(field, `${label} must be a date as YYYY-MM-DD`);
  return t;
}

function positive(field: string, label: string, text: string): string {
  const t = text.trim().replace(/,/g, '');
  if (t === '') throw invalidArgument(field, `${label} is required`);
  if (!isDecimal(t) || t.startsWith('+')) throw invalidArgument(field, `${label} must be a number, such as 0.125`);
  if (compareDecimal(t, '0') <= 0) throw invalidArgument(field, `${label} must be more than 0`);
  return t;
}

/**
 * A diary's terms, each refusal naming its field: a security, an income type of the list, a document type and a
 * layer; the rate per share above 0 (per parent above 0, 1 when left out); the next ex and pay dates real dates,
 * the pay date not before the ex date; a frequency of the list; an end date, when given, not before the next ex
 * date.
 */
export function checkIncomeDiary(input: IncomeDiaryInput): CheckedDiary {
  if (!Number.isInteger(input.securityId) || input.securityId <= 0)
    throw invalidArgument('securityId', 'Security is required');
  const incomeType = input.incomeType.trim();
  if (incomeType === '') throw invalidArgument('incomeType', 'Income Type is required');
  if (!INCOME_TYPE_ITEMS.some((t) => t.code === incomeType))
    throw invalidArgument('incomeType', 'Income Type must be one of the income types');
  if (!UUID.test(input.documentTypeUuid.trim())) throw invalidArgument('documentTypeUuid', 'Document Type is required');
  if (!UUID.test(input.layerUuid.trim())) throw invalidArgument('layerUuid', 'Layer is required');
  const rate = positive('rate', 'Rate', input.rate);
  const perParent = input.perParent.trim() === '' ? '1' : positive('perParent', 'Per Parent', input.perParent);
  const nextExDate = date('nextExDate', 'Ex Date', input.nextExDate, true)!;
  const nextPayDate = date('nextPayDate', 'Pay Date', input.nextPayDate, true)!;
  if (nextPayDate < nextExDate) throw invalidArgument('nextPayDate', 'Pay Date must not be before Ex Date');
  const frequency = input.frequency.trim();
  if (!(DIARY_FREQUENCIES as readonly string[]).includes(frequency))
    throw invalidArgument('frequency', `Frequency must be one of ${DIARY_FREQUENCIES.join(', ')}`);
  const endDate = date('endDate', 'End Date', input.endDate, false);
  if (endDate !== null && endDate < nextExDate) throw invalidArgument('endDate', 'End Date must not be before Ex Date');
  return {
    securityId: input.securityId,
    incomeType,
    documentTypeUuid: input.documentTypeUuid.trim().toLowerCase(),
    layerUuid: input.layerUuid.trim().toLowerCase(),
    rate,
    perParent,
    nextExDate,
    nextPayDate,
    frequency: frequency as IncomeDiaryFrequency,
    endDate,
  };
}

/**
 * A date `months` months on (YYYY-MM-DD): the same day of the month, or the month's last day where it is shorter
 * (31 January + 1 month = 28 February). A month-end date stays a month end (30 April + 1 month = 31 May), as
 * month-end income does. Always stepped from the schedule's own date, never from the last step, so 31 January
 * monthly is 28 February then 31 March, not 28 March.
 */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const lastDay = (year: number, month0: number) => new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();
  const month0 = m - 1 + months;
  const year = y + Math.floor(month0 / 12);
  const target = ((month0 % 12) + 12) % 12;
  const day = d === lastDay(y, m - 1) ? lastDay(year, target) : Math.min(d, lastDay(year, target));
  return `${year}-${String(target + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The schedule's dates after `steps` steps of its frequency. */
export function stepDates(
  frequency: IncomeDiaryFrequency,
  scheduleExDate: string,
  schedulePayDate: string,
  steps: number,
): { exDate: string; payDate: string } {
  const months = MONTHS[frequency] * steps;
  return { exDate: addMonths(scheduleExDate, months), payDate: addMonths(schedulePayDate, months) };
}

/** A diary the scheduler reads. */
export interface DiarySchedule {
  active: boolean;
  frequency: IncomeDiaryFrequency;
  nextExDate: string;
  endDate: string | null;
  scheduleExDate: string;
  schedulePayDate: string;
  stepsTaken: number;
}

/** Due on `today`: active, its next ex date come, and not past its end date. */
export function isDue(diary: DiarySchedule, today: string): boolean {
  return diary.active && diary.nextExDate <= today && (diary.endDate === null || diary.nextExDate <= diary.endDate);
}

/**
 * Where a diary goes once its next date has made its header: the following dates, still active unless the
 * following ex date is past its end date. A one-off keeps its dates and is finished (inactive).
 */
export function advance(diary: DiarySchedule): {
  active: boolean;
  stepsTaken: number;
  nextExDate: string | null;
  nextPayDate: string | null;
} {
  if (diary.frequency === 'ONE_OFF')
    return { active: false, stepsTaken: diary.stepsTaken + 1, nextExDate: null, nextPayDate: null };
  const steps = diary.stepsTaken + 1;
  const next = stepDates(diary.frequency, diary.scheduleExDate, diary.schedulePayDate, steps);
  const ended = diary.endDate !== null && next.exDate > diary.endDate;
  return { active: !ended, stepsTaken: steps, nextExDate: next.exDate, nextPayDate: next.payDate };
}

/** The day `days` after `date` (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
