import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { freePort, startEmbeddedPostgres } from '@gains/db';
import { silentLogger } from '@gains/logging';
import { startEmbeddedSystem } from '@gains/runtime';
import pg from 'pg';

export const ASHW = '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000002';

export type Call = (method: 'GET' | 'POST', url: string, body?: unknown) => Promise<any>;

export const int = (n: number) => Math.round(n).toLocaleString('en-GB');
export const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `--name value` of the bench's arguments, or the fallback. */
export function option(name: string, fallback: string): string {
  const args = process.argv.slice(2);
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] !== undefined ? args[at + 1]! : fallback;
}

/**
 * An embedded Gains with the demo data on a new database in the temp directory, served on loopback, the demo's
 * figures left uncomputed (GAINS_DEMO_RECALCULATE=0) unless `env` says otherwise; `run` gets the base URL, a SQL
 * client on the database and a way to call the BFF as a demo user; everything is stopped and removed after.
 */
export async function withBenchSystem(
  options: { password: string; name: string; env?: Record<string, string> },
  run: (bench: { base: string; db: pg.Client; as(email: string, org?: string): Promise<Call> }) => Promise<void>,
): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `gains-bench-${options.name}-`));
  const postgres = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres') });
  const system = await startEmbeddedSystem({
    connectionString: postgres.connectionString,
    logger: silentLogger(),
    seedDemo: true,
    env: {
      ...process.env,
      GAINS_DEMO_PASSWORD: options.password,
      GAINS_DEMO_PRICE_DAYS: '5',
      GAINS_DEMO_RECALCULATE: '0',
      GAINS_FILES_DIR: path.join(dataDir, 'files'),
      ...options.env,
    },
  });
  const port = await freePort();
  const server = serve({ fetch: system.app.fetch, port, hostname: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}`;
  const db = new pg.Client({ connectionString: postgres.connectionString });
  await db.connect();
  const as = async (email: string, org = ASHW): Promise<Call> => {
    const answer = await fetch(`${base}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: options.password }),
    });
    if (!answer.ok) throw new Error(`sign-in of ${email} answered ${answer.status}`);
    const { accessToken } = (await answer.json()) as { accessToken: string };
    return async (method, url, body) => {
      const response = await fetch(`${base}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${accessToken}`,
          'x-organisation-uuid': org,
          'content-type': 'application/json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (response.status >= 300)
        throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 500)}`);
      return text ? JSON.parse(text) : undefined;
    };
  };
  try {
    await run({ base, db, as });
  } finally {
    await db.end().catch(() => {});
    server.close();
    await system.stop();
    await postgres.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
