import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type RunningPostgres } from './embedded-postgres';
import { migrateSchema } from './migrate';

let postgres: RunningPostgres;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gains-migrate-'));
  postgres = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg') });
});
afterAll(async () => {
  await postgres?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

function writeMigration(migrations: string, name: string, sql: string) {
  fs.mkdirSync(path.join(migrations, name), { recursive: true });
  fs.writeFileSync(path.join(migrations, name, 'migration.sql'), sql);
}

describe('migrations at start', () => {
  it('when run twice, then each migration is applied once, in order, inside the service schema', async () => {
    const migrations = path.join(dir, 'm1');
    writeMigration(migrations, '001_init', 'CREATE TABLE thing (id int primary key);');
    writeMigration(migrations, '002_more', 'INSERT INTO thing VALUES (1);');
    const opts = { connectionString: postgres.connectionString, schema: 'svc_a', migrationsDir: migrations };
    expect(await migrateSchema(opts)).toEqual(['001_init', '002_more']);
    await migrateSchema(opts);
    const client = new pg.Client({ connectionString: postgres.connectionString });
    await client.connect();
    const { rows } = await client.query('SELECT count(*)::int AS n FROM svc_a.thing');
    await client.end();
    expect(rows[0].n).toBe(1);
  });

  it('when an applied migration is edited, then start stops with a message naming it', async () => {
    const migrations = path.join(dir, 'm2');
    writeMigration(migrations, '001_init', 'CREATE TABLE thing (id int);');
    const opts = { connectionString: postgres.connectionString, schema: 'svc_b', migrationsDir: migrations };
    await migrateSchema(opts);
    writeMigration(migrations, '001_init', 'CREATE TABLE thing (id bigint);');
    await expect(migrateSchema(opts)).rejects.toThrow('svc_b/001_init was changed');
  });

  it('when a migration fails, then nothing of it is kept and the error names it', async () => {
    const migrations = path.join(dir, 'm3');
    writeMigration(migrations, '001_bad', 'CREATE TABLE ok_table (id int); SELECT * FROM missing_table;');
    const opts = { connectionString: postgres.connectionString, schema: 'svc_c', migrationsDir: migrations };
    await expect(migrateSchema(opts)).rejects.toThrow('svc_c/001_bad failed');
    const client = new pg.Client({ connectionString: postgres.connectionString });
    await client.connect();
    const { rows } = await client.query("SELECT to_regclass('svc_c.ok_table') AS t");
    await client.end();
    expect(rows[0].t).toBeNull();
  });
});
