import type { Logger } from '@gains/logging';
import type { CalculationStore, QueuedClient } from '../store/calculation-store';
import type { RunOutcome } from './run-calculation';

export interface RecalculationLoopOptions {
  store: CalculationStore;
  /** Runs a batch of clients (one transaction stores them all). */
  run(items: QueuedClient[]): Promise<Map<string, RunOutcome>>;
  logger: Logger;
  /** Batches in flight at once: one loading or storing while another computes. */
  concurrency: number;
  /** Clients leased a batch at most (a burst of one client's changes is one; a firm's recalculation many). */
  batchSize: number;
  /** How long a leased client is this worker's; past it another takes it (this one died). */
  leaseMs: number;
  /** How often to look for work when not woken. */
  pollMs: number;
  /** A client is taken once its changes paused this long, or once it waited `maxWaitMs` (a burst: one run). */
  quietMs: number;
  maxWaitMs: number;
  /**
   * Background clients wait while this many runs' events are still to be published: the engine never runs far
   * ahead of the grids, so a firm's recalculation shows steadily and a posting's figures are not queued behind it.
   */
  maxUnpublished: number;
}

/**
 * Takes queued clients a batch at a time and runs them, `concurrency` batches at once, until stopped. Woken at once by `kick()` (a
 * change queued in this process); otherwise it polls, which also picks up what other replicas queued and clients
 * whose worker died. A run that throws (a bug, the database away) leaves its row leased; the lease expires and
 * the client is retried, and the loop goes on with the others.
 */
export function startRecalculationLoop(options: RecalculationLoopOptions) {
  let stopped = false;
  let wake: (() => void) | undefined;
  let active = 0;
  // Between asking the queue for clients and counting them active: not idle, though nothing runs yet.
  let leasing = false;
  const idle: (() => void)[] = [];
  const running = new Set<Promise<void>>();

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const loop = (async () => {
    while (!stopped) {
      let leased: QueuedClient[] = [];
      if (active < options.concurrency) {
        leasing = true;
        try {
          const background = !(await options.store.outboxBehind(options.maxUnpublished));
          leased = await options.store.lease(options.batchSize, options.leaseMs, {
            quietMs: options.quietMs,
            maxWaitMs: options.maxWaitMs,
            background,
          });
        } catch (e) {
          if (!stopped) options.logger.error({ err: e }, 'recalculation queue unavailable');
        }
      }
      if (leased.length > 0) {
        active += 1;
        const batch = leased;
        const p: Promise<void> = options
          .run(batch)
          .then(
            () => undefined,
            (e: unknown) => {
              options.logger.error({ err: e, clients: batch.length }, 'batch run failed; its leases will expire');
            },
          )
          .finally(() => {
            active -= 1;
            running.delete(p);
            wake?.();
            if (active === 0) for (const resolve of idle.splice(0)) resolve();
          });
        running.add(p);
      }
      leasing = false;
      if (stopped) break;
      if (leased.length === 0 || active >= options.concurrency) await sleep(options.pollMs);
    }
  })();

  return {
    kick() {
      wake?.();
      // A change just queued is taken once it has been quiet for quietMs: look again then, not at the next poll.
      setTimeout(() => wake?.(), options.quietMs + 20).unref();
    },
    /** Resolves when the queue is empty and nothing is running (tests). */
    async drain(): Promise<void> {
      for (;;) {
        if (active > 0) await new Promise<void>((resolve) => idle.push(resolve));
        if ((await options.store.waiting()) === 0 && active === 0 && !leasing) return;
        wake?.();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async stop(): Promise<void> {
      stopped = true;
      wake?.();
      await loop;
      await Promise.allSettled([...running]);
    },
  };
}

export type RecalculationLoop = ReturnType<typeof startRecalculationLoop>;
