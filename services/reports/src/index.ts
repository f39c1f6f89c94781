import path from 'node:path';
import { createSchemaPool } from '@gains/db';
import { createLocalFileStore } from '@gains/files';
import { createJobRunner } from '@gains/jobs';
import { createOutboxRelay } from '@gains/outbox';
import { reports } from '@gains/proto';
import { serviceTokenSource, type ServiceModule } from '@gains/service-kit';
import type { GenerateDeps } from './domain/generate-report';
import { REPORT_KIND_MODULES } from './domain/kinds';
import { consumeJobEvents } from './events/job-events';
import { createReportJobHandler } from './rpc/report-job';
import { createReportSources } from './rpc/report-sources';
import { createReportsService } from './rpc/reports-service';
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
    return {
      routes: (router) =>
        router.service(
          reports.ReportsService,
          createReportsService({
            store: createMonitorStore(prisma),
            reportDeps: generate,
            requests: { kinds: REPORT_KIND_MODULES, reports: reportStore, jobs },
          }),
        ),
      relay,
      async subscribe() {
        await consumeJobEvents(bus, prisma, logger);
      },
      async afterStart() {
        jobs.listen();
        if (!seedDemo) return;
        const seeded = await seedDemoMonitor(prisma);
        if (seeded) logger.info(seeded, 'seeded demo jobs and monitor logs');
      },
      async stop() {
        await jobs.stop();
        await relay.stop();
        await prisma.$disconnect();
        await pool.end();
      },
    };
  },
};
