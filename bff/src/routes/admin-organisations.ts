import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { invalidArgument } from '@gains/errors';
import type { identity } from '@gains/proto';
import { asCaller } from '../middleware/authenticate';
import { parseBody } from '../validation';
import type { BffEnv } from '../deps';
import { organisationJson } from './organisations';

const idOf = (c: Context<BffEnv>, name = 'id') => {
  const raw = c.req.param(name) ?? '';
  if (!/^\d{1,9}$/.test(raw)) throw invalidArgument(name, `${name} must be a whole number`);
  return Number(raw);
};

const bool = (field: string) => z.boolean({ error: `${field} must be true or false` });
const customerBody = z.object({
  usePriceAgingDays: bool('usePriceAgingDays').default(false),
  oldPriceAgeDays: z
    .number({ error: 'Old price age must be a number' })
    .int('Old price age must be a whole number')
    .nullable()
    .optional(),
  reconcileCost: bool('reconcileCost').default(false),
  holdingVariance: z
    .union([z.string(), z.number()], { error: 'Holding variance must be a number' })
    .nullable()
    .optional(),
  valuationCostVariance: z
    .union([z.string(), z.number()], { error: 'Valuation cost variance must be a number' })
    .nullable()
    .optional(),
  allowClientTypeUpdateViaFeed: bool('allowClientTypeUpdateViaFeed').default(false),
});

/** The organisation body of spec §3 (plus mfaRequired; kept as it is on update when left out). */
const organisationBody = z.object({
  code: z.string({ error: 'Code is required' }).default(''),
  name: z.string({ error: 'Name is required' }).default(''),
  type: z.string({ error: 'Type is required' }).default(''),
  parent: z.number({ error: 'Parent must be an organisation id' }).int().nullable().optional(),
  serviceLevelId: z.number({ error: 'Service level must be a service level id' }).int().nullable().optional(),
  ignoreBfLoss: bool('ignoreBfLoss').default(false),
  notes: z.string({ error: 'Notes must be text' }).nullable().optional(),
  mfaRequired: bool('mfaRequired').optional(),
  customer: customerBody.nullable().optional(),
});

function toRequest(body: z.infer<typeof organisationBody>, id = 0) {
  return {
    id,
    code: body.code,
    name: body.name,
    type: body.type,
    parent: body.parent ?? undefined,
    serviceLevelId: body.serviceLevelId ?? undefined,
    ignoreBfLoss: body.ignoreBfLoss,
    notes: body.notes ?? '',
    mfaRequired: body.mfaRequired,
    customer: body.customer
      ? {
          usePriceAgingDays: body.customer.usePriceAgingDays,
          oldPriceAgeDays: body.customer.oldPriceAgeDays ?? undefined,
          reconcileCost: body.customer.reconcileCost,
          holdingVariance: body.customer.holdingVariance == null ? '' : String(body.customer.holdingVariance),
          valuationCostVariance:
            body.customer.valuationCostVariance == null ? '' : String(body.customer.valuationCostVariance),
          allowClientTypeUpdateViaFeed: body.customer.allowClientTypeUpdateViaFeed,
        }
      : undefined,
  };
}

const searchBody = z.object({
  term: z.string({ error: 'term must be text' }).optional(),
  childOrgTypeCode: z.string({ error: 'childOrgTypeCode must be text' }).optional(),
});

const serviceLevelBody = z.object({
  code: z.string({ error: 'Code is required' }).default(''),
  serviceLevel: z.string({ error: 'Service level is required' }).default(''),
  reportTypeMappings: z
    .array(
      z.object({
        id: z.number().int().optional().nullable(),
        reportTypeId: z.number({ error: 'Report type is required' }).int('Report type is required'),
        generate: bool('generate').default(false),
      }),
      { error: 'reportTypeMappings must be a list' },
    )
    .default([]),
});

