import type { Caller } from '@gains/auth';
import type { Currency, FxRate } from '@gains/contracts';
import { invalidArgument } from '@gains/errors';
import { assertAdmin, assertProvider, assertReader } from './access';
import { addDays, isIsoDate, pastDateProblem } from './date-rules';
import { canonicalDecimal, positiveDecimalProblem } from './decimal-rules';
import type { SecuritiesDeps } from './deps';

export const FX_SCALE = 12;

export async function listCurrencies(
  deps: SecuritiesDeps,
  caller: Caller,
  organisationUuid: string,
): Promise<Currency[]> {
  assertReader(caller, organisationUuid);
  return deps.currencies.list();
}

async function knownCurrency(deps: SecuritiesDeps, raw: string): Promise<string> {
  const iso = raw.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(iso)) throw invalidArgument('currency', 'currency must be a 3-letter ISO code');
  if (!(await deps.currencies.exists(iso))) throw invalidArgument('currency', `Unknown currency ${iso}`);
  return iso;
}

/** FX rates (GBP per unit) of one currency or all, between two dates (default: the last 90 days). */
export async function listFxRates(
  deps: SecuritiesDeps,
  caller: Caller,
  organisationUuid: string,
  raw: { currency: string; from: string; to: string },
): Promise<FxRate[]> {
  assertAdmin(caller, organisationUuid);
  const currency = raw.currency ? await knownCurrency(deps, raw.currency) : '';
  const to = raw.to || deps.today();
  if (!isIsoDate(to)) throw invalidArgument('to', 'to must be a date as YYYY-MM-DD');
  const from = raw.from || addDays(to, -90);
  if (!isIsoDate(from)) throw invalidArgument('from', 'from must be a date as YYYY-MM-DD');
  if (from > to) throw invalidArgument('from', 'from must not be after to');
  return deps.currencies.fxRates({ currency, from, to });
}

/** A provider admin adds (or corrects) a currency's GBP rate on a date. */
export async function addFxRate(
  deps: SecuritiesDeps,
  caller: Caller,
  organisationUuid: string,
  raw: { currency: string; date: string; gbpPerUnit: string },
): Promise<FxRate> {
  assertProvider(caller, organisationUuid);
  const currency = await knownCurrency(deps, raw.currency);
  if (currency === 'GBP') throw invalidArgument('currency', 'GBP is the base currency: its rate is always 1');
  const dateBad = pastDateProblem('date', raw.date, deps.today());
  if (dateBad) throw invalidArgument('date', dateBad);
  const rateBad = positiveDecimalProblem('gbpPerUnit', raw.gbpPerUnit, FX_SCALE);
  if (rateBad) throw invalidArgument('gbpPerUnit', rateBad);
  const rate = { currency, date: raw.date, gbpPerUnit: canonicalDecimal(raw.gbpPerUnit) };
  await deps.currencies.upsertRate(rate, caller.name, {
    actorUuid: caller.userUuid,
    actorName: caller.name,
    organisationUuid,
    entityType: 'FX_RATE',
    entityId: `${currency}|${raw.date}`,
    action: 'CREATE',
    newValues: rate,
  });
  return { ...rate, setByName: caller.name };
}
