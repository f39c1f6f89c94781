import { Hono } from 'hono';
import { CLIENT_SUMMARY_MONEY_FIELDS } from '@gains/contracts';
import { invalidArgument } from '@gains/errors';
import { asCaller, authenticate, requireOrganisation } from '../middleware/authenticate';
import type { BffEnv } from '../deps';

function wholeNumber(value: string | undefined, field: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value)) throw invalidArgument(field, `${field} must be a whole number`);
  return Number(value);
}

/** `sort=column,direction` pairs, repeated for multi-sort. */
function parseSort(values: string[]) {
  return values.filter(Boolean).map((value) => {
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

export const clientRoutes = new Hono<BffEnv>().use(authenticate, requireOrganisation).get('/summary', async (c) => {
  const answer = await c.var.deps.clients.listClientSummaries(
    {
      organisationUuid: c.var.organisationUuid,
      page: wholeNumber(c.req.query('page'), 'page', 1),
      size: wholeNumber(c.req.query('size'), 'size', 10),
      term: c.req.query('term') ?? '',
      filter: c.req.query('filter') ?? '',
      sort: parseSort(c.req.queries('sort') ?? []),
    },
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
