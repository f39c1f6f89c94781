import path from 'node:path';
import type { Caller } from '@gains/auth';
import { createSchemaPool } from '@gains/db';
import { createJobRunner } from '@gains/jobs';
import { createOutboxRelay } from '@gains/outbox';
import crypto from 'node:crypto';
import { calculations, taxEngine, taximiser } from '@gains/proto';
import { serviceTokenSource, type ServiceModule } from '@gains/service-kit';
import { taxEngineConfig } from './config';
import type { ComputedLedgerFile, ComputeTask } from './domain/compute-ledger-file';
import { ENGINE_VERSION } from './domain/engine-version';
import { recalculateOrganisationJob, RECALCULATE_ORGANISATION } from './domain/recalculate-organisation-job';
import { startRecalculationLoop } from './domain/recalculation-loop';
import { runCalculations } from './domain/run-calculation';
import { consumeLedgerEvents } from './events/ledger-events';
import { createCalculationsService } from './rpc/calculations-service';
import { createLedgerSource, SERVICE_NAME } from './rpc/ledger-source';
import { createTaxEngineService, toTaxpayer } from './rpc/tax-engine-service';
import { createTaximiserService } from './rpc/taximiser-service';
import { createCalculationStore } from './store/calculation-store';
import { createAnnualExemptAmountStore } from './store/annual-exempt-amount-store';
import { loadReferenceData } from './store/reference-data-files';
import { createTaxEnginePrisma } from './store/prisma';
import { computeMetrics } from './workers/compute-metrics';
import { ComputePool } from './workers/compute-pool';
import { limitConcurrency } from './workers/limit-concurrency';
import { tracedCompute } from './workers/traced-compute';

const SCHEMA = 'tax_engine';

/**
 * The tax engine: computes ledgers with the pure core (src/engine) on worker threads: uploaded files on request,
 * and every client's ledger when it changes, stored as runs whose figures it publishes to the client grids.
 */
