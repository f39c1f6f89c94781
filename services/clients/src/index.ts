import path from 'node:path';
import { createSchemaPool } from '@gains/db';
import { createOutboxRelay } from '@gains/outbox';
import { clients } from '@gains/proto';
import { demoLargeRequested, type ServiceModule } from '@gains/service-kit';
import { consumeIdentityEvents } from './events/identity-events';
import { createClientsService } from './rpc/clients-service';
import { createClientStore } from './store/client-store';
import { createClientsPrisma } from './store/prisma';
import { londonToday, seedDemoClients, seedLargeDemoFirm } from './store/seed-demo';

const SCHEMA = 'clients';

export const clientsModule: ServiceModule = {
  name: 'clients',
  schema: SCHEMA,
  migrationsDir: path.join(import.meta.dirname, '..', 'prisma', 'migrations'),
  async start({ connectionString, logger, bus, seedDemo, env }) {
    const pool = createSchemaPool(connectionString, SCHEMA);
    const prisma = createClientsPrisma(pool, SCHEMA);
    const relay = createOutboxRelay({ pool, bus, logger });
    return {
      routes: (router) =>
        router.service(clients.ClientsService, createClientsService({ clients: createClientStore(prisma) })),
      relay,
      subscribe: () => consumeIdentityEvents(bus, prisma, logger),
      async afterStart() {
        if (!seedDemo) return;
        const seeded = await seedDemoClients(prisma, pool, { today: londonToday() });
        if (seeded) logger.info(seeded, 'seeded demo clients, portfolios and ledgers');
        if (!demoLargeRequested(env)) return;
        logger.info('seeding the large demo firm: some minutes');
        const large = await seedLargeDemoFirm(pool, {
          today: londonToday(),
          onBatch: (done) => logger.info({ clients: done }, 'large demo firm: clients written'),
        });
        if (large) logger.info(large, 'seeded the large demo firm');
      },
      async stop() {
        await relay.stop();
        await prisma.$disconnect();
        await pool.end();
      },
    };
  },
};
