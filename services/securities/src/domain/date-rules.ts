/** Calendar dates as "YYYY-MM-DD" text. Pure: "today" is always passed in. */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Why `text` is not a real calendar date on or before `today`, or undefined. */
export function pastDateProblem(name: string, text: string, today: string): string | undefined {
  if (text.trim() === '') return `${name} is required`;
  if (!isIsoDate(text)) return `${name} must be a date as YYYY-MM-DD`;
  if (text > today) return `${name} must not be in the future`;
  if (text < '1900-01-01') return `${name} must be after 1900-01-01`;
  return undefined;
}

export function isIsoDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** "today" in the UK (Europe/London), the product's time zone. */
export function londonToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(now);
}
