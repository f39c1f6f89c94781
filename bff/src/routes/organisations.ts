import { Hono } from 'hono';
import type { identity } from '@gains/proto';
import { asCaller } from '../middleware/authenticate';
import type { BffEnv } from '../deps';

/** An organisation as every call answers it (spec §3 Organisation, plus mfaRequired). */
export function organisationJson(o: identity.Organisation) {
  return {
    uuid: o.uuid,
    id: o.id,
    code: o.code,
    name: o.name,
    type: o.type,
    parent: o.parent ?? null,
    serviceLevelId: o.serviceLevelId ?? null,
    ignoreBfLoss: o.ignoreBfLoss,
    notes: o.notes,
    mfaRequired: o.mfaRequired,
    customer: o.customer
      ? {
          usePriceAgingDays: o.customer.usePriceAgingDays,
          oldPriceAgeDays: o.customer.oldPriceAgeDays ?? null,
          reconcileCost: o.customer.reconcileCost,
          holdingVariance: o.customer.holdingVariance,
          valuationCostVariance: o.customer.valuationCostVariance,
          allowClientTypeUpdateViaFeed: o.customer.allowClientTypeUpdateViaFeed,
        }
      : null,
  };
}

export const organisationRoutes = new Hono<BffEnv>()
  .get('/', async (c) => {
    const { organisations } = await c.var.deps.identity.listOrganisations({}, asCaller(c));
    return c.json(organisations.map(organisationJson));
  })
  .get('/:uuid', async (c) => {
    const { organisation } = await c.var.deps.identity.getOrganisation({ uuid: c.req.param('uuid') }, asCaller(c));
    return c.json(organisationJson(organisation!));
  });
