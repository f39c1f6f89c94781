/**
 * The engine's arithmetic, behind one small interface: exact rationals (`Rational`: add, sub, mul, div, split,
 * cmp and the like; money to the penny and sums of penny lines), the one-pass decimal scanner the row parser uses,
 * a stable in-place sort for the short lists of one ledger and a radix sort by a whole-number key. How they are made fast (safe integers until a
 * figure needs BigInt, gcds on numbers, unreduced sums of large fractions) stays in this folder: the rules
 * (identification, pools, events, tax-year summaries) call these operations and never read a number's fields.
 */
export { Rational, ZERO, ONE, PennySum, scanDigits, scanned } from './rational';
export { insertionSort, sortedByWholeNumber } from './sort';
