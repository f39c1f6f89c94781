import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { JobHandler } from '@gains/jobs';
import { ledgerChangedEvent } from '../events/ledger-events';
import type { ImportTaskRecord, TouchedPair } from '../store/import-store';
import { readTable, type RejectedRow } from './import-csv';
import type { ImportDeps } from './import-deps';
import { lookupsFor } from './import-lookups';
import { prepareTransactions, TRANSACTION_COLUMNS, type PreparedTransaction } from './import-rules';
import { refuseFile, startUnlessImported } from './import-outcomes';

/** Rows posted per database transaction: each chunk also saves the cursor, so a restart resumes after it. */
export const IMPORT_CHUNK = 10_000;
/** A chunk of at least this many rows posts in two halves at once. */
const SPLIT_FROM = 2_000;
/** Rows checked between yields to the event loop, so other users' requests are served during a large file. */
const CHECK_SLICE = 5_000;

/** A file's rows checked once, kept while its job runs (a resumed job checks the file again). */
interface CheckedFile {
  rowsRead: number;
  prepared: PreparedTransaction[];
  rejected: RejectedRow[];
}

async function checkTransactionsFile(deps: ImportDeps, task: ImportTaskRecord): Promise<CheckedFile | null> {
  const file = await deps.files.get(task.fileKey);
  if (!file) return null;
  const table = readTable(file.toString('utf8'), TRANSACTION_COLUMNS);
  const lookups = await lookupsFor(deps, task.organisationUuid, table.rows);
  const prepared: PreparedTransaction[] = [];
  const rejected: RejectedRow[] = [...table.rejected];
  const seen = new Map<string, number>();
  for (let start = 0; start < table.rows.length; start += CHECK_SLICE) {
    const slice = prepareTransactions(table.rows.slice(start, start + CHECK_SLICE), lookups, seen);
    prepared.push(...slice.prepared);
    rejected.push(...slice.rejected);
    await yieldToOthers();
  }
  rejected.sort((a, b) => a.line - b.line);
  return { rowsRead: table.read, prepared, rejected };
}

/** Where a transactions job is: the next row to post, and what the chunks before it posted. */
interface ImportCursor {
  next: number;
  touched: TouchedPair[];
}

/** The pairs of both lists, each with the earlier of its dates. */
function mergeTouched(before: readonly TouchedPair[], added: readonly TouchedPair[]): TouchedPair[] {
  const byPair = new Map(before.map((t) => [`${t.portfolioId}|${t.securityId}`, t]));
  for (const t of added) {
    const key = `${t.portfolioId}|${t.securityId}`;
    const seen = byPair.get(key);
    if (!seen || t.earliestDate < seen.earliestDate) byPair.set(key, t);
  }
  return [...byPair.values()];
}

export const IMPORT_TRANSACTIONS_JOB = 'IMPORT_TRANSACTIONS';

/**
 * A transactions file as a job of the shared runner (@gains/jobs): the first chunk checks every row (any bad row
 * fails the file, every bad row listed, nothing posted); each chunk then posts IMPORT_CHUNK rows from the cursor in
 * the runner's transaction, which also saves the cursor, progress and counts, so a crash resumes after the last
 * committed chunk and the job finishes once. The import task mirrors the job for Interface Logging.
 */
