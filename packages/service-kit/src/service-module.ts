import type { ConnectRouter, Transport } from '@connectrpc/connect';
import type { ServiceName } from '@gains/config';
import type { Logger } from '@gains/logging';
import type { EventBus, OutboxRelay } from '@gains/outbox';
import type { Metric } from './metrics';

/** What the host (embedded or cluster) hands a service when it starts it. */
export interface ServiceDeps {
  connectionString: string;
  logger: Logger;
  bus: EventBus;
  /** Transports to the other services: in memory when embedded, HTTP/2 in the cluster. */
  transports: Record<ServiceName, Transport>;
  env: NodeJS.ProcessEnv;
  /** How the host runs: every service in one process (development, demo) or one service per process. */
  form: 'embedded' | 'cluster';
  /** Seed the demo data when the service's tables are empty. */
  seedDemo: boolean;
}

export interface RunningService {
  /** Registers the service's Connect handlers. */
  routes(router: ConnectRouter): void;
  /** Methods callable without an access token. */
  publicMethods?: ReadonlySet<string>;
  relay?: OutboxRelay;
  /** Subscribes to other services' events; called once every service is routable. */
  subscribe?(): Promise<void>;
  /** Runs after subscriptions: demo seeding and other work that may publish events. */
  afterStart?(): Promise<void>;
  /** Finishes work started after answering calls (identity's mail); tests wait on it, shutdown too. */
  settle?(): Promise<void>;
  /** The service's own metrics, read at each scrape of `/metrics` (cluster form). */
  metrics?(): Metric[];
  stop(): Promise<void>;
}

export interface ServiceModule {
  name: ServiceName;
  /** The PostgreSQL schema the service owns. */
  schema: string;
  /** Committed migrations, applied at start. */
  migrationsDir: string;
  start(deps: ServiceDeps): Promise<RunningService>;
}
