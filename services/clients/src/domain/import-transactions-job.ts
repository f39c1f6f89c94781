import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type pg from 'pg';
import type { JobHandler } from '@gains/jobs';
import { ledgerChangedEvent } from '../events/ledger-events';
import type { ImportTaskRecord, RowsToPost, TouchedPair } from '../store/import-store';
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
const CHECK_SLICE = 2_500;

/** A file's rows checked once, kept while its job runs (a resumed job checks the file again). */
interface CheckedFile {
  rowsRead: number;
  /** whether the firm has keys from before they moved onto the ledger row (import-store's postRows) */
  legacyKeys: boolean;
  prepared: PreparedTransaction[];
  rejected: RejectedRow[];
}

/** What a chunk posted: counts and the pairs it touched. */
interface Posted {
  posted: number;
  skipped: number;
  touched: TouchedPair[];
}

/**
 * Checks every row of the file; after each slice `checkedSoFar` hears the rows checked so far and whether any was
 * bad (the first chunk posts them meanwhile: postWhileChecking).
 */
async function checkTransactionsFile(
  deps: ImportDeps,
  task: ImportTaskRecord,
  text: string,
  legacyKeys: boolean,
  checkedSoFar?: (prepared: readonly PreparedTransaction[], anyBad: boolean) => void,
): Promise<CheckedFile> {
  const table = readTable(text, TRANSACTION_COLUMNS);
  const lookups = await lookupsFor(deps, task.organisationUuid, table.rows);
  const prepared: PreparedTransaction[] = [];
  const rejected: RejectedRow[] = [...table.rejected];
  const seen = new Map<string, number>();
  for (let start = 0; start < table.rows.length; start += CHECK_SLICE) {
    const slice = prepareTransactions(table.rows.slice(start, start + CHECK_SLICE), lookups, seen);
    for (const row of slice.prepared) prepared.push(row);
    for (const row of slice.rejected) rejected.push(row);
    checkedSoFar?.(prepared, rejected.length > 0);
    await yieldToOthers();
  }
  rejected.sort((a, b) => a.line - b.line);
  return { rowsRead: table.read, legacyKeys, prepared, rejected };
}

/**
 * The first chunk's posting while its file is checked: each time a slice is checked (no bad row so far) and no post
 * is in flight, the rows checked and not yet posted (up to IMPORT_CHUNK) are posted on the runner's connection, so
 * the database posts on one core while Node checks on the other. It stops when the check ends; a bad row, or the
 * file found imported already, rolls the posts back (a savepoint), so a refused file posts nothing.
 */
function postWhileChecking(deps: ImportDeps, tx: pg.ClientBase, task: ImportTaskRecord, legacyKeys: boolean) {
  let next = 0;
  let inFlight: Promise<void> | undefined;
  let failure: unknown;
  const done: Posted = { posted: 0, skipped: 0, touched: [] };
  return {
    checkedSoFar(prepared: readonly PreparedTransaction[], anyBad: boolean) {
      if (inFlight || anyBad || failure || next >= prepared.length) return;
      const rows = prepared.slice(next, next + IMPORT_CHUNK);
      next += rows.length;
      inFlight = deps.imports.postRows(tx, deps.imports.rowsToPost(task, rows, task.startedBy, legacyKeys)).then(
        (posted) => {
          done.posted += posted.posted;
          done.skipped += posted.skipped;
          done.touched.push(...posted.touched);
          inFlight = undefined;
        },
        (error: unknown) => {
          failure = error;
        },
      );
    },
    /** Waits for the post in flight: how many rows were posted from the start of the file, and what they did. */
    async settled(): Promise<Posted & { next: number }> {
      await inFlight;
      if (failure) throw failure;
      return { ...done, next };
    },
  };
}

/** A pair the job posted to, and whether its holding was derived since the job last posted to it. */
interface TouchedSoFar extends TouchedPair {
  derived?: boolean;
}

/** Where a transactions job is: the next row to post, and what the chunks before it posted. */
interface ImportCursor {
  next: number;
  touched: TouchedSoFar[];
}