export function importTransactionsJob(deps: ImportDeps): JobHandler<{ taskUuid: string }, ImportCursor> {
  const checked = new Map<string, CheckedFile>();
  return {
    type: IMPORT_TRANSACTIONS_JOB,
    onFailed: ({ job, input, tx, message }) => deps.imports.failIn(tx, job.organisationUuid, input.taskUuid, message),
    async runChunk({ job, input, cursor, tx }) {
      const task = await deps.imports.findByUuid(job.organisationUuid, input.taskUuid);
      if (!task)
        return {
          cursor: { next: 0, touched: [] },
          done: true,
          outcome: 'FAILED',
          message: 'The import task is missing',
        };
      let file = checked.get(task.uuid);
      if (!file) {
        const read = await checkTransactionsFile(deps, task);
        if (!read) {
          await deps.imports.finishIn(tx, task.id, {
            status: 'FAILED',
            rowsRead: 0,
            message: 'The import file is missing from storage',
          });
          return {
            cursor: { next: 0, touched: [] },
            done: true,
            outcome: 'FAILED',
            message: 'The import file is missing',
          };
        }
        file = read;
        checked.set(task.uuid, file);
      }
      const { rowsRead, prepared, rejected } = file;
      if (rejected.length > 0) {
        checked.delete(task.uuid);
        return { cursor: { next: 0, touched: [] }, ...(await refuseFile(deps.imports, tx, task, file, 'posted')) };
      }
      const start = cursor?.next ?? 0;
      if (start === 0) {
        const message = await startUnlessImported(deps.imports, tx, task, rowsRead, 'posted');
        if (message !== null) {
          checked.delete(task.uuid);
          const skipped = { done: true, outcome: 'SUCCEEDED' as const, message, progressTotal: rowsRead };
          return { cursor: { next: 0, touched: [] }, ...skipped };
        }
      }
      const organisationUuid = task.organisationUuid;
      if (start < prepared.length) {
        const next = Math.min(start + IMPORT_CHUNK, prepared.length);
        const rows = prepared.slice(start, next);
        // Two halves on two connections at once (the database does the work on both cores): the first in the
        // runner's transaction, the second in its own, committed first. If the runner's then fails, the retry
        // finds the second half's keys recorded by this task and counts them as its own, posting nothing twice.
        const half = rows.length >= SPLIT_FROM ? Math.ceil(rows.length / 2) : rows.length;
        const [first, second] = await Promise.all([
          deps.imports.postRows(tx, task, rows.slice(0, half), task.startedBy),
          deps.imports.inOwnTransaction((own) => deps.imports.postRows(own, task, rows.slice(half), task.startedBy)),
        ]);
        const done = { posted: first.posted + second.posted, skipped: first.skipped + second.skipped };
        await deps.imports.countChunk(tx, task.id, next, done);
        return {
          cursor: { next, touched: mergeTouched(cursor?.touched ?? [], [...first.touched, ...second.touched]) },
          done: false,
          progressDone: next,
          progressTotal: prepared.length,
          add: { candidates: next - start, successes: done.posted },
        };
      }
      // Every row is in (committed): a last chunk locks the owners (lockOwners says why), then re-derives the
      // holdings the file touched, by portfolio halves at once on two connections, each seeing every row; then the
      // owners' events and the finish.
      checked.delete(task.uuid);
      const touched = cursor?.touched ?? [];
      const byPortfolio = [...touched].sort((x, y) => x.portfolioId - y.portfolioId);
      let cut = Math.ceil(byPortfolio.length / 2);
      while (cut < byPortfolio.length && byPortfolio[cut]!.portfolioId === byPortfolio[cut - 1]!.portfolioId) cut++;
      await deps.imports.lockOwners(tx, organisationUuid, touched);
      await Promise.all([
        deps.imports.rederiveTouched(tx, organisationUuid, byPortfolio.slice(0, cut)),
        deps.imports.inOwnTransaction((own) =>
          deps.imports.rederiveTouched(own, organisationUuid, byPortfolio.slice(cut)),
        ),
      ]);
      await deps.imports.announceImported(tx, organisationUuid, touched, (changed) =>
        changed.map((t) => ledgerChangedEvent({ organisationUuid, ...t, reason: 'IMPORT' })),
      );
      const counts = await deps.imports.countsIn(tx, task.id);
      const message =
        counts.skipped > 0
          ? `${counts.posted} rows posted; ${counts.skipped} were imported before and posted nothing`
          : `${counts.posted} rows posted`;
      await deps.imports.finishIn(tx, task.id, { status: 'SUCCEEDED', rowsRead, message });
      return {
        cursor: { next: start, touched: [] },
        done: true,
        progressDone: prepared.length,
        progressTotal: prepared.length,
        outcome: 'SUCCEEDED',
        message,
      };
    },
  };
}
