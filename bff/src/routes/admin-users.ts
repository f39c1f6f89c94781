import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { invalidArgument } from '@gains/errors';
import type { identity } from '@gains/proto';
import { asCaller, remoteAddress } from '../middleware/authenticate';
import { parseBody } from '../validation';
import type { BffEnv } from '../deps';

export function pageQuery(c: Context<BffEnv>) {
  const number = (name: string, fallback: number, max: number) => {
    const raw = c.req.query(name);
    if (raw === undefined || raw === '') return fallback;
    if (!/^\d{1,6}$/.test(raw) || Number(raw) < 1 || Number(raw) > max) {
      throw invalidArgument(name, `${name} must be a whole number from 1 to ${max}`);
    }
    return Number(raw);
  };
  return { page: number('page', 1, 1_000_000), size: number('size', 10, 100) };
}

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
  email: z.string({ error: 'Email address is required' }).default(''),
  name: z.string({ error: 'Name is required' }).default(''),
  role: z.string({ error: 'Role is required' }).default(''),
  organisationUuids: z.array(z.string(), { error: 'Organisations must be a list' }).default([]),
});

/** Users of Gains: invite, reset MFA, disable and enable (customer admins within their own organisations). */
export const adminUserRoutes = new Hono<BffEnv>()
  .get('/', async (c) => {
    const answer = await c.var.deps.identity.listUsers(
      { ...pageQuery(c), term: c.req.query('term') ?? '' },
      asCaller(c),
    );
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
