/**
 * The ledger API's speed on the large demo firm (100,000 clients, 150,000 portfolios, 2,000,000 transactions),
 * through the BFF over HTTP with a signed-in manager's token, one request at a time: the clients grid (first page,
 * a deep page, a search, every sortable column), a client's portfolios, the first page of a 2,000-transaction
 * holding's transactions, and posting a transaction. Prints p50 and p95 per case against the targets (reads
 * 50 ms, the post 100 ms).
 *
 * pnpm bench ledger-api [--requests 50]
 *
 * Runs against BASE_URL when set (a Gains started with `pnpm start -- --large`; PASSWORD if not the demo's);
 * else starts an embedded Gains on a kept database in GAINS_BENCH_DATA_DIR (default: the temp directory's
 * gains-bench-large), seeding the large firm at its first run (some minutes), reusing it after.
 */
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { freePort, startEmbeddedPostgres } from '@gains/db';
import { silentLogger } from '@gains/logging';
import { startEmbeddedSystem } from '@gains/runtime';

/** DEMO_LARGE_ORGANISATION of @gains/service-kit, and the demo users' password. */
const LARGE_FIRM = { uuid: '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000005', name: 'Larchmont Wealth (large demo)' };
const DEFAULT_DEMO_PASSWORD = 'Gains-demo-2026!';

const args = process.argv.slice(2);
const at = args.indexOf('--requests');
const REQUESTS = Math.min(at >= 0 ? Number(args[at + 1]) : 50, 500);
const WARM_UP = 5;
const READ_TARGET_MS = 50;
const POST_TARGET_MS = 100;

const target = await startTarget();
const signIn = await fetch(`${target.base}/api/auth/sign-in`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'manager@gains.example', password: target.password }),
});
if (!signIn.ok) throw new Error(`sign-in at ${target.base} answered ${signIn.status}`);
const { accessToken } = (await signIn.json()) as { accessToken: string };
const headers = {
  authorization: `Bearer ${accessToken}`,
  'x-organisation-uuid': LARGE_FIRM.uuid,
  'content-type': 'application/json',
};

async function call(method: 'GET' | 'POST', url: string, body?: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(`${target.base}${url}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(typeof body === 'function' ? body() : body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

interface Case {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  /** A value, or a function giving each request its own body. */
  body?: unknown;
  target: number;
}

/** Times `REQUESTS` requests of a case after a warm-up; answers p50/p95 in ms, or why it could not. */
async function measure(c: Case): Promise<string> {
  const times: number[] = [];
  for (let i = 0; i < WARM_UP + REQUESTS; i++) {
    const started = performance.now();
    const answer = await call(c.method, c.url, c.body);
    const ms = performance.now() - started;
    if (answer.status >= 300) return `answered ${answer.status}: ${JSON.stringify(answer.json).slice(0, 120)}`;
    if (i >= WARM_UP) times.push(ms);
  }
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!;
  const [p50, p95] = [pct(50), pct(95)];
  return `p50 ${p50.toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  ${p95 < c.target ? 'met' : 'NOT met'} (p95 < ${c.target} ms)`;
}

const grid = '/api/clients/summary';
const first = await call('GET', `${grid}?page=1&size=25`);
if (first.status !== 200) throw new Error(`the clients grid answered ${first.status}`);
console.log(
  `ledger API on ${LARGE_FIRM.name}: ${first.json.totalSize.toLocaleString('en-GB')} clients, ` +
    `${REQUESTS} requests a case after ${WARM_UP} to warm up, one at a time; load ${os.loadavg()[0]!.toFixed(1)}`,
);
const columns = Object.keys(first.json.content[0]).filter((k) => k !== 'uuid');
const client = (await call('GET', `${grid}?page=1&size=10&term=LRG000001`)).json.content[0];
const neighbour = (await call('GET', `${grid}?page=1&size=10&term=LRG000002`)).json.content[0];
const portfolios = await call('POST', '/api/portfolios/summary', { ids: [client.uuid] });
const neighbourPortfolios = await call('POST', '/api/portfolios/summary', { ids: [neighbour.uuid] });
const portfolio = portfolios.json?.[0];
const postTo = neighbourPortfolios.json?.[0];
const holdings = postTo
  ? await call('POST', '/api/holdings/summary', { portfolioUuid: postTo.uuid, clientUuid: neighbour.uuid })
  : undefined;
const postSecurity = holdings?.json?.find?.((h: { quantity: string }) => Number(h.quantity) > 0)?.securityId;

const cases: Case[] = [
  { name: 'clients grid, first page', method: 'GET', url: `${grid}?page=1&size=25`, target: READ_TARGET_MS },
  { name: 'clients grid, page 3,000', method: 'GET', url: `${grid}?page=3000&size=25`, target: READ_TARGET_MS },
  {
    name: 'clients grid, search "smith"',
    method: 'GET',
    url: `${grid}?page=1&size=25&term=smith`,
    target: READ_TARGET_MS,
  },
  ...columns.flatMap((column): Case[] => [
    {
      name: `clients grid, by ${column}`,
      method: 'GET',
      url: `${grid}?page=1&size=25&sort=${column},desc`,
      target: READ_TARGET_MS,
    },
  ]),
  {
    name: "a client's portfolios",
    method: 'POST',
    url: '/api/portfolios/summary',
    body: { ids: [client.uuid] },
    target: READ_TARGET_MS,
  },
];
if (portfolio) {
  cases.push({
    name: '2,000-transaction holding, first page',
    method: 'POST',
    url: '/api/transactions/summary',
    body: { portfolioUuid: portfolio.uuid, clientUuid: client.uuid, securityId: 1, page: 1, size: 25 },
    target: READ_TARGET_MS,
  });
}
if (postTo && postSecurity) {
  let n = 0;
  cases.push({
    name: 'post a transaction (a purchase)',
    method: 'POST',
    url: '/api/customerAdmin/transactions',
    body: () => ({
      portfolioUuid: postTo.uuid,
      securityId: postSecurity,
      transaction: {
        type: 'BUY',
        tradeDate: '2026-01-05',
        quantity: String(1 + (n++ % 9)),
        price: '1.2345',
        expenses: '0.00',
        currency: 'GBP',
      },
    }),
    target: POST_TARGET_MS,
  });
}
for (const c of cases) console.log(`  ${c.name.padEnd(52)} ${await measure(c)}`);
if (!portfolio)
  console.log(
    `  portfolios, holdings, transactions and posting: not measured (portfolios answered ${portfolios.status})`,
  );
await target.stop();

async function startTarget() {
  const password = process.env.PASSWORD ?? DEFAULT_DEMO_PASSWORD;
  if (process.env.BASE_URL) return { base: process.env.BASE_URL, password, stop: async () => {} };
  const dataDir = process.env.GAINS_BENCH_DATA_DIR ?? path.join(os.tmpdir(), 'gains-bench-large');
  console.log(`starting Gains on ${dataDir} (the first run seeds the large firm: some minutes)`);
  const postgres = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres') });
  const system = await startEmbeddedSystem({
    connectionString: postgres.connectionString,
    logger: silentLogger(),
    seedDemo: true,
    env: { ...process.env, GAINS_DEMO_PASSWORD: password, GAINS_DEMO_LARGE: '1' },
  });
  const port = await freePort();
  const server = serve({ fetch: system.app.fetch, port, hostname: '127.0.0.1' });
  return {
    base: `http://127.0.0.1:${port}`,
    password,
    async stop() {
      server.close();
      await system.stop();
      await postgres.stop();
    },
  };
}
