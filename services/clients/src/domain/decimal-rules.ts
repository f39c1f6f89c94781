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
  const signed = trimmed.charCodeAt(0) === 45 /* - */ || trimmed.charCodeAt(0) === 43; /* + */
  const negative = trimmed.charCodeAt(0) === 45;
  const body = signed ? trimmed.slice(1) : trimmed;
  const dot = body.indexOf('.');
  const int = dot < 0 ? body : body.slice(0, dot);
  let start = 0;
  while (start < int.length - 1 && int.charCodeAt(start) === 48 /* 0 */) start++;
  const i = int.slice(start) || '0';
  let f = dot < 0 ? '' : body.slice(dot + 1);
  let end = f.length;
  while (end > 0 && f.charCodeAt(end - 1) === 48) end--;
  f = f.slice(0, end);
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
  const t = text.trim();
  const dot = t.indexOf('.');
  return dot < 0 ? 0 : t.length - dot - 1;
}

const POWERS = Array.from({ length: 40 }, (_, i) => 10n ** BigInt(i));
const pow10 = (n: number) => POWERS[n] ?? 10n ** BigInt(n);

/** a x b rounded half up to `scale` places, as text with exactly `scale` places. */
export function multiply(a: string, b: string, scale: number): string {
  const sa = scaleOf(a);
  const sb = scaleOf(b);
  const product = toScaled(a, sa) * toScaled(b, sb);
  return fromScaled(divideRounded(product * pow10(scale), pow10(sa + sb)), scale);
}

/** a / b rounded half up to `scale` places, as text with exactly `scale` places. */
export function divide(a: string, b: string, scale: number): string {
  const sa = scaleOf(a);
  const sb = scaleOf(b);
  const n = toScaled(a, sa) * pow10(sb + scale);
  const d = toScaled(b, sb) * pow10(sa);
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
