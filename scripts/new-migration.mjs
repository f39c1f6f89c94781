// Authors a migration for one service: `node scripts/new-migration.mjs <service> <name>`.
// Diffs the datamodel snapshot kept with the newest migration against the current Prisma schema
// and writes prisma/migrations/<timestamp>_<name>/migration.sql plus a new snapshot (nothing if no
// change). Prisma's CLI with a driver adapter cannot diff from a live database, and it still wants
// a reachable one, hence the scratch PostgreSQL.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const [service, name] = process.argv.slice(2);
if (!service || !name) {
  console.error('usage: node scripts/new-migration.mjs <service> <name>');
  process.exit(2);
}
const root = path.resolve(import.meta.dirname, '..');
const dir = path.join(root, 'services', service);
const schema = service.replace(/-/g, '_');
const { startEmbeddedPostgres } = await import('./migration-support.ts');
const pg = await startEmbeddedPostgres({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'gains-mig-')) + '/pg' });
try {
  const migrationsDir = path.join(dir, 'prisma', 'migrations');
  const previous = fs.existsSync(migrationsDir)
    ? fs
        .readdirSync(migrationsDir)
        .filter((n) => fs.existsSync(path.join(migrationsDir, n, 'snapshot')))
        .sort()
        .at(-1)
    : undefined;
  // Snapshots are kept as *.prisma.snapshot: Prisma would read *.prisma files under prisma/ as schema.
  let from = ['--from-empty'];
  if (previous) {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'gains-snap-'));
    for (const file of fs.readdirSync(path.join(migrationsDir, previous, 'snapshot'))) {
      fs.copyFileSync(
        path.join(migrationsDir, previous, 'snapshot', file),
        path.join(scratch, file.replace(/\.snapshot$/, '')),
      );
    }
    from = ['--from-schema-datamodel', scratch];
  }
  const url = `${pg.connectionString}?schema=${schema}`;
  const sql = execFileSync(
    path.join(root, 'node_modules/.bin/prisma'),
    ['migrate', 'diff', ...from, '--to-schema-datamodel', 'prisma', '--script'],
    {
      cwd: dir,
      env: {
        ...process.env,
        DATABASE_URL: url,
        CHECKPOINT_DISABLE: '1',
        PRISMA_QUERY_ENGINE_LIBRARY: path.join(root, 'node_modules/.cache/gains/no-query-engine.so.node'),
      },
    },
  ).toString();
  const body = sql
    .split('\n')
    .filter((l) => !/CREATE SCHEMA IF NOT EXISTS "public"/.test(l) && !/_gains_migrations/.test(l))
    .join('\n');
  if (!/CREATE|ALTER|DROP/.test(body)) {
    console.log('no changes');
  } else {
    const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
    const out = path.join(migrationsDir, `${stamp}_${name}`);
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, 'migration.sql'), body.trim() + '\n');
    fs.mkdirSync(path.join(out, 'snapshot'));
    for (const file of fs.readdirSync(path.join(dir, 'prisma')).filter((f) => f.endsWith('.prisma'))) {
      fs.copyFileSync(path.join(dir, 'prisma', file), path.join(out, 'snapshot', `${file}.snapshot`));
    }
    console.log(`wrote ${path.relative(root, out)}/migration.sql`);
  }
} finally {
  await pg.stop();
}
