import pg from 'pg';

/**
 * A pool whose connections see only the service's own schema (and public for extensions).
 * An idle connection the server drops (restart, failover) is logged and replaced, not fatal; one
 * dropped while the pool itself is being closed (at shutdown) is expected and not reported.
 */
export function createSchemaPool(
  connectionString: string,
  schema: string,
  max = 10,
  onIdleError: (error: Error) => void = (error) =>
    console.error(`[${schema}] idle database connection lost: ${error.message}`),
): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, options: `-c search_path="${schema}",public` });
  pool.on('error', (error) => {
    if (!pool.ending) onIdleError(error);
  });
  return pool;
}
