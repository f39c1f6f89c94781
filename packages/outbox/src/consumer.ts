import type { Logger } from '@gains/logging';
import { contextFromTraceParent, inSpan, SpanKind } from '@gains/telemetry';
import type { EventBus } from './bus';
import type { OutboxEvent } from './event';

/** The part of a service's Prisma transaction client a consumer needs to record handled ids. */
export interface HandledEventRecorder {
  $executeRaw(query: TemplateStringsArray, ...values: unknown[]): Promise<number>;
  $queryRaw<T = unknown>(query: TemplateStringsArray, ...values: unknown[]): Promise<T>;
}

export type Transact<Tx> = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

export type EventHandlerIn<Tx> = (event: OutboxEvent, tx: Tx) => Promise<void>;
/** Handles many events of one subject in one transaction (events not yet handled, in the order written). */
export type BatchHandlerIn<Tx> = (events: OutboxEvent[], tx: Tx) => Promise<void>;

/**
 * Subscribes `durable` to the subjects and runs each handler in one transaction with the record of the event id,
 * so an event delivered twice changes the data once. A subject with a batch handler takes the events delivered
 * together in one transaction; if that fails they are tried one by one, so one bad event holds back only itself.
 */
export async function consumeEvents<Tx extends HandledEventRecorder>(options: {
  bus: EventBus;
  durable: string;
  transact: Transact<Tx>;
  logger: Logger;
  handlers?: Record<string, EventHandlerIn<Tx>>;
  batchHandlers?: Record<string, BatchHandlerIn<Tx>>;
}): Promise<void> {
  const { durable, logger, transact } = options;
  const single: Record<string, EventHandlerIn<Tx>> = { ...options.handlers };
  for (const [subject, batch] of Object.entries(options.batchHandlers ?? {})) {
    single[subject] = (event, tx) => batch([event], tx);
  }

  const handleOne = (event: OutboxEvent) => {
    const handler = single[event.subject];
    if (!handler) return Promise.resolve();
    const span = {
      kind: SpanKind.CONSUMER,
      parent: contextFromTraceParent(event.traceParent),
      attributes: { 'messaging.destination': event.subject, 'messaging.consumer': durable },
    };
    return inSpan(`consume ${event.subject}`, span, () =>
      transact(async (tx) => {
        const inserted = await tx.$executeRaw`
          INSERT INTO handled_event (consumer, event_id) VALUES (${durable}, ${event.id}::uuid)
          ON CONFLICT DO NOTHING`;
        if (inserted === 0) {
          logger.debug({ eventId: event.id, subject: event.subject }, 'event already handled');
          return;
        }
        await handler(event, tx);
      }),
    );
  };

  const handleBatch = (subject: string, batch: BatchHandlerIn<Tx>, group: OutboxEvent[]) => {
    const span = {
      kind: SpanKind.CONSUMER,
      // One span for the batch, a child of the first event's trace; the rest are counted.
      parent: contextFromTraceParent(group[0]!.traceParent),
      attributes: {
        'messaging.destination': subject,
        'messaging.consumer': durable,
        'messaging.batch.message_count': group.length,
      },
    };
    return inSpan(`consume ${subject}`, span, () =>
      transact(async (tx) => {
        const ids = group.map((e) => e.id);
        const inserted = await tx.$queryRaw<{ event_id: string }[]>`
          INSERT INTO handled_event (consumer, event_id) SELECT ${durable}, unnest(${ids}::uuid[])
          ON CONFLICT DO NOTHING RETURNING event_id::text`;
        const fresh = new Set(inserted.map((r) => r.event_id.toLowerCase()));
        const todo = group.filter((e) => fresh.has(e.id.toLowerCase()));
        if (todo.length > 0) await batch(todo, tx);
      }),
    );
  };

  await options.bus.subscribe(durable, Object.keys(single), async (events) => {
    const failed = new Set<string>();
    const one = async (event: OutboxEvent) => {
      try {
        await handleOne(event);
      } catch (error) {
        logger.error({ err: error, eventId: event.id, subject: event.subject }, 'event handler failed');
        failed.add(event.id);
      }
    };
    // Runs of one subject in delivery order: a batch handler takes each run whole.
    for (let i = 0; i < events.length;) {
      const subject = events[i]!.subject;
      let end = i + 1;
      while (end < events.length && events[end]!.subject === subject) end += 1;
      const group = events.slice(i, end);
      i = end;
      const batch = options.batchHandlers?.[subject];
      if (batch && group.length > 1) {
        try {
          await handleBatch(subject, batch, group);
          continue;
        } catch (error) {
          logger.warn({ err: error, subject, events: group.length }, 'batch failed; handling its events one by one');
        }
      }
      for (const event of group) await one(event);
    }
    return failed;
  });
}
