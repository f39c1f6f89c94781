import type pg from 'pg';

/** Anything that runs a parameterised statement: a pg client, or a Prisma transaction through its raw SQL. */
export interface SqlRunner {
  query(sql: string, params: unknown[]): Promise<unknown>;
}

/** A column of a bulk insert: its PostgreSQL array type, or a constant SQL expression for every row. */
export type BulkColumn =
  { name: string; type: string; expr?: (param: string) => string } | { name: string; sql: string };

/**
 * INSERT ... SELECT FROM unnest($1::type[], ...) in chunks: one statement per chunk whatever its rows, far faster
 * than a statement (or a VALUES tuple of parameters) per row. `rows` are arrays in column order (constant columns
 * take no place in them).
 */
export async function bulkInsert(
  db: pg.PoolClient | pg.Pool | SqlRunner,
  table: string,
  columns: readonly BulkColumn[],
  rows: readonly (readonly unknown[])[],
  chunk = 20_000,
): Promise<void> {
  const params = columns.filter((c): c is Extract<BulkColumn, { type: string }> => 'type' in c);
  const names = params.map((_, i) => `c${i}`);
  let p = 0;
  const select = columns.map((c) => {
    if ('sql' in c) return c.sql;
    const name = names[p++]!;
    return c.expr ? c.expr(name) : name;
  });
  const sql =
    `INSERT INTO ${table} (${columns.map((c) => c.name).join(', ')}) SELECT ${select.join(', ')} ` +
    `FROM unnest(${params.map((c, i) => `$${i + 1}::${c.type}[]`).join(', ')}) AS u(${names.join(', ')})`;
  for (let start = 0; start < rows.length; start += chunk) {
    const part = rows.slice(start, start + chunk);
    await (db as SqlRunner).query(
      sql,
      params.map((_, i) => part.map((r) => r[i] ?? null)),
    );
  }
}

/** A text[] column sent as one string per row (unnest cannot take an array of arrays): '' is empty. */
export const textArray = (separator: string) => (param: string) =>
  `CASE WHEN ${param} = '' THEN '{}'::text[] ELSE string_to_array(${param}, '${separator}') END`;
