import path from 'node:path';
import { createSchemaPool } from '@gains/db';
import { createLocalFileStore } from '@gains/files';
import { createJobRunner } from '@gains/jobs';
import { createOutboxRelay } from '@gains/outbox';
import { reports } from '@gains/proto';
import { serviceTokenSource, type ServiceModule } from '@gains/service-kit';
import type { GenerateDeps } from './domain/generate-report';
import { CLIENT_REPORT_KINDS, REPORT_KIND_MODULES } from './domain/kinds';
import { consumeJobEvents } from './events/job-events';
import { createReportJobHandler } from './rpc/report-job';
import { createReportSources } from './rpc/report-sources';
import { createReportsService } from './rpc/reports-service';
import { createClient } from '@connectrpc/connect';
import { clients, identity } from '@gains/proto';
import { createIdentifyHandler, createPublishHandler, type BatchJobDeps } from './rpc/batch-jobs';
import { createBatchStore } from './store/batch-store';
import { createMonitorStore } from './store/monitor-store';
import { createReportsPrisma } from './store/prisma';
import { createReportStore } from './store/report-store';
import { seedDemoMonitor } from './store/seed-demo';

const SCHEMA = 'reports';

export const reportsModule: ServiceModule = {
  name: 'reports',
  schema: SCHEMA,
  migrationsDir: path.join(import.meta.dirname, '..', 'prisma', 'migrations'),
  async start({ connectionString, logger, bus, seedDemo, env, transports }) {
    const pool = createSchemaPool(connectionString, SCHEMA);
    const prisma = createReportsPrisma(pool, SCHEMA);
    const relay = createOutboxRelay({ pool, bus, logger });
    // Reports are made by jobs, which read the figures as the reports service itself (no user waits on a batch).
    const serviceToken = serviceTokenSource(transports.identity, 'reports', env.GAINS_SERVICE_TOKEN_SECRET ?? '');
    const asService = async () => ({ headers: { authorization: `Bearer ${await serviceToken()}` } });
    const reportStore = createReportStore(prisma);
    const generate: GenerateDeps = {
      reports: reportStore,
      // report files (DESIGN §2): .data/files/ embedded; the cluster mounts its object store here
      files: createLocalFileStore(env.GAINS_FILES_DIR ?? path.join(process.cwd(), '.data', 'files')),
      sources: createReportSources(transports, asService),
      kinds: REPORT_KIND_MODULES,
    };
    const jobs = createJobRunner({
      pool,
      service: 'reports',
      logger,
      handlers: [createReportJobHandler(generate)],
      onCommitted: () => relay.kick(),
    });
    // Batch prints run on a runner of their own: a long publish never holds up a user's singular report.
    const clientsClient = createClient(clients.ClientsService, transports.clients);
    const identityClient = createClient(identity.IdentityService, transports.identity);
    const batchJobDeps: BatchJobDeps = {
      generate,
      async clients(organisationUuid, filters, afterCode, limit) {
        const answer = await clientsClient.listBatchClients(
          { organisationUuid, ...filters, afterCode, limit },
          await asService(),
        );
        return answer.clients;
      },
      async serviceLevels() {
        const answer = await identityClient.listServiceLevels({}, await asService());
        return new Map(answer.serviceLevels.map((l) => [l.code, l.reportTypeMappings]));
      },
      today: () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date()),
    };
    const batchJobs = createJobRunner({
      pool,
      service: 'reports',
      logger,
      handlers: [createIdentifyHandler(batchJobDeps), createPublishHandler(batchJobDeps)],
      onCommitted: () => relay.kick(),
    });
    const batches = createBatchStore(prisma);
    return {
      routes: (router) =>
        router.service(
          reports.ReportsService,
          createReportsService({
            store: createMonitorStore(prisma),
            reportDeps: generate,
            requests: { kinds: REPORT_KIND_MODULES, reports: reportStore, jobs },
            batches: {
              batches,
              kinds: CLIENT_REPORT_KINDS,
              organisationName: generate.sources.organisationName,
              jobs: batchJobs,
              pendingCount: batches.pendingCount,
            },
          }),
        ),
      relay,
      async subscribe() {
        await consumeJobEvents(bus, prisma, logger);
      },
      async afterStart() {
        jobs.listen();
        batchJobs.listen();
        if (!seedDemo) return;
        const seeded = await seedDemoMonitor(prisma);
        if (seeded) logger.info(seeded, 'seeded demo jobs and monitor logs');
      },
      async stop() {
        await jobs.stop();
        await batchJobs.stop();
        await relay.stop();
        await prisma.$disconnect();
        await pool.end();
      },
    };
  },
};
