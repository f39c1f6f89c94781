import type { JobHandler } from '@gains/jobs';
import type { ImportDeps } from './import-deps';
import { importJobType } from './import-deps';

export const IMPORT_PRICES_JOB = importJobType('PRICES');

/**
 * A prices file as a job of the shared runner, in one chunk: the securities service's own upload takes it (its
 * format, rules and all-or-nothing), as the user who started it, whose token is held in memory only. A job resumed
 * after a restart has no caller and fails clearly. The upload is idempotent (a price already there is unchanged),
 * so a chunk retried after the upload went through posts nothing twice.
 */
export function importPricesJob(deps: ImportDeps): JobHandler<{ taskUuid: string }, { done: true }> {
  return {
    type: IMPORT_PRICES_JOB,
    onFailed: ({ job, input, tx, message }) => deps.imports.failIn(tx, job.organisationUuid, input.taskUuid, message),
    async runChunk({ job, input, tx }) {
      const task = await deps.imports.findByUuid(job.organisationUuid, input.taskUuid);
      if (!task)
        return { cursor: { done: true }, done: true, outcome: 'FAILED', message: 'The import task is missing' };
      const fail = async (message: string, rowsRead = 0) => {
        deps.callers.delete(task.uuid);
        await deps.imports.finishIn(tx, task.id, { status: 'FAILED', rowsRead, message });
        return { cursor: { done: true as const }, done: true, outcome: 'FAILED' as const, message };
      };
      const caller = deps.callers.get(task.uuid);
      if (!caller) return fail('The prices import was interrupted by a restart: start it again');
      const file = await deps.files.get(task.fileKey);
      if (!file) return fail('The import file is missing from storage');
      await deps.imports.markRunningIn(tx, task.id, 0);
      let answer: Awaited<ReturnType<ImportDeps['prices']['uploadPrices']>>;
      try {
        answer = await deps.prices.uploadPrices(caller, task.organisationUuid, file.toString('utf8'));
      } catch (error) {
        // The securities service's own refusal (who may upload prices, its size limit) is the task's reason.
        return fail(
          `The securities service refused the prices: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      deps.callers.delete(task.uuid);
      const rejected = answer.problems
        .map((p) => ({ line: p.line, column: p.field, reason: p.message }))
        .sort((a, b) => a.line - b.line);
      if (!answer.ok || rejected.length > 0) {
        const lines = new Set(rejected.map((r) => r.line)).size;
        const message =
          lines === 0
            ? 'The securities service did not take the prices: nothing was posted'
            : `${lines} ${lines === 1 ? 'line has' : 'lines have'} problems: nothing was posted`;
        await deps.imports.finishIn(tx, task.id, { status: 'FAILED', rowsRead: answer.lines, rejected, message });
        return {
          cursor: { done: true },
          done: true,
          outcome: 'FAILED',
          message,
          progressTotal: answer.lines,
          add: { candidates: answer.lines },
          failures: rejected,
        };
      }
      const posted = answer.inserted + answer.updated;
      const message = `${answer.inserted} prices added, ${answer.updated} changed, ${answer.unchanged} unchanged`;
      await deps.custodian.addCountsIn(tx, task.id, { posted, skipped: 0 });
      await deps.imports.finishIn(tx, task.id, {
        status: 'SUCCEEDED',
        rowsRead: answer.lines,
        rowsSkipped: answer.unchanged,
        message,
      });
      return {
        cursor: { done: true },
        done: true,
        outcome: 'SUCCEEDED',
        message,
        progressDone: answer.lines,
        progressTotal: answer.lines,
        add: { candidates: answer.lines, successes: answer.lines },
      };
    },
  };
}
