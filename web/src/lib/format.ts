/**
 * The one formatting module (spec §2.4, §9): GBP with en-GB grouping, negatives marked, dates DD/MM/YYYY,
 * date-times DD/MM/YYYY HH:mm in Europe/London, '-' when empty.
 * Money arrives as decimal strings; it is rounded and grouped as text, never through binary floats.
 */
import dayjs from 'dayjs';
import { compareDecimal } from './decimal';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';

dayjs.extend(utc);
dayjs.extend(timezone);

export const EMPTY = '-';
export const TIME_ZONE = 'Europe/London';

type Numeric = string | number | null | undefined;

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?$/;

function isEmpty(value: unknown): value is null | undefined | '' {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** Split a decimal string into sign, integer digits and fraction digits; undefined when it is not a plain decimal. */
function parseDecimal(value: string | number): { negative: boolean; int: string; frac: string } | undefined {
  const text = typeof value === 'number' ? numberToPlainString(value) : value.trim();
  if (text === undefined) return undefined;
  const match = DECIMAL.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return undefined;
  return { negative: match[1] === '-', int: match[2].replace(/^0+(?=\d)/, '') || '0', frac: match[3] ?? '' };
}

function numberToPlainString(value: number): string | undefined {
  if (!Number.isFinite(value)) return undefined;
  // toFixed avoids exponent notation for the magnitudes money can have
  return Math.abs(value) < 1e21 ? value.toFixed(Math.min(20, Math.max(0, decimalsOf(value)))) : undefined;
}

function decimalsOf(value: number): number {
  const text = String(value);
  const exp = /e-(\d+)$/.exec(text);
  if (exp) return Number(exp[1]) + (text.split('e')[0].split('.')[1]?.length ?? 0);
  return text.split('.')[1]?.length ?? 0;
}

/** Add one to a string of digits. */
function incrementDigits(digits: string): string {
  const chars = digits.split('');
  for (let i = chars.length - 1; i >= 0; i--) {
    if (chars[i] === '9') chars[i] = '0';
    else {
      chars[i] = String(Number(chars[i]) + 1);
      return chars.join('');
    }
  }
  return `1${chars.join('')}`;
}

/** Round a decimal half away from zero to `places` decimals; returns integer and fraction digit strings. */
function roundDecimal(int: string, frac: string, places: number): { int: string; frac: string } {
  if (frac.length <= places) return { int, frac: frac.padEnd(places, '0') };
  const kept = int + frac.slice(0, places);
  const roundUp = Number(frac[places]) >= 5;
  const rounded = roundUp ? incrementDigits(kept) : kept;
  const intLength = rounded.length - places;
  return { int: rounded.slice(0, intLength) || '0', frac: rounded.slice(intLength) };
}

function groupThousands(int: string): string {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Format a decimal with en-GB grouping: `formatDecimal('-1234.5', 2)` → `-1,234.50`. */
export function formatDecimal(value: Numeric, places = 2): string {
  if (isEmpty(value)) return EMPTY;
  const parsed = parseDecimal(value);
  if (!parsed) return String(value);
  const { int, frac } = roundDecimal(parsed.int, parsed.frac, places);
  const isZero = /^0*$/.test(int + frac);
  const sign = parsed.negative && !isZero ? '-' : '';
  return `${sign}${groupThousands(int)}${places > 0 ? `.${frac}` : ''}`;
}

/** GBP, 2 decimals: `formatMoney('-1234.5')` → `-£1,234.50`; '-' when empty. */
export function formatMoney(value: Numeric): string {
  const text = formatDecimal(value, 2);
  if (text === EMPTY || !/^-?[\d,]+\.\d{2}$/.test(text)) return text;
  return text.startsWith('-') ? `-£${text.slice(1)}` : `£${text}`;
}

/** Whether a money/number value is below zero (for red negatives). */
export function isNegative(value: Numeric): boolean {
  if (isEmpty(value)) return false;
  const parsed = parseDecimal(value);
  return !!parsed && parsed.negative && !/^0*$/.test(parsed.int + parsed.frac);
}

/**
 * Order two decimal strings exactly (for sorting money and quantities): digit by digit, never through binary
 * floats. Empty values come first; text that is not a decimal comes after every number.
 */
export function compareDecimals(a: Numeric, b: Numeric): number {
  if (isEmpty(a) || isEmpty(b)) return Number(!isEmpty(a)) - Number(!isEmpty(b));
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  if (!x || !y) return Number(!x) - Number(!y);
  const plain = (d: { negative: boolean; int: string; frac: string }) =>
    `${d.negative ? '-' : ''}${d.int}${d.frac ? `.${d.frac}` : ''}`;
  return compareDecimal(plain(x), plain(y));
}

/** Whole or fractional numbers with grouping; `places` undefined keeps integers as integers. */
export function formatNumber(value: Numeric, places = 0): string {
  return formatDecimal(value, places);
}

/** Quantities: 4 decimals (spec §9). */
export function formatQuantity(value: Numeric): string {
  return formatDecimal(value, 4);
}

/** A quantity exactly as given, grouped, with no places added or dropped: `1500` → `1,500`, `0.125` → `0.125`. */
export function formatExactQuantity(value: Numeric): string {
  if (isEmpty(value)) return EMPTY;
  const parsed = parseDecimal(value);
  return parsed ? formatDecimal(value, parsed.frac.replace(/0+$/, '').length) : String(value);
}

/** Price per share: 4 decimals (spec §9). */
export function formatPrice(value: Numeric): string {
  return formatDecimal(value, 4);
}

export function formatBoolean(value: boolean | null | undefined): string {
  if (value === null || value === undefined) return EMPTY;
  return value ? 'Yes' : 'No';
}

export function formatText(value: string | null | undefined): string {
  return isEmpty(value) ? EMPTY : value;
}

/** DD/MM/YYYY. Plain dates (`2026-04-05`) are calendar dates; timestamps are shown in Europe/London. */
export function formatDate(value: string | Date | null | undefined): string {
  if (isEmpty(value)) return EMPTY;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-');
    return `${d}/${m}/${y}`;
  }
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.tz(TIME_ZONE).format('DD/MM/YYYY') : String(value);
}

/** DD/MM/YYYY HH:mm in Europe/London. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (isEmpty(value)) return EMPTY;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.tz(TIME_ZONE).format('DD/MM/YYYY HH:mm') : String(value);
}

/** Today as YYYY-MM-DD in Europe/London, for export file names. */
export function todayIso(now: Date = new Date()): string {
  return dayjs(now).tz(TIME_ZONE).format('YYYY-MM-DD');
}

/** Export file name: `2026-11-23-clients.csv`. */
export function exportFileName(suffix: string, extension: 'csv' | 'xlsx' | 'json', now: Date = new Date()): string {
  return `${todayIso(now)}-${suffix}.${extension}`;
}
