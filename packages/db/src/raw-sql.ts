import pg from 'pg';
import { inTransaction } from './transaction';

/**
 * Prisma's raw-SQL calls (`$queryRaw` / `$executeRaw` tagged templates) over a plain `pg` client or pool. A store
 * on a hot path (a firm's recalculation reads and writes millions of rows) runs its SQL through this rather than
 * Prisma: the same statements, without Prisma's query compiler and its conversion of every row and parameter,
 * which took a third of the event loop there.
 *
 * Parameters: a `Prisma.sql` or `Prisma.raw` fragment is inlined (anything with `strings` and `values`); an array
 * of strings, numbers, bigints or booleans is sent as one PostgreSQL array literal (cast it in the SQL); a bigint
 * as its digits. Results as Prisma gives them for the types these stores read: int8 as bigint, numeric as text
 * (the stores cast figures to text anyway), dates and timestamps as pg gives them.
 */
export interface RawSql {
  $queryRaw<T = unknown>(strings: TemplateStringsArray, ...values: unknown[]): Promise<T>;
  $executeRaw(strings: TemplateStringsArray, ...values: unknown[]): Promise<number>;
}

/** A raw-SQL fragment as Prisma makes them: the text around each value. */
interface Fragment {
  strings: readonly string[];
  values: readonly unknown[];
}

const isFragment = (value: unknown): value is Fragment =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as Fragment).strings) &&
  Array.isArray((value as Fragment).values);

/** The tagged template as one statement: its text with $1, $2, ... and their parameters. */
export function compileSql(
  strings: readonly string[],
  values: readonly unknown[],
): { text: string; params: unknown[] } {
  const params: unknown[] = [];
  let text = '';
  const walk = (parts: readonly string[], vals: readonly unknown[]) => {
    text += parts[0];
    for (let i = 0; i < vals.length; i++) {
      const value = vals[i];
      if (isFragment(value)) walk(value.strings, value.values);
      else {
        params.push(toParam(value));
        text += `$${params.length}`;
      }
      text += parts[i + 1];
    }
  };
  walk(strings, values);
  return { text, params };
}

function toParam(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return listLiteral(value);
  return value;
}

// Characters that make an array element need quotes (also an empty element, or one spelled NULL).
const NEEDS_QUOTES = /[",\\{}\s]/;
const ESCAPES = /["\\]/g;

/**
 * Column `i` of `rows` as a PostgreSQL array literal ('{a,"b c",NULL}'), written here in one pass: pg's own
 * serialiser escapes every element through several calls, a measurable part of sending 100,000 values. An element
 * that is not a string, number, bigint or boolean leaves the column to pg.
 */
export function arrayLiteral(rows: readonly (readonly unknown[])[], i: number): string | unknown[] {
  return literalOf(rows.length, (r) => rows[r]![i]);
}

/** A list of values as a PostgreSQL array literal, as arrayLiteral writes a column. */
export function listLiteral(values: readonly unknown[]): string | unknown[] {
  return literalOf(values.length, (r) => values[r]);
}

function literalOf(n: number, at: (r: number) => unknown): string | unknown[] {
  const parts = new Array<string>(n);
  for (let r = 0; r < n; r++) {
    const v = at(r);
    if (v === null || v === undefined) parts[r] = 'NULL';
    else if (typeof v === 'string') {
      parts[r] =
        v === '' || NEEDS_QUOTES.test(v) || (v.length === 4 && v.toUpperCase() === 'NULL')
          ? `"${v.replace(ESCAPES, '\\$&')}"`
          : v;
    } else if (typeof v === 'number' || typeof v === 'bigint') parts[r] = String(v);
    else if (typeof v === 'boolean') parts[r] = v ? 't' : 'f';
    else return Array.from({ length: n }, (_, r) => at(r) ?? null);
  }
  return `{${parts.join(',')}}`;
}

const INT8 = 20;
const NUMERIC = 1700;
/** int8 as bigint and numeric as text, as Prisma's raw queries answer them. */
const TYPES = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8) return (text: string) => BigInt(text);
    if (oid === NUMERIC) return (text: string) => text;
    return pg.types.getTypeParser(oid, format);
  },
};

/** `$queryRaw` and `$executeRaw` on a pg client (in its transaction, if it is in one) or pool. */
export function rawSql(db: pg.ClientBase | pg.Pool): RawSql {
  const run = (strings: readonly string[], values: readonly unknown[]) => {
    const { text, params } = compileSql(strings, values);
    return db.query({ text, values: params, types: TYPES } as pg.QueryConfig);
  };
  return {
    async $queryRaw<T>(strings: TemplateStringsArray, ...values: unknown[]) {
      return (await run(strings, values)).rows as T;
    },
    async $executeRaw(strings: TemplateStringsArray, ...values: unknown[]) {
      return (await run(strings, values)).rowCount ?? 0;
    },
  };
}

/** Runs `work` in a transaction of its own on one of the pool's connections, with rawSql over it. */
export function inRawTransaction<T>(pool: pg.Pool, work: (tx: RawSql & { client: pg.PoolClient }) => Promise<T>) {
  return inTransaction(pool, (client) => work({ ...rawSql(client), client }));
}
