import { assertCalculationFigures, isNewerRun, type CalculationFigures } from './calculation-figures';
import type { StoredRun } from '../store/calculation-store';

export interface StoreCalculationDeps<Tx> {
  calculations: {
    lockClient(tx: Tx, organisationUuid: string, clientUuid: string): Promise<StoredRun | null>;
    writeRun(tx: Tx, clientId: number, figures: CalculationFigures): Promise<void>;
  };
}

export type StoreCalculationOutcome = 'STORED' | 'OLDER_RUN' | 'UNKNOWN_CLIENT';

/**
 * A tax-engine run lands (calculation.completed): its figures are checked, then written beside the client's rows
 * in the caller's transaction, unless the client already shows a newer run (runs may land out of order) or is
 * not a client of the run's organisation.
 */
export async function storeCalculation<Tx>(
  deps: StoreCalculationDeps<Tx>,
  tx: Tx,
  figures: CalculationFigures,
): Promise<StoreCalculationOutcome> {
  assertCalculationFigures(figures);
  const stored = await deps.calculations.lockClient(tx, figures.organisationUuid, figures.clientUuid);
  if (!stored) return 'UNKNOWN_CLIENT';
  if (!isNewerRun(stored, figures)) return 'OLDER_RUN';
  await deps.calculations.writeRun(tx, stored.clientId, figures);
  return 'STORED';
}
