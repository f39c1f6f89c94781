/**
 * Exact decimal arithmetic on decimal strings ("1234.5678"), for figures a user sees: BigInt units at a scale,
 * never binary floats. Inputs are plain decimals (an optional sign, digits, an optional fraction; commas allowed
 * as thousands separators); anything else is refused with undefined (`parseDecimal`) or an error.
 */

interface Scaled {
  /** The value times 10^scale. */
  units: bigint;
  scale: number;
}

const PLAIN = /^([+-])?(\d+)(?:\.(\d+))?$/;

function parse(text: string): Scaled | undefined {
  const match = PLAIN.exec(text.trim().replace(/,/g, ''));
  if (!match) return undefined;
  const fraction = match[3] ?? '';
  const units = BigInt(match[2] + fraction);
  return { units: match[1] === '-' ? -units : units, scale: fraction.length };
}

function must(text: string): Scaled {
  const parsed = parse(text);
  if (!parsed) throw new Error(`Not a decimal: "${text}"`);
  return parsed;
}

const TEN = BigInt(10);
const pow10 = (n: number): bigint => TEN ** BigInt(n);

function align(a: Scaled, b: Scaled): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.units * pow10(scale - a.scale), b.units * pow10(scale - b.scale), scale];
}

function format({ units, scale }: Scaled): string {
  const negative = units < BigInt(0);
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale ? `.${digits.slice(digits.length - scale)}` : '';
  const zero = /^[0.]*$/.test(whole + fraction);
  return `${negative && !zero ? '-' : ''}${whole}${fraction}`;
}

/** The same number without trailing zeros in its fraction ("400.00000000" is "400", "26.250" is "26.25"). */
export function plainDecimal(text: string): string {
  const { units, scale } = must(text);
  let u = units;
  let s = scale;
  while (s > 0 && u % TEN === BigInt(0)) {
    u /= TEN;
    s -= 1;
  }
  return format({ units: u, scale: s });
}

/** Whether the text is a plain decimal number. */
export function isDecimal(text: string | null | undefined): text is string {
  return typeof text === 'string' && parse(text) !== undefined;
}

/** a + b, exactly, at the wider of the two scales. */
export function addDecimal(a: string, b: string): string {
  const [x, y, scale] = align(must(a), must(b));
  return format({ units: x + y, scale });
}

/** a - b, exactly. */
export function subtractDecimal(a: string, b: string): string {
  const [x, y, scale] = align(must(a), must(b));
  return format({ units: x - y, scale });
}

/** a x b, exactly (the scales add). */
export function multiplyDecimal(a: string, b: string): string {
  const x = must(a);
  const y = must(b);
  return format({ units: x.units * y.units, scale: x.scale + y.scale });
}

/** The sum of the values, exactly ("0" for none). */
export function sumDecimals(values: readonly string[]): string {
  return values.reduce((total, value) => addDecimal(total, value), '0');
}

/**
 * The value to `places` decimals: 'half-up' rounds halves away from zero (money to the penny), 'down' cuts toward
 * zero (a disposal amount never sells more than the percent asks).
 */
export function roundDecimal(text: string, places: number, mode: 'half-up' | 'down' = 'half-up'): string {
  const { units, scale } = must(text);
  if (scale <= places) return format({ units: units * pow10(places - scale), scale: places });
  const divisor = pow10(scale - places);
  const negative = units < BigInt(0);
  const magnitude = negative ? -units : units;
  let kept = magnitude / divisor;
  if (mode === 'half-up' && (magnitude % divisor) * BigInt(2) >= divisor) kept += BigInt(1);
  return format({ units: negative ? -kept : kept, scale: places });
}

/** The value divided by 10^places, exactly (a percent of a quantity: `shiftDecimal(q x p, 2)`). */
export function shiftDecimal(text: string, places: number): string {
  const { units, scale } = must(text);
  return format({ units, scale: scale + places });
}

/** The sign of the value: -1, 0 or 1. */
export function signOfDecimal(text: string): -1 | 0 | 1 {
  const { units } = must(text);
  return units === BigInt(0) ? 0 : units < BigInt(0) ? -1 : 1;
}

/** `percent` percent of `quantity` to `places` decimals, rounded down: quantity / 100 x percent. */
export function percentOfDecimal(quantity: string, percent: string, places: number): string {
  return roundDecimal(shiftDecimal(multiplyDecimal(quantity, percent), 2), places, 'down');
}

/**
 * a / b to `places` decimals, rounded as `roundDecimal` rounds (b must not be 0). The quotient is cut two places
 * further first: the first cut digit decides a half-up rounding, and cutting never carries past it.
 */
export function divideDecimal(a: string, b: string, places: number, mode: 'half-up' | 'down' = 'half-up'): string {
  const x = must(a);
  const y = must(b);
  if (y.units === BigInt(0)) throw new Error(`Division by zero: ${a} / ${b}`);
  const scale = places + 2;
  const numerator = x.units * pow10(scale + y.scale);
  const denominator = y.units * pow10(x.scale);
  const abs = (v: bigint) => (v < BigInt(0) ? -v : v);
  const quotient = abs(numerator) / abs(denominator);
  const negative = numerator < BigInt(0) !== denominator < BigInt(0);
  return roundDecimal(format({ units: negative ? -quotient : quotient, scale }), places, mode);
}

/** The order of two decimals: -1, 0 or 1. */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  return signOfDecimal(subtractDecimal(a, b));
}
