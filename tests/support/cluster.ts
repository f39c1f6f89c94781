import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { SERVICE_NAMES, type ServiceName } from '@gains/config';

/** The cluster form's processes: each service (or the BFF) run by `service-main.ts` on its own port. */
const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** The *_URL variables that tell each service where the others listen (of the services given a port). */
export function serviceUrls(ports: Partial<Record<ServiceName | 'bff', number>>): Record<string, string> {
  return Object.fromEntries(
    SERVICE_NAMES.filter((s) => ports[s] !== undefined).map((s) => [
      `${s.replace('-', '_').toUpperCase()}_URL`,
      `http://127.0.0.1:${ports[s]}`,
    ]),
  );
}

/** The environment every process of a test cluster shares: one database, one nats-server, the demo seeded. */
export function clusterEnv(options: {
  ports: Partial<Record<ServiceName | 'bff', number>>;
  databaseUrl: string;
  natsUrl: string;
  demoPassword: string;
}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...serviceUrls(options.ports),
    DATABASE_URL: options.databaseUrl,
    NATS_URL: options.natsUrl,
    HOST: '127.0.0.1',
    GAINS_DEMO_SEED: 'true',
    GAINS_DEMO_PASSWORD: options.demoPassword,
    LOG_LEVEL: 'warn',
  };
}

/**
 * Starts one service as its own process; its stderr is the test's, so a crash says why. Node itself runs it (tsx
 * as a loader, not the tsx launcher, which would put a second process in between): a signal sent to the child,
 * SIGKILL or SIGSTOP included, reaches the service.
 */
export function spawnService(name: ServiceName | 'bff', port: number, env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'packages/runtime/src/service-main.ts', name], {
    cwd: ROOT,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export async function waitReady(url: string, ms = 90_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const ok = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url} did not become ready`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Sends `signal` (a graceful SIGTERM by default) and resolves once the process has exited. */
export function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}