const pairKey = (t: TouchedPair) => `${t.portfolioId}|${t.securityId}`;

/** The pairs of both lists, each with the earlier of its dates; a pair posted to again waits to be derived again. */
function mergeTouched(before: readonly TouchedSoFar[], added: readonly TouchedPair[]): TouchedSoFar[] {
  const byPair = new Map(before.map((t) => [pairKey(t), t]));
  for (const t of added) {
    const seen = byPair.get(pairKey(t));
    const earliestDate = seen && seen.earliestDate < t.earliestDate ? seen.earliestDate : t.earliestDate;
    byPair.set(pairKey(t), { ...t, earliestDate, derived: false });
  }
  return [...byPair.values()];
}

/**
 * The pairs earlier chunks posted to whose holdings can be derived while this chunk posts: not yet derived, and in
 * a portfolio this chunk does not post to (the derivation locks its portfolios; the chunk's rows lock theirs).
 */
function derivableBeside(touched: readonly TouchedSoFar[], rows: readonly PreparedTransaction[]): TouchedSoFar[] {
  const posting = new Set(rows.map((r) => r.portfolioId));
  return touched.filter((t) => !t.derived && !posting.has(t.portfolioId));
}

export const IMPORT_TRANSACTIONS_JOB = 'IMPORT_TRANSACTIONS';

const NO_CURSOR: ImportCursor = { next: 0, touched: [] };

/**
 * A transactions file as a job of the shared runner (@gains/jobs). The first chunk checks every row (any bad row
 * fails the file, every bad row listed, nothing posted), posting the rows checked meanwhile (postWhileChecking);
 * each chunk after it posts IMPORT_CHUNK rows from the cursor in the runner's transaction, which also saves the
 * cursor, progress and counts, so a crash resumes after the last committed chunk and the job finishes once. The
 * import task mirrors the job for Interface Logging.
 */