export const taxEngineModule: ServiceModule = {
  name: 'tax-engine',
  schema: SCHEMA,
  migrationsDir: path.join(import.meta.dirname, '..', 'prisma', 'migrations'),
  async start({ connectionString, logger, bus, env, transports }) {
    const config = taxEngineConfig(env);
    // Requests, the outbox relay, the ledger consumer, the recalculation loop and the jobs runner share it.
    const pool = createSchemaPool(connectionString, SCHEMA, 4);
    const prisma = createTaxEnginePrisma(pool, SCHEMA);
    const annualExemptAmounts = createAnnualExemptAmountStore(prisma);
    // Runs land a batch a transaction in the clients service: a firm's recalculation publishes them 500 at a time.
    const relay = createOutboxRelay({ pool, bus, logger, batchSize: 500 });
    const compute = new ComputePool<ComputeTask, ComputedLedgerFile>({
      size: config.workers,
      maxQueued: config.maxQueued,
      maxPerOrganisation: config.maxPerOrganisation,
      maxPerUser: config.maxPerUser,
      timeoutMs: config.timeoutMs,
      moduleUrl: new URL('./workers/ledger-worker.ts', import.meta.url).href,
    });
    const annualExemptAmountsAdded = async () =>
      Object.fromEntries((await annualExemptAmounts.list()).map((a) => [a.taxYear, a.amount]));
    const tracedPool = tracedCompute(compute, logger);
    // The statutory files, read on the first run that needs them (they ship with the service).
    let statutory: ReturnType<typeof loadReferenceData> | undefined;
    const referenceData = () => (statutory ??= loadReferenceData());

    // Stored calculations: ledger changes queue clients; the loop computes them as the engine's own identity.
    const store = createCalculationStore(prisma, pool);
    const ledgers = createLedgerSource(transports.clients);
    const serviceToken = serviceTokenSource(transports.identity, SERVICE_NAME, env.GAINS_SERVICE_TOKEN_SECRET ?? '');
    const londonToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    // Batches in flight: while one computes, others load their ledgers or store their runs (each mostly waiting on
    // the database), so the worker, the event loop and the database are all kept busy (4 left a fifth of the
    // machine idle in a firm's recalculation). Their computations wait their turn within the engine's per-user
    // cap, rather than being refused by the pool past it.
    const batchesInFlight = 6;
    const computeConcurrency = Math.max(1, Math.min(config.workers, Math.floor(config.maxPerUser / 2)));
    const backgroundCompute = limitConcurrency(config.maxPerUser, tracedPool);
    const loop = startRecalculationLoop({
      store,
      logger,
      concurrency: batchesInFlight,
      // A firm's recalculation goes 200 clients a transaction; a posting is a batch of its own.
      batchSize: config.batchSize,
      // Past the compute time limit twice over, a leased client's worker is taken to be gone.
      leaseMs: 2 * config.timeoutMs + 30_000,
      // Posting to figure in the grid within 2 s (issue 23): changes settle for 300 ms, the queue is looked at
      // every 250 ms when nothing wakes the loop.
      pollMs: 250,
      quietMs: 300,
      maxWaitMs: 5_000,
      // Two relay batches: the clients service keeps up, and a posting's event is never far down the outbox.
      maxUnpublished: 1_000,
      run: async (items) => {
        const outcomes = await runCalculations(
          {
            store,
            loadLedgers: async (org, clients) => ledgers.loadMany(org, clients, await serviceToken()),
            compute: backgroundCompute,
            computeConcurrency,
            annualExemptAmountsAdded,
            referenceData,
            toTaxpayer,
            now: () => new Date(),
            today: londonToday,
            newId: () => crypto.randomUUID(),
            logger,
          },
          items,
        );
        relay.kick();
        return outcomes;
      },
    });
    // Figures an older engine computed are recomputed in the background (engine-version.ts).
    void store.enqueueOutdated(ENGINE_VERSION).then(
      (queued) => {
        if (queued > 0)
          logger.info({ queued, engineVersion: ENGINE_VERSION }, 'clients computed by an older engine queued');
        loop.kick();
      },
      (error: unknown) => logger.warn({ err: error }, 'queueing the clients an older engine computed failed'),
    );
    // Old stored runs pruned an hour apart (the first a minute after start), each pass bounded.
    const pruneRuns = async () => {
      try {
        const pruned = await store.pruneRuns(config.runsKept, config.runDays);
        if (pruned > 0) logger.info({ pruned }, 'old calculation runs pruned');
      } catch (error) {
        logger.warn({ err: error }, 'pruning old calculation runs failed; the next pass tries again');
      }
    };
    const firstPrune = setTimeout(() => void pruneRuns(), 60_000).unref();
    const hourlyPrune = setInterval(() => void pruneRuns(), 3_600_000).unref();
    const jobs = createJobRunner({
      pool,
      service: 'tax-engine',
      logger,
      handlers: [
        recalculateOrganisationJob(async (org, after, limit) =>
          ledgers.listClients(org, after, limit, await serviceToken()),
        ),
      ],
      onCommitted: () => {
        relay.kick();
        loop.kick();
      },
    });
    const startOrganisationJob = async (caller: Caller, organisationUuid: string) => {
      const { total: clients } = await ledgers.listClients(organisationUuid, '', 1, await serviceToken());
      const job = await jobs.start({
        organisationUuid,
        type: RECALCULATE_ORGANISATION,
        input: { organisationUuid },
        startedBy: { userId: caller.userUuid, name: caller.name },
        progressTotal: clients,
        message: `Recalculate ${clients} clients`,
      });
      jobs.kick();
      return { jobUuid: job.uuid, clients };
    };

    return {
      routes: (router) =>
        router
          .service(
            taxEngine.TaxEngineService,
            createTaxEngineService({ compute: tracedPool, annualExemptAmounts, annualExemptAmountsAdded }),
          )
          .service(
            calculations.CalculationsService,
            createCalculationsService({
              store,
              queued: () => loop.kick(),
              startOrganisationJob,
              ledgers,
              pools: {
                compute: tracedPool,
                annualExemptAmountsAdded,
                toTaxpayer,
                // the caller (a member or the reports service) is checked first; the ledger is read as the engine
                loadLedger: async (org, client) => ledgers.load(org, client, await serviceToken()),
              },
            }),
          )
          .service(
            taximiser.TaximiserService,
            createTaximiserService({
              compute: tracedPool,
              // With the engine's own identity: planning is open to every role, and the caller's membership is
              // checked here first; the clients service scopes the client to the organisation.
              loadLedger: async (org, client) => ledgers.load(org, client, await serviceToken()),
              annualExemptAmountsAdded,
              referenceData,
              toTaxpayer,
              today: londonToday,
            }),
          ),
      relay,
      subscribe: () => consumeLedgerEvents(bus, prisma, logger, () => loop.kick()),
      async afterStart() {
        jobs.listen();
      },
      // The recalculations queued so far have run (bounded: a client whose worker died waits for its lease).
      settle: () => Promise.race([loop.drain(), new Promise<void>((resolve) => setTimeout(resolve, 30_000).unref())]),
      metrics: () => computeMetrics(compute.stats()),
      async stop() {
        clearTimeout(firstPrune);
        clearInterval(hourlyPrune);
        await jobs.stop();
        await loop.stop();
        await compute.close();
        await relay.stop();
        await prisma.$disconnect();
        await pool.end();
      },
    };
  },
};
