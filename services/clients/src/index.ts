import path from 'node:path';
import { createClient } from '@connectrpc/connect';
import { createSchemaPool } from '@gains/db';
import { createOutboxRelay } from '@gains/outbox';
import { clients, ledger, securities } from '@gains/proto';
import { demoLargeRequested, type ServiceModule } from '@gains/service-kit';
import { londonToday } from './domain/date-rules';
import type { LedgerDeps } from './domain/ledger-deps';
import { consumeIdentityEvents } from './events/identity-events';
import { consumeSecuritiesEvents } from './events/securities-events';
import { createSecuritiesSource } from './rpc/securities-source';
import { createClientsService } from './rpc/clients-service';
import { createLedgerService } from './rpc/ledger-service';
import { createClientStore } from './store/client-store';
import { createClientRecordStore } from './store/client-record-store';
import { createLedgerStore } from './store/ledger-store';
import { createPortfolioStore } from './store/portfolio-store';
import { createClientsPrisma } from './store/prisma';
import { seedDemoClients, seedLargeDemoFirm } from './store/seed-demo';
import { createSecurityStore } from './store/security-store';
import { createTransactionTypeStore } from './store/transaction-type-store';

const SCHEMA = 'clients';

export const clientsModule: ServiceModule = {
  name: 'clients',
  schema: SCHEMA,
  migrationsDir: path.join(import.meta.dirname, '..', 'prisma', 'migrations'),
  async start({ connectionString, logger, bus, seedDemo, transports, env }) {
    const pool = createSchemaPool(connectionString, SCHEMA);
    const prisma = createClientsPrisma(pool, SCHEMA);
    const relay = createOutboxRelay({ pool, bus, logger });
    const types = createTransactionTypeStore(prisma);
    // The system's transaction types, every start: idempotent (stable uuids).
    await types.seedSystemTypes();
    const ledgerDeps: LedgerDeps = {
      portfolios: createPortfolioStore(prisma),
      ledger: createLedgerStore(prisma),
      types,
      securities: createSecurityStore(prisma),
      securitiesSource: createSecuritiesSource(createClient(securities.SecuritiesService, transports.securities)),
      today: () => londonToday(),
    };
    return {
      routes: (router) =>
        router
          .service(
            clients.ClientsService,
            createClientsService({
              clients: createClientStore(prisma),
              records: createClientRecordStore(prisma),
              today: () => londonToday(),
            }),
          )
          .service(ledger.LedgerService, createLedgerService(ledgerDeps)),
      relay,
      async subscribe() {
        await consumeIdentityEvents(bus, prisma, logger);
        await consumeSecuritiesEvents(bus, prisma, logger);
      },
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
