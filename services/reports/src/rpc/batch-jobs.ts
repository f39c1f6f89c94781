import { Code } from '@connectrpc/connect';
import { domainErrorFrom } from '@gains/errors';
import type { JobFailureInput, JobHandler } from '@gains/jobs';
import type pg from 'pg';
import { batchParameters, deliveriesOf, receivesReport, type BatchClientFacts } from '../domain/batch-rules';
import { generateReport, type GenerateDeps } from '../domain/generate-report';
import { batchSql } from '../store/batch-store';

import { BATCH_IDENTIFY_JOB as BATCH_IDENTIFY, BATCH_PUBLISH_JOB as BATCH_PUBLISH } from '../domain/batch-prints';
/** Clients read a chunk while identifying. */
const IDENTIFY_PAGE = 2000;
/** Candidates published a chunk, and how many of their reports are made at once (reads wait on other services). */
const PUBLISH_CHUNK = 48;
const PUBLISH_CONCURRENCY = 6;

export interface BatchClient extends BatchClientFacts {
  uuid: string;
  code: string;
  name: string;
  incomePending: boolean;
  costUpdatePending: boolean;
  thirtyDayDisposalCounter: number;
}

export interface BatchJobDeps {
  generate: GenerateDeps;
  /** A page of the organisation's clients matching the print's filters, in code order (clients' ListBatchClients). */
  clients(
    organisationUuid: string,
    filters: { reportingFrequency: string; state: string; relationshipManager: string },
    afterCode: string,
    limit: number,
  ): Promise<BatchClient[]>;
  /** Every service level's report type mappings, by its code (identity's). */
  serviceLevels(): Promise<Map<string, { reportTypeId: number; generate: boolean }[]>>;
  /** Today in London, YYYY-MM-DD. */
  today(): string;
}

interface PrintRow {
  id: number;
  uuid: string;
  reporting_period: string;
  tax_year: string;
  client_state: string;
  relationship_manager: string;
  report_type: string;
}

async function printOf(tx: pg.ClientBase, organisationUuid: string, batchId: number): Promise<PrintRow> {
  const { rows } = await tx.query<PrintRow>(
    `SELECT id, uuid, reporting_period, tax_year, client_state, relationship_manager, report_type
       FROM batch_print WHERE id = $1 AND organisation_uuid = $2::uuid`,
    [batchId, organisationUuid],
  );
  if (!rows[0]) throw new Error(`batch print ${batchId} is not the organisation's`);
  return rows[0];
}

/** The tax engine busy (its queue or the firm's share of it full) or a service restarting: worth a wait. */
function isTransient(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === Code.ResourceExhausted || code === Code.Unavailable || code === 'RESOURCE_EXHAUSTED';
}

