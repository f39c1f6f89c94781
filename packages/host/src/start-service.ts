import type { ConnectRouter, ConnectRouterOptions, Transport } from '@connectrpc/connect';
import type { ServiceName } from '@gains/config';
import { migrateSchema } from '@gains/db';
import { requestLogSamplerFromEnv, type Logger } from '@gains/logging';
import type { EventBus } from '@gains/outbox';
import {
  healthRoutes,
  identityTokenVerifier,
  serviceRouterOptions,
  type RunningService,
  type ServiceModule,
} from '@gains/service-kit';

export interface StartedService {
  module: ServiceModule;
  running: RunningService;
  migrations: string[];
  routes(router: ConnectRouter): void;
  routerOptions: ConnectRouterOptions;
}

/** Migrates a service's schema and starts it; the same steps in both forms of running. */
export async function startService(options: {
  module: ServiceModule;
  connectionString: string;
  logger: Logger;
  bus: EventBus;
  transports: Record<ServiceName, Transport>;
  env: NodeJS.ProcessEnv;
  form: 'embedded' | 'cluster';
  seedDemo: boolean;
  isReady: () => boolean;
}): Promise<StartedService> {
  const { module } = options;
  const logger = options.logger.child({ service: module.name });
  const migrations = await migrateSchema({
    connectionString: options.connectionString,
    schema: module.schema,
    migrationsDir: module.migrationsDir,
  });
  const running = await module.start({
    connectionString: options.connectionString,
    logger,
    bus: options.bus,
    transports: options.transports,
    env: options.env,
    form: options.form,
    seedDemo: options.seedDemo,
  });
  return {
    module,
    running,
    migrations,
    routes(router) {
      running.routes(router);
      healthRoutes(router, module.name, { ready: options.isReady, migrations });
    },
    routerOptions: serviceRouterOptions({
      logger,
      verifier: identityTokenVerifier(options.transports.identity),
      publicMethods: running.publicMethods,
      sampleCallLog: requestLogSamplerFromEnv(options.env),
    }),
  };
}

/** Subscriptions first, then relays, then demo seeding, so no event is published before its consumer exists. */
export async function activate(services: StartedService[]): Promise<void> {
  for (const s of services) await s.running.subscribe?.();
  for (const s of services) s.running.relay?.start();
  for (const s of services) {
    await s.running.afterStart?.();
    s.running.relay?.kick();
  }
}
