import { Hono } from 'hono';
import { asCaller } from '../middleware/authenticate';
import type { BffEnv } from '../deps';
import { field, pageQuerySchema, parseQuery } from '../validation';

const auditQuery = pageQuerySchema().extend({
  userUuid: field.queryUuid('userUuid'),
});

/** The identity audit log, newest first (super admins). */
export const adminAuditRoutes = new Hono<BffEnv>().get('/', async (c) => {
  const answer = await c.var.deps.identity.listAuditEntries(parseQuery(c, auditQuery), asCaller(c));
  return c.json({
    content: answer.content.map((e) => ({
      id: e.id,
      at: e.at,
      userUuid: e.userUuid || null,
      email: e.email || null,
      action: e.action,
      outcome: e.outcome,
      remoteAddress: e.remoteAddress,
      detail: e.detail,
    })),
    totalSize: answer.totalSize,
  });
});
