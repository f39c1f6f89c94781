import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { toJson } from '@bufbuild/protobuf';
import { taximiser, type clients } from '@gains/proto';
import { clientAddressLines, renderPdf } from '@gains/pdf';
import type { TaximiserPlan, TaximiserPlanBody, TaximiserProposalsBody } from '@gains/contracts';
import { transactionJson } from './ledger-json';
import { tradeListFileName, tradeListPdf } from './trade-list-pdf';
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
  household: field.bool('household').optional(),
  spousePortfolioUuid: field.uuid('spousePortfolioUuid').optional(),
  rebuy: choice('rebuy', ['NONE', 'ISA', 'SPOUSE']).optional(),
  rebuyPortfolioUuid: field.uuid('rebuyPortfolioUuid').optional(),
  isaSubscribed: decimalText('isaSubscribed').optional(),
});
const planBody: Reads<typeof planSchema, TaximiserPlanBody> = planSchema;

const proposalsSchema = z.object({
  portfolioUuid: field.uuid('portfolioUuid'),
  tradeDate: z
    .string({ error: 'tradeDate must be a date as YYYY-MM-DD' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'tradeDate must be a date as YYYY-MM-DD'),
  disposals: z
    .array(
      z.object({
        securityId: field.id('disposals.securityId'),
        quantity: decimalText('disposals.quantity'),
        price: decimalText('disposals.price'),
      }),
      { error: 'disposals must be a list of {securityId, quantity, price}' },
    )
    .min(1, 'disposals must name at least one sale')
    .max(250, 'disposals may name at most 250 sales'),
  rebuys: z
    .array(
      z.object({
        portfolioUuid: field.uuid('rebuys.portfolioUuid'),
        securityId: field.id('rebuys.securityId'),
        quantity: decimalText('rebuys.quantity'),
        price: decimalText('rebuys.price'),
      }),
      { error: 'rebuys must be a list of {portfolioUuid, securityId, quantity, price}' },
    )
    .max(250, 'rebuys may name at most 250 purchases')
    .optional(),
});
const proposalsBody: Reads<typeof proposalsSchema, TaximiserProposalsBody> = proposalsSchema;

/** A plan through the tax engine (which checks the rules and membership), as JSON with every field present. */
async function planOf(c: Context<BffEnv>, body: TaximiserPlanBody): Promise<TaximiserPlan> {
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
      household: body.household ?? false,
      spousePortfolioUuid: body.spousePortfolioUuid ?? '',
      rebuy: body.rebuy ?? '',
      rebuyPortfolioUuid: body.rebuyPortfolioUuid ?? '',
      isaSubscribed: body.isaSubscribed ?? '',
    },
    asCaller(c),
  );
  // Every field present: the spouse, their plan and the ISA are null when there are none.
  const json = toJson(taximiser.PlanResponseSchema, plan, { alwaysEmitImplicit: true }) as {
    spousePlan?: object;
  };
  const spousePlan = json.spousePlan ? { isa: null, ...json.spousePlan } : null;
  return { spouse: null, isa: null, ...json, spousePlan } as TaximiserPlan;
}

/** Where the trade list is posted: the client's primary tax copy address, else a current one, else the first. */
export function addressLines(client: clients.Client): string[] {
  return clientAddressLines(client.addresses);
}

/**
 * The Taximiser (issue 25), served by the tax engine's TaximiserService: the BFF checks the body's shape and passes
 * it on; the engine checks the rules (seed 000 §5), membership, and plans on the client's ledger.
 */
export const taximiserRoutes = new Hono<BffEnv>()
  .post('/plan', async (c) => c.json(await planOf(c, await parseBody(c, planBody))))
  // The plan as the trade list the client signs, a PDF made here from the same plan (the engine's rules and
  // membership), with the firm's name and the client's address read as the caller, within their organisation.
  .post('/trade-list.pdf', async (c) => {
    const body = await parseBody(c, planBody);
    const plan = await planOf(c, body);
    const scope = { organisationUuid: c.var.organisationUuid };
    const [organisation, client, portfolio] = await Promise.all([
      c.var.deps.identity.getOrganisation({ uuid: c.var.organisationUuid }, asCaller(c)),
      c.var.deps.clients.getClient({ ...scope, id: 0, uuid: body.clientUuid }, asCaller(c)),
      c.var.deps.ledger.getPortfolio({ ...scope, uuid: body.portfolioUuid }, asCaller(c)),
    ]);
    const pdf = await renderPdf(
      tradeListPdf({
        firm: organisation.organisation?.name ?? '',
        client: { code: client.code, name: client.name, address: addressLines(client) },
        portfolioCode: portfolio.code,
        plan,
        ...(plan.spouse && plan.spousePlan && { household: { spouse: plan.spouse, plan: plan.spousePlan } }),
      }),
    );
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${tradeListFileName(client.code, plan.tradeDate)}"`,
    });
  })
  // The plan's sales and rebuys as PENDING rows, posted by the ledger all or nothing (a refusal names
  // `transactions.N.<field>`: the sales first, then the rebuys).
  .post('/proposals', async (c) => {
    const body = await parseBody(c, proposalsBody);
    const answer = await c.var.deps.ledger.postTransactions(
      {
        organisationUuid: c.var.organisationUuid,
        portfolioUuid: body.portfolioUuid,
        transactions: [
          ...body.disposals.map((d) => ({ ...d, portfolioUuid: '', type: 'SELL', notes: 'Proposed by the Taximiser' })),
          ...(body.rebuys ?? []).map((r) => ({ ...r, type: 'BUY', notes: 'Proposed by the Taximiser (rebuy)' })),
        ].map((row) => ({
          securityId: row.securityId,
          portfolioUuid: row.portfolioUuid,
          transaction: {
            type: row.type,
            state: 'PENDING',
            tradeDate: body.tradeDate,
            quantity: row.quantity,
            price: row.price,
            expenses: '0',
            currency: 'GBP',
            notes: row.notes,
          },
        })),
      },
      asCaller(c),
    );
    return c.json({ transactions: answer.transactions.map(transactionJson) }, 201);
  });
