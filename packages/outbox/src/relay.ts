import type pg from 'pg';
import type { Logger } from '@gains/logging';
import type { EventBus } from './bus';
import type { OutboxEvent } from './event';

export interface OutboxRelay {
  start(): void;
  /** Look for new events now rather than at the next poll (called after a local commit). */
  kick(): void;
  /** Publishes what is pending once; returns how many were published. */
  drain(): Promise<number>;
  /** Events published since start, by the background and by drain alike (a test's settle: did anything move?). */
  published(): number;
  stop(): Promise<void>;
}

/**
 * Moves committed outbox rows to the bus. Rows are claimed with FOR UPDATE SKIP LOCKED so
 * replicas share the work, published in creation order, then marked published in the same
 * transaction. If the process dies after publishing but before the mark, the row is published
 * again on restart with the same id, and the bus (JetStream dedup) or the consumer (handled ids)
 * drops the repeat.
 */
export function createOutboxRelay(options: {
  pool: pg.Pool;
  bus: EventBus;
  logger: Logger;
  pollMs?: number;
  batchSize?: number;
  /** Test seam: runs after publishing a batch and before marking it. */
  afterPublish?: (events: OutboxEvent[]) => Promise<void>;
}): OutboxRelay {
  const { pool, bus, logger } = options;
  const pollMs = options.pollMs ?? 500;
  const batchSize = options.batchSize ?? 100;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let stopped = true;
  let again = false;
  let current: Promise<unknown> = Promise.resolve();
  let publishedTotal = 0;

  async function publishBatch(): Promise<number> {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query(
        `SELECT id, subject, payload, trace_parent FROM outbox_event
          WHERE published_at IS NULL ORDER BY created_at, id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [batchSize],
      );
      const events: OutboxEvent[] = rows.map((r) => ({
        id: r.id,
        subject: r.subject,
        payload: new Uint8Array(r.payload),
        traceParent: r.trace_parent,
      }));
      if (events.length > 0) await bus.publish(events);
      if (options.afterPublish) await options.afterPublish(events);
      if (events.length > 0) {
        await client.query('UPDATE outbox_event SET published_at = now() WHERE id = ANY($1::uuid[])', [
          events.map((e) => e.id),
        ]);
      }
      await client.query('COMMIT');
      publishedTotal += events.length;
      return events.length;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  async function drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await publishBatch();
      total += n;
      if (n < batchSize) return total;
    }
  }

  async function tick() {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        await drain();
      } while (again && !stopped);
    } catch (error) {
      logger.error({ err: error }, 'outbox relay failed; retrying at next poll');
    } finally {
      running = false;
    }
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      current = tick().finally(schedule);
    }, pollMs);
    timer.unref();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    kick() {
      if (stopped) return;
      current = tick();
    },
    // A batch the background is publishing is finished first: rows it holds are skipped by this drain's query, and
    // the caller (a test's settle) means "everything written so far is delivered".
    async drain() {
      while (running) await new Promise((resolve) => setTimeout(resolve, 10));
      return drain();
    },
    published: () => publishedTotal,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current.catch(() => {});
    },
  };
}
