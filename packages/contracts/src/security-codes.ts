/**
 * SEDOL and ISIN check digits. Pure: no I/O.
 *
 * SEDOL: six characters from the digits and the consonants (no vowels), weighted 1,3,1,7,3,9, letters
 * valued A=10..Z=35; the seventh is (10 - sum mod 10) mod 10.
 * ISIN: two letters (the country), nine letters or digits, and a Luhn check digit over the first
 * eleven with letters expanded to two digits each (A=10..Z=35).
 */

const SEDOL_SHAPE = /^[0-9BCDFGHJKLMNPQRSTVWXYZ]{6}[0-9]$/;
const ISIN_SHAPE = /^[A-Z]{2}[A-Z0-9]{9}[0-9]$/;
const SEDOL_WEIGHTS = [1, 3, 1, 7, 3, 9];

function charValue(ch: string): number {
  return /\d/.test(ch) ? Number(ch) : ch.charCodeAt(0) - 55;
}

/** The check digit of the first six characters of a SEDOL. */
export function sedolCheckDigit(first6: string): number {
  let sum = 0;
  for (let i = 0; i < 6; i++) sum += charValue(first6[i]!) * SEDOL_WEIGHTS[i]!;
  return (10 - (sum % 10)) % 10;
}

/** The check digit of the first eleven characters of an ISIN. */
export function isinCheckDigit(first11: string): number {
  const digits = first11
    .split('')
    .map((ch) => String(charValue(ch)))
    .join('');
  let sum = 0;
  let double = true;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = Number(digits[i]);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return (10 - (sum % 10)) % 10;
}

/** Why a SEDOL is not valid, or undefined when it is. */
export function sedolProblem(sedol: string): string | undefined {
  if (sedol.length !== 7) return 'SEDOL must be 7 characters';
  if (!SEDOL_SHAPE.test(sedol)) return 'SEDOL must be 6 digits or consonants (no vowels) then a check digit';
  if (sedolCheckDigit(sedol.slice(0, 6)) !== Number(sedol[6])) return 'SEDOL check digit is wrong';
  return undefined;
}

/** Why an ISIN is not valid, or undefined when it is. */
export function isinProblem(isin: string): string | undefined {
  if (isin.length !== 12) return 'ISIN must be 12 characters';
  if (!ISIN_SHAPE.test(isin)) return 'ISIN must be 2 letters, 9 letters or digits, then a check digit';
  if (isinCheckDigit(isin.slice(0, 11)) !== Number(isin[11])) return 'ISIN check digit is wrong';
  return undefined;
}

export const isValidSedol = (sedol: string) => sedolProblem(sedol) === undefined;
export const isValidIsin = (isin: string) => isinProblem(isin) === undefined;

/** A SEDOL from six characters, with its check digit. */
export function withSedolCheckDigit(first6: string): string {
  return `${first6}${sedolCheckDigit(first6)}`;
}

/** An ISIN from eleven characters, with its check digit. */
export function withIsinCheckDigit(first11: string): string {
  return `${first11}${isinCheckDigit(first11)}`;
}

/** The ISIN a UK or Irish line gets from its SEDOL: country, "00", SEDOL, check digit. */
export function isinFromSedol(country: string, sedol: string): string {
  return withIsinCheckDigit(`${country}00${sedol}`);
}
