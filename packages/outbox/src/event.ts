import crypto from 'node:crypto';
import { create, toBinary, type DescMessage, type MessageInitShape } from '@bufbuild/protobuf';
import { currentTraceParent } from '@gains/telemetry';

/** One event as it sits in the outbox and travels on the bus. */
export interface OutboxEvent {
  id: string;
  subject: string;
  payload: Uint8Array;
  traceParent?: string | null;
}

/** Subjects follow gains.<service>.<entity>.<event>.v1 (DESIGN §3). */
export function eventSubject(service: string, entity: string, event: string): string {
  return `gains.${service}.${entity}.${event}.v1`;
}

export function newEvent<Desc extends DescMessage>(
  subject: string,
  schema: Desc,
  payload: MessageInitShape<Desc>,
  traceParent?: string,
): OutboxEvent {
  return {
    id: crypto.randomUUID(),
    subject,
    payload: toBinary(schema, create(schema, payload)),
    // The event continues the trace of the change that made it.
    traceParent: traceParent ?? currentTraceParent() ?? null,
  };
}

/** The part of a service's Prisma transaction client the outbox writes through. */
export interface OutboxWriter {
  $executeRaw(query: TemplateStringsArray, ...values: unknown[]): Promise<number>;
}

/**
 * Writes events inside the caller's transaction, so they commit or roll back with the change: one statement for
 * any number (a batch of a hundred calculation runs has a hundred events). Payloads travel as base64 text.
 */
export async function appendToOutbox(tx: OutboxWriter, events: OutboxEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.$executeRaw`
    INSERT INTO outbox_event (id, subject, payload, trace_parent)
    SELECT id, subject, decode(payload, 'base64'), trace_parent
      FROM unnest(${events.map((e) => e.id)}::uuid[], ${events.map((e) => e.subject)}::text[],
                  ${events.map((e) => Buffer.from(e.payload).toString('base64'))}::text[],
                  ${events.map((e) => e.traceParent ?? null)}::text[]) AS u(id, subject, payload, trace_parent)`;
}
