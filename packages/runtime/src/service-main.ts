/**
 * The cluster form: one service per process (`tsx packages/runtime/src/service-main.ts <name>`),
 * Connect over HTTP/2 between services, events over NATS JetStream, HTTP /healthz, /readyz and /metrics
 * (Prometheus text: the process's figures and the service's own, e.g. the tax engine's queue depth).
 */
import type { Server } from 'node:http';
import { createConnectTransport, connectNodeAdapter } from '@connectrpc/connect-node';
import { serve } from '@hono/node-server';
import { createApp } from '@gains/bff';
import { loadConfig, SERVICE_NAMES, SERVICE_PORTS, z, type ServiceName } from '@gains/config';
import { createLogger } from '@gains/logging';
import { createJetStreamBus } from '@gains/outbox';
import { formatMetrics, METRICS_CONTENT_TYPE, processMetrics, traceClient } from '@gains/service-kit';
import { startTelemetry, stopTelemetry } from '@gains/telemetry';
import { activate, bffDeps, startService } from '@gains/host';
import { createDualProtocolServer } from './dual-protocol-server';
import { drainable } from './graceful-close';
import { SERVICE_MODULES } from './modules';

const name = (process.argv[2] ?? process.env.GAINS_SERVICE ?? '') as ServiceName | 'bff';
if (name !== 'bff' && !SERVICE_NAMES.includes(name)) {
  console.error(`usage: service-main <${[...SERVICE_NAMES, 'bff'].join('|')}>`);
  process.exit(2);
}

const urlVar = (service: ServiceName) => `${service.replace('-', '_').toUpperCase()}_URL`;
const config = loadConfig({
  PORT: z.coerce.number().int().default(SERVICE_PORTS[name]),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: name === 'bff' ? z.string().optional() : z.string().min(1),
  NATS_URL: name === 'bff' ? z.string().optional() : z.string().min(1),
  GAINS_DEMO_SEED: z.enum(['true', 'false']).default('false'),
  LOG_LEVEL: z.string().default('info'),
  WEB_DIR: z.string().optional(),
  ...Object.fromEntries(
    SERVICE_NAMES.map((s) => [urlVar(s), z.string().url().default(`http://127.0.0.1:${SERVICE_PORTS[s]}`)]),
  ),
});
startTelemetry({ serviceName: `gains-${name}` });
const logger = createLogger({ level: config.LOG_LEVEL });
const transports = Object.fromEntries(
  SERVICE_NAMES.map((s) => [
    s,
    createConnectTransport({
      baseUrl: (config as unknown as Record<string, string>)[urlVar(s)]!,
      httpVersion: '2',
      interceptors: [traceClient()],
    }),
  ]),
) as Record<ServiceName, ReturnType<typeof createConnectTransport>>;

let ready = false;
const stops: (() => Promise<void>)[] = [];

if (name === 'bff') {
  const app = createApp(bffDeps({ transports, logger, webDir: config.WEB_DIR, ready: async () => ready }));
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST });
  const drain = drainable(server as Server);
  stops.push(() => drain.close());
  ready = true;
} else {
  const bus = await createJetStreamBus({ servers: config.NATS_URL!, logger, services: [...SERVICE_NAMES] });
  const service = await startService({
    module: SERVICE_MODULES[name],
    connectionString: config.DATABASE_URL!,
    logger,
    bus,
    transports,
    env: process.env,
    form: 'cluster',
    seedDemo: config.GAINS_DEMO_SEED === 'true',
    isReady: () => ready,
  });
  const connect = connectNodeAdapter({ routes: (router) => service.routes(router), ...service.routerOptions });
  const server = createDualProtocolServer((req, res) => {
    if (req.url === '/healthz' || req.url === '/readyz') {
      const ok = req.url === '/healthz' || ready;
      res.writeHead(ok ? 200 : 503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: ok ? 'ok' : 'starting', service: name }));
      return;
    }
    if (req.url === '/metrics' && req.method === 'GET') {
      res.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE });
      res.end(formatMetrics([...processMetrics(), ...(service.running.metrics?.() ?? [])]));
      return;
    }
    connect(req, res);
  });
  await server.listen(config.PORT, config.HOST);
  await activate([service]);
  ready = true;
  // Calls in flight finish first; then the service's consumers and relay stop, then its database and the bus.
  stops.push(
    () => server.close(),
    () => service.running.stop(),
    () => bus.close(),
  );
}
logger.info({ port: config.PORT }, `${name} listening`);

/** Readiness goes first, so a load balancer stops sending; then each step in order (see `stops`). */
async function shutdown(signal: string) {
  ready = false;
  logger.info({ signal }, 'draining');
  for (const stop of stops) await stop().catch((err) => logger.error({ err }, 'shutdown step failed'));
  await stopTelemetry();
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
