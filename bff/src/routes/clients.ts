import { Hono } from 'hono';
import { z } from 'zod';
import { CLIENT_SUMMARY_MONEY_FIELDS } from '@gains/contracts';
import { asCaller, authenticate, requireOrganisation } from '../middleware/authenticate';
import type { BffEnv } from '../deps';
import { field, pageQuerySchema, parseQuery } from '../validation';
import { clientTaxYears } from './admin-clients';

const SORT_COLUMNS_MAX = 40;
const SORT_VALUE_MAX = 100;
const summaryQuery = pageQuerySchema().extend({
  term: field.queryText('term'),
  filter: field.queryText('filter', 20),
  // One `sort` or several; each problem is told as it is (a union would only say "must be text").
  sort: z
    .union([z.string(), z.array(z.string())], { error: 'sort must be text' })
    .optional()
    .transform((sort, ctx) => {
      const values = sort === undefined ? [] : Array.isArray(sort) ? sort : [sort];
      if (values.length > SORT_COLUMNS_MAX) {
        ctx.addIssue({ code: 'custom', message: `At most ${SORT_COLUMNS_MAX} sort columns` });
      } else if (values.some((v) => v.length > SORT_VALUE_MAX)) {
        ctx.addIssue({ code: 'custom', message: `sort must be at most ${SORT_VALUE_MAX} characters` });
      }
      return values;
    }),
});

/** `sort=column,direction` pairs, repeated for multi-sort. */
function parseSort(sort: string[]) {
  return sort.filter(Boolean).map((value) => {
    const [column = '', direction = 'asc'] = value.split(',');
    return { column: column.trim(), direction: direction.trim() };
  });
}

/** Money fields left unset on the wire are null in JSON, so every row has every column. */
function withNulls<T extends object>(row: T) {
  return Object.fromEntries(
    Object.entries(row)
      .filter(([k]) => k !== '$typeName')
      .map(([k, v]) => [k, v ?? null]),
  );
}

export const clientRoutes = new Hono<BffEnv>()
  .use(authenticate, requireOrganisation)
  .get('/:clientUuid/tax-years', clientTaxYears)
  .get('/summary', async (c) => {
    const query = parseQuery(c, summaryQuery);
    const answer = await c.var.deps.clients.listClientSummaries(
      { organisationUuid: c.var.organisationUuid, ...query, sort: parseSort(query.sort) },
      asCaller(c),
    );
    return c.json({
      content: answer.content.map((row) => ({
        ...Object.fromEntries(CLIENT_SUMMARY_MONEY_FIELDS.map((f) => [f, null])),
        ...withNulls(row),
      })),
      totalSize: answer.totalSize,
    });
  });
