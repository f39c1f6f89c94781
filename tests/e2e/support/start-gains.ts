/**
 * Starts the real embedded Gains system for a browser test file: `node --import tsx
 * packages/runtime/src/embedded.ts` (one process: tsx's own CLI would be a second one, relaying
 * signals) on a free port with a fresh data directory, waits for /readyz, and stops it afterwards.
 * The web app is built (web/dist) unless it is current; the runtime is told not to check again.
 * Set GAINS_E2E_BASE_URL to run the tests against a system that is already running.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ensureWebBuild } from '@gains/runtime/web-build';

export const ROOT = resolve(import.meta.dirname, '../../..');

export interface RunningGains {
  baseUrl: string;
  /** SIGTERM to the process group (as a terminal or `kill -- -PID` sends it), or to the process alone. */
  stop(options?: { group?: boolean }): Promise<void>;
  /** What the process printed last (stdout and stderr), when this test started it. */
  output?(): string;
  /** Its exit code once stopped (null while running, or when stopped by a signal). */
  exitCode?(): number | null;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export function ensureWebBuilt(): void {
  ensureWebBuild({ root: ROOT });
}

async function waitForReady(
  baseUrl: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`Gains exited with ${child.exitCode} before it was ready:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`Gains was not ready within ${timeoutMs} ms:\n${output()}`);
}

export async function startGains(
  options: { timeoutMs?: number; env?: Record<string, string> } = {},
): Promise<RunningGains> {
  const external = process.env.GAINS_E2E_BASE_URL;
  if (external) return { baseUrl: external.replace(/\/$/, ''), stop: async () => {} };

  ensureWebBuilt();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'gains-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/runtime/src/embedded.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      GAINS_DATA_DIR: dataDir,
      GAINS_SKIP_WEB_BUILD: '1',
      // the tests read codes from the development mailbox and speak for several client addresses
      GAINS_DEV_MAILBOX: 'true',
      GAINS_TRUSTED_PROXY_HOPS: '1',
      // the demo's thousand clients are not computed in the background of every browser test (a test that needs
      // figures posts its own ledger and waits for its run)
      GAINS_DEMO_RECALCULATE: '0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const stop = async ({ group = true }: { group?: boolean } = {}) => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      try {
        process.kill(group ? -child.pid : child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const timer = setTimeout(() => {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 15_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForReady(baseUrl, child, () => log, options.timeoutMs ?? 180_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop, output: () => log, exitCode: () => child.exitCode };
}
