import { Hono } from 'hono';
import { z } from 'zod';
import { asCaller } from '../middleware/authenticate';
import type { BffEnv } from '../deps';
import { field, parseBody, parseQuery } from '../validation';
import { currencyJson, fxRateJson } from './securities-json';
import { fxRateBody } from './securities-validation';

const fxQuery = z.object({
  currency: field.queryText('currency', 10),
  from: field.queryText('from', 10),
  to: field.queryText('to', 10),
});

/** Currencies (seed 001 §7 GET admin/currencies) and FX rates, GBP per unit by date. */
export const adminCurrencyRoutes = new Hono<BffEnv>()
  .get('/', async (c) => {
    const { currencies } = await c.var.deps.securities.listCurrencies(
      { organisationUuid: c.var.organisationUuid },
      asCaller(c),
    );
    return c.json(currencies.map(currencyJson));
  })
  .get('/fx-rates', async (c) => {
    const query = parseQuery(c, fxQuery);
    const { rates } = await c.var.deps.securities.listFxRates(
      { organisationUuid: c.var.organisationUuid, ...query },
      asCaller(c),
    );
    return c.json(rates.map(fxRateJson));
  })
  .post('/fx-rates', async (c) => {
    const body = await parseBody(c, fxRateBody);
    const rate = await c.var.deps.securities.addFxRate(
      { organisationUuid: c.var.organisationUuid, ...body },
      asCaller(c),
    );
    return c.json(fxRateJson(rate), 201);
  });
