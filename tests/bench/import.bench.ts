/**
 * Importing a 100,000-row transactions file (Interface Logging) through the BFF over HTTP, as the demo's manager
 * into Ashworth (1,000 clients): rows per second from the POST to the task's finish, and the clients grid's
 * p95 (GET /api/clients/summary, page 1) measured one request at a time while the import runs (target: over
 * 20,000 rows/s, the grid's p95 under 200 ms).
 *
 * pnpm bench import [--rows 100000] [--portfolios 400] [--grid-every 100]
 *
 * Runs against BASE_URL when set (PASSWORD if not the demo's); else starts an embedded Gains on a copy of a
 * database seeded once in GAINS_BENCH_DATA_DIR (default: the temp directory's gains-bench-import). Each run's rows
 * carry their own references, so a run never repeats an earlier one's natural keys.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { freePort, startEmbeddedPostgres } from '@gains/db';
import { silentLogger } from '@gains/logging';
import { startEmbeddedSystem } from '@gains/runtime';

const ASHW = '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000002';
const DEFAULT_DEMO_PASSWORD = 'Gains-demo-2026!';
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const ROWS = option('rows', 100_000);
const PORTFOLIOS = option('portfolios', 400);
/** The clients grid is asked every this many milliseconds (0: back to back, each as soon as the last answered). */
const GRID_EVERY_MS = option('grid-every', 100);
const RATE_TARGET = 20_000;
const P95_TARGET_MS = 200;

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
  'x-organisation-uuid': ASHW,
  'content-type': 'application/json',
};

