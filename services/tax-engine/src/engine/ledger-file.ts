import { computeLedger, type ComputeOptions } from './compute-ledger';
import type { Taxpayer } from './ledger';
import { ledgerFromCsv, parsePricesCsv, type CsvError } from './ledger-csv';
import { presentComputation, type DisposalsWindow, type PresentedComputation } from './present';
import type { ReferenceData } from './reference-data';

/** The files a user hands over: a ledger CSV and, optionally, a "security,price" CSV. */
export interface LedgerFile {
  ledgerCsv: string;
  pricesCsv?: string;
  taxpayer: Taxpayer;
  /** Present only this page of the disposals (page from 1); all of them when absent. */
  disposalsPage?: { page: number; pageSize: number };
  /** "YYYY-MM-DD": only rows traded on or before it count (the pools as they stood at the end of that day). */
  asAt?: string;
}

/** The disposals an answer carries: one page of `total` (all of them, one page, when not paged). */
export interface DisposalsPage {
  page: number;
  pageSize: number;
  total: number;
}

export interface LedgerFileError extends CsvError {
  /** Which file the error is in. */
  file: 'ledger' | 'prices';
}

export type LedgerFileResult =
  | { ok: true; computation: PresentedComputation; transactions: number; disposalsPage: DisposalsPage }
  | { ok: false; errors: LedgerFileError[] };

/**
 * A ledger file from text to the presented computation: what `pnpm cgt` prints and the tax-engine
 * service answers, so both give the same figures for the same file. A malformed file computes nothing.
 */
export function computeLedgerFile(
  file: LedgerFile,
  referenceData: ReferenceData,
  options?: ComputeOptions,
): LedgerFileResult {
  const { ledger: whole, errors } = ledgerFromCsv(file.ledgerCsv, file.taxpayer);
  const asAt = file.asAt;
  const ledger = asAt ? { ...whole, transactions: whole.transactions.filter((t) => t.date <= asAt) } : whole;
  const prices = file.pricesCsv ? parsePricesCsv(file.pricesCsv) : { prices: {}, errors: [] };
  if (errors.length || prices.errors.length)
    return {
      ok: false,
      errors: [
        ...errors.map((e) => ({ ...e, file: 'ledger' as const })),
        ...prices.errors.map((e) => ({ ...e, file: 'prices' as const })),
      ],
    };
  // The presented answer has no pool history: not kept unless asked for.
  const computed = computeLedger(ledger, referenceData, { poolHistory: false, ...options });
  const total = computed.disposals.length;
  const page = file.disposalsPage ?? { page: 1, pageSize: Math.max(1, total) };
  const window: DisposalsWindow = { offset: (page.page - 1) * page.pageSize, limit: page.pageSize };
  const computation = presentComputation(computed, prices.prices, file.disposalsPage && window);
  return { ok: true, computation, transactions: ledger.transactions.length, disposalsPage: { ...page, total } };
}

/** "line 7, column quantity: ..." (the column is "-" when the error is the whole row's). */
export function describeCsvError(e: CsvError): string {
  return `line ${e.line}, column ${e.column || '-'}: ${e.message}`;
}
