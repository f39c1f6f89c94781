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

/** Radix-sort buffers, reused from one sort to the next (each sort overwrites the part it uses). */
const buffers = {
  keys: new Int32Array(256),
  rows: new Int32Array(256),
  keysOut: new Int32Array(256),
  rowsOut: new Int32Array(256),
  counts: new Int32Array(256),
};

/**
 * The items of `xs` in a new array, stably sorted by a whole-number key: a radix sort, a byte of (key - least key)
 * per pass, with no comparisons. Null when the keys span 2^24 or more (the caller then sorts by comparison).
 */
export function sortedByWholeNumber<T>(xs: readonly T[], key: (x: T) => number): T[] | null {
  const n = xs.length;
  let min = n > 0 ? key(xs[0]) : 0;
  let max = min;
  for (let i = 1; i < n; i++) {
    const k = key(xs[i]);
    if (k < min) min = k;
    else if (k > max) max = k;
  }
  const range = max - min;
  if (range > 0xffffff) return null;
  if (buffers.keys.length < n) {
    const size = Math.max(n, 2 * buffers.keys.length);
    buffers.keys = new Int32Array(size);
    buffers.rows = new Int32Array(size);
    buffers.keysOut = new Int32Array(size);
    buffers.rowsOut = new Int32Array(size);
  }
  let { keys, rows, keysOut, rowsOut } = buffers;
  const counts = buffers.counts;
  for (let i = 0; i < n; i++) {
    keys[i] = key(xs[i]) - min;
    rows[i] = i;
  }
  for (let shift = 0; shift === 0 || range >> shift > 0; shift += 8) {
    counts.fill(0);
    for (let i = 0; i < n; i++) counts[(keys[i] >> shift) & 255]++;
    for (let b = 0, total = 0; b < 256; b++) {
      const c = counts[b];
      counts[b] = total;
      total += c;
    }
    for (let i = 0; i < n; i++) {
      const to = counts[(keys[i] >> shift) & 255]++;
      keysOut[to] = keys[i];
      rowsOut[to] = rows[i];
    }
    [keys, keysOut] = [keysOut, keys];
    [rows, rowsOut] = [rowsOut, rows];
  }
  const sorted = new Array<T>(n);
  for (let i = 0; i < n; i++) sorted[i] = xs[rows[i]];
  return sorted;
}
