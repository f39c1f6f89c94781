import { Hono } from 'hono';
import { z } from 'zod';
import { asCaller } from '../middleware/authenticate';
import type { BffEnv } from '../deps';
import { field, parseQuery } from '../validation';

const searchQuery = z.object({ term: field.queryText('term') });

/** Security search (seed 000 §5, §7): at most 10 matches by SEDOL, ISIN or name; an empty term finds none. */
export const securityRoutes = new Hono<BffEnv>().get('/search', async (c) => {
  const { term } = parseQuery(c, searchQuery);
  const { results } = await c.var.deps.securities.searchSecurities(
    { organisationUuid: c.var.organisationUuid, term },
    asCaller(c),
  );
  return c.json(
    results.map((r) => ({
      id: r.id,
      sedol: r.sedol,
      isin: r.isin,
      reportingName: r.reportingName,
      securityName: r.securityName,
      issuerName: r.issuerName,
    })),
  );
});
