import { fromBinary } from '@bufbuild/protobuf';
import { migrateSchema, createSchemaPool } from '@gains/db';
import { silentLogger } from '@gains/logging';
import {
  createJetStreamBus,
  createOutboxRelay,
  newEvent,
  type EventBus,
  type HandledEventRecorder,
  type OutboxEvent,
} from '@gains/outbox';
import { events } from '@gains/proto';
import { startNatsServer, startTestPostgres, type RunningNats } from '@gains/testing';
import type pg from 'pg';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPostgres } from '@gains/db';

// A real PostgreSQL and a real nats-server: the outbox of DESIGN §3 end to end.
const logger = silentLogger();
const SUBJECT = 'gains.identity.organisation.created.v1';
let postgres: RunningPostgres;
let nats: RunningNats;
let pool: pg.Pool;

async function commitEvent(code: string): Promise<OutboxEvent> {
  const event = newEvent(SUBJECT, events.OrganisationChangedSchema, {
    uuid: crypto.randomUUID(),
    id: 1,
    code,
    name: code,
    type: 'FIRM',
  });
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // The change and its event commit together.
    await client.query('INSERT INTO outbox_event (id, subject, payload) VALUES ($1, $2, $3)', [
      event.id,
      event.subject,
      Buffer.from(event.payload),
    ]);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
  return event;
}

async function collect(bus: EventBus, durable: string) {
  const received: OutboxEvent[] = [];
  await bus.subscribe(durable, [SUBJECT], async (batch) => {
    received.push(...batch);
  });
  return received;
}

