import { describe, expect, it } from 'vitest';
import type { SecurityPrice } from '@gains/contracts';
import { chartGeometry, nearestPoint } from './price-chart-geometry';

const price = (date: string, value: string): SecurityPrice => ({
  securityId: 1,
  date,
  price: value,
  currency: 'GBP',
  priceGbp: value,
  source: 'DEMO',
  setByName: '',
  setAt: '',
  stale: false,
});

describe('the price chart', () => {
  it('when prices are drawn, then the lowest and highest are the server’s strings, compared exactly', () => {
    const g = chartGeometry(
      [price('2026-01-03', '0.30000000000000004'), price('2026-01-01', '0.1'), price('2026-01-02', '0.3')],
      100,
      50,
    );
    expect(g.low?.price).toBe('0.1');
    expect(g.high?.price).toBe('0.30000000000000004');
    expect(g.points.map((p) => p.price.date)).toEqual(['2026-01-01', '2026-01-02', '2026-01-03']);
    expect(g.points[0]).toMatchObject({ x: 0, y: 50 });
    expect(g.points[2]).toMatchObject({ x: 100, y: 0 });
    expect(g.path.startsWith('M0.0,50.0 L50.0,')).toBe(true);
  });

  it('when there is one price or none, then it sits in the middle, or nothing is drawn', () => {
    expect(chartGeometry([price('2026-01-01', '5')], 100, 50).points[0]).toMatchObject({ x: 50, y: 25 });
    expect(chartGeometry([], 100, 50)).toEqual({ points: [], path: '', low: undefined, high: undefined });
  });

  it('when the pointer moves, then the nearest day is read out', () => {
    const g = chartGeometry([price('2026-01-01', '1'), price('2026-01-11', '2')], 100, 50);
    expect(nearestPoint(g.points, 70)?.price.date).toBe('2026-01-11');
  });
});
