import type { Context, Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { bodyLimitOf, type CallDefinition } from '@gains/access';
import { assertCleanText, invalidArgument } from '@gains/errors';
import type { BffEnv } from '../deps';
import { queryValues } from '../validation';

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${Math.round(bytes / 1024)} KB`;

/**
 * What every call's input must be before its route reads it: a body no larger than the call allows
 * (read and counted here, so an oversized one is never held whole) and a query string without NUL
 * bytes or half characters. The routes' schemas (`parseBody`, `parseQuery`) then check each field.
 */
export async function guardInput(c: Context<BffEnv>, call: CallDefinition, next: Next) {
  assertCleanText(queryValues(c));
  const maxSize = bodyLimitOf(call);
  await bodyLimit({
    maxSize,
    onError: () => {
      throw invalidArgument('body', `The request body must be at most ${sizeText(maxSize)}`);
    },
  })(c, next);
}
