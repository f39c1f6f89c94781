import path from 'node:path';
import { createSchemaPool, inTransaction } from '@gains/db';
import { createOutboxRelay } from '@gains/outbox';
import { documents } from '@gains/proto';
import type { ServiceModule } from '@gains/service-kit';
import type { DocumentsDeps } from './domain/deps';
import { createJobRunner } from '@gains/jobs';
import { createClient } from '@connectrpc/connect';
import { clients } from '@gains/proto';
import { serviceTokenSource } from '@gains/service-kit';
import type { Caller } from '@gains/auth';
import { DomainError } from '@gains/errors';
import { CREATE_CANDIDATES } from './domain/create-candidates';
import { createDocumentsService } from './rpc/documents-service';
import { createHeaderJobHandlers } from './rpc/header-job-handlers';
import { createLedgerSources } from './rpc/ledger-sources';
import { createSources } from './rpc/sources';
import { createDocumentTypeStore } from './store/document-type-store';
import { createHeaderStore } from './store/header-store';
import { createLayerStore } from './store/layer-store';
import { createRowStore } from './store/row-store';
import { createIncomeDiaryStore } from './store/income-diary-store';
import { refreshIncomePending } from './domain/income-pending';
import { makeDiaryHeader, runDueDiaries } from './domain/run-income-diaries';
import { AUTO_PROCESS_ACTOR, runAutoProcess } from './domain/auto-process';
import { HEADER_JOBS } from './domain/header-jobs';
import { createDocumentsPrisma } from './store/prisma';

const SCHEMA = 'documents';
/** How often the timer runs due income diaries and auto-processes due headers, and how often every firm's 'Income Pending' is worked out again
 * (a diary's pay date comes into the coming period as days pass). */
const DIARY_TICK_MS = 60_000;
const PENDING_SWEEP_MS = 60 * 60_000;
/** Today in London, as the ledger dates rows (YYYY-MM-DD). */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());

