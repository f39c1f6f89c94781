/**
 * Stable in-place insertion sort, for the short and nearly ordered lists of one ledger (a security's
 * acquisition days, a taxpayer's few holdings and portfolios), where Array.prototype.sort's set-up costs
 * more than the sorting.
 */
export function insertionSort<T>(xs: T[], cmp: (a: T, b: T) => number): void {
  for (let i = 1; i < xs.length; i++) {
    const x = xs[i];
    let j = i - 1;
    while (j >= 0 && cmp(xs[j], x) > 0) {
      xs[j + 1] = xs[j];
      j--;
    }
    xs[j + 1] = x;
  }
}
