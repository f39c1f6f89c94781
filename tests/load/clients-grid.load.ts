/**
 * The k6 journey of tests/load/k6/clients-grid.js driven with autocannon (k6 does not install on
 * these machines): starts Gains embedded on a free port with a fresh database (or uses BASE_URL),
 * signs in, then loads the clients grid with the same queries for a bounded time, and prints
 * requests per second and latency percentiles. `pnpm load [--seconds 10] [--connections 20]`
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { freePort, startEmbeddedPostgres } from '@gains/db';
import { silentLogger } from '@gains/logging';
import { startEmbeddedSystem } from '@gains/runtime';

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const seconds = Math.min(flag('seconds', 10), 60);
const connections = Math.min(flag('connections', 20), 200);
const PASSWORD = process.env.PASSWORD ?? 'Load-test-pass1!';
const ASHWORTH = '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000002';
const QUERIES = [
  'page=1&size=10',
  'page=7&size=25&sort=marketValuation,desc',
  'page=1&size=50&term=smith',
  'page=2&size=100&filter=live&sort=name,asc',
];

let base = process.env.BASE_URL ?? '';
let stop = async () => {};
if (!base) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gains-load-'));
  const postgres = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg') });
  const system = await startEmbeddedSystem({
    connectionString: postgres.connectionString,
    logger: silentLogger(),
    seedDemo: true,
    env: { ...process.env, GAINS_DEMO_PASSWORD: PASSWORD },
  });
  const port = await freePort();
  const server = serve({ fetch: system.app.fetch, port, hostname: '127.0.0.1' });
  base = `http://127.0.0.1:${port}`;
  stop = async () => {
    server.close();
    await system.stop();
    await postgres.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

const signIn = await fetch(`${base}/api/auth/sign-in`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'manager@gains.example', password: PASSWORD }),
});
const { accessToken } = (await signIn.json()) as { accessToken: string };
const headers = { authorization: `Bearer ${accessToken}`, 'x-organisation-uuid': ASHWORTH };

const result = await autocannon({
  url: base,
  connections,
  duration: seconds,
  requests: QUERIES.map((q) => ({ method: 'GET' as const, path: `/api/clients/summary?${q}`, headers })),
});
console.log(`clients grid: ${connections} connections for ${seconds} s against ${base}`);
console.log(`  requests/s  mean ${result.requests.average.toFixed(0)}, total ${result.requests.total}`);
console.log(
  `  latency ms  p50 ${result.latency.p50}  p90 ${result.latency.p90}  p99 ${result.latency.p99}  max ${result.latency.max}`,
);
console.log(`  non-2xx     ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}`);
await stop();
