/**
 * Exact decimal text for quantities, prices, money and FX rates: parsed into scaled integers and back, so a
 * figure never passes through a float. Pure.
 */

const DECIMAL = /^([+-]?)(\d{1,16})(?:\.(\d{1,12}))?$/;

export type DecimalSign = 'positive' | 'not-negative' | 'any';

/** Why `text` is not a decimal of at most `maxScale` places with the sign asked for, or undefined. */
export function decimalProblem(
  name: string,
  text: string,
  maxScale: number,
  sign: DecimalSign = 'not-negative',
): string | undefined {
  const m = DECIMAL.exec(text.trim());
  if (!m) return `${name} must be a decimal number such as 12.34`;
  if ((m[3] ?? '').length > maxScale) return `${name} must have at most ${maxScale} decimal places`;
  const zero = /^0*$/.test(m[2]! + (m[3] ?? ''));
  if (m[1] === '-' && !zero && sign !== 'any') return `${name} must not be negative`;
  if (zero && sign === 'positive') return `${name} must be more than 0`;
  return undefined;
}

/** "12.3" at scale 2 -> 1230n. The text must have passed `decimalProblem` at a scale no larger. */
export function toScaled(text: string, scale: number): bigint {
  const m = DECIMAL.exec(text.trim());
  if (!m) throw new Error(`not a decimal: ${text}`);
  const frac = (m[3] ?? '').padEnd(scale, '0');
  if (frac.length > scale) throw new Error(`${text} has more than ${scale} places`);
  const value = BigInt(m[2]! + frac);
  return m[1] === '-' ? -value : value;
}

/** 1230n at scale 2 -> "12.30". */
export function fromScaled(value: bigint, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

/** A decimal's text without needless zeros: "012.3400" -> "12.34", "5.000" -> "5". */
export function canonicalDecimal(text: string): string {
  const trimmed = text.trim();
  const negative = trimmed.startsWith('-');
  const [int = '0', frac = ''] = trimmed.replace(/^[+-]/, '').split('.');
  const i = int.replace(/^0+(?=\d)/, '') || '0';
  const f = frac.replace(/0+$/, '');
  const out = f ? `${i}.${f}` : i;
  return negative && out !== '0' ? `-${out}` : out;
}

/** n / d rounded half away from zero. */
function divideRounded(n: bigint, d: bigint): bigint {
  const negative = n < 0n !== d < 0n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  const q = (an * 2n + ad) / (ad * 2n);
  return negative ? -q : q;
}

function scaleOf(text: string): number {
  return (text.trim().split('.')[1] ?? '').length;
}

/** a x b rounded half up to `scale` places, as text with exactly `scale` places. */
export function multiply(a: string, b: string, scale: number): string {
  const sa = scaleOf(a);
  const sb = scaleOf(b);
  const product = toScaled(a, sa) * toScaled(b, sb);
  return fromScaled(divideRounded(product * 10n ** BigInt(scale), 10n ** BigInt(sa + sb)), scale);
}

/** a / b rounded half up to `scale` places, as text with exactly `scale` places. */
export function divide(a: string, b: string, scale: number): string {
  const sa = scaleOf(a);
  const sb = scaleOf(b);
  const n = toScaled(a, sa) * 10n ** BigInt(sb + scale);
  const d = toScaled(b, sb) * 10n ** BigInt(sa);
  if (d === 0n) throw new Error('division by zero');
  return fromScaled(divideRounded(n, d), scale);
}

/** The sum of decimal texts at `scale` places (each at most `scale` places). */
export function sum(values: readonly string[], scale: number): string {
  return fromScaled(
    values.reduce((total, v) => total + toScaled(v, scale), 0n),
    scale,
  );
}

/** -1, 0 or 1 as a is less than, equal to or more than b. */
export function compare(a: string, b: string): number {
  const scale = Math.max(scaleOf(a), scaleOf(b));
  const x = toScaled(a, scale);
  const y = toScaled(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}
