import { dayNumber, formatDay, ymd, type DayNumber } from './dates';
import type { Taxpayer } from './ledger';
import { taxYearLabel, taxYearStart, taxYearStartYear } from './tax-years';

/**
 * The periods a taxpayer's results are grouped by: UK tax years (6 April to 5 April, "2024-25"), or a company's
 * accounting periods of twelve months to its year end ("year to 2024-12-31"), when the taxpayer gives one. A
 * period is numbered by a year: a tax year by the year it starts in, an accounting period by the year it ends in.
 */
export interface Periods {
  /** The number of the period holding `day`. */
  of(day: DayNumber): number;
  label(period: number): string;
  /** First and last days of the period. */
  start(period: number): DayNumber;
  end(period: number): DayNumber;
  /** The same as "YYYY-MM-DD". */
  startDate(period: number): string;
  endDate(period: number): string;
}

/** A tax year's first and last days as text, by the year it starts in: built once per year (summaries ask per ledger). */
const taxYearDates = new Map<number, [string, string]>();
function taxYearDatesOf(year: number): [string, string] {
  let dates = taxYearDates.get(year);
  if (dates === undefined) {
    dates = [formatDay(taxYearStart(year)), formatDay(taxYearStart(year + 1) - 1)];
    taxYearDates.set(year, dates);
  }
  return dates;
}

export const TAX_YEARS: Periods = {
  of: taxYearStartYear,
  label: taxYearLabel,
  start: taxYearStart,
  end: (year) => taxYearStart(year + 1) - 1,
  startDate: (year) => taxYearDatesOf(year)[0],
  endDate: (year) => taxYearDatesOf(year)[1],
};

/** "MM-DD", a month and day that every year has (not 29 February). */
const YEAR_END = /^(\d{2})-(\d{2})$/;

/** [month, day] of a year end "MM-DD", or null when it is not one. */
export function parseYearEnd(text: string): [number, number] | null {
  const m = YEAR_END.exec(text);
  if (!m) return null;
  const month = Number(m[1]);
  const day = Number(m[2]);
  if (month < 1 || month > 12 || day < 1 || (month === 2 && day === 29)) return null;
  const [, mm, dd] = ymd(dayNumber(2001, month, day));
  return mm === month && dd === day ? [month, day] : null;
}

/** Accounting periods of twelve months ending each year on `month`-`day`. */
export function accountingPeriods(month: number, day: number): Periods {
  const end = (year: number) => dayNumber(year, month, day);
  return {
    of(d) {
      const [y, m, dd] = ymd(d);
      return m < month || (m === month && dd <= day) ? y : y + 1;
    },
    label: (year) => `year to ${formatDay(end(year))}`,
    start: (year) => end(year - 1) + 1,
    end,
    startDate: (year) => formatDay(end(year - 1) + 1),
    endDate: (year) => formatDay(end(year)),
  };
}

/** The taxpayer's periods: a company with a year end, its accounting periods; otherwise tax years. */
export function periodsFor(taxpayer: Taxpayer): Periods {
  if (taxpayer.kind !== 'company' || !taxpayer.accountingYearEnd) return TAX_YEARS;
  const yearEnd = parseYearEnd(taxpayer.accountingYearEnd);
  return yearEnd === null ? TAX_YEARS : accountingPeriods(yearEnd[0], yearEnd[1]);
}
