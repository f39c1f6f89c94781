import { Hono } from 'hono';
import type { identity } from '@gains/proto';
import { asCaller, authenticate } from '../middleware/authenticate';
import type { BffEnv } from '../deps';

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
  };
}

export const organisationRoutes = new Hono<BffEnv>()
  .use(authenticate)
  .get('/', async (c) => {
    const { organisations } = await c.var.deps.identity.listOrganisations({}, asCaller(c));
    return c.json(organisations.map(organisationJson));
  })
  .get('/:uuid', async (c) => {
    const { organisation } = await c.var.deps.identity.getOrganisation({ uuid: c.req.param('uuid') }, asCaller(c));
    return c.json(organisationJson(organisation!));
  });
