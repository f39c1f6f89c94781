import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * Applies a service's committed migrations (prisma/migrations/<name>/migration.sql, authored with
 * `prisma migrate diff`) to its own PostgreSQL schema, in name order, each once, under an advisory
 * lock so that replicas starting together do not race. A migration that was edited after it was
 * applied stops the start: the checksum no longer matches.
 */
export async function migrateSchema(options: {
  connectionString: string;
  schema: string;
  migrationsDir: string;
}): Promise<string[]> {
  const { schema } = options;
  const client = new pg.Client({ connectionString: options.connectionString });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [`gains.migrate.${schema}`]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS "${schema}"."_gains_migrations" (
         name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const applied = new Map<string, string>(
      (await client.query(`SELECT name, checksum FROM "${schema}"."_gains_migrations"`)).rows.map((r) => [
        r.name,
        r.checksum,
      ]),
    );
    const names = fs.existsSync(options.migrationsDir)
      ? fs
          .readdirSync(options.migrationsDir)
          .filter((n) => fs.existsSync(path.join(options.migrationsDir, n, 'migration.sql')))
          .sort()
      : [];
    for (const name of names) {
      const sql = fs.readFileSync(path.join(options.migrationsDir, name, 'migration.sql'), 'utf8');
      const checksum = crypto.createHash('sha256').update(sql).digest('hex');
      const known = applied.get(name);
      if (known !== undefined) {
        if (known !== checksum) throw new Error(`Migration ${schema}/${name} was changed after it was applied`);
        continue;
      }
      await client.query('BEGIN');
      try {
        await client.query(`SET LOCAL search_path TO "${schema}"`);
        await client.query(sql);
        await client.query(`INSERT INTO "${schema}"."_gains_migrations"(name, checksum) VALUES ($1, $2)`, [
          name,
          checksum,
        ]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${schema}/${name} failed: ${(error as Error).message}`, { cause: error });
      }
    }
    return names;
  } finally {
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [`gains.migrate.${schema}`]).catch(() => {});
    await client.end();
  }
}