/** The work again after a short, growing wait while the services are busy (up to about half a minute). */
async function patiently<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 0, wait = 200; ; attempt++, wait = Math.min(wait * 2, 3000)) {
    try {
      return await work();
    } catch (error) {
      if (!isTransient(error) || attempt >= 12) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/** Runs `work` over `items`, at most `limit` at once, answering in order. */
async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const at = next++;
      out[at] = await work(items[at]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}

/** Finds a print's candidates: the clients of its filters that get its report, with their checks. */
export function createIdentifyHandler(
  deps: BatchJobDeps,
): JobHandler<{ batchId: number }, { afterCode: string; seen: number }> {
  return {
    type: BATCH_IDENTIFY,
    async runChunk({ job, input, cursor, tx }) {
      const print = await printOf(tx, job.organisationUuid, input.batchId);
      const page = await deps.clients(
        job.organisationUuid,
        {
          reportingFrequency: print.reporting_period,
          state: print.client_state,
          relationshipManager: print.relationship_manager,
        },
        cursor?.afterCode ?? '',
        IDENTIFY_PAGE,
      );
      const levels = await deps.serviceLevels();
      const candidates = page
        .filter((c) => receivesReport(c, levels, print.report_type))
        .map((c) => ({
          clientUuid: c.uuid,
          clientCode: c.code,
          clientName: c.name,
          thirtyDayRule: c.thirtyDayDisposalCounter > 0,
          costUpdatePending: c.costUpdatePending,
          pendingIncome: c.incomePending,
          deliveries: deliveriesOf(c),
        }));
      await batchSql.insertCandidates(tx, job.organisationUuid, print.id, candidates);
      const done = page.length < IDENTIFY_PAGE;
      await batchSql.settle(tx, print.id, done ? 'IDENTIFIED' : undefined);
      const seen = (cursor?.seen ?? 0) + page.length;
      return {
        cursor: { afterCode: page.at(-1)?.code ?? cursor?.afterCode ?? '', seen },
        done,
        progressDone: seen,
        ...(done ? { progressTotal: seen } : {}),
        add: { candidates: candidates.length, successes: candidates.length },
        message: `${seen.toLocaleString('en-GB')} clients looked at`,
      };
    },
    async onFailed({ input, tx, message }) {
      await batchSql.fail(tx, input.batchId, message);
    },
  };
}

/**
 * Publishes a print: each Pending candidate's report made (PDF, the print's batch id and the client's deliveries)
 * and the candidate Complete; one that cannot be made stays Pending with its reason. The print ends Complete, or
 * Partially Run while any is Pending (publishing it again resumes with those).
 */
export function createPublishHandler(
  deps: BatchJobDeps,
): JobHandler<
  { batchId: number; requestedBy: { userUuid: string; name: string } },
  { afterCode: string; done: number }
> {
  return {
    type: BATCH_PUBLISH,
    async runChunk({ job, input, cursor, tx }) {
      const org = job.organisationUuid;
      const print = await printOf(tx, org, input.batchId);
      const pending = await batchSql.pending(tx, print.id, cursor?.afterCode ?? '', PUBLISH_CHUNK);
      const parameters = batchParameters(print.report_type, print.tax_year, deps.today());
      const outcomes = await mapLimit(pending, PUBLISH_CONCURRENCY, async (c) => {
        // a chunk run again after a crash makes no report twice
        if (await deps.generate.reports.findInBatch(org, print.uuid, c.clientUuid, print.report_type)) return null;
        try {
          await patiently(() =>
            generateReport(deps.generate, {
              organisationUuid: org,
              clientUuid: c.clientUuid,
              kind: print.report_type,
              format: 'pdf',
              parameters,
              batchId: print.uuid,
              delivery: c.deliveries.join(','),
              requestedBy: input.requestedBy,
            }),
          );
          return null;
        } catch (error) {
          const refused = domainErrorFrom(error);
          if (!refused) throw error;
          return refused.message;
        }
      });
      const failures: (JobFailureInput & { uuid: string })[] = [];
      const made: string[] = [];
      pending.forEach((c, i) => {
        const reason = outcomes[i];
        if (reason) failures.push({ uuid: c.uuid, key: c.clientCode, column: 'clientCode', reason });
        else made.push(c.uuid);
      });
      await batchSql.completed(tx, made);
      await batchSql.failed(tx, failures);
      const last = pending.length < PUBLISH_CHUNK;
      const status = last
        ? (await batchSql.pendingCount(tx, print.id)) > 0
          ? 'PARTIALLY_RUN'
          : 'COMPLETE'
        : undefined;
      await batchSql.settle(tx, print.id, status);
      const done = (cursor?.done ?? 0) + pending.length;
      return {
        cursor: { afterCode: pending.at(-1)?.clientCode ?? cursor?.afterCode ?? '', done },
        done: last,
        progressDone: done,
        add: { candidates: pending.length, successes: made.length },
        failures: failures.map(({ uuid: _, ...f }) => f),
        message: `${done.toLocaleString('en-GB')} candidates published`,
      };
    },
    async onFailed({ input, tx }) {
      // the candidates made so far stay Complete; the rest can be published again
      await batchSql.settle(tx, input.batchId, 'PARTIALLY_RUN');
    },
  };
}
