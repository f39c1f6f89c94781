import { Hono } from 'hono';
import { z } from 'zod';
import { toJson } from '@bufbuild/protobuf';
import { taximiser } from '@gains/proto';
import type { TaximiserPlan, TaximiserPlanBody } from '@gains/contracts';
import { asCaller } from '../middleware/authenticate';
import type { BffEnv } from '../deps';
import { field, parseBody, type Reads } from '../validation';

/** A decimal figure as text (exact: a JSON number would have passed through a binary float). */
const decimalText = (name: string) =>
  z
    .string({ error: `${name} must be a decimal number written as text, such as "2500.00"` })
    .max(40, `${name} must be at most 40 characters`);
const choice = <T extends string>(name: string, values: readonly [T, ...T[]]) =>
  z.enum(values, { error: `${name} must be one of ${values.join(', ')}` });

const planSchema = z.object({
  clientUuid: field.uuid('clientUuid'),
  portfolioUuid: field.uuid('portfolioUuid'),
  action: choice('action', [
    'RAISE_PROCEEDS',
    'HARVEST_ANNUAL_EXEMPTION',
    'REALISE_BUDGET_AMOUNT',
    'REALISE_BUDGET_PERCENT',
    'DISPOSE_PERCENTAGE',
  ]).optional(),
  amount: decimalText('amount').optional(),
  percent: decimalText('percent').optional(),
  include: choice('include', ['NONE', 'LEAST_GAINS', 'GREATEST_GAINS', 'PERCENT_OF_ALL']).optional(),
  includePercent: decimalText('includePercent').optional(),
  exclude: choice('exclude', ['NONE', 'EXEMPT', 'INCOME', 'EXEMPT_AND_INCOME', 'S104']).optional(),
  prices: z
    .record(
      z.string().regex(/^[1-9]\d{0,9}$/, 'prices must be keyed by security id, a whole number above 0'),
      decimalText('prices'),
      { error: 'prices must be an object of security id to price per share' },
    )
    .optional(),
  quantities: z
    .array(
      z.object({
        securityId: field.id('quantities.securityId'),
        quantity: decimalText('quantities.quantity'),
      }),
      { error: 'quantities must be a list of {securityId, quantity}' },
    )
    .max(5_000, 'quantities may name at most 5000 holdings')
    .optional(),
});
const planBody: Reads<typeof planSchema, TaximiserPlanBody> = planSchema;

/**
 * The Taximiser (issue 25), served by the tax engine's TaximiserService: the BFF checks the body's shape and passes
 * it on; the engine checks the rules (seed 000 §5), membership, and plans on the client's ledger.
 */
export const taximiserRoutes = new Hono<BffEnv>().post('/plan', async (c) => {
  const body = await parseBody(c, planBody);
  const plan = await c.var.deps.taximiser.plan(
    {
      organisationUuid: c.var.organisationUuid,
      clientUuid: body.clientUuid,
      portfolioUuid: body.portfolioUuid,
      action: body.action ?? '',
      amount: body.amount ?? '',
      percent: body.percent ?? '',
      include: body.include ?? '',
      includePercent: body.includePercent ?? '',
      exclude: body.exclude ?? '',
      prices: Object.fromEntries(Object.entries(body.prices ?? {}).map(([id, price]) => [Number(id), price])),
      quantities: body.quantities ?? [],
    },
    asCaller(c),
  );
  return c.json(toJson(taximiser.PlanResponseSchema, plan, { alwaysEmitImplicit: true }) as unknown as TaximiserPlan);
});
