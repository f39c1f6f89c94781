import { fromBinary } from '@bufbuild/protobuf';
import type { Logger } from '@gains/logging';
import { consumeEvents, eventSubject, type EventBus } from '@gains/outbox';
import { events } from '@gains/proto';
import type { ClientsPrisma, ClientsTx } from '../store/prisma';
import { upsertOrganisation } from '../store/organisation-store';

/** Organisations come from identity; clients keeps codes and names to show and sort by. */
export async function consumeIdentityEvents(bus: EventBus, prisma: ClientsPrisma, logger: Logger) {
  const upsert = async (payload: Uint8Array, tx: ClientsTx) => {
    const org = fromBinary(events.OrganisationChangedSchema, payload);
    await upsertOrganisation(tx, { uuid: org.uuid, id: org.id, code: org.code, name: org.name, type: org.type });
  };
  await consumeEvents<ClientsTx>({
    bus,
    durable: 'clients',
    logger,
    // Generous waits: at first start the demo seed may hold the pool for a few seconds.
    transact: (fn) => prisma.$transaction(fn, { maxWait: 15_000, timeout: 30_000 }),
    handlers: {
      [eventSubject('identity', 'organisation', 'created')]: (e, tx) => upsert(e.payload, tx),
      [eventSubject('identity', 'organisation', 'updated')]: (e, tx) => upsert(e.payload, tx),
    },
  });
}
