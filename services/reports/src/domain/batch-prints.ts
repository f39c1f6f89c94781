import crypto from 'node:crypto';
import type { Caller } from '@gains/auth';
import { DomainError, invalidArgument, notFound } from '@gains/errors';
import type { Job, StartJob } from '@gains/jobs';
import type { BatchStore, StoredBatchCandidate, StoredBatchPrint } from '../store/batch-store';
import { BATCH_PRINT_SORTS } from '../store/batch-store';
import { BATCH_STATUSES, PUBLISHABLE, parseNewBatchPrint } from './batch-rules';
import { assertReportMember } from './report-rules';

export const BATCH_IDENTIFY_JOB = 'BATCH_IDENTIFY';
export const BATCH_PUBLISH_JOB = 'BATCH_PUBLISH';

export interface BatchDeps {
  batches: BatchStore;
  /** the kinds the service renders (a print's report type is one) */
  kinds: readonly string[];
  organisationName(organisationUuid: string): Promise<string>;
  jobs: {
    start(job: StartJob): Promise<Job>;
    get(organisationUuid: string, uuid: string): Promise<Job | null>;
  };
  /** how many of a print's candidates are Pending */
  pendingCount(batchId: number): Promise<number>;
}

export interface BatchPrintView {
  print: StoredBatchPrint;
  progressDone: number;
  progressTotal: number;
}

const whole = (field: string, value: number, min: number, max: number) => {
  if (!Number.isInteger(value) || value < min || value > max)
    throw invalidArgument(field, `${field} must be a whole number from ${min} to ${max}`);
  return value;
};

const by = (caller: Caller) => caller.name || caller.email;

/** A print with its running job's progress. */
async function view(deps: BatchDeps, print: StoredBatchPrint): Promise<BatchPrintView> {
  const running = print.jobUuid && ['IDENTIFYING', 'PUBLISHING'].includes(print.status);
  const job = running ? await deps.jobs.get(print.organisationUuid, print.jobUuid!) : null;
  return { print, progressDone: job?.progressDone ?? 0, progressTotal: job?.progressTotal ?? 0 };
}

async function printOf(deps: BatchDeps, organisationUuid: string, id: number): Promise<StoredBatchPrint> {
  const print = await deps.batches.find(organisationUuid, whole('id', id, 1, 2_147_483_647));
  if (!print) throw notFound(`Batch print ${id}`, 'id');
  return print;
}

/** Creates a print and starts finding its candidates. */
export async function createBatchPrint(
  deps: BatchDeps,
  caller: Caller,
  req: Record<string, unknown> & { organisationUuid: string },
): Promise<BatchPrintView> {
  assertReportMember(caller, req.organisationUuid);
  const fields = parseNewBatchPrint(req, deps.kinds);
  const jobUuid = crypto.randomUUID();
  const print = await deps.batches.create({
    uuid: crypto.randomUUID(),
    organisationUuid: req.organisationUuid,
    organisationName: await deps.organisationName(req.organisationUuid),
    ...fields,
    status: 'IDENTIFYING',
    jobUuid,
    createdByName: by(caller),
    updatedByName: by(caller),
  });
  await deps.jobs.start({
    uuid: jobUuid,
    organisationUuid: req.organisationUuid,
    type: BATCH_IDENTIFY_JOB,
    input: { batchId: print.id },
    startedBy: { userId: caller.userUuid, name: by(caller) },
    message: `Finding the candidates of batch print ${print.id}`,
  });
  return view(deps, print);
}

export async function listBatchPrints(
  deps: BatchDeps,
  caller: Caller,
  req: { organisationUuid: string; page: number; size: number; sort: string; direction: string; status: string },
) {
  assertReportMember(caller, req.organisationUuid);
  const sort = req.sort || 'createdAt';
  if (!BATCH_PRINT_SORTS.includes(sort))
    throw invalidArgument('sort', `sort must be one of ${BATCH_PRINT_SORTS.join(', ')}`);
  const direction = req.direction || 'desc';
  if (direction !== 'asc' && direction !== 'desc') throw invalidArgument('direction', 'direction must be asc or desc');
  if (req.status && !(BATCH_STATUSES as readonly string[]).includes(req.status))
    throw invalidArgument('status', `status must be one of ${BATCH_STATUSES.join(', ')}`);
  const page = await deps.batches.list({
    organisationUuid: req.organisationUuid,
    page: whole('page', req.page || 1, 1, 1_000_000),
    size: whole('size', req.size || 25, 1, 100),
    sort,
    direction,
    status: req.status,
  });
  return { content: await Promise.all(page.content.map((p) => view(deps, p))), totalSize: page.totalSize };
}

export async function getBatchPrint(deps: BatchDeps, caller: Caller, req: { organisationUuid: string; id: number }) {
  assertReportMember(caller, req.organisationUuid);
  return view(deps, await printOf(deps, req.organisationUuid, req.id));
}

export async function listBatchCandidates(
  deps: BatchDeps,
  caller: Caller,
  req: { organisationUuid: string; id: number; page: number; size: number; status: string },
): Promise<{ content: StoredBatchCandidate[]; totalSize: number }> {
  assertReportMember(caller, req.organisationUuid);
  const print = await printOf(deps, req.organisationUuid, req.id);
  if (req.status && req.status !== 'PENDING' && req.status !== 'COMPLETE')
    throw invalidArgument('status', 'status must be PENDING or COMPLETE');
  return deps.batches.candidates({
    batchId: print.id,
    page: whole('page', req.page || 1, 1, 1_000_000),
    size: whole('size', req.size || 25, 1, 100),
    status: req.status,
  });
}

/** Publishes the print's Pending candidates as one job (a Partially Run print resumes). */
export async function publishBatchPrint(
  deps: BatchDeps,
  caller: Caller,
  req: { organisationUuid: string; id: number },
) {
  assertReportMember(caller, req.organisationUuid);
  const print = await printOf(deps, req.organisationUuid, req.id);
  if (!PUBLISHABLE.includes(print.status))
    throw new DomainError(
      'FAILED_PRECONDITION',
      print.status === 'COMPLETE'
        ? 'The batch print is complete: every candidate is published'
        : 'The batch print cannot be published now: wait until its candidates are identified and no publish is running',
      'id',
    );
  const pending = await deps.pendingCount(print.id);
  if (pending === 0) throw new DomainError('FAILED_PRECONDITION', 'The batch print has no pending candidates', 'id');
  const jobUuid = crypto.randomUUID();
  if (!(await deps.batches.begin(req.organisationUuid, print.id, PUBLISHABLE, 'PUBLISHING', jobUuid, by(caller))))
    throw new DomainError('ABORTED', 'The batch print changed while it was asked for: reload it and try again', 'id');
  await deps.jobs.start({
    uuid: jobUuid,
    organisationUuid: req.organisationUuid,
    type: BATCH_PUBLISH_JOB,
    input: { batchId: print.id, requestedBy: { userUuid: caller.userUuid, name: by(caller) } },
    startedBy: { userId: caller.userUuid, name: by(caller) },
    progressTotal: pending,
    message: `Publishing batch print ${print.id}`,
  });
  return view(deps, await printOf(deps, req.organisationUuid, req.id));
}
