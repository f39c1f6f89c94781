import type { Worker } from 'node:worker_threads';
import { DomainError } from '@gains/errors';
import { FairQueue, type TaskOwner } from './fair-queue';
import { startTsWorker } from './ts-worker';

export interface WorkerTask<T> {
  id: number;
  file: T;
}
/**
 * A worker's answer to a task. `retire`: the worker asks to be replaced once its answer is in (a large file
 * leaves a heap of hundreds of MB that a fresh thread returns at once, and that left in place made the next
 * large file on the same thread several times slower).
 */
export type WorkerReply =
  | { id: number; ok: true; value: unknown; ms: number; retire?: boolean }
  | { id: number; ok: false; error: string; retire?: boolean };

export interface ComputePoolOptions {
  /** Worker threads at most; each computes one task at a time. Started on first use. */
  size: number;
  /** Tasks waiting for a worker at most; beyond, callers are told to try again (RESOURCE_EXHAUSTED). */
  maxQueued: number;
  /**
   * Tasks one organisation may have waiting or computing at once, and one user: beyond, RESOURCE_EXHAUSTED
   * naming the cap, so one firm (or one user) cannot fill the queue that every firm shares. Absent: no cap.
   */
  maxPerOrganisation?: number;
  maxPerUser?: number;
  /**
   * Longest a task may compute. Exact figures can grow large on a pathological file, so a task past this is
   * stopped with its worker (DEADLINE_EXCEEDED), and the worker replaced, rather than holding a thread for
   * minutes.
   */
  timeoutMs: number;
  /** The worker module (an `import.meta.url`). */
  moduleUrl: string;
}

interface Pending {
  task: WorkerTask<unknown>;
  resolve: (reply: { value: unknown; ms: number }) => void;
  reject: (error: Error) => void;
  owner: TaskOwner;
  /** Counted against its owner's caps until settled. */
  capped: boolean;
  signal?: AbortSignal;
  pipelined: boolean;
  /** Its caller went away while it waited in a worker's inbox: its answer, when it comes, is dropped. */
  withdrawn?: boolean;
}

/** Who a task is computed for (caps and fair turns) and the caller's signal (withdraws it). */
export interface RunOptions {
  /** Tasks without an owner (the CLI, benches) share one turn and no cap. */
  owner?: TaskOwner;
  signal?: AbortSignal;
  /**
   * A background task (a firm's recalculation) may wait in a busy worker's inbox, so the worker starts it the
   * moment it answers the one before rather than when this event loop next gets to the answer: with the loop
   * busy, a worker handed one task at a time sat idle more than half the time. Such a task may then wait behind
   * a long one on its worker while another worker is free, which only throughput work accepts.
   */
  pipelined?: boolean;
}

const NO_OWNER: TaskOwner = { organisation: '', user: '' };

interface Slot {
  worker: Worker;
  /** The worker has loaded its code (said so): the time limit counts from then, not from its start-up. */
  ready: boolean;
  busy: Pending | null;
  /** A pipelined task posted behind `busy`, which the worker computes next. */
  next: Pending | null;
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
  /** Tasks turned away: the queue full, or their organisation's or user's cap reached. */
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
 * form every service shares one event loop). Waiting tasks take turns by organisation, then user
 * (fair-queue.ts), each organisation and user capped; a worker that dies, overruns the time limit or whose
 * caller goes away fails only its own task and is replaced on the next.
 */
export class ComputePool<T, R> {
  private readonly slots: Slot[] = [];
  private readonly queue = new FairQueue<Pending>();
  /** Tasks waiting or computing, by organisation and by user (tasks with an owner only). */
  private readonly perOrganisation = new Map<string, number>();
  private readonly perUser = new Map<string, number>();
  private nextId = 1;
  private closed = false;
  private readonly counts = { completed: 0, failed: 0, refused: 0, timedOut: 0, cancelled: 0, computeMs: 0 };

  constructor(private readonly options: ComputePoolOptions) {}

  /** Tasks computing now and waiting: what a cluster autoscaler reads as queue depth. */
  get depth(): number {
    return this.queue.size + this.computing();
  }

