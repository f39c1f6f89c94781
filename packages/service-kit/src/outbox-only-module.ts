import { createSchemaPool } from '@gains/db';
import { createOutboxRelay } from '@gains/outbox';
import type { ServiceName } from '@gains/config';
import type { ServiceModule } from './service-module';

/**
 * A service that so far owns only its schema and outbox: it starts, migrates, relays and answers
 * health. Its own calls arrive with the issues that build it.
 */
export function outboxOnlyModule(name: ServiceName, schema: string, migrationsDir: string): ServiceModule {
  return {
    name,
    schema,
    migrationsDir,
    async start({ connectionString, logger, bus }) {
      const pool = createSchemaPool(connectionString, schema, 2);
      const relay = createOutboxRelay({ pool, bus, logger });
      return {
        routes: () => {},
        relay,
        async stop() {
          await relay.stop();
          await pool.end();
        },
      };
    },
  };
}
