import { createMiddleware } from 'hono/factory';
import type { BffEnv } from '../deps';

/**
 * Every request gets an id of ours (answered in X-Request-Id, used in error bodies and sent to the services).
 * An id the client sent is only logged beside it, cut short and printable: a client must not choose the id
 * support looks up, nor write what it likes into a log line.
 */
export const requestIds = createMiddleware<BffEnv>(async (c, next) => {
  const id = crypto.randomUUID();
  c.set('requestId', id);
  const theirs = c.req.header('x-request-id');
  if (theirs) c.set('clientRequestId', theirs.replace(/[^\x21-\x7e]/g, '').slice(0, 64));
  c.header('X-Request-Id', id);
  await next();
});
