import type { OutboxEvent } from './event';

/**
 * What receives delivered events, a batch at a time in the order they were written. It answers the ids it could
 * not handle, which are delivered again; throwing means none was handled.
 */
export type EventHandler = (events: OutboxEvent[]) => Promise<ReadonlySet<string> | void>;

/**
 * The transport between services' outboxes and their consumers: JetStream in the cluster, a
 * direct in-process dispatch in the embedded form. Both deliver at least once; consumers make
 * that exactly-once by recording handled event ids. Events travel in batches so a consumer can
 * write many in one transaction (a firm's recalculation lands a hundred thousand runs).
 */
export interface EventBus {
  publish(events: OutboxEvent[]): Promise<void>;
  /** `durable` names the consumer; `subjects` may end in `>` as in NATS. */
  subscribe(durable: string, subjects: string[], handler: EventHandler): Promise<void>;
  close(): Promise<void>;
}

export function subjectMatches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (p[i] !== '*' && p[i] !== s[i]) return false;
  }
  return p.length === s.length;
}

/**
 * The embedded form's bus: dispatches to the subscribed handlers in the same process. An event a handler could
 * not handle fails the publish, so the relay keeps the batch and publishes it again (handled ones are skipped).
 */
export function createInProcessBus(): EventBus {
  const subscriptions: { durable: string; subjects: string[]; handler: EventHandler }[] = [];
  return {
    async publish(events) {
      for (const sub of subscriptions) {
        const matching = events.filter((e) => sub.subjects.some((p) => subjectMatches(p, e.subject)));
        if (matching.length === 0) continue;
        const failed = await sub.handler(matching);
        if (failed && failed.size > 0) {
          throw new Error(`${failed.size} of ${matching.length} events were not handled by ${sub.durable}`);
        }
      }
    },
    async subscribe(durable, subjects, handler) {
      subscriptions.push({ durable, subjects, handler });
    },
    async close() {
      subscriptions.length = 0;
    },
  };
}
