import { assertMemberOrService, DOCUMENTS_SERVICE, REPORTS_SERVICE, type Caller } from '@gains/auth';
import { invalidArgument } from '@gains/errors';
import { isIsoDate } from './date-rules';
import type { SecuritiesDeps } from './deps';

export const MAX_PRICES_AT_SECURITIES = 50_000;
export const MAX_PRICES_AT_DATES = 24;

/**
 * The MI Dashboard's valuation (issue 27): each security's GBP price at or before each date. Prices are shared by
 * every firm, so any member reads them, and the reports service's jobs (a Holdings report's prices at its date) and
 * the documents service's (a corporate action's holders valued before its ex-date); a (security, date) with no
 * price by then is left out.
 */
export async function listPricesAt(
  deps: Pick<SecuritiesDeps, 'prices'>,
  caller: Caller,
  req: { organisationUuid: string; securityIds: readonly number[]; dates: readonly string[] },
) {
  assertMemberOrService(caller, req.organisationUuid, [REPORTS_SERVICE, DOCUMENTS_SERVICE]);
  if (req.securityIds.length > MAX_PRICES_AT_SECURITIES) {
    throw invalidArgument('securityIds', `securityIds may name at most ${MAX_PRICES_AT_SECURITIES} securities`);
  }
  if (req.dates.length > MAX_PRICES_AT_DATES) {
    throw invalidArgument('dates', `dates may name at most ${MAX_PRICES_AT_DATES} dates`);
  }
  for (const d of req.dates) {
    if (!isIsoDate(d)) throw invalidArgument('dates', `dates must be dates as YYYY-MM-DD (${d.slice(0, 20)})`);
  }
  const prices = await deps.prices.latestOnOrBeforeEach([...new Set(req.securityIds)], [...new Set(req.dates)]);
  return { prices };
}
