import type { Worker } from 'node:worker_threads';
import { DomainError } from '@gains/errors';
import { startTsWorker } from './ts-worker';

export interface WorkerTask<T> {
  id: number;
  file: T;
}
export type WorkerReply =
  { id: number; ok: true; value: unknown; ms: number } | { id: number; ok: false; error: string };

export interface ComputePoolOptions {
  /** Worker threads at most; each computes one task at a time. Started on first use. */
  size: number;
  /** Tasks waiting for a worker at most; beyond, callers are told to try again (RESOURCE_EXHAUSTED). */
  maxQueued: number;
  /**
   * Longest a task may compute. Exact figures can grow without bound on a pathological file (decades of
   * odd-ratio consolidations keep multiplying a quantity's denominator), so a task past this is stopped
   * with its worker, and the worker replaced, rather than holding a thread for minutes.
   */
  timeoutMs: number;
  /** The worker module (an `import.meta.url`). */
  moduleUrl: string;
}

interface Pending {
  task: WorkerTask<unknown>;
  resolve: (reply: { value: unknown; ms: number }) => void;
  reject: (error: Error) => void;
  signal?: AbortSignal;
}

interface Slot {
  worker: Worker;
  busy: Pending | null;
  timer: NodeJS.Timeout | null;
}

const cancelled = () => new Error('the calculation was cancelled by its caller');

/** What the pool has done since it started, and what it is doing now (read by /metrics). */
export interface ComputePoolStats {
  /** Tasks waiting for a worker. */
  waiting: number;
  /** Tasks on a worker now. */
  computing: number;
  /** Worker threads at most. */
  size: number;
  /** Tasks answered by a worker (a refused file included: the worker read it and answered). */
  completed: number;
  /** Tasks whose worker failed or died. */
  failed: number;
  /** Tasks turned away because the queue was full. */
  refused: number;
  /** Tasks stopped at the time limit. */
  timedOut: number;
  /** Tasks withdrawn by their callers. */
  cancelled: number;
  /** Seconds workers spent computing the completed tasks. */
  computeSeconds: number;
}

/**
 * A small pool of worker threads, so a large ledger never stalls the process's other calls (in the embedded
 * form every service shares one event loop). Tasks queue in arrival order; a worker that dies, overruns
 * the time limit or whose caller goes away fails only its own task and is replaced on the next.
 */
export class ComputePool<T, R> {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;
  private readonly counts = { completed: 0, failed: 0, refused: 0, timedOut: 0, cancelled: 0, computeMs: 0 };

  constructor(private readonly options: ComputePoolOptions) {}

  /** Tasks computing now and waiting: what a cluster autoscaler reads as queue depth. */
  get depth(): number {
    return this.queue.length + this.computing();
  }

  stats(): ComputePoolStats {
    const { computeMs, ...counts } = this.counts;
    return {
      waiting: this.queue.length,
      computing: this.computing(),
      size: this.options.size,
      ...counts,
      computeSeconds: computeMs / 1000,
    };
  }

  private computing(): number {
    let n = 0;
    for (const s of this.slots) if (s.busy) n++;
    return n;
  }

  /** Computes `file` on a worker; `signal` (the caller's) withdraws it from the queue or stops its worker. */
  run(file: T, signal?: AbortSignal): Promise<{ value: R; ms: number }> {
    if (this.closed) return Promise.reject(new Error('the compute pool is closed'));
    if (signal?.aborted) return Promise.reject(cancelled());
    if (this.queue.length >= this.options.maxQueued) {
      this.counts.refused++;
      return Promise.reject(
        new DomainError('RESOURCE_EXHAUSTED', 'The tax engine is busy with other calculations; try again shortly'),
      );
    }
    return new Promise((resolve, reject) => {
      const pending: Pending = {
        task: { id: this.nextId++, file },
        resolve: resolve as Pending['resolve'],
        reject,
        signal,
      };
      signal?.addEventListener('abort', () => this.withdraw(pending), { once: true });
      this.queue.push(pending);
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.reject(new Error('the compute pool closed'));
    await Promise.all(this.slots.splice(0).map((s) => this.stop(s, new Error('the compute pool closed'))));
  }

  private dispatch(): void {
    while (this.queue.length) {
      const slot = this.slots.find((s) => !s.busy) ?? (this.slots.length < this.options.size ? this.spawn() : null);
      if (!slot) return;
      const pending = this.queue.shift()!;
      slot.busy = pending;
      slot.timer = setTimeout(() => {
        this.counts.timedOut++;
        void this.stop(
          slot,
          new DomainError(
            'RESOURCE_EXHAUSTED',
            `The ledger took longer than ${this.options.timeoutMs / 1000} s to compute and was stopped`,
          ),
        );
      }, this.options.timeoutMs);
      // A busy worker keeps the process alive until its answer is in; an idle one does not.
      slot.worker.ref();
      slot.worker.postMessage(pending.task);
    }
  }

  private spawn(): Slot {
    const slot: Slot = { worker: startTsWorker(this.options.moduleUrl), busy: null, timer: null };
    slot.worker.on('message', (reply: WorkerReply | { ready: true }) => {
      if (!('id' in reply)) return;
      const pending = this.release(slot);
      if (pending && pending.task.id === reply.id) {
        if (reply.ok) {
          this.counts.completed++;
          this.counts.computeMs += reply.ms;
          pending.resolve({ value: reply.value, ms: reply.ms });
        } else {
          this.counts.failed++;
          pending.reject(new Error(`computation failed in a worker: ${reply.error}`));
        }
      }
      this.dispatch();
    });
    const fail = (error: Error) => {
      this.remove(slot);
      const pending = this.release(slot);
      if (pending) {
        this.counts.failed++;
        pending.reject(error);
      }
      if (!this.closed) this.dispatch();
    };
    slot.worker.on('error', fail);
    slot.worker.on('exit', (code) => fail(new Error(`a compute worker stopped (exit code ${code})`)));
    this.slots.push(slot);
    return slot;
  }

  /** The slot's task, and the slot free again. */
  private release(slot: Slot): Pending | null {
    const pending = slot.busy;
    slot.busy = null;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.worker.unref();
    return pending;
  }

  private remove(slot: Slot): void {
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
  }

  /** Stops a worker (its task fails with `error`); the next task gets a new one. */
  private async stop(slot: Slot, error: Error): Promise<void> {
    this.remove(slot);
    this.release(slot)?.reject(error);
    await slot.worker.terminate();
    if (!this.closed) this.dispatch();
  }

  /** The caller went away: drop its task from the queue, or stop the worker computing it. */
  private withdraw(pending: Pending): void {
    const queued = this.queue.indexOf(pending);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      this.counts.cancelled++;
      pending.reject(cancelled());
      return;
    }
    const slot = this.slots.find((s) => s.busy === pending);
    if (slot) {
      this.counts.cancelled++;
      void this.stop(slot, cancelled());
    }
  }
}
