import type { Context } from 'hono';
import { z } from 'zod';
import { AUTH_MESSAGES, EMAIL_MAX_LENGTH, INT32_MAX, isUuid, PAGE_MAX, TERM_MAX_LENGTH } from '@gains/access';
import { assertCleanText, invalidArgument } from '@gains/errors';

/**
 * The edge's checks, shared by every route: a body or query is refused with 400 naming the field and
 * the rule before anything reaches a service. Text never holds a NUL byte or half a character, numbers fit the int32 the
 * wire and the database carry, uuids are uuids and text is bounded. The services check again.
 */

function firstProblem(error: z.ZodError, fallback: string): never {
  const issue = error.issues[0]!;
  throw invalidArgument(issue.path.join('.') || fallback, issue.message);
}

/**
 * A body schema that reads every body of the contract's type (@gains/contracts): declare a route's schema as
 * `const body: Reads<typeof schema, ContractBody> = schema` and the compiler fails when the two part.
 */
export type Reads<S extends z.ZodType, Body> =
  Body extends z.input<S> ? (KeysRead<z.input<S>, Body> extends true ? S : never) : never;

/** True when every key of the body, at every depth, is one the schema reads (a type match alone allows extra keys). */
type KeysRead<In, Body> = Body extends readonly unknown[]
  ? true
  : string extends keyof Body // a map's keys are data
    ? true
    : Body extends object
      ? [Exclude<keyof Body, keyof In>] extends [never]
        ? { [K in keyof Body & keyof In]-?: KeysRead<NonNullable<In[K]>, NonNullable<Body[K]>> }[keyof Body &
            keyof In] extends true
          ? true
          : false
        : false
      : true;

/** Checks a JSON body; the first problem is answered as 400 naming the field and the rule. */
export async function parseBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw invalidArgument('body', 'The request body must be JSON');
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw invalidArgument('body', 'The request body must be a JSON object');
  }
  assertCleanText(raw);
  const result = schema.safeParse(raw);
  if (!result.success) firstProblem(result.error, 'body');
  return result.data;
}

/** The query string's parameters: a string each, or a list of strings when one is repeated. */
export function queryValues(c: Context): Record<string, string | string[]> {
  return Object.fromEntries(
    Object.entries(c.req.queries()).map(([name, values]) => [name, values.length === 1 ? values[0]! : values]),
  );
}

/**
 * Checks the query string: each parameter is a string, or a list of strings when it is repeated
 * (`sort=a&sort=b`); parameters the schema does not name are ignored.
 */
export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const raw = queryValues(c);
  assertCleanText(raw);
  const result = schema.safeParse(raw);
  if (!result.success) firstProblem(result.error, 'query');
  return result.data;
}

const uuidMessage = (name: string) => `${name} must be a uuid (8-4-4-4-12 hexadecimal digits)`;

/** The building blocks of the routes' schemas: each names its field in its messages. */
export const field = {
  /** Text of at most `max` characters; '' when left out (the services then say what is required). */
  text(name: string, max: number, typeMessage = `${name} must be text`) {
    return z.string({ error: typeMessage }).max(max, `${name} must be at most ${max} characters`).default('');
  },
  /** Optional text of at most `max` characters. */
  optionalText(name: string, max: number) {
    return z.string({ error: `${name} must be text` }).max(max, `${name} must be at most ${max} characters`);
  },
  /** An email address: at most 254 characters (the services check the rest). */
  email(typeMessage: string = AUTH_MESSAGES.emailRequired) {
    return z.string({ error: typeMessage }).max(EMAIL_MAX_LENGTH, AUTH_MESSAGES.emailTooLong).default('');
  },
  /** A whole number of an int32 field, from `min`. */
  int32(name: string, min = -INT32_MAX - 1, typeMessage = `${name} must be a whole number`) {
    return z
      .number({ error: typeMessage })
      .int(`${name} must be a whole number`)
      .min(min, `${name} must be a whole number from ${min} to ${INT32_MAX}`)
      .max(INT32_MAX, `${name} must be a whole number from ${min} to ${INT32_MAX}`);
  },
  /** The id of a stored row: a whole number from 1 to 2147483647. */
  id(name: string, typeMessage?: string) {
    return field.int32(name, 1, typeMessage);
  },
  uuid(name: string) {
    return z.string({ error: `${name} must be a uuid` }).refine(isUuid, uuidMessage(name));
  },
  bool(name: string) {
    return z.boolean({ error: `${name} must be true or false` });
  },
  /** A whole number from the query string, from 1 to `max`; `fallback` when left out or empty. */
  queryNumber(name: string, fallback: number, max: number) {
    return z
      .string({ error: `${name} must be given once` })
      .optional()
      .transform((raw, ctx) => {
        if (raw === undefined || raw === '') return fallback;
        const value = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
        if (!(value >= 1 && value <= max)) {
          ctx.addIssue({ code: 'custom', message: `${name} must be a whole number from 1 to ${max}` });
          return z.NEVER;
        }
        return value;
      });
  },
  /** A uuid in the query string; '' when left out. */
  queryUuid(name: string) {
    return field.queryText(name, 36).refine((v) => v === '' || isUuid(v), uuidMessage(name));
  },
  /** A query parameter given at most once, of at most `max` characters; '' when left out. */
  queryText(name: string, max = TERM_MAX_LENGTH) {
    return z
      .string({ error: `${name} must be given once` })
      .max(max, `${name} must be at most ${max} characters`)
      .default('');
  },
};

/** `page` (1 to 1,000,000) and `size` (1 to `maxSize`) of a paged list. */
export function pageQuerySchema(maxSize = 100) {
  return z.object({ page: field.queryNumber('page', 1, PAGE_MAX), size: field.queryNumber('size', 10, maxSize) });
}
