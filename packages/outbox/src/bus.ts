import type { OutboxEvent } from './event';

/** What receives a delivered event. Throwing means "not handled": it will be delivered again. */
export type EventHandler = (event: OutboxEvent) => Promise<void>;

/**
 * The transport between services' outboxes and their consumers: JetStream in the cluster, a
 * direct in-process dispatch in the embedded form. Both deliver at least once; consumers make
 * that exactly-once by recording handled event ids.
 */
export interface EventBus {
  publish(event: OutboxEvent): Promise<void>;
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

/** The embedded form's bus: dispatches to the subscribed handlers in the same process. */
export function createInProcessBus(): EventBus {
  const subscriptions: { subjects: string[]; handler: EventHandler }[] = [];
  return {
    async publish(event) {
      for (const sub of subscriptions) {
        if (sub.subjects.some((p) => subjectMatches(p, event.subject))) await sub.handler(event);
      }
    },
    async subscribe(_durable, subjects, handler) {
      subscriptions.push({ subjects, handler });
    },
    async close() {
      subscriptions.length = 0;
    },
  };
}
