import { ConnectError } from '@connectrpc/connect';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DomainError, errorBody, httpErrorFrom, toConnectError } from '@gains/errors';
import type { BffEnv } from './deps';

/** The one error answer: the spec's body with the request id, so support can find the log line. */
export function onError(error: Error, c: Context<BffEnv>) {
  const id = c.get('requestId') ?? crypto.randomUUID();
  if (error instanceof HTTPException) {
    return c.json(errorBody(error.message, id), error.status);
  }
  const { status, message, field } = httpErrorFrom(
    error instanceof DomainError
      ? toConnectError(error)
      : error instanceof ConnectError
        ? error
        : toConnectError(error),
  );
  const log = c.get('deps')?.logger;
  if (status >= 500) log?.error({ err: error, requestId: id, path: c.req.path }, 'request failed');
  return c.json(errorBody(message, id, field), status as ContentfulStatusCode);
}
