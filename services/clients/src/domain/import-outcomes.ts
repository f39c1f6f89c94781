import type pg from 'pg';
import type { ImportStore, ImportTaskRecord } from '../store/import-store';
import type { RejectedRow } from './import-csv';

/**
 * How an import job ends before it writes anything, the same for every kind: a file with problems is refused
 * whole (all or nothing), and a file already imported is skipped (nothing twice). `nothing` ends the message:
 * "nothing was posted", "... written", "... raised".
 */

/** Refuses the file for its rejected rows: the task FAILED with them, and the job's failures naming each. */
export async function refuseFile(
  imports: ImportStore,
  tx: pg.ClientBase,
  task: ImportTaskRecord,
  file: { rowsRead: number; rejected: RejectedRow[] },
  nothing: string,
) {
  const lines = new Set(file.rejected.map((r) => r.line)).size;
  const message = `${lines} ${lines === 1 ? 'line has' : 'lines have'} problems: nothing was ${nothing}`;
  await imports.finishIn(tx, task.id, { status: 'FAILED', rowsRead: file.rowsRead, rejected: file.rejected, message });
  return {
    done: true as const,
    outcome: 'FAILED' as const,
    message,
    progressTotal: file.rowsRead,
    failures: file.rejected.map((r) => ({ line: r.line, column: r.column, reason: r.reason })),
  };
}

/**
 * Marks the task running; if the same file (by hash) was imported already for the organisation, finishes the task
 * SUCCEEDED with every row skipped and answers the message, else null.
 */
export async function startUnlessImported(
  imports: ImportStore,
  tx: pg.ClientBase,
  task: ImportTaskRecord,
  rowsRead: number,
  nothing: string,
): Promise<string | null> {
  await imports.markRunningIn(tx, task.id, rowsRead);
  const earlier = await imports.findSucceeded(task.organisationUuid, task.kind, task.fileHash);
  if (!earlier || earlier.id === task.id) return null;
  const message = `This file was imported already (${earlier.fileName}, ${earlier.createdDate}): nothing ${nothing} again`;
  await imports.finishIn(tx, task.id, { status: 'SUCCEEDED', rowsRead, rowsSkipped: rowsRead, message });
  return message;
}
