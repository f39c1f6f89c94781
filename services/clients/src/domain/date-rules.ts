/** Calendar dates as "YYYY-MM-DD" text. Pure: "today" is always passed in. */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function isIsoDate(text: string): boolean {
  // Arithmetic rather than a Date per call: a 100,000-row import checks two dates a row.
  if (!ISO_DATE.test(text)) return false;
  const year = Number(text.slice(0, 4));
  const month = Number(text.slice(5, 7));
  const day = Number(text.slice(8, 10));
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return day <= (month === 2 ? (leap ? 29 : 28) : DAYS_IN_MONTH[month - 1]!);
}

/** Why `text` is not a real date (between 1900 and `today` when given), or undefined. */
export function dateProblem(name: string, text: string, today?: string): string | undefined {
  if (!isIsoDate(text)) return `${name} must be a date as YYYY-MM-DD`;
  if (text < '1900-01-01') return `${name} must be after 1900-01-01`;
  if (today !== undefined && text > today) return `${name} must not be in the future`;
  return undefined;
}

/** Made once: building a formatter costs far more than formatting, and a posted batch asks for today per row. */
const LONDON_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' });

/** "today" in the UK (Europe/London), the product's time zone. */
export function londonToday(now: Date = new Date()): string {
  return LONDON_DAY.format(now);
}
