import { Hono } from 'hono';
import { z } from 'zod';
import { asCaller } from '../middleware/authenticate';
import type { BffEnv } from '../deps';
import { field, parseBody, parseQuery } from '../validation';
import { changeJson } from './securities-json';
import { rejectBody, uuidParam } from './securities-validation';

/** Static Data Validation: customer admins' proposed changes to shared static data; provider admins decide. */
export const adminStaticDataRoutes = new Hono<BffEnv>()
  .get('/changes', async (c) => {
    const { status } = parseQuery(c, z.object({ status: field.queryText('status', 20) }));
    const { changes } = await c.var.deps.securities.listStaticDataChanges(
      { organisationUuid: c.var.organisationUuid, status },
      asCaller(c),
    );
    return c.json(changes.map(changeJson));
  })
  .post('/changes/:uuid/approve', async (c) => {
    const uuid = uuidParam(c);
    const change = await c.var.deps.securities.approveStaticDataChange(
      { organisationUuid: c.var.organisationUuid, uuid },
      asCaller(c),
    );
    return c.json(changeJson(change));
  })
  .post('/changes/:uuid/reject', async (c) => {
    const uuid = uuidParam(c);
    const { note } = await parseBody(c, rejectBody);
    const change = await c.var.deps.securities.rejectStaticDataChange(
      { organisationUuid: c.var.organisationUuid, uuid, note },
      asCaller(c),
    );
    return c.json(changeJson(change));
  });
