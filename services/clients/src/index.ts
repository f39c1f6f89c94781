import path from 'node:path';
import { createClient } from '@connectrpc/connect';
import { createSchemaPool, rawSql } from '@gains/db';
import { createOutboxRelay } from '@gains/outbox';
import { createLocalFileStore } from '@gains/files';
import { createJobRunner } from '@gains/jobs';
import { clients, imports, ledger, securities } from '@gains/proto';
import { demoLargeRequested, type ServiceModule } from '@gains/service-kit';
import { londonToday } from './domain/date-rules';
import { importJobType, type ImportDeps } from './domain/import-deps';
import type { LedgerDeps } from './domain/ledger-deps';
import { importCustodianJob, latestCustodianHoldings } from './domain/import-custodian-job';
import { importPricesJob } from './domain/import-prices-job';
import { importTransactionsJob } from './domain/import-transactions-job';
import { importClientsJob } from './domain/import-clients-job';
import { importPortfoliosJob } from './domain/import-portfolios-job';
import { consumeIdentityEvents } from './events/identity-events';
import { consumeSecuritiesEvents } from './events/securities-events';
import { consumeTaxEngineEvents } from './events/tax-engine-events';
import { createSecuritiesSource } from './rpc/securities-source';
import { createClientsService } from './rpc/clients-service';
import { createImportsService } from './rpc/imports-service';
import { createLedgerService } from './rpc/ledger-service';
import { createHoldersStore } from './store/holders-store';
import { createLedgerExportStore } from './store/ledger-export-store';
import { createCalculationStore } from './store/calculation-store';
import { createClientStore } from './store/client-store';
import { createMiStore } from './store/mi-store';
import { createClientRecordStore } from './store/client-record-store';
import { createImportMasterStore } from './store/import-master-store';
import { createCustodianStore } from './store/custodian-store';
import { createImportStore, type ImportTaskRecord } from './store/import-store';
import { createLedgerStore } from './store/ledger-store';
import { createPortfolioStore } from './store/portfolio-store';
import { createClientsPrisma } from './store/prisma';
import { announceDemoLedgers, seedDemoClients, seedLargeDemoFirm } from './store/seed-demo';
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
    const securitiesSource = createSecuritiesSource(createClient(securities.SecuritiesService, transports.securities));
    const ledgerDeps: LedgerDeps = {
      portfolios: createPortfolioStore(prisma),
      ledger: createLedgerStore(prisma),
      ledgerExport: createLedgerExportStore(rawSql(pool)),
      holders: createHoldersStore(rawSql(pool)),
      types,
      securities: createSecurityStore(prisma),
      securitiesSource,
      today: () => londonToday(),
      custodianHoldings: (organisationUuid) => latestCustodianHoldings(importDeps, organisationUuid),
    };
    const importStore = createImportStore(prisma, pool);
    const importDeps: ImportDeps = {
      imports: importStore,
      master: createImportMasterStore(prisma),
      files: createLocalFileStore(env.GAINS_FILES_DIR ?? path.join(process.cwd(), '.data', 'files')),
      prices: securitiesSource,
      today: () => londonToday(),
      custodian: createCustodianStore(),
      callers: new Map(),
      startJob: (task, caller) => queueImportJob(task, caller.userUuid),
    };
    /** An import task's job (its uuid the task's, so a repeat answers the job already queued). */
    const queueImportJob = async (task: ImportTaskRecord, userId: string) => {
      await jobs.start({
        uuid: task.uuid,
        organisationUuid: task.organisationUuid,
        type: importJobType(task.kind),
        input: { taskUuid: task.uuid },
        object: { kind: 'FILE', id: task.uuid },
        startedBy: { userId, name: task.startedBy },
        message: task.fileName,
      });
    };
    const jobs = createJobRunner({
      pool,
      service: 'clients',
      logger,
      handlers: [
        importTransactionsJob(importDeps),
        importPricesJob(importDeps),
        importCustodianJob(importDeps),
        importClientsJob(importDeps),
        importPortfoliosJob(importDeps),
      ],
      onCommitted: () => relay.kick(),
    });
    /** Every import started has finished (tests; shutdown waits for the runner itself). */
    const importsSettled = async () => {
      for (let waited = 0; waited < 120_000 && (await importStore.unfinished()).length > 0; waited += 50) {
        jobs.kick();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    return {
      routes: (router) =>
        router
          .service(
            clients.ClientsService,
            createClientsService({
              clients: createClientStore(prisma),
              records: createClientRecordStore(prisma),
              calculations: createCalculationStore(prisma),
              today: () => londonToday(),
              mi: createMiStore(prisma),
            }),
          )
          .service(ledger.LedgerService, createLedgerService(ledgerDeps))
          .service(imports.ImportsService, createImportsService(importDeps)),
      relay,
      async subscribe() {
        await consumeIdentityEvents(bus, prisma, logger);
        await consumeSecuritiesEvents(bus, prisma, logger);
        await consumeTaxEngineEvents(bus, prisma, pool, logger);
      },
      async afterStart() {
        // Imports a stop interrupted resume through the runner from their last committed chunk; a task left
        // without its job (queued before imports were jobs) gets one (an existing job is answered as it is).
        for (const task of await importStore.unfinished()) await queueImportJob(task, '');
        jobs.listen();
        if (!seedDemo) return;
        const seeded = await seedDemoClients(prisma, pool, { today: londonToday() });
        if (seeded) logger.info(seeded, 'seeded demo clients, portfolios and ledgers');
        if (seeded && env.GAINS_DEMO_RECALCULATE === '1') {
          const announced = await announceDemoLedgers(pool);
          relay.kick();
          logger.info({ clients: announced }, 'demo ledgers announced: the tax engine computes their figures');
        }
        if (!demoLargeRequested(env)) return;
        logger.info('seeding the large demo firm: some minutes');
        const large = await seedLargeDemoFirm(pool, {
          today: londonToday(),
          onBatch: (done) => logger.info({ clients: done }, 'large demo firm: clients written'),
        });
        if (large) logger.info(large, 'seeded the large demo firm');
      },
      settle: importsSettled,
      async stop() {
        await jobs.stop();
        await relay.stop();
        await prisma.$disconnect();
        await pool.end();
      },
    };
  },
};
