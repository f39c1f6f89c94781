import { fromJson, toJson, type JsonValue } from '@bufbuild/protobuf';
import { taxEngine } from '@gains/proto';
import type { DisposalsPage, PresentedComputation } from '../engine';

/** A computed ledger file, as the service answers it. */
export interface LedgerCalculation {
  computation: PresentedComputation;
  transactions: number;
  computeMs: number;
  disposalsPage: DisposalsPage;
}

/**
 * The answer as the JSON text of `LedgerCalculation` (tax_engine.proto), every field present: what the BFF
 * serves as it is. Written in the compute worker, so the calling thread never builds or reads a large answer.
 * It goes through the message, so the proto stays the one declaration of its shape (an answer that strays from
 * it fails here, in the worker, rather than on a client).
 */
export function ledgerCalculationJson(answer: LedgerCalculation): string {
  const message = fromJson(taxEngine.LedgerCalculationSchema, answer as unknown as JsonValue);
  return JSON.stringify(toJson(taxEngine.LedgerCalculationSchema, message, { alwaysEmitImplicit: true }));
}