  stats(): ComputePoolStats {
    const { computeMs, ...counts } = this.counts;
    return {
      waiting: this.queue.size,
      computing: this.computing(),
      size: this.options.size,
      ...counts,
      computeSeconds: computeMs / 1000,
    };
  }

  private computing(): number {
    let n = 0;
    for (const s of this.slots) n += (s.busy ? 1 : 0) + (s.next ? 1 : 0);
    return n;
  }

  /**
   * Computes `file` on a worker for `owner`, in its organisation's and user's turn; `signal` (the caller's)
   * withdraws it from the queue or stops its worker.
   */
  run(file: T, { owner, signal, pipelined = false }: RunOptions = {}): Promise<{ value: R; ms: number }> {
    if (this.closed) return Promise.reject(new Error('the compute pool is closed'));
    if (signal?.aborted) {
      this.counts.cancelled++;
      return Promise.reject(cancelled());
    }
    const refusal = this.refusal(owner);
    if (refusal) {
      this.counts.refused++;
      return Promise.reject(refusal);
    }
    return new Promise((resolve, reject) => {
      const pending: Pending = {
        task: { id: this.nextId++, file },
        resolve: resolve as Pending['resolve'],
        reject,
        owner: owner ?? NO_OWNER,
        capped: owner !== undefined,
        signal,
        pipelined,
      };
      if (pending.capped) this.count(pending.owner, 1);
      signal?.addEventListener('abort', () => this.withdraw(pending), { once: true });
      this.queue.push(pending.owner, pending);
      this.dispatch();
    });
  }

  /** Why a new task for `owner` is turned away (the queue full, or a cap reached), or null. */
  private refusal(owner: TaskOwner | undefined): DomainError | null {
    if (this.queue.size >= this.options.maxQueued)
      return new DomainError('RESOURCE_EXHAUSTED', 'The tax engine is busy with other calculations; try again shortly');
    if (!owner) return null;
    const { maxPerOrganisation = Infinity, maxPerUser = Infinity } = this.options;
    if ((this.perUser.get(owner.user) ?? 0) >= maxPerUser)
      return new DomainError(
        'RESOURCE_EXHAUSTED',
        `You already have ${maxPerUser} calculations waiting or computing, the most one user may have at once; try again when one finishes`,
      );
    if ((this.perOrganisation.get(owner.organisation) ?? 0) >= maxPerOrganisation)
      return new DomainError(
        'RESOURCE_EXHAUSTED',
        `Your firm already has ${maxPerOrganisation} calculations waiting or computing, the most one firm may have at once; try again when one finishes`,
      );
    return null;
  }

  /** Adds `delta` to the owner's tasks waiting or computing. */
  private count(owner: TaskOwner, delta: number): void {
    const add = (counts: Map<string, number>, key: string) => {
      const n = (counts.get(key) ?? 0) + delta;
      if (n > 0) counts.set(key, n);
      else counts.delete(key);
    };
    add(this.perOrganisation, owner.organisation);
    add(this.perUser, owner.user);
  }

