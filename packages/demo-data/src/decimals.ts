/**
 * Exact decimal text arithmetic for the generators (scaled BigInts, never floats in a figure): products rounded
 * half up to a scale, and sums.
 */

function toScaled(text: string): { value: bigint; scale: number } {
  const t = text.trim();
  const negative = t.startsWith('-');
  const [int = '0', frac = ''] = t.replace(/^[-+]/, '').split('.');
  const value = BigInt(`${int || '0'}${frac}`);
  return { value: negative ? -value : value, scale: frac.length };
}

function fromScaled(value: bigint, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

function rescale(value: bigint, from: number, to: number): bigint {
  if (from <= to) return value * 10n ** BigInt(to - from);
  const divisor = 10n ** BigInt(from - to);
  const half = divisor / 2n;
  return value >= 0n ? (value + half) / divisor : -((-value + half) / divisor);
}

/** The product of the factors, rounded half up (away from zero) to `scale` places. */
export function multiply(scale: number, ...factors: string[]): string {
  let value = 1n;
  let s = 0;
  for (const f of factors) {
    const x = toScaled(f);
    value *= x.value;
    s += x.scale;
  }
  return fromScaled(rescale(value, s, scale), scale);
}

/** The sum of the terms at `scale` places (each term rounded half up first). */
export function sum(scale: number, ...terms: string[]): string {
  let total = 0n;
  for (const t of terms) {
    const x = toScaled(t);
    total += rescale(x.value, x.scale, scale);
  }
  return fromScaled(total, scale);
}

/** a / b rounded half up to `scale` places. */
export function divide(a: string, b: string, scale: number): string {
  const x = toScaled(a);
  const y = toScaled(b);
  // a/b = (xv / 10^xs) / (yv / 10^ys); scaled by 10^(scale+1) for rounding.
  const num = x.value * 10n ** BigInt(y.scale + scale + 1);
  const den = y.value * 10n ** BigInt(x.scale);
  const q = num / den;
  return fromScaled(rescale(q, scale + 1, scale), scale);
}
