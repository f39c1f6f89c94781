import { connect, headers, type NatsConnection } from '@nats-io/transport-node';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, type JsMsg } from '@nats-io/jetstream';
import type { Logger } from '@gains/logging';
import type { EventBus, EventHandler } from './bus';

const NANOS_PER_SECOND = 1_000_000_000;
/** Events handed to a consumer at once (a batch's transaction stays short). */
const MAX_BATCH = 200;

/** One stream per publishing service: GAINS_<SERVICE> holds gains.<service>.> */
export function streamName(service: string): string {
  return `GAINS_${service.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

function serviceOf(subject: string): string {
  const service = subject.split('.')[1];
  if (!service) throw new Error(`Subject ${subject} does not name a service`);
  return service;
}

/**
 * The cluster bus. Publishing uses the event id as the JetStream message id, so a relay that
 * publishes again after a crash is deduplicated by the server within the duplicate window.
 */
export async function createJetStreamBus(options: {
  servers: string;
  logger: Logger;
  /** Services whose streams this process publishes to or reads from. */
  services: string[];
  duplicateWindowSeconds?: number;
}): Promise<EventBus> {
  const nc: NatsConnection = await connect({ servers: options.servers, name: 'gains' });
  const jsm = await jetstreamManager(nc);
  const js = jetstream(nc);
  for (const service of options.services) {
    const name = streamName(service);
    const config = {
      name,
      // A hyphenated service's events may be named with either spelling (gains.tax-engine.job..., and the
      // issue-given gains.tax_engine.calculation.completed.v1): its one stream holds both.
      subjects: [...new Set([`gains.${service}.>`, `gains.${service.replace(/-/g, '_')}.>`])],
      duplicate_window: (options.duplicateWindowSeconds ?? 120) * NANOS_PER_SECOND,
    };
    try {
      await jsm.streams.info(name);
      await jsm.streams.update(name, config);
    } catch {
      await jsm.streams.add(config);
    }
  }
  const stopping: (() => void)[] = [];
  return {
    async publish(events) {
      // Published together: each waits for its acknowledgement, the batch for all of them.
      await Promise.all(
        events.map((event) => {
          const h = headers();
          if (event.traceParent) h.set('traceparent', event.traceParent);
          return js.publish(event.subject, event.payload, { msgID: event.id, headers: h });
        }),
      );
    },
    async subscribe(durable, subjects, handler: EventHandler) {
      for (const subject of subjects) {
        const stream = streamName(serviceOf(subject));
        const consumerName = `${durable}-${subject.replace(/[.>*]/g, '_')}`;
        try {
          await jsm.consumers.info(stream, consumerName);
        } catch {
          await jsm.consumers.add(stream, {
            durable_name: consumerName,
            ack_policy: AckPolicy.Explicit,
            deliver_policy: DeliverPolicy.All,
            filter_subject: subject,
            max_deliver: -1,
          });
        }
        const consumer = await js.consumers.get(stream, consumerName);
        const messages = await consumer.consume();
        stopping.push(() => messages.stop());
        // Messages that arrive while a batch is handled wait and make the next batch: no added latency for one
        // event, and many at once under load. The wait is bounded by the consumer's max_ack_pending.
        const waiting: JsMsg[] = [];
        let handling = false;
        const handleWaiting = async () => {
          handling = true;
          try {
            while (waiting.length > 0) {
              const batch = waiting.splice(0, MAX_BATCH);
              const delivered = batch.map((msg) => ({
                id: msg.headers?.get('Nats-Msg-Id') ?? '',
                subject: msg.subject,
                payload: msg.data,
                traceParent: msg.headers?.get('traceparent') || null,
              }));
              let failed: ReadonlySet<string> | void;
              try {
                failed = await handler(delivered);
              } catch (error) {
                options.logger.error({ err: error, subject, events: batch.length }, 'event handler failed');
                failed = new Set(delivered.map((e) => e.id));
              }
              batch.forEach((msg, i) => (failed?.has(delivered[i]!.id) ? msg.nak(1000) : msg.ack()));
            }
          } finally {
            handling = false;
          }
        };
        void (async () => {
          for await (const msg of messages) {
            waiting.push(msg);
            if (!handling) void handleWaiting();
          }
        })();
      }
    },
    async close() {
      stopping.forEach((stop) => stop());
      await nc.drain();
    },
  };
}