async function call(method: 'GET' | 'POST', url: string, body?: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(`${target.base}${url}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

// The firm's clients, their general-account portfolios and the securities they hold: the file's rows.
const owners: { clientCode: string; portfolioCode: string }[] = [];
const sedols = new Set<string>();
for (let page = 1; owners.length < PORTFOLIOS && page <= 40; page++) {
  const clients = (await call('GET', `/api/clients/summary?page=${page}&size=100`)).json.content as {
    uuid: string;
    code: string;
  }[];
  if (clients.length === 0) break;
  const portfolios = (await call('POST', '/api/portfolios/summary', { ids: clients.map((c) => c.uuid) })).json as {
    uuid: string;
    clientUuid: string;
    code: string;
    taxWrapper: string;
  }[];
  for (const p of portfolios) {
    if (p.taxWrapper !== 'GIA' || owners.length >= PORTFOLIOS) continue;
    owners.push({ clientCode: clients.find((c) => c.uuid === p.clientUuid)!.code, portfolioCode: p.code });
    if (sedols.size < 20) {
      const holdings = (
        await call('POST', '/api/holdings/summary', { portfolioUuid: p.uuid, clientUuid: p.clientUuid })
      ).json as { sedol: string }[];
      for (const h of holdings) if (h.sedol) sedols.add(h.sedol);
    }
  }
}
const securities = [...sedols];
if (owners.length === 0 || securities.length === 0) throw new Error('no portfolios or securities to import into');

// Purchases, grouped by portfolio (as a custodian's file comes), each with its own reference.
const run = Date.now().toString(36);
const lines = ['client,portfolio,security,date,type,quantity,price,expenses,ref'];
const perPortfolio = Math.ceil(ROWS / owners.length);
for (let i = 0; i < ROWS; i++) {
  const o = owners[Math.floor(i / perPortfolio)]!;
  const day = String(1 + (i % 28)).padStart(2, '0');
  const month = String(1 + (Math.floor(i / 28) % 12)).padStart(2, '0');
  lines.push(
    `${o.clientCode},${o.portfolioCode},${securities[i % securities.length]},2023-${month}-${day},BUY,` +
      `${1 + (i % 50)},${(1 + (i % 400) / 100).toFixed(2)},1.50,B-${run}-${i}`,
  );
}
const content = lines.join('\n');
console.log(
  `import of ${ROWS.toLocaleString('en-GB')} transactions (${(content.length / 1e6).toFixed(1)} MB) over ` +
    `${owners.length} portfolios and ${securities.length} securities; load ${os.loadavg()[0]!.toFixed(1)}`,
);

const grid: number[] = [];
const machineBefore = machineCpu();
const nodeBefore = process.cpuUsage();
const started = performance.now();
const answer = await call('POST', '/api/interface-logging/imports', {
  kind: 'TRANSACTIONS',
  fileName: `bench-${run}.csv`,
  content,
});
if (answer.status !== 202) throw new Error(`the import answered ${answer.status}: ${JSON.stringify(answer.json)}`);
const answeredMs = performance.now() - started;
let task = answer.json;
let lastPoll = 0;
// The grid asked at a steady pace, as the firm's users paging and sorting it would, while the task is polled.
let nextGrid = performance.now();
while (task.status === 'QUEUED' || task.status === 'RUNNING') {
  const t0 = performance.now();
  if (t0 >= nextGrid) {
    nextGrid = t0 + GRID_EVERY_MS;
    const page = await call('GET', '/api/clients/summary?page=1&size=25');
    if (page.status !== 200) throw new Error(`the clients grid answered ${page.status}`);
    grid.push(performance.now() - t0);
  }
  if (performance.now() - lastPoll >= 50) {
    lastPoll = performance.now();
    task = (await call('GET', `/api/interface-logging/imports/${task.uuid}`)).json;
  }
  const wait = Math.min(nextGrid, lastPoll + 50) - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}
const seconds = (performance.now() - started) / 1000;
const machine = machineCpu();
const nodeCpu = process.cpuUsage(nodeBefore);
grid.sort((a, b) => a - b);
const pct = (p: number) =>
  grid.length ? grid[Math.min(grid.length - 1, Math.ceil((p / 100) * grid.length) - 1)]! : NaN;
const rate = task.rowsPosted / seconds;
console.log(`  task ${task.status}: ${task.rowsPosted} posted, ${task.rowsRejected} rejected; ${task.message}`);
console.log(`  answered the POST in ${answeredMs.toFixed(0)} ms; finished in ${seconds.toFixed(2)} s`);
console.log(
  `  rows per second ${Math.round(rate).toLocaleString('en-GB').padStart(8)}  ${rate > RATE_TARGET ? 'met' : 'NOT met'} (> ${RATE_TARGET.toLocaleString('en-GB')})`,
);
console.log(
  `  clients grid during the import, asked ${GRID_EVERY_MS ? `every ${GRID_EVERY_MS} ms` : 'back to back'}: ` +
    `${grid.length} requests, p50 ${pct(50).toFixed(1)} ms, p95 ${pct(95).toFixed(1)} ms  ` +
    `${pct(95) < P95_TARGET_MS ? 'met' : 'NOT met'} (p95 < ${P95_TARGET_MS} ms)`,
);
const used = (machine.busy - machineBefore.busy) / 100;
const nodeSeconds = (nodeCpu.user + nodeCpu.system) / 1e6;
console.log(
  `  CPU over the import: ${used.toFixed(1)} core-seconds of the machine's ${os.cpus().length} cores, ` +
    `this process (Gains and the bench's requests) ${nodeSeconds.toFixed(1)}, the rest (PostgreSQL) ` +
    `${(used - nodeSeconds).toFixed(1)}; stolen by the host ${((machine.steal - machineBefore.steal) / 100).toFixed(1)}`,
);
await target.stop();

/** The machine's busy and stolen CPU time so far, in clock ticks (/proc/stat; Linux counts 100 a second). */
function machineCpu(): { busy: number; steal: number } {
  const [, user, nice, system, , , irq, softirq, steal] = fs
    .readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .map(Number);
  return { busy: user! + nice! + system! + irq! + softirq!, steal: steal! };
}

async function startTarget() {
  const password = process.env.PASSWORD ?? DEFAULT_DEMO_PASSWORD;
  if (process.env.BASE_URL) return { base: process.env.BASE_URL, password, stop: async () => {} };
  // Every run starts from the same database: the demo seeded once and settled (its calculations done) into
  // `seeded`, copied to `run` for each run, so no run finds an earlier one's rows or calculations still going.
  const dataDir = process.env.GAINS_BENCH_DATA_DIR ?? path.join(os.tmpdir(), 'gains-bench-import');
  const seeded = path.join(dataDir, 'seeded');
  const run = path.join(dataDir, 'run');
  const start = async (dir: string) => {
    const postgres = await startEmbeddedPostgres({ dataDir: path.join(dir, 'postgres') });
    const system = await startEmbeddedSystem({
      connectionString: postgres.connectionString,
      logger: silentLogger(),
      seedDemo: true,
      env: { ...process.env, GAINS_DEMO_PASSWORD: password, GAINS_FILES_DIR: path.join(dir, 'files') },
    });
    await system.settle();
    return { postgres, system };
  };
  if (!fs.existsSync(path.join(seeded, 'ready'))) {
    console.log(`seeding the demo into ${seeded} (once; about a minute)`);
    fs.rmSync(seeded, { recursive: true, force: true });
    const first = await start(seeded);
    await first.system.stop();
    await first.postgres.stop();
    fs.writeFileSync(path.join(seeded, 'ready'), '');
  }
  fs.rmSync(run, { recursive: true, force: true });
  execFileSync('cp', ['-a', seeded, run]); // -a: as root, the cluster's files stay the postgres user's
  console.log(`starting Gains on a copy of ${seeded}`);
  const { postgres, system } = await start(run);
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
