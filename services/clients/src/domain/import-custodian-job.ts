import type { JobHandler, MonitorLogInput } from '@gains/jobs';
import type { ImportTaskRecord } from '../store/import-store';
import type { AgreedHolding } from '../store/custodian-store';
import { readTable, type RejectedRow } from './import-csv';
import type { ImportDeps } from './import-deps';
import { importJobType } from './import-deps';
import { lookupsFor } from './import-lookups';
import { deriveHolding } from './holding-rules';
import {
  CUSTODIAN_COLUMNS,
  prepareCustodianHoldings,
  reconcileHolding,
  type CustodianHolding,
  type HoldingDifference,
} from './import-rules';
import { refuseFile, startUnlessImported } from './import-outcomes';

export const IMPORT_CUSTODIAN_JOB = importJobType('CUSTODIAN_HOLDINGS');

/** Custodian holdings reconciled per database transaction (each chunk also saves the cursor). */
export const CUSTODIAN_CHUNK = 1_000;

/**
 * A custodian difference is a Medium (2) monitor log: the books and the custodian disagree, which an operator must
 * look at before the holding's figures are trusted, but nothing is lost or wrong in a tax figure yet.
 */
export const CUSTODIAN_BREAK_SEVERITY = 2;
export const CUSTODIAN_BREAK_CODE = 'CUSTODIAN_HOLDING_MISMATCH';

interface CheckedFile {
  rowsRead: number;
  /** In date order (then line), so a holding's later statement is reconciled after its earlier ones. */
  prepared: CustodianHolding[];
  rejected: RejectedRow[];
}

async function checkCustodianFile(deps: ImportDeps, task: ImportTaskRecord): Promise<CheckedFile | null> {
  const file = await deps.files.get(task.fileKey);
  if (!file) return null;
  const table = readTable(file.toString('utf8'), CUSTODIAN_COLUMNS);
  const lookups = await lookupsFor(deps, task.organisationUuid, table.rows);
  const { prepared, rejected } = prepareCustodianHoldings(table.rows, lookups);
  prepared.sort((a, b) => (a.date === b.date ? a.line - b.line : a.date < b.date ? -1 : 1));
  return {
    rowsRead: table.read,
    prepared,
    rejected: [...table.rejected, ...rejected].sort((a, b) => a.line - b.line),
  };
}

/** The organisation's latest custodian holdings file that was reconciled, its holdings as the job read them. */
export async function latestCustodianHoldings(deps: ImportDeps, organisationUuid: string) {
  const task = await deps.imports.latestSucceeded(organisationUuid, 'CUSTODIAN_HOLDINGS');
  if (!task) return null;
  const file = await checkCustodianFile(deps, task);
  if (!file) return null;
  return { fileName: task.fileName, importedAt: task.createdDate, holdings: file.prepared };
}

/** The ACT Monitor's log of a difference: its message names the portfolio, security, both quantities and date. */
function monitorLog(d: HoldingDifference, ownerCodes: readonly string[]): MonitorLogInput {
  return {
    errorCode: CUSTODIAN_BREAK_CODE,
    severity: CUSTODIAN_BREAK_SEVERITY,
    message: d.message,
    warningType: 'RECONCILIATION',
    portfolioCode: d.holding.portfolioCode,
    securityCode: d.holding.securityCode,
    ...(ownerCodes.length > 0 ? { clientCode: ownerCodes[0], clientOccurrences: ownerCodes.length } : {}),
  };
}

/**
 * A custodian holdings file as a job of the shared runner. The first chunk checks every row: any bad row fails the
 * file with every bad row listed and nothing written; a file imported before raises nothing again (file hash).
 * Each chunk then reconciles CUSTODIAN_CHUNK holdings against the ledger on their dates in the runner's
 * transaction: every difference a rec break on the holding, and, unless an identical break was raised before
 * (natural key), a custodian_break row and a monitor log of the chunk for the ACT Monitor. A holding the custodian
 * now agrees with is cleared of its rec break (a later statement that agrees settles the earlier difference), unless
 * the ledger itself oversells it or a break stands for a later date.
 */
