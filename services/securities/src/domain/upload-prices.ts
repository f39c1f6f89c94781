import type { Caller } from '@gains/auth';
import type { PriceUploadProblem, PriceUploadResult } from '@gains/contracts';
import { invalidArgument } from '@gains/errors';
import { pricesPublishedEvents } from '../events/security-events';
import type { PriceWrite } from '../store/price-store';
import { assertProvider } from './access';
import type { SecuritiesDeps } from './deps';
import { multiplyDecimals } from './decimal-rules';
import { parsePriceUpload, PRICE_SCALE } from './price-upload-rules';
import { gbpRates } from './set-price';

/** The largest upload file, in characters. */
export const PRICE_UPLOAD_MAX_CHARS = 4 * 1024 * 1024;

export type UploadAnswer = ({ ok: true } & PriceUploadResult) | { ok: false; problems: PriceUploadProblem[] };

/**
 * Security Prices' CSV upload: all or nothing (any bad line and nothing is written; every bad line is
 * named), idempotent (a line whose price is already stored changes nothing and publishes nothing).
 */
export async function uploadPrices(
  deps: SecuritiesDeps,
  caller: Caller,
  organisationUuid: string,
  csv: string,
): Promise<UploadAnswer> {
  assertProvider(caller, organisationUuid);
  if (csv.length > PRICE_UPLOAD_MAX_CHARS) {
    throw invalidArgument('csv', `The file may be at most ${PRICE_UPLOAD_MAX_CHARS} characters`);
  }
  const [index, currencies] = await Promise.all([deps.securities.codeIndex(), deps.currencies.list()]);
  const known = new Set(currencies.map((c) => c.isoCode));
  const parsed = parsePriceUpload(
    csv,
    { security: (code) => index.get(code), currencyExists: (iso) => known.has(iso) },
    deps.today(),
  );
  if (!parsed.ok) return parsed;
  const lastDate = parsed.lines.reduce((max, l) => (l.date > max ? l.date : max), '');
  const rateOf = await gbpRates(
    deps,
    parsed.lines.map((l) => l.currency),
    lastDate,
  );
  const problems: PriceUploadProblem[] = [];
  const writes: PriceWrite[] = [];
  for (const l of parsed.lines) {
    const rate = rateOf(l.currency, l.date);
    if (!rate) {
      problems.push({
        line: l.line,
        field: 'currency',
        message: `There is no GBP rate for ${l.currency} on or before ${l.date}`,
      });
      continue;
    }
    writes.push({
      securityId: l.securityId,
      date: l.date,
      price: l.price,
      currency: l.currency,
      priceGbp: multiplyDecimals(l.price, rate, PRICE_SCALE),
    });
  }
  if (problems.length > 0) return { ok: false, problems };
  const existing = await deps.prices.existing(writes);
  const changed = writes.filter((w) => existing.get(`${w.securityId}|${w.date}`) !== w.price);
  const inserted = changed.filter((w) => !existing.has(`${w.securityId}|${w.date}`)).length;
  const result = {
    lines: parsed.lines.length,
    inserted,
    updated: changed.length - inserted,
    unchanged: writes.length - changed.length,
  };
  if (changed.length > 0) {
    await deps.prices.upsert(
      changed,
      'UPLOAD',
      caller.name,
      [
        {
          actorUuid: caller.userUuid,
          actorName: caller.name,
          organisationUuid,
          entityType: 'PRICE',
          entityId: 'upload',
          action: 'UPLOAD',
          newValues: { ...result, prices: changed.slice(0, 200).map((w) => `${w.securityId}|${w.date}|${w.price}`) },
        },
      ],
      pricesPublishedEvents(changed, 'UPLOAD'),
    );
  }
  return { ok: true, ...result };
}