  /** The task is over (answered, failed, stopped or withdrawn): it no longer counts against its owner. */
  private settled(pending: Pending): Pending {
    if (pending.capped) {
      pending.capped = false;
      this.count(pending.owner, -1);
    }
    return pending;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.drain()) this.settled(p).reject(new Error('the compute pool closed'));
    const closing = new Error('the compute pool closed');
    for (const s of this.slots) if (s.next) this.settled(s.next).reject(closing);
    for (const s of this.slots) s.next = null;
    await Promise.all(this.slots.splice(0).map((s) => this.stop(s, closing)));
  }

  private dispatch(): void {
    while (this.queue.size) {
      const slot = this.slots.find((s) => !s.busy) ?? (this.slots.length < this.options.size ? this.spawn() : null);
      if (slot) {
        const pending = this.queue.shift()!;
        slot.busy = pending;
        if (slot.ready) this.startClock(slot);
        // A busy worker keeps the process alive until its answer is in; an idle one does not.
        slot.worker.ref();
        slot.worker.postMessage(pending.task);
        continue;
      }
      // Every worker busy: the task whose turn it is may wait in one's inbox, if it is a pipelined one.
      const behind = this.slots.find((s) => s.ready && !s.next);
      if (!behind || !this.queue.peek()!.pipelined) return;
      behind.next = this.queue.shift()!;
      behind.worker.postMessage(behind.next.task);
    }
  }

  /** A task posted behind the slot's goes back to the queue (its worker is stopping), still counted. */
  private requeueNext(slot: Slot): void {
    const next = slot.next;
    slot.next = null;
    if (next && !next.withdrawn) this.queue.push(next.owner, next);
  }

  /** The time limit of the slot's task, from now. */
  private startClock(slot: Slot): void {
    slot.timer = setTimeout(() => {
      this.counts.timedOut++;
      void this.stop(
        slot,
        new DomainError(
          'DEADLINE_EXCEEDED',
          `The ledger took longer than the ${this.options.timeoutMs / 1000} s limit to compute and was stopped`,
        ),
      );
    }, this.options.timeoutMs);
  }

  private spawn(): Slot {
    const slot: Slot = {
      worker: startTsWorker(this.options.moduleUrl),
      ready: false,
      busy: null,
      next: null,
      timer: null,
    };
    slot.worker.on('message', (reply: WorkerReply | { ready: true }) => {
      if (!('id' in reply)) {
        slot.ready = true;
        if (slot.busy && !slot.timer) this.startClock(slot);
        this.dispatch();
        return;
      }
      const pending = this.answered(slot, reply.id);
      if (pending && !pending.withdrawn) {
        if (reply.ok) {
          this.counts.completed++;
          this.counts.computeMs += reply.ms;
          pending.resolve({ value: reply.value, ms: reply.ms });
        } else {
          this.counts.failed++;
          pending.reject(new Error(`computation failed in a worker: ${reply.error}`));
        }
      }
      if (reply.retire) {
        // Out of the pool before the next task is handed out; its exit then finds no task to fail. A task
        // already posted to it goes back to the queue.
        this.remove(slot);
        const posted = slot.busy;
        if (posted) {
          // Not settled: it still counts against its owner while it waits again.
          slot.busy = null;
          if (slot.timer) clearTimeout(slot.timer);
          slot.timer = null;
          if (!posted.withdrawn) this.queue.push(posted.owner, posted);
        }
        void slot.worker.terminate();
      }
      this.dispatch();
    });
    const fail = (error: Error) => {
      this.remove(slot);
      this.requeueNext(slot);
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

  /**
   * The task a reply answers (settled): the slot's, which its posted next task then follows (its time limit
   * counting from now, when the worker starts it).
   */
  private answered(slot: Slot, id: number): Pending | null {
    if (slot.busy?.task.id === id) {
      const pending = this.release(slot);
      if (slot.next) {
        slot.busy = slot.next;
        slot.next = null;
        slot.worker.ref();
        if (slot.ready) this.startClock(slot);
      }
      return pending;
    }
    if (slot.next?.task.id === id) {
      // Answered out of turn (a worker that computes more than one at a time).
      const pending = slot.next;
      slot.next = null;
      return this.settled(pending);
    }
    return null;
  }

  /** The slot's task (settled), and the slot free again. */
  private release(slot: Slot): Pending | null {
    const pending = slot.busy;
    slot.busy = null;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.worker.unref();
    return pending && this.settled(pending);
  }

  private remove(slot: Slot): void {
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
  }

  /** Stops a worker (its task fails with `error`); the next task gets a new one. */
  private async stop(slot: Slot, error: Error): Promise<void> {
    this.remove(slot);
    this.requeueNext(slot);
    this.release(slot)?.reject(error);
    await slot.worker.terminate();
    if (!this.closed) this.dispatch();
  }

  /** The caller went away: drop its task from the queue, or stop the worker computing it. */
  private withdraw(pending: Pending): void {
    if (this.queue.remove(pending.owner, pending)) {
      this.counts.cancelled++;
      this.settled(pending).reject(cancelled());
      return;
    }
    const behind = this.slots.find((s) => s.next === pending);
    if (behind) {
      // Already in its worker's inbox: settled now, its answer dropped when it comes.
      this.counts.cancelled++;
      pending.withdrawn = true;
      this.settled(pending).reject(cancelled());
      return;
    }
    const slot = this.slots.find((s) => s.busy === pending);
    if (slot) {
      this.counts.cancelled++;
      void this.stop(slot, cancelled());
    }
  }
}