export const documentsModule: ServiceModule = {
  name: 'documents',
  schema: SCHEMA,
  migrationsDir: path.join(import.meta.dirname, '..', 'prisma', 'migrations'),
  async start({ connectionString, logger, bus, transports, env }) {
    const pool = createSchemaPool(connectionString, SCHEMA);
    const prisma = createDocumentsPrisma(pool, SCHEMA);
    const relay = createOutboxRelay({ pool, bus, logger });
    const types = createDocumentTypeStore(prisma);
    const headers = createHeaderStore(prisma);
    // The pipeline's jobs act as the documents service itself (no user waits on them), scoped by organisation.
    const serviceToken = serviceTokenSource(transports.identity, 'documents', env.GAINS_SERVICE_TOKEN_SECRET ?? '');
    const asService = async () => ({ headers: { authorization: `Bearer ${await serviceToken()}` } });
    const ledger = createLedgerSources(transports.clients, asService, transports.securities, transports['tax-engine']);
    const clientsClient = createClient(clients.ClientsService, transports.clients);
    const diaries = createIncomeDiaryStore(prisma);
    /** 'Income Pending' worked out again for each organisation named, shortly and once however often it is asked. */
    const pendingQueue = new Set<string>();
    let pendingTimer: NodeJS.Timeout | undefined;
    const flushPending = async () => {
      pendingTimer = undefined;
      for (const org of [...pendingQueue]) {
        pendingQueue.delete(org);
        try {
          await refreshIncomePending(
            {
              diaries,
              holders: ledger.holders.holders,
              today,
              async setPending(organisationUuid, clientUuids) {
                await clientsClient.setIncomePending({ organisationUuid, clientUuids }, await asService());
              },
            },
            org,
          );
        } catch (error) {
          logger.error({ err: error, organisationUuid: org }, 'income pending: could not be worked out');
        }
      }
    };
    const incomePendingChanged = (organisationUuid: string) => {
      pendingQueue.add(organisationUuid);
      pendingTimer ??= setTimeout(() => void flushPending(), 200);
    };
    /** Organisations whose header job ended in the chunk just run: their income may have changed once it commits. */
    const endedJobs = new Set<string>();
    const jobs = createJobRunner({
      pool,
      service: 'documents',
      logger,
      handlers: createHeaderJobHandlers(ledger, (organisationUuid) => endedJobs.add(organisationUuid)),
      onCommitted: () => {
        relay.kick();
        // the job's last chunk has committed: its candidates' statuses are there to be read
        for (const org of endedJobs) incomePendingChanged(org);
        endedJobs.clear();
      },
    });
    /** A header's job, on the Job Monitor under the header, started by the user who asked. */
    const startHeaderJob = (
      uuid: string,
      type: string,
      message: string,
      caller: Caller,
      organisationUuid: string,
      headerUuid: string,
    ) =>
      jobs.start({
        uuid,
        organisationUuid,
        type,
        input: { headerUuid },
        object: { kind: 'HEADER', id: headerUuid },
        startedBy: { userId: caller.userUuid, name: caller.name },
        message,
      });
    const deps: DocumentsDeps = {
      types,
      layers: createLayerStore(prisma),
      headers,
      rows: createRowStore(prisma),
      edits: {
        inTransaction: (fn) => inTransaction(pool, fn),
        headerState: (organisationUuid, uuid) => headers.state(organisationUuid, uuid),
      },
      ...createSources(transports),
      diaries,
      runDiaries: (organisationUuid) => runDiaryTick(organisationUuid),
      incomePendingChanged,
      async startHeaderJob(job, caller, organisationUuid, headerUuid, checkedStatus) {
        const uuid = crypto.randomUUID();
        if (!(await headers.beginJob(organisationUuid, headerUuid, checkedStatus, job.inProgress, uuid, caller.name)))
          throw new DomainError(
            'ABORTED',
            'The header changed while it was asked for: reload it and try again',
            'status',
          );
        await startHeaderJob(uuid, job.type, job.message, caller, organisationUuid, headerUuid);
      },
      async startCandidates(caller, organisationUuid, headerUuid) {
        // the header is marked first, so the job never finishes before it is marked as started
        const uuid = crypto.randomUUID();
        await headers.beginCandidates(organisationUuid, headerUuid, uuid, caller.name);
        await startHeaderJob(uuid, CREATE_CANDIDATES, 'Finding the holders', caller, organisationUuid, headerUuid);
      },
    };
    /** Due diaries make their headers (one organisation's for 'Run now', every one's on the timer). */
    const runDiaryTick = (organisationUuid: string | null) =>
      runDueDiaries(
        { diaries, today, incomePendingChanged, makeHeader: (diary) => makeDiaryHeader(deps, diary) },
        organisationUuid,
      );
    /** Headers whose processing override's day has come have their transactions created (auto-process.ts). */
    const runAutoProcessTick = () =>
      runAutoProcess(
        {
          candidates: () => headers.autoProcessCandidates(null),
          today,
          process: (h) =>
            deps.startHeaderJob(HEADER_JOBS.process, AUTO_PROCESS_ACTOR, h.organisationUuid, h.uuid, h.status),
        },
        (h, error) => logger.warn({ err: error, header: h.code }, 'auto process: the header changed first'),
      );
    let diaryTimer: NodeJS.Timeout | undefined;
    let sweepTimer: NodeJS.Timeout | undefined;
    const sweepPending = async () => {
      for (const org of await diaries.organisationsWithIncome()) incomePendingChanged(org);
    };
    const quietly = (what: string, work: () => Promise<unknown>) => () =>
      void work().catch((error) => logger.error({ err: error }, `income diaries: ${what} failed`));
    return {
      routes: (router) => router.service(documents.DocumentsService, createDocumentsService(deps)),
      relay,
      // the system document types, brought up to date at every start (idempotent)
      async afterStart() {
        await types.seedSystemTypes();
        jobs.listen();
        diaryTimer = setInterval(
          quietly('the timer', async () => {
            await runDiaryTick(null);
            await runAutoProcessTick();
          }),
          DIARY_TICK_MS,
        );
        sweepTimer = setInterval(quietly('the income pending sweep', sweepPending), PENDING_SWEEP_MS);
        quietly('the first run', async () => {
          await runDiaryTick(null);
          await runAutoProcessTick();
          await sweepPending();
        })();
      },
      async stop() {
        clearInterval(diaryTimer);
        clearInterval(sweepTimer);
        clearTimeout(pendingTimer);
        await jobs.stop();
        await relay.stop();
        await prisma.$disconnect();
        await pool.end();
      },
    };
  },
};
