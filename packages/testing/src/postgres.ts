import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres, type RunningPostgres } from '@gains/db';

/**
 * A real PostgreSQL for one test file: a fresh cluster in a temporary folder, removed afterwards.
 * Set GAINS_TEST_DATABASE_URL to use a server you already run instead (each file then gets its
 * own database).
 */
export async function startTestPostgres(): Promise<RunningPostgres> {
  const external = process.env.GAINS_TEST_DATABASE_URL;
  if (external) {
    const { default: pg } = await import('pg');
    const database = `gains_test_${process.pid}_${Math.floor(performance.now())}`;
    const admin = new pg.Client({ connectionString: external });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${database}"`);
    await admin.end();
    const url = new URL(external);
    url.pathname = `/${database}`;
    return { connectionString: url.toString(), port: Number(url.port), stop: async () => {} };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gains-test-pg-'));
  const running = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg') });
  return {
    ...running,
    async stop() {
      await running.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
