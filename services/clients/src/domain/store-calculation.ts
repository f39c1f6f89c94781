import type { Logger } from '@gains/logging';
import { DomainError } from '@gains/errors';
import { assertCalculationFigures, isNewerRun, type CalculationFigures } from './calculation-figures';
import type { StoredRun } from '../store/calculation-store';

export interface StoreCalculationDeps<Tx> {
  calculations: {
    lockClients(tx: Tx, runs: { organisationUuid: string; clientUuid: string }[]): Promise<Map<string, StoredRun>>;
    writeRuns(tx: Tx, runs: { clientId: number; figures: CalculationFigures }[]): Promise<void>;
  };
  logger: Logger;
}

export type StoreCalculationOutcome = 'STORED' | 'OLDER_RUN' | 'UNKNOWN_CLIENT' | 'REFUSED';

/** Of several runs of one client, the one that would win stored one after another: the newest. */
function newestPerClient(runs: CalculationFigures[]): CalculationFigures[] {
  const newest = new Map<string, CalculationFigures>();
  for (const run of runs) {
    const key = run.clientUuid.toLowerCase();
    const before = newest.get(key);
    if (!before || isNewerRun({ ledgerVersion: before.ledgerVersion, computedAt: before.computedAt }, run)) {
      newest.set(key, run);
    }
  }
  return [...newest.values()];
}

/**
 * Tax-engine runs land (calculation.completed, a batch at a time): each run's figures are checked, then written
 * beside its client's rows in the caller's transaction, unless the client already shows a newer run (runs may
 * land out of order) or is not a client of the run's organisation. A run whose figures are malformed would fail
 * on every redelivery: it is refused and logged, and its client keeps the figures it has until its next run.
 */
export async function storeCalculations<Tx>(
  deps: StoreCalculationDeps<Tx>,
  tx: Tx,
  runs: CalculationFigures[],
): Promise<Map<string, StoreCalculationOutcome>> {
  const outcomes = new Map<string, StoreCalculationOutcome>();
  const valid: CalculationFigures[] = [];
  for (const run of runs) {
    try {
      assertCalculationFigures(run);
      valid.push(run);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      deps.logger.error(
        { clientUuid: run.clientUuid, runId: run.runUuid, field: error.field, reason: error.message },
        'calculation refused: bad figures',
      );
      outcomes.set(run.runUuid, 'REFUSED');
    }
  }
  const candidates = newestPerClient(valid);
  for (const run of valid) if (!candidates.includes(run)) outcomes.set(run.runUuid, 'OLDER_RUN');
  if (candidates.length === 0) return outcomes;
  const stored = await deps.calculations.lockClients(tx, candidates);
  const writes: { clientId: number; figures: CalculationFigures }[] = [];
  for (const run of candidates) {
    const current = stored.get(run.clientUuid.toLowerCase());
    if (!current) outcomes.set(run.runUuid, 'UNKNOWN_CLIENT');
    else if (!isNewerRun(current, run)) outcomes.set(run.runUuid, 'OLDER_RUN');
    else {
      writes.push({ clientId: current.clientId, figures: run });
      outcomes.set(run.runUuid, 'STORED');
    }
  }
  if (writes.length > 0) await deps.calculations.writeRuns(tx, writes);
  return outcomes;
}
