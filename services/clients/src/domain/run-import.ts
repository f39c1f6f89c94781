import type { Caller } from '@gains/auth';
import type { ImportTaskRecord } from '../store/import-store';
import { readTable, type RejectedRow } from './import-csv';
import type { ImportDeps } from './import-deps';
import { lookupsFor } from './import-lookups';
import { CUSTODIAN_COLUMNS, prepareCustodianHoldings, reconcileHolding } from './import-rules';

/**
 * Runs an import task: the kept file read and every row checked; any bad row fails the whole file with every bad
 * row listed and nothing posted; otherwise posted chunk by chunk from the task's cursor. Safe to run again on a
 * task a stop interrupted: the chunks before the cursor are skipped, and natural keys keep a row from posting
 * twice. `caller` is the user who started it (null when resumed after a restart).
 */
export async function runImport(deps: ImportDeps, task: ImportTaskRecord, caller: Caller | null): Promise<void> {
  const file = await deps.files.get(task.fileKey);
  if (!file) {
    await deps.imports.finish(task.id, {
      status: 'FAILED',
      rowsRead: 0,
      message: 'The import file is missing from storage',
    });
    return;
  }
  const text = file.toString('utf8');
  if (task.kind === 'PRICES') return runPrices(deps, task, caller, text);

  const table = readTable(text, CUSTODIAN_COLUMNS);
  const rowsRead = table.read;
  await deps.imports.markRunning(task.id, rowsRead);
  const lookups = await lookupsFor(deps, task.organisationUuid, table.rows);

  if (task.kind === 'CUSTODIAN_HOLDINGS') {
    const { prepared, rejected } = prepareCustodianHoldings(table.rows, lookups);
    if (await failed(deps, task, rowsRead, [...table.rejected, ...rejected])) return;
    const pairs = [...new Map(prepared.map((h) => [`${h.portfolioId}|${h.securityId}`, h])).values()];
    const rows = await deps.imports.holdingRows(task.organisationUuid, pairs);
    const differences = prepared
      .map((h) => reconcileHolding(h, rows.get(`${h.portfolioId}|${h.securityId}`) ?? []))
      .filter((d) => d !== null);
    await deps.imports.recordBreaks(task, differences, rowsRead);
    return;
  }

  throw new Error(`${task.kind} imports run as jobs (importTransactionsJob)`);
}

async function failed(deps: ImportDeps, task: ImportTaskRecord, rowsRead: number, rejected: RejectedRow[]) {
  if (rejected.length === 0) return false;
  rejected.sort((a, b) => a.line - b.line);
  const lines = new Set(rejected.map((r) => r.line)).size;
  await deps.imports.finish(task.id, {
    status: 'FAILED',
    rowsRead,
    rejected,
    rowsPosted: 0,
    message: `${lines} ${lines === 1 ? 'line has' : 'lines have'} problems: nothing was posted`,
  });
  return true;
}

/** Prices go through the securities service's own upload (its format and rules), as the user who started it. */
async function runPrices(deps: ImportDeps, task: ImportTaskRecord, caller: Caller | null, text: string) {
  if (!caller) {
    await deps.imports.finish(task.id, {
      status: 'FAILED',
      rowsRead: 0,
      message: 'The prices import was interrupted by a restart: start it again',
    });
    return;
  }
  await deps.imports.markRunning(task.id, 0);
  let answer: Awaited<ReturnType<ImportDeps['prices']['uploadPrices']>>;
  try {
    answer = await deps.prices.uploadPrices(caller, task.organisationUuid, text);
  } catch (error) {
    // The securities service's own refusal (who may upload prices, its size limit) is the task's reason.
    await deps.imports.finish(task.id, {
      status: 'FAILED',
      rowsRead: 0,
      message: `The securities service refused the prices: ${error instanceof Error ? error.message : String(error)}`,
    });
    return;
  }
  const rejected = answer.problems.map((p) => ({ line: p.line, column: p.field, reason: p.message }));
  if (!answer.ok || rejected.length > 0) {
    await failed(deps, task, answer.lines, rejected);
    return;
  }
  await deps.imports.finish(task.id, {
    status: 'SUCCEEDED',
    rowsRead: answer.lines,
    rowsPosted: answer.inserted + answer.updated,
    rowsSkipped: answer.unchanged,
    message: `${answer.inserted} prices added, ${answer.updated} changed, ${answer.unchanged} unchanged`,
  });
}

/**
 * The job seam: tasks run one after another in the background, each awaited by `settle` (tests, shutdown);
 * unfinished ones resume at start. A job runner (packages/jobs) can take this place without touching the rules.
 */
export function createImportScheduler(
  run: (task: ImportTaskRecord, caller: Caller | null) => Promise<void>,
  onError: (error: unknown, task: ImportTaskRecord) => Promise<void>,
) {
  let queue: Promise<void> = Promise.resolve();
  return {
    schedule(task: ImportTaskRecord, caller: Caller | null) {
      queue = queue.then(() => run(task, caller).catch((error) => onError(error, task)));
    },
    settle: () => queue,
  };
}
