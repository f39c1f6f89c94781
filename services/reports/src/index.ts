import path from 'node:path';
import { createSchemaPool } from '@gains/db';
import { createLocalFileStore } from '@gains/files';
import { createOutboxRelay } from '@gains/outbox';
import { reports } from '@gains/proto';
import type { ServiceModule } from '@gains/service-kit';
import { consumeJobEvents } from './events/job-events';
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
  async start({ connectionString, logger, bus, seedDemo, env }) {
    const pool = createSchemaPool(connectionString, SCHEMA);
    const prisma = createReportsPrisma(pool, SCHEMA);
    const relay = createOutboxRelay({ pool, bus, logger });
    return {
      routes: (router) =>
        router.service(
          reports.ReportsService,
          createReportsService({
            store: createMonitorStore(prisma),
            reportDeps: {
              reports: createReportStore(prisma),
              // report files (DESIGN §2): .data/files/ embedded; the cluster mounts its object store here
              files: createLocalFileStore(env.GAINS_FILES_DIR ?? path.join(process.cwd(), '.data', 'files')),
            },
          }),
        ),
      relay,
      async subscribe() {
        await consumeJobEvents(bus, prisma, logger);
      },
      async afterStart() {
        if (!seedDemo) return;
        const seeded = await seedDemoMonitor(prisma);
        if (seeded) logger.info(seeded, 'seeded demo jobs and monitor logs');
      },
      async stop() {
        await relay.stop();
        await prisma.$disconnect();
        await pool.end();
      },
    };
  },
};
