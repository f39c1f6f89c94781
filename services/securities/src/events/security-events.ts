import type { Security } from '@gains/contracts';
import { eventSubject, newEvent, type OutboxEvent } from '@gains/outbox';
import { events } from '@gains/proto';
import type { PriceWrite } from '../store/price-store';

export const SECURITY_CHANGED = eventSubject('securities', 'security', 'changed');
export const PRICE_PUBLISHED = eventSubject('securities', 'price', 'published');
/** Prices an event carries at most (an upload makes several events). */
export const PRICES_PER_EVENT = 1000;

export function securityChangedEvent(security: Security, change: 'created' | 'updated'): OutboxEvent {
  return newEvent(SECURITY_CHANGED, events.SecurityChangedSchema, {
    id: security.id,
    sedol: security.sedol,
    isin: security.isin,
    securityName: security.securityName,
    currency: security.currency,
    assetClass: security.assetClass,
    cgtClass: security.cgtClass,
    status: security.status,
    quantityDecimalPlaces: security.quantityDecimalPlaces,
    change,
  });
}

export function pricesPublishedEvents(prices: PriceWrite[], source: 'MANUAL' | 'UPLOAD'): OutboxEvent[] {
  const out: OutboxEvent[] = [];
  for (let i = 0; i < prices.length; i += PRICES_PER_EVENT) {
    out.push(
      newEvent(PRICE_PUBLISHED, events.PricesPublishedSchema, {
        source,
        prices: prices.slice(i, i + PRICES_PER_EVENT).map((p) => ({ ...p })),
      }),
    );
  }
  return out;
}
