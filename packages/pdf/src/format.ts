/**
 * Figures as a client reads them on paper: GBP with en-GB grouping, quantities grouped, dates DD/MM/YYYY, '-' when
 * empty. Money arrives as decimal strings and is rounded and grouped as text: a JS number would pass it through a
 * binary float. Text that is not a plain decimal or date throws: a document must never show a figure it misread.
 */

export const EMPTY = '-';

const DECIMAL = /^([+-])?(\d+)(?:\.(\d+))?$/;

interface Decimal {
  negative: boolean;
  int: string;
  frac: string;
}

function parse(value: string, what: string): Decimal {
  const match = DECIMAL.exec(value.trim());
  if (!match) throw new Error(`${what}: "${value}" is not a decimal number`);
  return { negative: match[1] === '-', int: match[2].replace(/^0+(?=\d)/, ''), frac: match[3] ?? '' };
}

/** Adds one to a string of digits ("0999" -> "1000"). */
function increment(digits: string): string {
  let carry = true;
  let out = '';
  for (let i = digits.length - 1; i >= 0; i--) {
    const d: number = digits.charCodeAt(i) - 48 + (carry ? 1 : 0);
    carry = d === 10;
    out = String(carry ? 0 : d) + out;
  }
  return carry ? `1${out}` : out;
}

/** Rounds half away from zero to `places` decimals, as the engine rounds money. */
function round({ negative, int, frac }: Decimal, places: number): Decimal {
  if (frac.length <= places) return { negative, int, frac: frac.padEnd(places, '0') };
  const kept = int + frac.slice(0, places);
  const rounded = frac.charCodeAt(places) - 48 >= 5 ? increment(kept) : kept;
  const cut = rounded.length - places;
  return { negative, int: rounded.slice(0, cut) || '0', frac: rounded.slice(cut) };
}

const group = (int: string) => int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

function show(d: Decimal): { sign: string; digits: string } {
  // no "-0.00": a figure that rounds to nothing has no sign
  const sign = d.negative && /[1-9]/.test(d.int + d.frac) ? '-' : '';
  return { sign, digits: d.frac ? `${group(d.int)}.${d.frac}` : group(d.int) };
}

const blank = (value: string | null | undefined): value is '' | null | undefined =>
  value === null || value === undefined || value.trim() === '';

/** GBP to the penny (or `places`): `gbp('1234.5')` -> `£1,234.50`, `gbp('-12.3')` -> `-£12.30`; '-' when empty. */
export function gbp(value: string | null | undefined, places = 2): string {
  if (blank(value)) return EMPTY;
  const { sign, digits } = show(round(parse(value, 'gbp'), places));
  return `${sign}£${digits}`;
}

/** A decimal grouped, rounded to `places`: `decimal('1234.5678', 2)` -> `1,234.57`; '-' when empty. */
export function decimal(value: string | null | undefined, places: number): string {
  if (blank(value)) return EMPTY;
  const { sign, digits } = show(round(parse(value, 'decimal'), places));
  return sign + digits;
}

/** A quantity grouped, keeping the decimals it was given: `quantity('1500.0000')` -> `1,500.0000`; '-' when empty. */
export function quantity(value: string | null | undefined): string {
  if (blank(value)) return EMPTY;
  const { sign, digits } = show(parse(value, 'quantity'));
  return sign + digits;
}

/** A calendar date as the UK writes it: `ukDate('2026-11-27')` -> `27/11/2026`; '-' when empty. */
export function ukDate(value: string | null | undefined): string {
  if (blank(value)) return EMPTY;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) throw new Error(`ukDate: "${value}" is not a date as YYYY-MM-DD`);
  return `${match[3]}/${match[2]}/${match[1]}`;
}
