/** Past this many items the range goes to Array.prototype.sort: insertion sort is quadratic. */
const INSERTION_SORT_MAX = 64;

/**
 * Stable in-place sort of xs[from, to): insertion sort for the short, nearly ordered lists of one ledger (rows
 * tied on day and phase, a security's acquisition days, a taxpayer's few holdings and portfolios), where
 * Array.prototype.sort's set-up, and a copy of the range, cost more than the sorting. A long range (a large
 * file's thousands of holdings, or hundreds of rows on one day) goes to the built-in sort, also stable.
 */
export function insertionSort<T>(xs: T[], cmp: (a: T, b: T) => number, from = 0, to = xs.length): void {
  if (to - from > INSERTION_SORT_MAX) {
    const sorted = xs.slice(from, to).sort(cmp);
    for (let i = 0; i < sorted.length; i++) xs[from + i] = sorted[i];
    return;
  }
  for (let i = from + 1; i < to; i++) {
    const x = xs[i];
    let j = i - 1;
    while (j >= from && cmp(xs[j], x) > 0) {
      xs[j + 1] = xs[j];
      j--;
    }
    xs[j + 1] = x;
  }
}
