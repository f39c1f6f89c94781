import type { JobHandler } from '@gains/jobs';
import type pg from 'pg';
import type { ImportTaskRecord } from '../store/import-store';
import { readTable, type ColumnSpec, type CsvRow, type RejectedRow } from './import-csv';
import type { ImportDeps } from './import-deps';
import { refuseFile, startUnlessImported } from './import-outcomes';

/** What a master data kind gives the shared flow: its columns, its rows checked, its good rows written. */
export interface MasterKind<P extends { changed: boolean }> {
  type: string;
  columns: readonly ColumnSpec[];
  /** singular and plural, for the task's message */
  noun: [string, string];
  prepare(
    deps: ImportDeps,
    task: ImportTaskRecord,
    rows: readonly CsvRow[],
  ): Promise<{ prepared: P[]; rejected: RejectedRow[] }>;
  isNew(row: P): boolean;
  write(deps: ImportDeps, tx: pg.ClientBase, task: ImportTaskRecord, rows: P[]): Promise<void>;
}

/**
 * A clients or portfolios file as a job of the shared runner, in one chunk: every row checked (any bad row fails
 * the file, every bad row listed, nothing written), then the new and changed rows written in the runner's
 * transaction with the task's counts and finish, so the file is written whole or not at all and a crash before the
 * commit runs it again from the start. Master data files are small (a firm's clients), so one chunk is enough.
 * The same file again (its hash) writes nothing; rows equal to what is stored are counted skipped.
 */
export function masterImportJob<P extends { changed: boolean }>(
  deps: ImportDeps,
  kind: MasterKind<P>,
): JobHandler<{ taskUuid: string }, { next: number }> {
  return {
    type: kind.type,
    onFailed: ({ job, input, tx, message }) => deps.imports.failIn(tx, job.organisationUuid, input.taskUuid, message),
    async runChunk({ job, input, tx }) {
      const task = await deps.imports.findByUuid(job.organisationUuid, input.taskUuid);
      if (!task) return { cursor: { next: 0 }, done: true, outcome: 'FAILED', message: 'The import task is missing' };
      const file = await deps.files.get(task.fileKey);
      if (!file) {
        const message = 'The import file is missing from storage';
        await deps.imports.finishIn(tx, task.id, { status: 'FAILED', rowsRead: 0, message });
        return { cursor: { next: 0 }, done: true, outcome: 'FAILED', message };
      }
      const table = readTable(file.toString('utf8'), kind.columns);
      const rowsRead = table.read;
      const { prepared, rejected: bad } = await kind.prepare(deps, task, table.rows);
      const rejected = [...table.rejected, ...bad].sort((a, b) => a.line - b.line);
      if (rejected.length > 0) {
        return {
          cursor: { next: 0 },
          ...(await refuseFile(deps.imports, tx, task, { rowsRead, rejected }, 'written')),
        };
      }
      const imported = await startUnlessImported(deps.imports, tx, task, rowsRead, 'written');
      if (imported !== null) {
        await deps.master.countIn(tx, task.id, 0, rowsRead);
        return {
          cursor: { next: rowsRead },
          done: true,
          outcome: 'SUCCEEDED',
          message: imported,
          progressDone: rowsRead,
          progressTotal: rowsRead,
        };
      }
      const changed = prepared.filter((p) => p.changed);
      await kind.write(deps, tx, task, changed);
      const added = changed.filter((p) => kind.isNew(p)).length;
      const skipped = prepared.length - changed.length;
      await deps.master.countIn(tx, task.id, changed.length, skipped);
      const [one, many] = kind.noun;
      const message = `${added} ${added === 1 ? one : many} added, ${changed.length - added} changed, ${skipped} unchanged`;
      await deps.imports.finishIn(tx, task.id, { status: 'SUCCEEDED', rowsRead, message });
      return {
        cursor: { next: rowsRead },
        done: true,
        outcome: 'SUCCEEDED',
        message,
        progressDone: rowsRead,
        progressTotal: rowsRead,
        add: { candidates: rowsRead, successes: changed.length },
      };
    },
  };
}
