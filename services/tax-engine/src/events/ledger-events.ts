import { fromBinary } from '@bufbuild/protobuf';
import type { Logger } from '@gains/logging';
import { consumeEvents, eventSubject, type EventBus } from '@gains/outbox';
import { events } from '@gains/proto';
import { enqueueClients, enqueueHolders, type TaxEngineTx } from '../store/calculation-store';
import type { TaxEnginePrisma } from '../store/prisma';

/** gains.clients.ledger.changed.v1 (services/clients/src/events/ledger-events.ts). */
export const LEDGER_CHANGED = eventSubject('clients', 'ledger', 'changed');
/** gains.securities.price.published.v1: new prices move the holders' unrealised figures and values. */
export const PRICE_PUBLISHED = eventSubject('securities', 'price', 'published');

/**
 * A client's ledger changed (a post, an edit, an import, an override, a portfolio's owners or type): the client is
 * queued; a price published queues the clients that held the security at their latest run. Either is queued in
 * the transaction that records the event as handled, so a redelivered event queues nothing twice. A burst of
 * changes for one client lands on its one queue row and makes one run. `queued` wakes the loop.
 */
export async function consumeLedgerEvents(
  bus: EventBus,
  prisma: TaxEnginePrisma,
  logger: Logger,
  queued: () => void,
): Promise<void> {
  await consumeEvents<TaxEngineTx>({
    bus,
    durable: 'tax-engine',
    logger,
    transact: async (fn) => {
      const result = await prisma.$transaction(fn, { maxWait: 15_000, timeout: 30_000 });
      queued();
      return result;
    },
    // A batch in one transaction: an import's thousands of ledger changes queue their clients together.
    batchHandlers: {
      [LEDGER_CHANGED]: async (batch, tx) => {
        await enqueueClients(
          tx,
          batch.map((e) => {
            const change = fromBinary(events.LedgerChangedSchema, e.payload);
            return {
              organisationUuid: change.organisationUuid,
              clientUuid: change.clientUuid,
              trigger: 'LEDGER_CHANGED',
              reason: change.reason,
              earliestDate: change.earliestDate,
            };
          }),
        );
      },
    },
    handlers: {
      [PRICE_PUBLISHED]: async (e, tx) => {
        const { prices } = fromBinary(events.PricesPublishedSchema, e.payload);
        await enqueueHolders(
          tx,
          prices.map((p) => p.securityId),
        );
      },
    },
  });
}
