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
  return Date.UTC(y, m - 1, d) / MS_PER_DAY;
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
  return Date.UTC(y, m - 1, d) / MS_PER_DAY;
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
