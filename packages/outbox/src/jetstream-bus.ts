import { connect, headers, type NatsConnection } from '@nats-io/transport-node';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { Logger } from '@gains/logging';
import type { EventBus, EventHandler } from './bus';

const NANOS_PER_SECOND = 1_000_000_000;

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
    async publish(event) {
      const h = headers();
      if (event.traceParent) h.set('traceparent', event.traceParent);
      await js.publish(event.subject, event.payload, { msgID: event.id, headers: h });
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
        void (async () => {
          for await (const msg of messages) {
            const id = msg.headers?.get('Nats-Msg-Id') ?? '';
            try {
              await handler({
                id,
                subject: msg.subject,
                payload: msg.data,
                traceParent: msg.headers?.get('traceparent') || null,
              });
              msg.ack();
            } catch (error) {
              options.logger.error({ err: error, subject: msg.subject, eventId: id }, 'event handler failed');
              msg.nak(1000);
            }
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
