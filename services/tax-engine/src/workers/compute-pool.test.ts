import { afterEach, describe, expect, it } from 'vitest';
import { ComputePool, type ComputePoolOptions } from './compute-pool';

type Task = { echo?: string; exit?: boolean; waitMs?: number; spinMs?: number; retire?: boolean; thread?: boolean };
let pool: ComputePool<Task, string> | undefined;
const start = (size: number, maxQueued: number, timeoutMs = 10_000, caps: Partial<ComputePoolOptions> = {}) =>
  (pool = new ComputePool<Task, string>({
    size,
    maxQueued,
    timeoutMs,
    moduleUrl: new URL('./compute-pool.fixture-worker.ts', import.meta.url).href,
    ...caps,
  }));
const owner = (organisation: string, user: string) => ({ owner: { organisation, user } });

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
      code: 'DEADLINE_EXCEEDED',
      message: 'The ledger took longer than the 0.3 s limit to compute and was stopped',
    });
    expect((await next).value).toBe('next');
    expect(p.stats()).toMatchObject({ timedOut: 1, completed: 1, failed: 0 });
  });

  it('when the caller goes away, then its queued task is dropped and its running task stopped', async () => {
    const p = start(1, 10);
    const running = new AbortController();
    const queued = new AbortController();
    const first = p.run({ spinMs: 5_000 }, { signal: running.signal });
    const second = p.run({ echo: 'never' }, { signal: queued.signal });
    const third = p.run({ echo: 'third' });
    queued.abort();
    await expect(second).rejects.toThrow('cancelled');
    running.abort();
    await expect(first).rejects.toThrow('cancelled');
    expect((await third).value).toBe('third');
    expect(p.depth).toBe(0);
    expect(p.stats()).toMatchObject({ cancelled: 2, completed: 1, failed: 0 });
  });

  it('when one firm has queued many files, then another firm’s file is computed in the next turn, not after them all', async () => {
    const p = start(1, 20);
    const order: string[] = [];
    const run = (echo: string, organisation: string, user: string) =>
      p.run({ echo, waitMs: 5 }, owner(organisation, user)).then(({ value }) => order.push(value));
    // The worker is busy while the rest queue: firm A's user u1 five files, firm B one, A's user u2 one.
    const busy = run('busy', 'A', 'u1');
    const queued = [
      ...['a1', 'a2', 'a3', 'a4', 'a5'].map((echo) => run(echo, 'A', 'u1')),
      run('b1', 'B', 'v1'),
      run('a6', 'A', 'u2'),
    ];
    await Promise.all([busy, ...queued]);
    // Turns by firm (A, B, A, ...), within A by user (u1, u2, u1, ...): strict arrival order would be
    // a1-a5, b1, a6.
    expect(order).toEqual(['busy', 'a1', 'b1', 'a6', 'a2', 'a3', 'a4', 'a5']);
  });

  it('when a user or a firm has as many files waiting or computing as its cap, then the next is refused naming the cap', async () => {
    const p = start(1, 20, 10_000, { maxPerUser: 2, maxPerOrganisation: 3 });
    const accepted = [
      p.run({ echo: 'u1 first', waitMs: 100 }, owner('A', 'u1')),
      p.run({ echo: 'u1 second' }, owner('A', 'u1')),
      p.run({ echo: 'u2 first' }, owner('A', 'u2')),
      p.run({ echo: 'another firm' }, owner('B', 'v1')),
    ];
    await expect(p.run({ echo: 'u1 third' }, owner('A', 'u1'))).rejects.toMatchObject({
      code: 'RESOURCE_EXHAUSTED',
      message:
        'You already have 2 calculations waiting or computing, the most one user may have at once; try again when one finishes',
    });
    await expect(p.run({ echo: 'u3 first' }, owner('A', 'u3'))).rejects.toMatchObject({
      code: 'RESOURCE_EXHAUSTED',
      message:
        'Your firm already has 3 calculations waiting or computing, the most one firm may have at once; try again when one finishes',
    });
    expect(p.stats()).toMatchObject({ waiting: 3, computing: 1, refused: 2 });
    expect((await Promise.all(accepted)).map((a) => a.value)).toEqual([
      'u1 first',
      'u1 second',
      'u2 first',
      'another firm',
    ]);
    // Once they are answered the caps are free again.
    expect((await p.run({ echo: 'u1 again' }, owner('A', 'u1'))).value).toBe('u1 again');
  });

  it('when a capped task is withdrawn or times out, then it no longer counts against its user', async () => {
    const p = start(1, 20, 300, { maxPerUser: 1 });
    const caller = new AbortController();
    const withdrawn = p.run({ spinMs: 5_000 }, { ...owner('A', 'u1'), signal: caller.signal });
    caller.abort();
    await expect(withdrawn).rejects.toThrow('cancelled');
    await expect(p.run({ spinMs: 5_000 }, owner('A', 'u1'))).rejects.toMatchObject({ code: 'DEADLINE_EXCEEDED' });
    expect((await p.run({ echo: 'after' }, owner('A', 'u1'))).value).toBe('after');
  });

  it('when a worker asks to retire with its answer, then the answer arrives and the next task gets a new worker', async () => {
    const p = start(1, 10);
    const first = (await p.run({ thread: true, retire: true })).value;
    const second = (await p.run({ thread: true })).value;
    const third = (await p.run({ thread: true })).value;
    expect(second).not.toBe(first);
    expect(third).toBe(second);
    expect(p.stats()).toMatchObject({ completed: 3, failed: 0 });
  });

  describe('pipelined tasks (a firm’s recalculation)', () => {
    const pipelined = { pipelined: true };

    it('wait in a busy worker’s inbox, one behind its task, and every answer reaches its own caller in order', async () => {
      const p = start(1, 10);
      await p.run({ echo: 'the worker started' });
      const answers = ['a', 'b', 'c', 'd'].map((echo) => p.run({ echo, spinMs: 30 }, pipelined));
      // One computing, one posted behind it, two waiting in the queue.
      expect(p.stats()).toMatchObject({ computing: 2, waiting: 2 });
      expect((await Promise.all(answers)).map((a) => a.value)).toEqual(['a', 'b', 'c', 'd']);
      expect(p.stats()).toMatchObject({ computing: 0, waiting: 0, completed: 5, failed: 0 });
    });

    it('are not posted behind a task when the one whose turn it is is not pipelined', async () => {
      const p = start(1, 10);
      const first = p.run({ echo: 'first', spinMs: 30 }, pipelined);
      const caller = p.run({ echo: 'a caller’s file' });
      expect(p.stats()).toMatchObject({ computing: 1, waiting: 1 });
      expect([(await first).value, (await caller).value]).toEqual(['first', 'a caller’s file']);
    });

    it('when the task ahead times out, then the one posted behind it is computed on a new worker, not failed', async () => {
      const p = start(1, 10, 300);
      const slow = p.run({ spinMs: 5_000 }, pipelined);
      const behind = p.run({ echo: 'behind' }, pipelined);
      await expect(slow).rejects.toMatchObject({ code: 'DEADLINE_EXCEEDED' });
      expect((await behind).value).toBe('behind');
      expect(p.stats()).toMatchObject({ timedOut: 1, completed: 1, failed: 0 });
    });

    it('when the worker retires with its answer, then the task posted behind is computed by its successor', async () => {
      const p = start(1, 10);
      const first = p.run({ thread: true, retire: true, spinMs: 30 }, pipelined);
      const behind = p.run({ thread: true }, pipelined);
      const [a, b] = [(await first).value, (await behind).value];
      expect(b).not.toBe(a);
      expect(p.stats()).toMatchObject({ completed: 2, failed: 0, computing: 0, waiting: 0 });
    });

    it('when the caller of a task posted behind goes away, then it is cancelled and the task ahead still answers', async () => {
      const p = start(1, 10, 10_000, { maxPerUser: 2 });
      const caller = new AbortController();
      const ahead = p.run({ echo: 'ahead', spinMs: 100 }, { ...owner('A', 'u1'), ...pipelined });
      const behind = p.run({ echo: 'never' }, { ...owner('A', 'u1'), ...pipelined, signal: caller.signal });
      caller.abort();
      await expect(behind).rejects.toThrow('cancelled');
      expect((await ahead).value).toBe('ahead');
      // Its place under the user's cap was given back at once.
      expect((await p.run({ echo: 'again' }, owner('A', 'u1'))).value).toBe('again');
      expect(p.stats()).toMatchObject({ cancelled: 1, completed: 2, computing: 0 });
    });
  });
});
