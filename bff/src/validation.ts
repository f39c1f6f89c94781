import type { Context } from 'hono';
import type { z } from 'zod';
import { invalidArgument } from '@gains/errors';

/** Checks a JSON body; the first problem is answered as 400 naming the field and the rule. */
export async function parseBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw invalidArgument('body', 'The request body must be JSON');
  }
  const result = schema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw invalidArgument(issue.path.join('.') || 'body', issue.message);
  }
  return result.data;
}
