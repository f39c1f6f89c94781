import type { Caller } from '@gains/auth';
import { PRICE_SORT_COLUMNS, type Page, type PriceOnDate, type SecurityPriceHistory } from '@gains/contracts';
import { invalidArgument, notFound } from '@gains/errors';
import { assertAdmin } from './access';
import { addDays, daysBetween, isIsoDate } from './date-rules';
import type { SecuritiesDeps } from './deps';
import { checkGridQuery, type RawSortOrder } from './list-securities';
import { isStale, priceAgeLimit } from './price-rules';

export const PRICE_RANGE_MAX_DAYS = 366 * 10;

function optionalDate(name: string, text: string, fallback: string): string {
  if (!text) return fallback;
  if (!isIsoDate(text)) throw invalidArgument(name, `${name} must be a date as YYYY-MM-DD`);
  return text;
}

/** A security's price history between two dates (default: the year to today), each flagged stale as of `to`. */
export async function listPrices(
  deps: SecuritiesDeps,
  caller: Caller,
  organisationUuid: string,
  securityId: number,
  raw: { from: string; to: string },
): Promise<SecurityPriceHistory> {
  assertAdmin(caller, organisationUuid);
  const today = deps.today();
  const to = optionalDate('to', raw.to, today);
  const from = optionalDate('from', raw.from, addDays(to, -365));
  if (from > to) throw invalidArgument('from', 'from must not be after to');
  if (daysBetween(from, to) > PRICE_RANGE_MAX_DAYS) {
    throw invalidArgument('from', `The range may span at most ${PRICE_RANGE_MAX_DAYS} days`);
  }
  const security = await deps.securities.findById(securityId);
  if (!security) throw notFound('Security', 'id');
  const [prices, aging] = await Promise.all([
    deps.prices.list(securityId, from, to),
    deps.priceAging(caller, organisationUuid),
  ]);
  const asAt = to < today ? to : today;
  return {
    securityId,
    currency: security.currency,
    from,
    to,
    oldPriceAgeDays: priceAgeLimit(aging),
    // Only the latest price can be the one in use; it is stale when older than the limit as of `to`.
    prices: prices.map((p, i) => ({ ...p, stale: i === prices.length - 1 && isStale(p.date, asAt, aging) })),
  };
}

/** Administration > Security Prices: each security's latest price on or before a date. */
export async function listPricesOnDate(
  deps: SecuritiesDeps,
  caller: Caller,
  organisationUuid: string,
  raw: { date: string; page: number; size: number; term: string; sort: RawSortOrder[] },
): Promise<Page<PriceOnDate>> {
  assertAdmin(caller, organisationUuid);
  const today = deps.today();
  const date = optionalDate('date', raw.date, today);
  const query = checkGridQuery(raw, PRICE_SORT_COLUMNS);
  const [page, aging] = await Promise.all([
    deps.prices.onDate({ ...query, date }),
    deps.priceAging(caller, organisationUuid),
  ]);
  return {
    content: page.content.map((r) => ({
      ...r,
      asAt: date,
      price: r.price ? { ...r.price, stale: isStale(r.price.date, date, aging) } : null,
    })),
    totalSize: page.totalSize,
  };
}
