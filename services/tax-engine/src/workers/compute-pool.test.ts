import { afterEach, describe, expect, it } from 'vitest';
import { ComputePool } from './compute-pool';

type Task = { echo?: string; exit?: boolean; waitMs?: number; spinMs?: number };
let pool: ComputePool<Task, string> | undefined;
const start = (size: number, maxQueued: number, timeoutMs = 10_000) =>
  (pool = new ComputePool<Task, string>({
    size,
    maxQueued,
    timeoutMs,
    moduleUrl: new URL('./compute-pool.fixture-worker.ts', import.meta.url).href,
  }));

afterEach(async () => {
  await pool?.close();
});

describe('the compute pool', () => {
  it('when tasks outnumber the workers, then they queue and every answer reaches its own caller', async () => {
    const p = start(2, 10);
    const answers = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((echo) => p.run({ echo, waitMs: 20 })));
    expect(answers.map((a) => a.value)).toEqual(['a', 'b', 'c', 'd', 'e']);
    // Five tasks of 20 ms each, as the fixture reports them: 0.1 s of compute.
    expect(p.stats()).toEqual({
      waiting: 0,
      computing: 0,
      size: 2,
      completed: 5,
      failed: 0,
      refused: 0,
      timedOut: 0,
      cancelled: 0,
      computeSeconds: 0.1,
    });
  });

  it('when a worker dies, then only its task fails and the next task gets a new worker', async () => {
    const p = start(1, 10);
    await expect(p.run({ exit: true })).rejects.toThrow('a compute worker stopped (exit code 3)');
    expect((await p.run({ echo: 'after' })).value).toBe('after');
    expect(p.stats()).toMatchObject({ completed: 1, failed: 1 });
  });

  it('when the queue is full, then the caller is told the engine is busy and nothing is queued', async () => {
    const p = start(1, 1);
    const running = p.run({ echo: 'first', waitMs: 200 });
    const queued = p.run({ echo: 'second' });
    await expect(p.run({ echo: 'third' })).rejects.toMatchObject({ code: 'RESOURCE_EXHAUSTED' });
    expect(p.depth).toBe(2);
    expect(p.stats()).toMatchObject({ waiting: 1, computing: 1, refused: 1, completed: 0 });
    expect([(await running).value, (await queued).value]).toEqual(['first', 'second']);
    expect(p.stats()).toMatchObject({ waiting: 0, computing: 0, refused: 1, completed: 2 });
  });

  it('when a task computes past the time limit, then it is stopped with its worker and the next task still runs', async () => {
    const p = start(1, 10, 300);
    const slow = p.run({ spinMs: 5_000 });
    const next = p.run({ echo: 'next' });
    await expect(slow).rejects.toMatchObject({
      code: 'RESOURCE_EXHAUSTED',
      message: 'The ledger took longer than 0.3 s to compute and was stopped',
    });
    expect((await next).value).toBe('next');
    expect(p.stats()).toMatchObject({ timedOut: 1, completed: 1, failed: 0 });
  });

  it('when the caller goes away, then its queued task is dropped and its running task stopped', async () => {
    const p = start(1, 10);
    const running = new AbortController();
    const queued = new AbortController();
    const first = p.run({ spinMs: 5_000 }, running.signal);
    const second = p.run({ echo: 'never' }, queued.signal);
    const third = p.run({ echo: 'third' });
    queued.abort();
    await expect(second).rejects.toThrow('cancelled');
    running.abort();
    await expect(first).rejects.toThrow('cancelled');
    expect((await third).value).toBe('third');
    expect(p.depth).toBe(0);
    expect(p.stats()).toMatchObject({ cancelled: 2, completed: 1, failed: 0 });
  });
});
