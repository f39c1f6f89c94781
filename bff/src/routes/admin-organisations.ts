import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { invalidArgument } from '@gains/errors';
import { TERM_MAX_LENGTH } from '@gains/access';
import type { identity } from '@gains/proto';
import { asCaller } from '../middleware/authenticate';
import { field, parseBody, parseQuery } from '../validation';
import type { BffEnv } from '../deps';
import { organisationJson } from './organisations';

const idOf = (c: Context<BffEnv>, name = 'id') => {
  const raw = c.req.param(name) ?? '';
  if (!/^\d{1,9}$/.test(raw)) throw invalidArgument(name, `${name} must be a whole number`);
  return Number(raw);
};

const decimal = (name: string, message: string) =>
  z
    .union([field.optionalText(name, 40), z.number()], { error: message })
    .nullable()
    .optional();

const customerBody = z.object(
  {
    usePriceAgingDays: field.bool('usePriceAgingDays').default(false),
    oldPriceAgeDays: field
      .int32('customer.oldPriceAgeDays', undefined, 'Old price age must be a number')
      .nullable()
      .optional(),
    reconcileCost: field.bool('reconcileCost').default(false),
    holdingVariance: decimal('customer.holdingVariance', 'Holding variance must be a number'),
    valuationCostVariance: decimal('customer.valuationCostVariance', 'Valuation cost variance must be a number'),
    allowClientTypeUpdateViaFeed: field.bool('allowClientTypeUpdateViaFeed').default(false),
  },
  { error: 'customer must be an object' },
);

/** The organisation body of spec §3 (plus mfaRequired; kept as it is on update when left out). */
const organisationBody = z.object({
  code: field.text('code', 20, 'Code is required'),
  name: field.text('name', 200, 'Name is required'),
  type: field.text('type', 20, 'Type is required'),
  parent: field.id('parent', 'Parent must be an organisation id').nullable().optional(),
  serviceLevelId: field.id('serviceLevelId', 'Service level must be a service level id').nullable().optional(),
  ignoreBfLoss: field.bool('ignoreBfLoss').default(false),
  notes: field.optionalText('notes', 2000).nullable().optional(),
  mfaRequired: field.bool('mfaRequired').optional(),
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
  term: field.optionalText('term', TERM_MAX_LENGTH).optional(),
  childOrgTypeCode: field.optionalText('childOrgTypeCode', 20).optional(),
});
const searchQuery = z.object({
  term: field.queryText('term'),
  childOrgTypeCode: field.queryText('childOrgTypeCode', 20),
});

const serviceLevelBody = z.object({
  code: field.text('code', 20, 'Code is required'),
  serviceLevel: field.text('serviceLevel', 200, 'Service level is required'),
  reportTypeMappings: z
    .array(
      z.object(
        {
          id: field.id('id').optional().nullable(),
          reportTypeId: field.id('reportTypeId', 'Report type is required'),
          generate: field.bool('generate').default(false),
        },
        { error: 'Each report type mapping must be an object' },
      ),
      { error: 'reportTypeMappings must be a list' },
    )
    .max(1000, 'At most 1000 report type mappings')
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
    const query = parseQuery(c, searchQuery);
    const { organisations } = await c.var.deps.identity.searchOrganisations(
      { term: body.term ?? query.term, childOrgTypeCode: body.childOrgTypeCode ?? query.childOrgTypeCode },
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
