import { fromBinary } from '@bufbuild/protobuf';
import type { Logger } from '@gains/logging';
import { consumeEvents, eventSubject, type EventBus } from '@gains/outbox';
import { events } from '@gains/proto';
import type { ClientsPrisma, ClientsTx } from '../store/prisma';
import { applyPrices, upsertSecurity } from '../store/security-store';

export const SECURITY_CHANGED = eventSubject('securities', 'security', 'changed');
export const PRICE_PUBLISHED = eventSubject('securities', 'price', 'published');

/**
 * The ledger shows securities and values holdings at their latest price: the securities service's changes and
 * prices are kept in the security read model (latest price only; an older price never replaces a newer one).
 */
export async function consumeSecuritiesEvents(bus: EventBus, prisma: ClientsPrisma, logger: Logger) {
  await consumeEvents<ClientsTx>({
    bus,
    durable: 'clients',
    logger,
    transact: (fn) => prisma.$transaction(fn, { maxWait: 15_000, timeout: 30_000 }),
    handlers: {
      [SECURITY_CHANGED]: async (e, tx) => {
        const s = fromBinary(events.SecurityChangedSchema, e.payload);
        await upsertSecurity(tx, {
          id: s.id,
          sedol: s.sedol,
          isin: s.isin,
          securityName: s.securityName,
          currency: s.currency,
          assetClass: s.assetClass,
          cgtClass: s.cgtClass,
          status: s.status,
          quantityDecimalPlaces: s.quantityDecimalPlaces,
        });
      },
      [PRICE_PUBLISHED]: async (e, tx) => {
        const { prices } = fromBinary(events.PricesPublishedSchema, e.payload);
        await applyPrices(
          tx,
          prices.map((p) => ({ securityId: p.securityId, date: p.date, priceGbp: p.priceGbp })),
        );
      },
    },
  });
}
