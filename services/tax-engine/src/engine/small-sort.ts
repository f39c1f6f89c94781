/**
 * Stable in-place insertion sort of xs[from, to), for the short, nearly ordered lists of one ledger (rows
 * tied on day and phase, a security's acquisition days, a taxpayer's few holdings and portfolios), where
 * Array.prototype.sort's set-up, and a copy of the range, cost more than the sorting.
 */
export function insertionSort<T>(xs: T[], cmp: (a: T, b: T) => number, from = 0, to = xs.length): void {
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
