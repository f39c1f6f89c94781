import crypto from 'node:crypto';
import { eventSubject, newEvent, type OutboxEvent } from '@gains/outbox';
import { events } from '@gains/proto';
import type { MessageInitShape } from '@bufbuild/protobuf';

/** gains.tax_engine.calculation.completed.v1: a client's run stored, with the figures the grids show. */
export const CALCULATION_COMPLETED = eventSubject('tax_engine', 'calculation', 'completed');
/** The tax engine's jobs (a run's failure raises its monitor log through one, as every job's do). */
export const TAX_ENGINE_JOB_CHANGED = eventSubject('tax-engine', 'job', 'changed');

/**
 * The event of a run: its own fields, and the figures as the compute worker encoded them
 * (calculationFiguresPayload), appended: protobuf reads messages written one after the other as one.
 */
export function calculationCompletedEvent(
  run: MessageInitShape<typeof events.CalculationCompletedSchema>,
  figuresPayload?: Uint8Array,
): OutboxEvent {
  const event = newEvent(CALCULATION_COMPLETED, events.CalculationCompletedSchema, run);
  return figuresPayload ? { ...event, payload: Buffer.concat([event.payload, figuresPayload]) } : event;
}

/**
 * A monitor log for the ACT Monitor (seed 000 §3), carried by a finished one-step job of the client's run: the
 * reports service's read model takes every service's job events (services/reports/src/events/job-events.ts).
 */
export function calculationMonitorLogEvent(log: {
  runId: string;
  organisationUuid: string;
  clientUuid: string;
  clientCode: string;
  status: 'FAILED' | 'SUCCEEDED';
  errorCode: string;
  severity: number;
  message: string;
  at: string;
}): OutboxEvent {
  return newEvent(TAX_ENGINE_JOB_CHANGED, events.JobChangedSchema, {
    uuid: log.runId,
    organisationUuid: log.organisationUuid,
    service: 'tax-engine',
    type: 'CALCULATE_CLIENT',
    status: log.status,
    progressDone: 1n,
    progressTotal: 1n,
    candidates: 1n,
    successes: log.status === 'SUCCEEDED' ? 1n : 0n,
    failures: log.status === 'FAILED' ? 1n : 0n,
    objectKind: 'CLIENT',
    objectId: log.clientUuid,
    startedByName: 'Tax engine',
    createdAt: log.at,
    updatedAt: log.at,
    startedAt: log.at,
    finishedAt: log.at,
    message: log.message,
    version: 1,
    monitorLogs: [
      {
        uuid: crypto.randomUUID(),
        errorCode: log.errorCode,
        severity: log.severity,
        message: log.message,
        warningType: 'CALCULATION',
        clientCode: log.clientCode,
        raisedAt: log.at,
        warningMessage: log.message,
        errorOccurrences: 1,
        clientOccurrences: 1,
      },
    ],
  });
}
