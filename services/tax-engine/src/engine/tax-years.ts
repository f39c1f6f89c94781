import { dayNumber, ymd, type DayNumber } from './dates';

/**
 * UK tax years run 6 April to 5 April and are labelled "2024-25".
 */

/** Tax years 1900-01 to 2199-00: start day numbers and labels, computed once (integer lookups in the hot path). */
const FIRST = 1900;
const LAST = 2199;
const STARTS: number[] = [];
const LABELS: string[] = [];
for (let y = FIRST; y <= LAST + 1; y++) {
  STARTS.push(dayNumber(y, 4, 6));
  LABELS.push(`${y}-${String((y + 1) % 100).padStart(2, '0')}`);
}

export function taxYearStartYear(day: DayNumber): number {
  // A year is 365 or 366 days: estimate, then step (at most once or twice).
  let i = Math.floor((day - STARTS[0]) / 365.2425);
  if (i >= 0 && i < STARTS.length - 1) {
    while (i > 0 && day < STARTS[i]) i--;
    while (i < STARTS.length - 2 && day >= STARTS[i + 1]) i++;
    if (day >= STARTS[i] && day < STARTS[i + 1]) return FIRST + i;
  }
  const [y, m, d] = ymd(day);
  return m > 4 || (m === 4 && d >= 6) ? y : y - 1;
}

export function taxYearLabel(startYear: number): string {
  if (startYear >= FIRST && startYear <= LAST) return LABELS[startYear - FIRST];
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
