import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { LedgerCalculation, LedgerCalculationRequest, TaxpayerKind } from '@gains/contracts';

// The answer's shape is tax_engine.proto's LedgerCalculation, through @gains/contracts: never declared here.
export type {
  CalculationFailure,
  Computation,
  Disposal,
  Holding,
  HoldingValue,
  LedgerCalculation,
  Match,
  MatchRule,
  PortfolioFigures,
  PortfolioRealised,
  TaxpayerKind,
  TaxYear,
} from '@gains/contracts';

/** The taxpayer settings of the request (tax_engine.proto's Taxpayer), with the kind chosen from the list. */
export type Taxpayer = NonNullable<LedgerCalculationRequest['taxpayer']> & { kind: TaxpayerKind };

/** A CSV file read in the browser. */
export interface CsvFile {
  name: string;
  text: string;
  /** Rows below the header. */
  rows: number;
}

export interface LedgerCalculationInput {
  organisationUuid: string;
  ledger: CsvFile;
  prices?: CsvFile;
  taxpayer: Taxpayer;
}

/**
 * POST /calculations/ledger: the tax engine computes the files and answers one page of the disposals (the
 * first unless asked); nothing is stored.
 */
export function computeLedger(
  { organisationUuid, ledger, prices, taxpayer }: LedgerCalculationInput,
  disposalsPage?: number,
  signal?: AbortSignal,
) {
  return apiRequest<LedgerCalculation>('/calculations/ledger', {
    method: 'POST',
    organisationUuid,
    signal,
    body: {
      ledgerCsv: ledger.text,
      ...(prices ? { pricesCsv: prices.text } : {}),
      taxpayer,
      ...(disposalsPage ? { disposalsPage } : {}),
    } satisfies LedgerCalculationRequest,
  });
}

/** The page shows a refused calculation beside the field it concerns, so no toast. */
export function useComputeLedger() {
  return useMutation({
    mutationFn: (input: LedgerCalculationInput) => computeLedger(input),
    meta: { errorToast: false },
  });
}

export const calculationKeys = {
  all: ['ledger-calculation'] as const,
  /** A page of the disposals of the calculation submitted at `submittedAt`. */
  disposalsPage: (submittedAt: number, page: number) =>
    [...calculationKeys.all, submittedAt, 'disposals', page] as const,
};

/**
 * Another page of a calculation's disposals: the same files computed again with that page answered (nothing
 * is stored; the same files give the same figures, so a page once fetched stays). The section shows a failure
 * itself, so no toast.
 */
export function disposalsPageQueryOptions(submittedAt: number, input: LedgerCalculationInput, page: number) {
  return queryOptions({
    queryKey: calculationKeys.disposalsPage(submittedAt, page),
    queryFn: ({ signal }) => computeLedger(input, page, signal),
    staleTime: Infinity,
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
}

/** What a screen of results shows: the answer, the files and settings it was computed from, and when. */
export interface CalculationView {
  result: LedgerCalculation;
  input: LedgerCalculationInput;
  submittedAt: number;
}
