import path from 'node:path';
import { createSchemaPool } from '@gains/db';
import { createOutboxRelay } from '@gains/outbox';
import { taxEngine } from '@gains/proto';
import type { ServiceModule } from '@gains/service-kit';
import { taxEngineConfig } from './config';
import type { ComputedLedgerFile, ComputeTask } from './domain/compute-ledger-file';
import { createTaxEngineService } from './rpc/tax-engine-service';
import { createAnnualExemptAmountStore } from './store/annual-exempt-amount-store';
import { createTaxEnginePrisma } from './store/prisma';
import { computeMetrics } from './workers/compute-metrics';
import { ComputePool } from './workers/compute-pool';
import { tracedCompute } from './workers/traced-compute';

const SCHEMA = 'tax_engine';

/**
 * The tax engine: computes ledgers with the pure core (src/engine) on worker threads. Its schema and
 * outbox are ready for the stored calculations and the figures it will publish to the client grids.
 */
export const taxEngineModule: ServiceModule = {
  name: 'tax-engine',
  schema: SCHEMA,
  migrationsDir: path.join(import.meta.dirname, '..', 'prisma', 'migrations'),
  async start({ connectionString, logger, bus, env }) {
    const config = taxEngineConfig(env);
    const pool = createSchemaPool(connectionString, SCHEMA, 2);
    const prisma = createTaxEnginePrisma(pool, SCHEMA);
    const annualExemptAmounts = createAnnualExemptAmountStore(prisma);
    const relay = createOutboxRelay({ pool, bus, logger });
    const compute = new ComputePool<ComputeTask, ComputedLedgerFile>({
      size: config.workers,
      maxQueued: config.maxQueued,
      maxPerOrganisation: config.maxPerOrganisation,
      maxPerUser: config.maxPerUser,
      timeoutMs: config.timeoutMs,
      moduleUrl: new URL('./workers/ledger-worker.ts', import.meta.url).href,
    });
    return {
      routes: (router) =>
        router.service(
          taxEngine.TaxEngineService,
          createTaxEngineService({
            compute: tracedCompute(compute, logger),
            annualExemptAmounts,
            annualExemptAmountsAdded: async () =>
              Object.fromEntries((await annualExemptAmounts.list()).map((a) => [a.taxYear, a.amount])),
          }),
        ),
      relay,
      metrics: () => computeMetrics(compute.stats()),
      async stop() {
        await compute.close();
        await relay.stop();
        await prisma.$disconnect();
        await pool.end();
      },
    };
  },
};
