import { Hono } from 'hono';
import { asCaller } from '../middleware/authenticate';
import type { BffEnv } from '../deps';

export const userRoutes = new Hono<BffEnv>().get('/', async (c) => {
  const { user } = await c.var.deps.identity.getCurrentUser({}, asCaller(c));
  return c.json({
    uuid: user!.uuid,
    name: user!.name,
    email: user!.email,
    roles: user!.roles,
    organisations: user!.organisationUuids.map((uuid) => ({ uuid })),
  });
});
