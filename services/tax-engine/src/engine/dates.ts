/**
 * Calendar dates as whole day numbers (days since 1970-01-01, UTC) so that "30 days after" and
 * "same day" are integer comparisons. Pure: no clock, no time zones.
 */

export type DayNumber = number;

const MS_PER_DAY = 86_400_000;

/** Parse "YYYY-MM-DD" strictly; null if it is not a real calendar date. */
export function parseIsoDate(text: string): DayNumber | null {
  if (text.length !== 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return null;
  // Each digit checked with one unsigned comparison; no substrings.
  const y0 = text.charCodeAt(0) - 48;
  const y1 = text.charCodeAt(1) - 48;
  const y2 = text.charCodeAt(2) - 48;
  const y3 = text.charCodeAt(3) - 48;
  const m0 = text.charCodeAt(5) - 48;
  const m1 = text.charCodeAt(6) - 48;
  const d0 = text.charCodeAt(8) - 48;
  const d1 = text.charCodeAt(9) - 48;
  if (
    (y0 | y1 | y2 | y3 | m0 | m1 | d0 | d1) < 0 ||
    y0 > 9 ||
    y1 > 9 ||
    y2 > 9 ||
    y3 > 9 ||
    m0 > 9 ||
    m1 > 9 ||
    d0 > 9 ||
    d1 > 9
  ) {
    return null;
  }
  const y = y0 * 1000 + y1 * 100 + y2 * 10 + y3;
  const m = m0 * 10 + m1;
  const d = d0 * 10 + d1;
  if (m < 1 || m > 12 || d < 1 || (d > 28 && d > daysInMonth(y, m))) return null;
  if (y >= TABLE_FIRST_YEAR && y <= TABLE_LAST_YEAR) {
    const leap = m > 2 && ((y % 4 === 0 && y % 100 !== 0) || y % 400 === 0) ? 1 : 0;
    return YEAR_START[y - TABLE_FIRST_YEAR] + MONTH_START[m] + leap + d - 1;
  }
  return daysFromCivil(y, m, d);
}

/** Days since 1970-01-01 of a proleptic Gregorian date, by integer arithmetic (no Date object). */
function daysFromCivil(y: number, m: number, d: number): DayNumber {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Day numbers of 1 January of 1900-2199 and days before each month (non-leap), for parseIsoDate. */
const TABLE_FIRST_YEAR = 1900;
const TABLE_LAST_YEAR = 2199;
const YEAR_START: number[] = [];
for (let y = TABLE_FIRST_YEAR; y <= TABLE_LAST_YEAR; y++) YEAR_START.push(daysFromCivil(y, 1, 1));
const MONTH_START = [0, 0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];

function daysInMonth(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

export function dayNumber(y: number, m: number, d: number): DayNumber {
  return daysFromCivil(y, m, d);
}

/** "YYYY-MM-DD" of a day number; years 0000-9999 (all parseIsoDate reads) by integer arithmetic. */
export function formatDay(day: DayNumber): string {
  const [y, m, d] = ymd(day);
  if (y < 0 || y > 9999) return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
  const yy = y < 1000 ? String(y).padStart(4, '0') : String(y);
  return `${yy}-${m < 10 ? '0' : ''}${m}-${d < 10 ? '0' : ''}${d}`;
}

/**
 * [year, month 1-12, day] of a day number: the proleptic Gregorian date by integer arithmetic, the inverse of
 * daysFromCivil (H. Hinnant's civil_from_days); no Date object.
 */
export function ymd(day: DayNumber): [number, number, number] {
  const z = day + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, d];
}

/** "YYYY-MM" of a day number (the RPI month). */
export function monthKey(day: DayNumber): string {
  return formatDay(day).slice(0, 7);
}
