import pg from 'pg';

/** A pool whose connections see only the service's own schema (and public for extensions). */
export function createSchemaPool(connectionString: string, schema: string, max = 10): pg.Pool {
  return new pg.Pool({ connectionString, max, options: `-c search_path="${schema}",public` });
}
