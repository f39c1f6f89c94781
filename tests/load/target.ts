/**
 * What a load journey runs against: BASE_URL if set, else a fresh embedded Gains (its own embedded PostgreSQL
 * and demo data) on a free loopback port; and a firm manager's bearer headers for the big demo firm.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { freePort, startEmbeddedPostgres } from '@gains/db';
import { silentLogger } from '@gains/logging';
import { startEmbeddedSystem } from '@gains/runtime';

export const ASHWORTH = '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000002';

export interface LoadTarget {
  base: string;
  /** Bearer token and organisation header of manager@gains.example in Ashworth. */
  headers: Record<string, string>;
  stop(): Promise<void>;
}

/** `--name value` from the command line, bounded. */
export function flag(name: string, fallback: number, max: number): number {
  const args = process.argv.slice(2);
  const i = args.indexOf(`--${name}`);
  return Math.min(i >= 0 ? Number(args[i + 1]) : fallback, max);
}

export async function loadTarget(): Promise<LoadTarget> {
  const password = process.env.PASSWORD ?? 'Load-test-pass1!';
  let base = process.env.BASE_URL ?? '';
  let stop = async () => {};
  if (!base) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gains-load-'));
    const postgres = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg') });
    const system = await startEmbeddedSystem({
      connectionString: postgres.connectionString,
      logger: silentLogger(),
      seedDemo: true,
      env: { ...process.env, GAINS_DEMO_PASSWORD: password },
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
    body: JSON.stringify({ email: 'manager@gains.example', password }),
  });
  if (!signIn.ok) throw new Error(`sign-in at ${base} answered ${signIn.status}`);
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  return { base, headers: { authorization: `Bearer ${accessToken}`, 'x-organisation-uuid': ASHWORTH }, stop };
}

/** The figures autocannon measured, printed the same way for every journey. */
export function printResult(
  title: string,
  result: {
    requests: { average: number; total: number };
    latency: { p50: number; p90: number; p99: number; max: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  },
  /** This process's CPU over the run: with the embedded server, the server's and the load client's. */
  usage?: { cpu: NodeJS.CpuUsage; embedded: boolean },
): void {
  console.log(title);
  console.log(`  requests/s  mean ${result.requests.average.toFixed(0)}, total ${result.requests.total}`);
  console.log(
    `  latency ms  p50 ${result.latency.p50}  p90 ${result.latency.p90}  p99 ${result.latency.p99}  max ${result.latency.max}`,
  );
  console.log(`  non-2xx     ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}`);
  // On a shared machine requests/s follows the neighbours; CPU per request barely does.
  if (usage && result.requests.total > 0) {
    const ms = (usage.cpu.user + usage.cpu.system) / 1000 / result.requests.total;
    console.log(`  cpu ms/req  ${ms.toFixed(1)} (${usage.embedded ? 'server and load client' : 'load client'})`);
  }
}