export function importTransactionsJob(deps: ImportDeps): JobHandler<{ taskUuid: string }, ImportCursor> {
  const checked = new Map<string, CheckedFile>();
  /** The halves of a task's next chunk, written while the database posted the one before (by task, from row). */
  const written = new Map<string, { start: number; halves: readonly [RowsToPost, RowsToPost] }>();
  /** A chunk's two halves written (postRows' parameters), yielding to other users' requests around each. */
  const halvesOf = async (task: ImportTaskRecord, file: CheckedFile, from: number) => {
    const rows = file.prepared.slice(from, from + IMPORT_CHUNK);
    const half = rows.length >= SPLIT_FROM ? Math.ceil(rows.length / 2) : rows.length;
    await yieldToOthers();
    const first = deps.imports.rowsToPost(task, rows.slice(0, half), task.startedBy, file.legacyKeys);
    await yieldToOthers();
    const second = deps.imports.rowsToPost(task, rows.slice(half), task.startedBy, file.legacyKeys);
    return [first, second] as const;
  };
  const forget = (task: ImportTaskRecord) => {
    checked.delete(task.uuid);
    written.delete(task.uuid);
  };
  return {
    type: IMPORT_TRANSACTIONS_JOB,
    onFailed: ({ job, input, tx, message }) => deps.imports.failIn(tx, job.organisationUuid, input.taskUuid, message),
    async runChunk({ job, input, cursor, tx }) {
      const task = await deps.imports.findByUuid(job.organisationUuid, input.taskUuid);
      if (!task) return { cursor: NO_CURSOR, done: true, outcome: 'FAILED', message: 'The import task is missing' };
      const start = cursor?.next ?? 0;
      const organisationUuid = task.organisationUuid;
      let file = checked.get(task.uuid);
      if (!file) {
        const content = await deps.files.get(task.fileKey);
        if (!content) {
          const message = 'The import file is missing from storage';
          await deps.imports.finishIn(tx, task.id, { status: 'FAILED', rowsRead: 0, message });
          return { cursor: NO_CURSOR, done: true, outcome: 'FAILED', message: 'The import file is missing' };
        }
        const legacyKeys = await deps.imports.legacyTransactionKeys(organisationUuid);
        const early =
          deps.postWhileChecking !== false &&
          start === 0 &&
          !(await deps.imports.findSucceeded(organisationUuid, task.kind, task.fileHash))
            ? postWhileChecking(deps, tx, task, legacyKeys)
            : undefined;
        if (early) await tx.query('SAVEPOINT posted_while_checking');
        file = await checkTransactionsFile(deps, task, content.toString('utf8'), legacyKeys, early?.checkedSoFar);
        const posted = await early?.settled();
        const undo = async () => {
          if (early) await tx.query('ROLLBACK TO SAVEPOINT posted_while_checking');
        };
        if (file.rejected.length > 0) {
          await undo();
          return { cursor: NO_CURSOR, ...(await refuseFile(deps.imports, tx, task, file, 'posted')) };
        }
        const message = start === 0 ? await startUnlessImported(deps.imports, tx, task, file.rowsRead, 'posted') : null;
        if (message !== null) {
          await undo();
          return { cursor: NO_CURSOR, done: true, outcome: 'SUCCEEDED', message, progressTotal: file.rowsRead };
        }
        checked.set(task.uuid, file);
        if (posted && posted.next > 0) {
          await deps.imports.countChunk(tx, task.id, posted.next, posted);
          return {
            cursor: { next: posted.next, touched: mergeTouched([], posted.touched) },
            done: false,
            progressDone: posted.next,
            progressTotal: file.prepared.length,
            add: { candidates: posted.next, successes: posted.posted },
          };
        }
      }
      const { rowsRead, prepared } = file;
      if (start < prepared.length) {
        const next = Math.min(start + IMPORT_CHUNK, prepared.length);
        const rows = prepared.slice(start, next);
        // Two halves on two connections at once (the database does the work on both cores): the first in the
        // runner's transaction, the second in its own, committed first. If the runner's then fails, the retry
        // finds the second half's keys recorded by this task and counts them as its own, posting nothing twice.
        // Meanwhile a third connection derives the holdings earlier chunks finished with (committed rows only), so
        // a file grouped by portfolio, as custodians send them, leaves little to derive at its end.
        const ready = written.get(task.uuid);
        written.delete(task.uuid);
        const [firstHalf, secondHalf] = ready?.start === start ? ready.halves : await halvesOf(task, file, start);
        const beside = derivableBeside(cursor?.touched ?? [], rows);
        const posting = Promise.all([
          deps.imports.postRows(tx, firstHalf),
          deps.imports.postRowsAlone(secondHalf),
          beside.length > 0
            ? deps.imports.inOwnTransaction(async (own) => {
                await deps.imports.lockOwners(own, organisationUuid, beside);
                await deps.imports.rederiveTouched(own, organisationUuid, beside);
              })
            : undefined,
        ]);
        // The halves' statements leave (a yield) before the next chunk's rows are written.
        if (next < prepared.length) written.set(task.uuid, { start: next, halves: await halvesOf(task, file, next) });
        const [first, second] = await posting;
        const derivedNow = new Set(beside.map(pairKey));
        const before = (cursor?.touched ?? []).map((t) => (derivedNow.has(pairKey(t)) ? { ...t, derived: true } : t));
        const done = { posted: first.posted + second.posted, skipped: first.skipped + second.skipped };
        await deps.imports.countChunk(tx, task.id, next, done);
        return {
          cursor: { next, touched: mergeTouched(before, [...first.touched, ...second.touched]) },
          done: false,
          progressDone: next,
          progressTotal: prepared.length,
          add: { candidates: next - start, successes: done.posted },
        };
      }
      // Every row is in (committed): a last chunk locks the owners (lockOwners says why), then derives the holdings
      // not yet derived, by portfolio halves at once on two connections, each seeing every row; then the owners'
      // events and the finish.
      forget(task);
      const touched = cursor?.touched ?? [];
      const byPortfolio = touched.filter((t) => !t.derived).sort((x, y) => x.portfolioId - y.portfolioId);
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