async function waitFor(check: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

beforeAll(async () => {
  [postgres, nats] = await Promise.all([startTestPostgres(), startNatsServer()]);
  await migrateSchema({
    connectionString: postgres.connectionString,
    schema: 'identity',
    migrationsDir: path.resolve(import.meta.dirname, '../../services/identity/prisma/migrations'),
  });
  pool = createSchemaPool(postgres.connectionString, 'identity');
});

afterAll(async () => {
  await pool?.end();
  await nats?.stop();
  await postgres?.stop();
});

describe('the outbox relayed to JetStream', () => {
  it('when the tax engine publishes under either spelling of its name, then its one stream holds both and they arrive', async () => {
    const bus = await createJetStreamBus({ servers: nats.url, logger, services: ['tax-engine'] });
    const completed = 'gains.tax_engine.calculation.completed.v1';
    const job = 'gains.tax-engine.job.changed.v1';
    const received: string[] = [];
    await bus.subscribe('test-tax-engine', [completed, job], async (batch) => {
      received.push(...batch.map((e) => e.subject));
    });
    await bus.publish(
      [completed, job].map((subject) => ({
        id: crypto.randomUUID(),
        subject,
        payload: new Uint8Array(),
        traceParent: null,
      })),
    );
    await waitFor(() => received.length === 2);
    expect(received.sort()).toEqual([job, completed].sort());
    await bus.close();
  });

  it('when an event is committed while the relay is stopped, then starting the relay delivers it once', async () => {
    const bus = await createJetStreamBus({ servers: nats.url, logger, services: ['identity'] });
    const received = await collect(bus, 'test-a');
    const event = await commitEvent('A1');
    await new Promise((r) => setTimeout(r, 200));
    expect(received).toHaveLength(0);

    const relay = createOutboxRelay({ pool, bus, logger, pollMs: 50 });
    relay.start();
    await waitFor(() => received.length > 0);
    await new Promise((r) => setTimeout(r, 300));
    await relay.stop();
    expect(received.map((e) => e.id)).toEqual([event.id]);
    expect(fromBinary(events.OrganisationChangedSchema, received[0]!.payload).code).toBe('A1');
    await bus.close();
  });

  it('when the relay dies after publishing and before marking, then the restarted relay publishes again and the event still arrives exactly once', async () => {
    const bus = await createJetStreamBus({ servers: nats.url, logger, services: ['identity'] });
    const received = await collect(bus, 'test-b');
    await waitFor(() => received.length === 1); // the event of the first test, delivered to this new consumer
    received.length = 0;
    const event = await commitEvent('B1');

    const crashing = createOutboxRelay({
      pool,
      bus,
      logger,
      afterPublish: async () => {
        throw new Error('process killed between publish and mark');
      },
    });
    await expect(crashing.drain()).rejects.toThrow('killed');
    const pending = await pool.query('SELECT published_at FROM outbox_event WHERE id = $1', [event.id]);
    expect(pending.rows[0].published_at).toBeNull();

    const restarted = createOutboxRelay({ pool, bus, logger });
    expect(await restarted.drain()).toBe(1);
    await new Promise((r) => setTimeout(r, 500));
    expect(received.map((e) => e.id)).toEqual([event.id]);
    const marked = await pool.query('SELECT published_at FROM outbox_event WHERE id = $1', [event.id]);
    expect(marked.rows[0].published_at).not.toBeNull();
    await bus.close();
  });

  it('when a consumer records handled ids, then a redelivered event changes the data once', async () => {
    const { consumeEvents, createInProcessBus } = await import('@gains/outbox');
    const bus = createInProcessBus();
    let applied = 0;
    const client = await pool.connect();
    try {
      await consumeEvents({
        bus,
        durable: 'clients',
        logger,
        transact: pgTransact(client),
        handlers: { [SUBJECT]: async () => void applied++ },
      });
      const event = newEvent(SUBJECT, events.OrganisationChangedSchema, { uuid: crypto.randomUUID(), code: 'C1' });
      await bus.publish([event]);
      await bus.publish([event]);
      expect(applied).toBe(1);
    } finally {
      client.release();
    }
  });

  it('when events of a batch subject arrive together, then they are handled in one transaction, and a bad one alone fails', async () => {
    const { consumeEvents, createInProcessBus } = await import('@gains/outbox');
    const bus = createInProcessBus();
    const batches: string[][] = [];
    const client = await pool.connect();
    try {
      await consumeEvents({
        bus,
        durable: 'batching',
        logger,
        transact: pgTransact(client),
        batchHandlers: {
          [SUBJECT]: async (batch) => {
            const codes = batch.map((e) => fromBinary(events.OrganisationChangedSchema, e.payload).code);
            if (codes.includes('BAD')) throw new Error('a malformed event');
            batches.push(codes);
          },
        },
      });
      const made = (code: string) =>
        newEvent(SUBJECT, events.OrganisationChangedSchema, { uuid: crypto.randomUUID(), code });
      const good = Array.from({ length: 150 }, (_, i) => made(`G${i}`));
      await bus.publish(good);
      expect(batches).toEqual([good.map((_, i) => `G${i}`)]);

      // Delivered again with one new event: only the new one is handled.
      batches.length = 0;
      await bus.publish([...good.slice(0, 3), made('N1')]);
      expect(batches).toEqual([['N1']]);

      // A bad event in a batch: the batch is retried one by one; the good ones land, the bad one is redelivered.
      batches.length = 0;
      await expect(bus.publish([made('A'), made('BAD'), made('B')])).rejects.toThrow('1 of 3 events were not handled');
      expect(batches).toEqual([['A'], ['B']]);
    } finally {
      client.release();
    }
  });
});

/** A consumer's transaction on one pg client: the two raw calls the consumer makes, as Prisma's take them. */
function pgTransact(client: pg.PoolClient) {
  const sql = (strings: TemplateStringsArray, values: unknown[]) =>
    strings.reduce((text, s, i) => text + s + (i < values.length ? `$${i + 1}` : ''), '');
  return async <T>(fn: (tx: HandledEventRecorder) => Promise<T>): Promise<T> => {
    await client.query('BEGIN');
    try {
      const result = await fn({
        $executeRaw: async (strings: TemplateStringsArray, ...values: unknown[]) =>
          (await client.query(sql(strings, values), values)).rowCount ?? 0,
        $queryRaw: async <R>(strings: TemplateStringsArray, ...values: unknown[]) =>
          (await client.query(sql(strings, values), values)).rows as R,
      });
      await client.query('COMMIT');
      return result;
    } catch (e) {
      await client.query('ROLLBACK');
      throw e;
    }
  };
}
