import type { Logger } from '@gains/logging';
import { contextFromTraceParent, inSpan, SpanKind } from '@gains/telemetry';
import type { EventBus } from './bus';
import type { OutboxEvent } from './event';

/** The part of a service's Prisma transaction client a consumer needs to record handled ids. */
export interface HandledEventRecorder {
  $executeRaw(query: TemplateStringsArray, ...values: unknown[]): Promise<number>;
}

export type Transact<Tx> = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/**
 * Subscribes `durable` to the subjects and runs each handler in one transaction with the record
 * of the event id, so an event delivered twice changes the data once.
 */
export async function consumeEvents<Tx extends HandledEventRecorder>(options: {
  bus: EventBus;
  durable: string;
  transact: Transact<Tx>;
  logger: Logger;
  handlers: Record<string, (event: OutboxEvent, tx: Tx) => Promise<void>>;
}): Promise<void> {
  const subjects = Object.keys(options.handlers);
  await options.bus.subscribe(options.durable, subjects, async (event) => {
    const handler = options.handlers[event.subject];
    if (!handler) return;
    const span = {
      kind: SpanKind.CONSUMER,
      parent: contextFromTraceParent(event.traceParent),
      attributes: { 'messaging.destination': event.subject, 'messaging.consumer': options.durable },
    };
    await inSpan(`consume ${event.subject}`, span, () =>
      options.transact(async (tx) => {
        const inserted = await tx.$executeRaw`
        INSERT INTO handled_event (consumer, event_id) VALUES (${options.durable}, ${event.id}::uuid)
        ON CONFLICT DO NOTHING`;
        if (inserted === 0) {
          options.logger.debug({ eventId: event.id, subject: event.subject }, 'event already handled');
          return;
        }
        await handler(event, tx);
      }),
    );
  });
}
