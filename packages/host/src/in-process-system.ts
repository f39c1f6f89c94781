import crypto from 'node:crypto';
import { createRouterTransport, type Transport } from '@connectrpc/connect';
import { createApp, type BffApp } from '@gains/bff';
import { SERVICE_NAMES, type ServiceName } from '@gains/config';
import type { Logger } from '@gains/logging';
import { createInProcessBus } from '@gains/outbox';
import { traceClient, type ServiceModule } from '@gains/service-kit';
import { bffDeps } from './bff-deps';
import { lazyTransport } from './lazy-transport';
import { activate, startService, type StartedService } from './start-service';

export interface InProcessSystem {
  app: BffApp;
  transports: Record<ServiceName, Transport>;
  services: Map<ServiceName, StartedService>;
  /**
   * Finishes work the services started after answering (mail, imports, recalculations) and delivers the events it
   * wrote, until quiet; tests wait on this.
   */
  settle(): Promise<void>;
  /** Settles, then publishes every service's pending outbox events now (tests wait on this). */
  flushEvents(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The given services in this process behind in-memory Connect transports, events delivered in
 * process through the same outboxes, and the BFF app on top. The embedded runtime starts every
 * service this way; a service's own tests start it with only the services it needs (identity,
 * for tokens). A call to a service that was not given fails with a message naming it.
 */
export async function startInProcessSystem(options: {
  modules: Partial<Record<ServiceName, ServiceModule>>;
  connectionString: string;
  logger: Logger;
  seedDemo: boolean;
  env?: NodeJS.ProcessEnv;
  webDir?: string;
}): Promise<InProcessSystem> {
  const bus = createInProcessBus();
  const services = new Map<ServiceName, StartedService>();
  const routerTransports = new Map<ServiceName, Transport>();
  const transportOf = (name: ServiceName) => {
    const transport = routerTransports.get(name);
    if (!transport) throw new Error(`the ${name} service is not running in this process`);
    return transport;
  };
  const transports = Object.fromEntries(
    SERVICE_NAMES.map((name) => [name, lazyTransport(() => transportOf(name))]),
  ) as Record<ServiceName, Transport>;
  let ready = false;
  // One process: the services prove themselves to identity with a secret made for this process, unless given.
  const env: NodeJS.ProcessEnv = {
    GAINS_SERVICE_TOKEN_SECRET: crypto.randomBytes(32).toString('base64url'),
    // and the BFF signs report links with one (a single BFF: no replica needs to share it)
    GAINS_DOWNLOAD_LINK_SECRET: crypto.randomBytes(32).toString('base64url'),
    ...(options.env ?? process.env),
  };
  // In SERVICE_NAMES order: identity first, as the others verify tokens with its keys.
  for (const name of SERVICE_NAMES) {
    const module = options.modules[name];
    if (!module) continue;
    const service = await startService({
      module,
      connectionString: options.connectionString,
      logger: options.logger,
      bus,
      transports,
      env,
      form: 'embedded',
      seedDemo: options.seedDemo,
      isReady: () => ready,
    });
    services.set(name, service);
    routerTransports.set(
      name,
      createRouterTransport((router) => service.routes(router), {
        router: service.routerOptions,
        transport: { interceptors: [traceClient()] },
      }),
    );
  }
  await activate([...services.values()]);
  ready = true;
  const app = createApp(
    bffDeps({
      transports,
      logger: options.logger,
      webDir: options.webDir,
      ready: async () => ready,
      env,
    }),
  );
  // Quiet: every service's after-answer work done and every event it wrote delivered (in process, a delivery runs
  // its handlers), round after round, until a round in which no relay published anything, in the background or
  // here (a change's recalculation, then its figures).
  const published = () => {
    let total = 0;
    for (const service of services.values()) total += service.running.relay?.published() ?? 0;
    return total;
  };
  const settle = async () => {
    for (let round = 0; round < 20; round++) {
      const before = published();
      for (const service of services.values()) await service.running.settle?.();
      for (const service of services.values()) await service.running.relay?.drain();
      if (published() === before) return;
    }
  };
  return {
    app,
    transports,
    services,
    settle,
    async flushEvents() {
      await settle();
      for (const service of services.values()) await service.running.relay?.drain();
    },
    async stop() {
      ready = false;
      for (const service of [...services.values()].reverse()) await service.running.stop().catch(() => {});
      await bus.close();
    },
  };
}
