// POST /api/calculations/ledger over a real HTTP connection (the BFF served by @hono/node-server, every
// service in process, a real PostgreSQL): what happens to a file when its caller goes away.
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { silentLogger } from '@gains/logging';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedSystem, type EmbeddedSystem } from '../../../packages/runtime/src/embedded-system';
import { startTestPostgres } from '../../../packages/testing/src/postgres';
import { formatLedgerCsv } from '../../../services/tax-engine/src/engine/ledger-csv';
import { generateLedger } from '../../../tests/bench/tax-engine-ledgers';

const PASSWORD = 'Abort-the-call-1!';
const ASHW = '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000002';
// 40,000 daily rows: a few seconds in a worker, long enough to be seen waiting and computing.
const SLOW_LEDGER = formatLedgerCsv(generateLedger(1, 40_000, 1));

let system: EmbeddedSystem;
let stopPostgres: () => Promise<void>;
let server: ServerType;
let baseUrl: string;
let token: string;

beforeAll(async () => {
  const postgres = await startTestPostgres();
  stopPostgres = postgres.stop;
  system = await startEmbeddedSystem({
    connectionString: postgres.connectionString,
    logger: silentLogger(),
    seedDemo: true,
    // One worker: the second file waits while the first computes.
    env: { ...process.env, GAINS_DEMO_PASSWORD: PASSWORD, GAINS_TAX_ENGINE_WORKERS: '1' },
  });
  server = serve({ fetch: system.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'manager@gains.example', password: PASSWORD }),
  });
  token = ((await signIn.json()) as { accessToken: string }).accessToken;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await system?.stop();
  await stopPostgres?.();
});

/** The tax engine's pool, as its /metrics reads it. */
function pool(): Record<string, number> {
  const metrics = system.services.get('tax-engine')!.running.metrics!();
  return Object.fromEntries(metrics.map((m) => [m.name.replace('gains_tax_engine_', ''), m.samples[0]!.value]));
}

async function until(what: string, test: () => boolean, ms = 20_000): Promise<void> {
  for (const end = Date.now() + ms; !test();) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}: ${JSON.stringify(pool())}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Posts the slow ledger; the call's rejection (the abort) is expected and kept quiet. */
function post(controller: AbortController): void {
  fetch(`${baseUrl}/api/calculations/ledger`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-organisation-uuid': ASHW },
    body: JSON.stringify({ ledgerCsv: SLOW_LEDGER }),
    signal: controller.signal,
  }).catch(() => {});
}

describe('a calculation whose caller goes away', () => {
  it('when the HTTP client disconnects, then its waiting file leaves the queue and its computing file’s worker stops', async () => {
    const before = pool().ledgers_cancelled_total!;
    const computing = new AbortController();
    const waiting = new AbortController();
    post(computing);
    await until('the first file computes', () => pool().workers_busy === 1);
    post(waiting);
    await until('the second file waits', () => pool().ledgers_waiting === 1);

    waiting.abort();
    await until('the waiting file is withdrawn', () => pool().ledgers_waiting === 0);
    expect(pool()).toMatchObject({ ledgers_cancelled_total: before + 1, workers_busy: 1 });

    computing.abort();
    await until('the computing file is stopped', () => pool().queue_depth === 0);
    expect(pool()).toMatchObject({ ledgers_cancelled_total: before + 2, ledgers_computed_total: 0 });
  });
});
