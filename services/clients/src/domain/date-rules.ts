/** Calendar dates as "YYYY-MM-DD" text. Pure: "today" is always passed in. */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text;
}

/** Why `text` is not a real date (between 1900 and `today` when given), or undefined. */
export function dateProblem(name: string, text: string, today?: string): string | undefined {
  if (!isIsoDate(text)) return `${name} must be a date as YYYY-MM-DD`;
  if (text < '1900-01-01') return `${name} must be after 1900-01-01`;
  if (today !== undefined && text > today) return `${name} must not be in the future`;
  return undefined;
}

/** "today" in the UK (Europe/London), the product's time zone. */
export function londonToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(now);
}