function serviceLevelJson(s: identity.ServiceLevel) {
  return {
    id: s.id,
    uuid: s.uuid,
    code: s.code,
    serviceLevel: s.serviceLevel,
    reportTypeMappings: s.reportTypeMappings.map((m) => ({
      id: m.id,
      reportTypeId: m.reportTypeId,
      generate: m.generate,
    })),
  };
}

function toServiceLevelRequest(body: z.infer<typeof serviceLevelBody>, id = 0) {
  return {
    id,
    code: body.code,
    serviceLevel: body.serviceLevel,
    reportTypeMappings: body.reportTypeMappings.map((m) => ({
      id: m.id ?? 0,
      reportTypeId: m.reportTypeId,
      generate: m.generate,
    })),
  };
}

/** Administration of organisations and their service levels (spec §7 Admin organisations). */
export const adminOrganisationRoutes = new Hono<BffEnv>()
  .get('/', async (c) => {
    const { organisations } = await c.var.deps.identity.adminListOrganisations({}, asCaller(c));
    return c.json(organisations.map(organisationJson));
  })
  .get('/types', async (c) => {
    const { types } = await c.var.deps.identity.listOrganisationTypes({}, asCaller(c));
    return c.json(types.map((t) => ({ code: t.code, name: t.name, parentTypeCode: t.parentTypeCode || null })));
  })
  .post('/search', async (c) => {
    // The spec sends the term as a query parameter; a JSON body works too.
    const hasBody = (c.req.header('content-type') ?? '').includes('json');
    const body = hasBody ? await parseBody(c, searchBody) : {};
    const { organisations } = await c.var.deps.identity.searchOrganisations(
      {
        term: body.term ?? c.req.query('term') ?? '',
        childOrgTypeCode: body.childOrgTypeCode ?? c.req.query('childOrgTypeCode') ?? '',
      },
      asCaller(c),
    );
    return c.json(organisations.map(organisationJson));
  })
  .get('/service-levels', async (c) => {
    const { serviceLevels } = await c.var.deps.identity.listServiceLevels({}, asCaller(c));
    return c.json(serviceLevels.map(serviceLevelJson));
  })
  .post('/service-levels', async (c) => {
    const body = await parseBody(c, serviceLevelBody);
    const { serviceLevel } = await c.var.deps.identity.createServiceLevel(toServiceLevelRequest(body), asCaller(c));
    return c.json(serviceLevelJson(serviceLevel!), 201);
  })
  .get('/service-levels/:id', async (c) => {
    const { serviceLevel } = await c.var.deps.identity.getServiceLevel({ id: idOf(c) }, asCaller(c));
    return c.json(serviceLevelJson(serviceLevel!));
  })
  .put('/service-levels/:id', async (c) => {
    const id = idOf(c);
    const body = await parseBody(c, serviceLevelBody);
    const { serviceLevel } = await c.var.deps.identity.updateServiceLevel(toServiceLevelRequest(body, id), asCaller(c));
    return c.json(serviceLevelJson(serviceLevel!));
  })
  .get('/id/:id', async (c) => {
    const { organisation } = await c.var.deps.identity.adminGetOrganisation(
      { key: { case: 'id', value: idOf(c) } },
      asCaller(c),
    );
    return c.json(organisationJson(organisation!));
  })
  .get('/:uuid', async (c) => {
    const { organisation } = await c.var.deps.identity.adminGetOrganisation(
      { key: { case: 'uuid', value: c.req.param('uuid') } },
      asCaller(c),
    );
    return c.json(organisationJson(organisation!));
  })
  .post('/', async (c) => {
    const body = await parseBody(c, organisationBody);
    const { organisation } = await c.var.deps.identity.createOrganisation(toRequest(body), asCaller(c));
    return c.json(organisationJson(organisation!), 201);
  })
  .put('/:id', async (c) => {
    const id = idOf(c);
    const body = await parseBody(c, organisationBody);
    const { organisation } = await c.var.deps.identity.updateOrganisation(toRequest(body, id), asCaller(c));
    return c.json(organisationJson(organisation!));
  });