export function importCustodianJob(
  deps: ImportDeps,
  chunkSize = CUSTODIAN_CHUNK,
): JobHandler<{ taskUuid: string }, { next: number }> {
  const checked = new Map<string, CheckedFile>();
  return {
    type: IMPORT_CUSTODIAN_JOB,
    onFailed: ({ job, input, tx, message }) => deps.imports.failIn(tx, job.organisationUuid, input.taskUuid, message),
    async runChunk({ job, input, cursor, tx }) {
      const task = await deps.imports.findByUuid(job.organisationUuid, input.taskUuid);
      if (!task) return { cursor: { next: 0 }, done: true, outcome: 'FAILED', message: 'The import task is missing' };
      let file = checked.get(task.uuid);
      if (!file) {
        const read = await checkCustodianFile(deps, task);
        if (!read) {
          const message = 'The import file is missing from storage';
          await deps.imports.finishIn(tx, task.id, { status: 'FAILED', rowsRead: 0, message });
          return { cursor: { next: 0 }, done: true, outcome: 'FAILED', message };
        }
        file = read;
        checked.set(task.uuid, file);
      }
      const { rowsRead, prepared, rejected } = file;
      if (rejected.length > 0) {
        checked.delete(task.uuid);
        return { cursor: { next: 0 }, ...(await refuseFile(deps.imports, tx, task, file, 'posted')) };
      }
      const start = cursor?.next ?? 0;
      if (start === 0) {
        const message = await startUnlessImported(deps.imports, tx, task, rowsRead, 'raised');
        if (message !== null) {
          checked.delete(task.uuid);
          return { cursor: { next: 0 }, done: true, outcome: 'SUCCEEDED', message, progressTotal: rowsRead };
        }
      }
      const next = Math.min(start + chunkSize, prepared.length);
      const slice = prepared.slice(start, next);
      const pairs = [...new Map(slice.map((h) => [`${h.portfolioId}|${h.securityId}`, h])).values()];
      const ledger = await deps.custodian.holdingRowsIn(tx, task.organisationUuid, pairs);
      const differences: HoldingDifference[] = [];
      const agreed: AgreedHolding[] = [];
      for (const h of slice) {
        const rows = ledger.get(`${h.portfolioId}|${h.securityId}`) ?? [];
        const difference = reconcileHolding(h, rows);
        if (difference) differences.push(difference);
        else {
          agreed.push({
            portfolioId: h.portfolioId,
            securityId: h.securityId,
            date: h.date,
            ledgerRecBreak: deriveHolding(h.securityId, rows).recBreak,
          });
        }
      }
      const raised = await deps.custodian.recordChunkIn(tx, task, { differences, agreed, rows: slice.length }, next);
      const owners = await deps.custodian.ownerCodesIn(
        tx,
        task.organisationUuid,
        raised.map((d) => d.holding.portfolioId),
      );
      const last = next >= prepared.length;
      let message: string | undefined;
      if (last) {
        checked.delete(task.uuid);
        const breaks = await deps.custodian.breakCountIn(tx, task.id);
        message =
          breaks === 0
            ? 'Every holding agrees with the ledger'
            : `${breaks} rec ${breaks === 1 ? 'break' : 'breaks'} raised`;
        await deps.imports.finishIn(tx, task.id, { status: 'SUCCEEDED', rowsRead, message });
      }
      return {
        cursor: { next },
        done: last,
        progressDone: next,
        progressTotal: prepared.length,
        add: { candidates: slice.length, successes: slice.length },
        monitorLogs: raised.map((d) => monitorLog(d, owners.get(d.holding.portfolioId) ?? [])),
        ...(last ? { outcome: 'SUCCEEDED' as const, message } : {}),
      };
    },
  };
}
