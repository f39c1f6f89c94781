/**
 * Exact decimal text for prices and FX rates (money never passes through a float). Pure.
 */

/** A positive or zero decimal: digits, an optional point and fraction. */
const DECIMAL = /^(\d{1,16})(?:\.(\d{1,12}))?$/;

/** Why `text` is not a decimal above zero with at most `maxScale` decimal places, or undefined. */
export function positiveDecimalProblem(name: string, text: string, maxScale: number): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return `${name} is required`;
  if (/^-/.test(trimmed)) return `${name} must not be negative`;
  const m = DECIMAL.exec(trimmed);
  if (!m) return `${name} must be a decimal number such as 12.3456`;
  if ((m[2] ?? '').length > maxScale) return `${name} must have at most ${maxScale} decimal places`;
  if (/^0*(\.0*)?$/.test(trimmed)) return `${name} must be more than 0`;
  return undefined;
}

/** A decimal's text without needless zeros: "012.3400" -> "12.34", "5.000" -> "5". */
export function canonicalDecimal(text: string): string {
  const [int = '0', frac = ''] = text.trim().split('.');
  const i = int.replace(/^0+(?=\d)/, '') || '0';
  const f = frac.replace(/0+$/, '');
  return f ? `${i}.${f}` : i;
}

function toScaled(text: string): { value: bigint; scale: number } {
  const [int = '0', frac = ''] = canonicalDecimal(text).split('.');
  return { value: BigInt(int + frac), scale: frac.length };
}

/** a x b, rounded half up to `scale` decimal places, as canonical text. */
export function multiplyDecimals(a: string, b: string, scale: number): string {
  const x = toScaled(a);
  const y = toScaled(b);
  const product = x.value * y.value;
  const productScale = x.scale + y.scale;
  let rounded: bigint;
  if (productScale <= scale) rounded = product * 10n ** BigInt(scale - productScale);
  else {
    const divisor = 10n ** BigInt(productScale - scale);
    rounded = (product + divisor / 2n) / divisor;
  }
  const digits = rounded.toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return canonicalDecimal(text);
}
