import { Hono } from 'hono';
import { z } from 'zod';
import { CLIENT_SUMMARY_MONEY_FIELDS, type CalculationStatusAnswer } from '@gains/contracts';
import { clients } from '@gains/proto';
import { asCaller, authenticate, requireOrganisation } from '../middleware/authenticate';
import type { BffEnv } from '../deps';
import { field, pageQuerySchema, parseQuery } from '../validation';
import { uuidParam } from './securities-validation';
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

/** The columns of a JSON row, worked out once: the money fields, then the others in the proto's order. */
const ROW_FIELDS: readonly (keyof clients.ClientSummary & string)[] = [
  ...CLIENT_SUMMARY_MONEY_FIELDS,
  ...clients.ClientSummarySchema.fields
    .map((f) => f.localName as keyof clients.ClientSummary & string)
    .filter((name) => !(CLIENT_SUMMARY_MONEY_FIELDS as readonly string[]).includes(name)),
];

/** Money fields left unset on the wire are null in JSON, so every row has every column. */
function toJsonRow(row: clients.ClientSummary) {
  const json: Record<string, unknown> = {};
  for (const field of ROW_FIELDS) json[field] = row[field] ?? null;
  return json;
}

export const clientRoutes = new Hono<BffEnv>()
  .use(authenticate, requireOrganisation)
  .get('/:clientUuid/tax-years', clientTaxYears)
  // The web app polls this for the selected client and refetches its figures when a newer run lands (seed §9).
  .get('/calculation-status/:clientUuid', async (c) => {
    const answer = await c.var.deps.clients.getCalculationStatus(
      { organisationUuid: c.var.organisationUuid, clientUuid: uuidParam(c, 'clientUuid') },
      asCaller(c),
    );
    const body: CalculationStatusAnswer = {
      clientUuid: answer.clientUuid,
      status: answer.status,
      lastCalculatedAt: answer.lastCalculatedAt ?? null,
      ledgerVersion: answer.ledgerVersion ?? null,
      calculationFailures: answer.calculationFailures,
      securities: answer.securities.map((s) => ({
        securityId: s.securityId,
        lastCalculationStatus: s.lastCalculationStatus,
        lastCalculationDateTime: s.lastCalculationDateTime ?? null,
      })),
    };
    return c.json(body);
  })
  .get('/summary', async (c) => {
    const query = parseQuery(c, summaryQuery);
    const answer = await c.var.deps.clients.listClientSummaries(
      { organisationUuid: c.var.organisationUuid, ...query, sort: parseSort(query.sort) },
      asCaller(c),
    );
    return c.json({
      content: answer.content.map(toJsonRow),
      totalSize: answer.totalSize,
    });
  });
