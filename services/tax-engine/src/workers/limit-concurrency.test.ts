import { describe, expect, it } from 'vitest';
import { limitConcurrency } from './limit-concurrency';

describe('limitConcurrency', () => {
  it('runs at most `limit` calls at once and every call in turn, failures included', async () => {
    let running = 0;
    let most = 0;
    const release: (() => void)[] = [];
    const limited = limitConcurrency(2, async (n: number) => {
      running++;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => release.push(resolve));
      running--;
      if (n === 3) throw new Error('three');
      return n * 10;
    });
    const calls = [1, 2, 3, 4, 5].map((n) => limited(n).catch((e: Error) => e.message));
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setTimeout(r, 5));
      expect(running).toBeLessThanOrEqual(2);
      release.shift()?.();
    }
    expect(await Promise.all(calls)).toEqual([10, 20, 'three', 40, 50]);
    expect(most).toBe(2);
  });
});
