/**
 * Calendar dates as whole day numbers (days since 1970-01-01, UTC) so that "30 days after" and
 * "same day" are integer comparisons. Pure: no clock, no time zones.
 */

export type DayNumber = number;

const MS_PER_DAY = 86_400_000;

/** Parse "YYYY-MM-DD" strictly; null if it is not a real calendar date. */
export function parseIsoDate(text: string): DayNumber | null {
  if (text.length !== 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return null;
  const y = toInt(text, 0, 4);
  const m = toInt(text, 5, 7);
  const d = toInt(text, 8, 10);
  if (y < 0 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
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

function toInt(s: string, from: number, to: number): number {
  let v = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    v = v * 10 + c;
  }
  return v;
}

function daysInMonth(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

export function dayNumber(y: number, m: number, d: number): DayNumber {
  return daysFromCivil(y, m, d);
}

export function formatDay(day: DayNumber): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** [year, month 1-12, day] of a day number. */
export function ymd(day: DayNumber): [number, number, number] {
  const dt = new Date(day * MS_PER_DAY);
  return [dt.getUTCFullYear(), dt.getUTCMonth() + 1, dt.getUTCDate()];
}

/** "YYYY-MM" of a day number (the RPI month). */
export function monthKey(day: DayNumber): string {
  return formatDay(day).slice(0, 7);
}
