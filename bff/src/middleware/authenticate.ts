import { createMiddleware } from 'hono/factory';
import { assertMember } from '@gains/auth';
import { unauthenticated } from '@gains/errors';
import type { BffEnv } from '../deps';

/** Every route but sign-in needs a valid bearer token. */
export const authenticate = createMiddleware<BffEnv>(async (c, next) => {
  const header = c.req.header('authorization');
  if (!header?.startsWith('Bearer ')) throw unauthenticated('Please sign in');
  c.set('caller', await c.var.deps.verifyToken(header.slice('Bearer '.length)));
  await next();
});

/** Calls under an organisation name it in X-Organisation-Uuid; the caller must belong to it. */
export const requireOrganisation = createMiddleware<BffEnv>(async (c, next) => {
  const organisationUuid = c.req.header('x-organisation-uuid') ?? '';
  assertMember(c.var.caller, organisationUuid);
  c.set('organisationUuid', organisationUuid);
  await next();
});

/** Options for a Connect call made on behalf of the caller. */
export function asCaller(c: { var: BffEnv['Variables'] }) {
  return { headers: { authorization: `Bearer ${c.var.caller.token}`, 'x-request-id': c.var.requestId } };
}
