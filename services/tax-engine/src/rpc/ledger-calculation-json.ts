import type { DisposalsPage, PresentedComputation } from '../engine';

/** A computed ledger file, as the service answers it (LedgerCalculation in tax_engine.proto). */
export interface LedgerCalculation {
  computation: PresentedComputation;
  transactions: number;
  computeMs: number;
  disposalsPage: DisposalsPage;
}

/** An unset optional field is null in the presented data; proto3 JSON leaves it out. */
const withoutNulls = (_key: string, value: unknown) => (value === null ? undefined : value);

/**
 * The answer as the proto3 JSON text of `LedgerCalculation` (tax_engine.proto), every field present: what the
 * BFF serves as it is. Written in the compute worker, so the calling thread never builds or reads a large answer.
 * The presented data already has the messages' fields under their JSON names (its tests compare this text with
 * protobuf's own JSON of the message, field for field, on random ledgers), so it is written directly: going
 * through the message would cost the worker twice the writing.
 */
export function ledgerCalculationJson(answer: LedgerCalculation): string {
  return JSON.stringify(answer, withoutNulls);
}
