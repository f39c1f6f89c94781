import type { SecurityPrice } from '@gains/contracts';
import { compareDecimals } from '@/lib/format';

export interface ChartPoint {
  x: number;
  y: number;
  price: SecurityPrice;
}

export interface ChartGeometry {
  points: ChartPoint[];
  /** The SVG path through the points. */
  path: string;
  /** The lowest and highest price as the server sent them (labels show these strings, never floats). */
  low: SecurityPrice | undefined;
  high: SecurityPrice | undefined;
}

/**
 * Where each price sits in a `width` by `height` box: dates evenly by day along x, prices up y between the
 * lowest and the highest. Numbers are used for positions only; every figure a user reads comes from the strings.
 */
export function chartGeometry(prices: SecurityPrice[], width: number, height: number): ChartGeometry {
  if (prices.length === 0) return { points: [], path: '', low: undefined, high: undefined };
  const sorted = [...prices].sort((a, b) => a.date.localeCompare(b.date));
  let low = sorted[0];
  let high = sorted[0];
  for (const p of sorted) {
    if (compareDecimals(p.price, low.price) < 0) low = p;
    if (compareDecimals(p.price, high.price) > 0) high = p;
  }
  const day = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
  const first = day(sorted[0].date);
  const span = Math.max(1, day(sorted[sorted.length - 1].date) - first);
  const lo = Number(low.price);
  const range = Number(high.price) - lo;
  const points = sorted.map((price) => ({
    price,
    x: sorted.length === 1 ? width / 2 : ((day(price.date) - first) / span) * width,
    y: range === 0 ? height / 2 : height - ((Number(price.price) - lo) / range) * height,
  }));
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
  return { points, path, low, high };
}

/** The point nearest an x position (for the hover read-out). */
export function nearestPoint(points: ChartPoint[], x: number): ChartPoint | undefined {
  let best: ChartPoint | undefined;
  for (const p of points) if (!best || Math.abs(p.x - x) < Math.abs(best.x - x)) best = p;
  return best;
}
