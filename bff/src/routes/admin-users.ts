import { Hono } from 'hono';
import { z } from 'zod';
import type { identity } from '@gains/proto';
import { asCaller, remoteAddress } from '../middleware/authenticate';
import { field, pageQuerySchema, parseBody, parseQuery } from '../validation';
import type { BffEnv } from '../deps';

const listQuery = pageQuerySchema().extend({ term: field.queryText('term') });

function userJson(u: identity.UserSummary) {
  return {
    uuid: u.uuid,
    email: u.email,
    name: u.name,
    roles: u.roles,
    organisationUuids: u.organisationUuids,
    status: u.status,
    mfaEnabled: u.mfaEnabled,
    createdAt: u.createdAt,
  };
}

const inviteBody = z.object({
  email: field.email(),
  name: field.text('name', 200, 'Name is required'),
  role: field.text('role', 50, 'Role is required'),
  organisationUuids: z
    .array(field.uuid('Each organisation'), { error: 'Organisations must be a list' })
    .max(100, 'At most 100 organisations at once')
    .default([]),
});

/** Users of Gains: invite, reset MFA, disable and enable (customer admins within their own organisations). */
export const adminUserRoutes = new Hono<BffEnv>()
  .get('/', async (c) => {
    const answer = await c.var.deps.identity.listUsers(parseQuery(c, listQuery), asCaller(c));
    return c.json({ content: answer.content.map(userJson), totalSize: answer.totalSize });
  })
  .post('/', async (c) => {
    const body = await parseBody(c, inviteBody);
    const { user } = await c.var.deps.identity.inviteUser({ ...body, remoteAddress: remoteAddress(c) }, asCaller(c));
    return c.json(userJson(user!), 201);
  })
  .post('/:uuid/reset-mfa', async (c) => {
    const { user } = await c.var.deps.identity.resetUserMfa(
      { uuid: c.req.param('uuid'), remoteAddress: remoteAddress(c) },
      asCaller(c),
    );
    return c.json(userJson(user!));
  })
  .post('/:uuid/disable', async (c) => {
    const { user } = await c.var.deps.identity.setUserDisabled(
      { uuid: c.req.param('uuid'), disabled: true, remoteAddress: remoteAddress(c) },
      asCaller(c),
    );
    return c.json(userJson(user!));
  })
  .post('/:uuid/enable', async (c) => {
    const { user } = await c.var.deps.identity.setUserDisabled(
      { uuid: c.req.param('uuid'), disabled: false, remoteAddress: remoteAddress(c) },
      asCaller(c),
    );
    return c.json(userJson(user!));
  });
