import { dayNumber, ymd, type DayNumber } from './dates';

/**
 * UK tax years run 6 April to 5 April and are labelled "2024-25".
 */

export function taxYearStartYear(day: DayNumber): number {
  const [y, m, d] = ymd(day);
  return m > 4 || (m === 4 && d >= 6) ? y : y - 1;
}

export function taxYearLabel(startYear: number): string {
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}

export function taxYearOf(day: DayNumber): string {
  return taxYearLabel(taxYearStartYear(day));
}

/** "2024-25" -> 2024; null if malformed. */
export function parseTaxYear(label: string): number | null {
  const m = /^(\d{4})-(\d{2})$/.exec(label);
  if (!m) return null;
  const start = Number(m[1]);
  return (start + 1) % 100 === Number(m[2]) ? start : null;
}

export function taxYearStart(startYear: number): DayNumber {
  return dayNumber(startYear, 4, 6);
}

/** Individuals' disposals before this date were computed under pre-FA 2008 rules (not supported). */
export const INDIVIDUAL_RULES_FROM: DayNumber = dayNumber(2008, 4, 6);

/** CGT rates changed for disposals on or after 30 October 2024 (2024-25 is reported in two parts). */
export const RATE_CHANGE_2024: DayNumber = dayNumber(2024, 10, 30);
export const RATE_CHANGE_TAX_YEAR = '2024-25';
