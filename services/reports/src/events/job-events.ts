import { fromBinary } from '@bufbuild/protobuf';
import { SERVICE_NAMES } from '@gains/config';
import type { Logger } from '@gains/logging';
import { consumeEvents, type EventBus } from '@gains/outbox';
import { events } from '@gains/proto';
import type { ReportsPrisma, ReportsTx } from '../store/prisma';
import { applyJobChanged } from '../store/monitor-store';

/** Every service's job events feed one read model: the Job Monitor and the ACT Monitor's logs. */
export async function consumeJobEvents(bus: EventBus, prisma: ReportsPrisma, logger: Logger) {
  const apply = async (payload: Uint8Array, tx: ReportsTx) =>
    applyJobChanged(tx, fromBinary(events.JobChangedSchema, payload));
  await consumeEvents<ReportsTx>({
    bus,
    durable: 'reports',
    logger,
    transact: (fn) => prisma.$transaction(fn, { maxWait: 15_000, timeout: 30_000 }),
    handlers: Object.fromEntries(
      // Any service may run jobs with @gains/jobs: each publishes gains.<service>.job.changed.v1.
      SERVICE_NAMES.map((service) => [
        `gains.${service}.job.changed.v1`,
        (e: { payload: Uint8Array }, tx: ReportsTx) => apply(e.payload, tx),
      ]),
    ),
  });
}
