import type pg from 'pg';
import { arrayLiteral } from '@gains/db';

/** Anything that runs a parameterised statement: a pg client, or a Prisma transaction through its raw SQL. */
export interface SqlRunner {
  query(sql: string, params: unknown[]): Promise<unknown>;
}

/** A column of a bulk insert: its PostgreSQL array type, or a constant SQL expression for every row. */
export type BulkColumn =
  { name: string; type: string; expr?: (param: string) => string } | { name: string; sql: string };

/**
 * The `SELECT ... FROM unnest($n::type[], ...)` of a bulk insert, its parameters numbered from `first`: one statement
 * per chunk whatever its rows, far faster than a statement (or a VALUES tuple of parameters) per row. `rows` are
 * arrays in column order (constant columns take no place in them).
 */
export function unnestSelect(columns: readonly BulkColumn[], first = 1) {
  const params = columns.filter((c): c is Extract<BulkColumn, { type: string }> => 'type' in c);
  const names = params.map((_, i) => `c${i}`);
  let p = 0;
  const select = columns.map((c) => {
    if ('sql' in c) return c.sql;
    const name = names[p++]!;
    return c.expr ? c.expr(name) : name;
  });
  const from = `unnest(${params.map((c, i) => `$${i + first}::${c.type}[]`).join(', ')}) AS u(${names.join(', ')})`;
  return {
    /** the column list of the INSERT */
    into: columns.map((c) => c.name).join(', '),
    /** each column's expression over the unnest's names, in column order */
    expressions: select,
    from,
    sql: `SELECT ${select.join(', ')} FROM ${from}`,
    /** the parameters of `rows`: one array literal per parameter column */
    values: (rows: readonly (readonly unknown[])[]) => params.map((_, i) => arrayLiteral(rows, i)),
  };
}

/**
 * unnestSelect for the rows at hand, its parameters (`values`) written already: a column that every row gives the
 * same value (a file's currency, state, exchange rate, an empty note) is one scalar parameter rather than an array
 * of copies, which Node would write and PostgreSQL parse once per row. At least one column stays an array, so
 * the unnest still answers a row per row.
 */
export function unnestSelectRows(columns: readonly BulkColumn[], rows: readonly (readonly unknown[])[], first = 1) {
  const params = columns.filter((c): c is Extract<BulkColumn, { type: string }> => 'type' in c);
  const same = params.map((_, i) => rows.length > 1 && rows.every((row) => (row[i] ?? null) === (rows[0]![i] ?? null)));
  if (same.every(Boolean)) same[0] = false;
  const values: unknown[] = [];
  const arrays: string[] = [];
  const names: string[] = [];
  const paramExpr = params.map((c, i) => {
    const n = first + values.length;
    if (same[i]) {
      values.push(rows[0]![i] ?? null);
      return `$${n}::${c.type}`;
    }
    values.push(arrayLiteral(rows, i));
    arrays.push(`$${n}::${c.type}[]`);
    names.push(`c${i}`);
    return `c${i}`;
  });
  let p = 0;
  const expressions = columns.map((c) => {
    if ('sql' in c) return c.sql;
    const param = paramExpr[p++]!;
    return c.expr ? c.expr(param) : param;
  });
  return {
    /** the column list of the INSERT */
    into: columns.map((c) => c.name).join(', '),
    /** each column's expression (over the unnest's names, or a scalar parameter), in column order */
    expressions,
    from: `unnest(${arrays.join(', ')}) AS u(${names.join(', ')})`,
    /** the statement's parameters from `first` on */
    values,
  };
}

/** INSERT ... SELECT FROM unnest(...) (unnestSelect) in chunks of `chunk` rows. */
export async function bulkInsert(
  db: pg.PoolClient | pg.Pool | SqlRunner,
  table: string,
  columns: readonly BulkColumn[],
  rows: readonly (readonly unknown[])[],
  chunk = 20_000,
): Promise<void> {
  const select = unnestSelect(columns);
  const sql = `INSERT INTO ${table} (${select.into}) ${select.sql}`;
  for (let start = 0; start < rows.length; start += chunk) {
    await (db as SqlRunner).query(sql, select.values(rows.slice(start, start + chunk)));
  }
}

/** A text[] column sent as one string per row (unnest cannot take an array of arrays): '' is empty. */
export const textArray = (separator: string) => (param: string) =>
  `CASE WHEN ${param} = '' THEN '{}'::text[] ELSE string_to_array(${param}, '${separator}') END`;
