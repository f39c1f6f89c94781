import { createMiddleware } from 'hono/factory';
import { canCall, matchCall } from '@gains/access';
import { notFound, permissionDenied } from '@gains/errors';
import type { BffEnv } from '../deps';
import { authenticate, requireOrganisation } from './authenticate';
import { guardInput } from './guard-input';

/**
 * Every /api request is checked against the one calls table (@gains/access calls.ts): a call not in
 * the table does not exist; a non-public call needs a signed-in user whose first role is allowed,
 * and, when it acts within an organisation, membership of the one named by X-Organisation-Uuid.
 * Then the input is guarded: the body within the call's size, no NUL byte in the query string.
 */
export const enforceCalls = createMiddleware<BffEnv>(async (c, next) => {
  const path = c.req.path.replace(/^\/api(?=\/)/, '');
  const found = matchCall(c.req.method, path);
  if (!found) throw notFound('This API route');
  const { call } = found;
  if (call.roles === 'PUBLIC') {
    await guardInput(c, call, next);
    return;
  }
  await authenticate(c, async () => {
    if (!canCall(c.var.caller.roles, call)) throw permissionDenied('You do not have permission to do this');
    if (call.organisation) await requireOrganisation(c, () => guardInput(c, call, next));
    else await guardInput(c, call, next);
  });
});
