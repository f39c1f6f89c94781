import type { Caller } from '@gains/auth';
import type { SecurityPrice } from '@gains/contracts';
import { DomainError, invalidArgument, notFound } from '@gains/errors';
import { pricesPublishedEvents } from '../events/security-events';
import { assertProvider } from './access';
import { pastDateProblem } from './date-rules';
import { canonicalDecimal, multiplyDecimals, positiveDecimalProblem } from './decimal-rules';
import type { SecuritiesDeps } from './deps';
import { isStale, latestOnOrBefore } from './price-rules';
import { PRICE_SCALE } from './price-upload-rules';

/** GBP per unit of each currency on each date, from the FX rates on or before it (GBP is 1). */
export async function gbpRates(
  deps: SecuritiesDeps,
  currencies: string[],
  to: string,
): Promise<(currency: string, date: string) => string | undefined> {
  const others = [...new Set(currencies.filter((c) => c !== 'GBP'))];
  const rates: Map<string, { date: string; gbpPerUnit: string }[]> =
    others.length > 0 ? await deps.currencies.ratesUpTo(others, to) : new Map();
  return (currency, date) => (currency === 'GBP' ? '1' : latestOnOrBefore(rates.get(currency) ?? [], date)?.gbpPerUnit);
}

/** A provider admin sets one security's price on a date (Security Prices, edit). */
export async function setPrice(
  deps: SecuritiesDeps,
  caller: Caller,
  organisationUuid: string,
  raw: { securityId: number; date: string; price: string; currency: string },
): Promise<SecurityPrice> {
  assertProvider(caller, organisationUuid);
  const security = await deps.securities.findById(raw.securityId);
  if (!security) throw notFound('Security', 'id');
  const today = deps.today();
  const dateBad = pastDateProblem('date', raw.date, today);
  if (dateBad) throw invalidArgument('date', dateBad);
  const priceBad = positiveDecimalProblem('price', raw.price, PRICE_SCALE);
  if (priceBad) throw invalidArgument('price', priceBad);
  const currency = (raw.currency || security.currency).trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) throw invalidArgument('currency', 'currency must be a 3-letter ISO code');
  if (!(await deps.currencies.exists(currency))) throw invalidArgument('currency', `Unknown currency ${currency}`);
  if (currency !== security.currency) {
    throw invalidArgument('currency', `The security is priced in ${security.currency}, not ${currency}`);
  }
  const rate = (await gbpRates(deps, [currency], raw.date))(currency, raw.date);
  if (!rate) {
    throw new DomainError(
      'FAILED_PRECONDITION',
      `There is no GBP rate for ${currency} on or before ${raw.date}`,
      'currency',
    );
  }
  const price = canonicalDecimal(raw.price);
  const write = {
    securityId: security.id,
    date: raw.date,
    price,
    currency,
    priceGbp: multiplyDecimals(price, rate, PRICE_SCALE),
  };
  const before = (await deps.prices.existing([write])).get(`${write.securityId}|${write.date}`);
  await deps.prices.upsert(
    [write],
    'MANUAL',
    caller.name,
    [
      {
        actorUuid: caller.userUuid,
        actorName: caller.name,
        organisationUuid,
        entityType: 'PRICE',
        entityId: `${write.securityId}|${write.date}`,
        action: before === undefined ? 'CREATE' : 'UPDATE',
        oldValues: before === undefined ? null : { price: before },
        newValues: { price, priceGbp: write.priceGbp },
      },
    ],
    pricesPublishedEvents([write], 'MANUAL'),
  );
  const stored = (await deps.prices.list(security.id, raw.date, raw.date))[0]!;
  const aging = await deps.priceAging(caller, organisationUuid);
  return { ...stored, stale: isStale(stored.date, today, aging) };
}
