import { fromJson, type JsonValue } from '@bufbuild/protobuf';
import type { ServiceImpl } from '@connectrpc/connect';
import { requireCaller } from '@gains/auth';
import { calculations, taxEngine } from '@gains/proto';
import {
  assertCalculationsAdmin,
  calculationStatus,
  getRun,
  listRuns,
  recalculate,
  requireUuid,
  type CalculationsDeps,
} from '../domain/calculations';
import { poolsAt, type PoolsAtDeps } from '../domain/pools-at';
import type { StoredRun } from '../store/calculation-store';
import type { LedgerSource } from './ledger-source';

function runMessage(run: StoredRun) {
  return {
    id: run.id,
    organisationUuid: run.organisationUuid,
    clientUuid: run.clientUuid,
    trigger: run.trigger,
    reason: run.reason,
    earliestDate: run.earliestDate,
    ledgerVersion: run.ledgerVersion,
    status: run.status,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt.toISOString(),
    engineMs: run.engineMs,
    transactions: run.transactions,
    disposals: run.disposals,
    failures: run.failures,
    message: run.message,
    previousRunId: run.previousRunId ?? '',
    changes: run.changes as {
      taxYear: string;
      closed: boolean;
      figures: { figure: string; before: string; after: string }[];
    }[],
    taxYear: run.taxYear,
  };
}

const taxpayerOf = (json: unknown) => fromJson(taxEngine.TaxpayerSchema, (json ?? {}) as JsonValue);

/** gains.tax_engine.v1.CalculationsService (calculations.proto): thin, map, call, map. */
export function createCalculationsService(
  deps: CalculationsDeps & { ledgers: LedgerSource; pools: PoolsAtDeps },
): ServiceImpl<typeof calculations.CalculationsService> {
  return {
    async recalculate(req, ctx) {
      return recalculate(deps, requireCaller(ctx), req);
    },
    async listRuns(req, ctx) {
      const { runs, total } = await listRuns(deps, requireCaller(ctx), req);
      return { runs: runs.map(runMessage), totalSize: total };
    },
    async getRun(req, ctx) {
      const { run, calculation } = await getRun(deps, requireCaller(ctx), req);
      return {
        run: runMessage(run),
        ledgerCalculationJson: calculation === null ? '' : JSON.stringify(calculation),
        taxpayer: taxpayerOf(run.taxpayer),
      };
    },
    async getLedgerCsv(req, ctx) {
      const caller = requireCaller(ctx);
      assertCalculationsAdmin(caller, req.organisationUuid);
      const clientUuid = requireUuid('clientUuid', req.clientUuid);
      // With the caller's own token: the clients service checks them too.
      const loaded = await deps.ledgers.loadWithArgs(req.organisationUuid, clientUuid, caller.token);
      return {
        csv: loaded.ledgerCsv,
        pricesCsv: loaded.pricesCsv,
        cgtArgs: loaded.cgtArgs,
        ledgerVersion: loaded.ledgerVersion,
        taxpayer: loaded.taxpayer,
      };
    },
    async getPoolsAt(req, ctx) {
      return { holdingsJson: JSON.stringify(await poolsAt(deps.pools, requireCaller(ctx), req)) };
    },
    async getCalculationStatus(req, ctx) {
      const status = await calculationStatus(deps, requireCaller(ctx), req);
      return {
        clientUuid: status.clientUuid,
        status: status.status,
        queued: status.queued,
        latestRun: status.latest ? runMessage(status.latest) : undefined,
        computedAt: status.latest?.finishedAt.toISOString() ?? '',
        ledgerVersion: status.latest?.ledgerVersion ?? 0n,
      };
    },
  };
}
