import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Money is a decimal string to the penny ("329.33"); quantities are exact decimal strings. */
type Money = string;
type Quantity = string;

export type TaxpayerKind = 'individual' | 'trust' | 'personal-representatives' | 'company';
export type MatchRule = 'same-day' | 'thirty-day' | 'ten-day' | 'section-104' | 'later-acquisition';

export interface Pool {
  quantity: Quantity;
  cost: Money;
  indexedCost?: Money;
}

export interface Match {
  rule: MatchRule;
  quantity: Quantity;
  /** Absent for Section 104 matches. */
  acquisitionDate?: string | null;
  acquisitionQuantity: Quantity;
  cost: Money;
  indexedCost?: Money;
  poolBefore?: Pool | null;
  poolAfter?: Pool | null;
  /** A part disposal without shares: the pool's cost × part / whole. */
  apportionment?: { part: Money; whole: Money };
}

export interface Disposal {
  date: string;
  security: string;
  type: string;
  kind: string;
  gainClass: string;
  quantity: Quantity;
  proceeds: Money;
  disposalCosts: Money;
  acquisitionCost: Money;
  allowableCost: Money;
  indexationAllowance: Money;
  holdoverRelief: Money;
  gain: Money;
  counterparty?: string;
  connected?: boolean;
  matches: Match[];
  poolBefore?: Pool | null;
  poolAfter?: Pool | null;
  portfolios: { portfolio: string; ref?: string; quantity: Quantity; gain: Money }[];
  failure?: string;
}

export interface GainsLosses {
  gains: Money;
  losses: Money;
  netGains: Money;
}

export interface TaxYear {
  taxYear: string;
  complete: boolean;
  numberOfDisposals: number;
  proceeds: Money;
  disposalCosts: Money;
  allowableCosts: Money;
  indexationAllowance: Money;
  gains: Money;
  losses: Money;
  netGains: Money;
  annualExemptAmount: Money;
  annualExemptAmountRemaining: Money;
  lossesBroughtForward: Money;
  lossesBroughtForwardUsed: Money;
  lossesCarriedForward: Money;
  taxableGain: Money;
  holdoverRelief: Money;
  incomeGains: Money;
  exemptGains: Money;
  exemptLosses: Money;
  ratePeriods?: { upTo29October2024: GainsLosses; from30October2024: GainsLosses };
  disposals: Disposal[];
}

export interface Holding {
  security: string;
  gainClass: string;
  pool: Pool | null;
  portfolios: { portfolio: string; quantity: Quantity }[];
}

export interface HoldingValue {
  security: string;
  portfolio: string;
  gainClass: string;
  quantity: Quantity;
  /** Only when prices were given. */
  marketValue?: Money | null;
  cgtCost: Money;
  unrealisedCapitalGain?: Money | null;
  unrealisedIncomeGain?: Money | null;
  unrealisedExemptGain?: Money | null;
}

/** A portfolio's part of the realised gains of a tax year, by class. */
export interface PortfolioRealised {
  taxYear: string;
  capitalGain: Money;
  incomeGain: Money;
  exemptGain: Money;
}

/** The figures attributed back to one portfolio (where the shares sit). */
export interface PortfolioFigures {
  portfolio: string;
  holdings: HoldingValue[];
  realised: PortfolioRealised[];
}

export interface CalculationFailure {
  security: string;
  date: string;
  ref?: string;
  message: string;
}

/** What `pnpm cgt --json` prints (services/tax-engine/README.md, "The CLI"). */
export interface Computation {
  taxpayer: TaxpayerKind;
  taxYears: TaxYear[];
  holdings: Holding[];
  holdingValues: HoldingValue[];
  portfolios: PortfolioFigures[];
  failures: CalculationFailure[];
}

/** Which disposals an answer carries: page `page` (from 1) of `total`, `pageSize` a page, over the tax years in order. */
export interface DisposalsPage {
  page: number;
  pageSize: number;
  total: number;
}

/** The tax years' figures are whole; their `disposals` are those of `disposalsPage`. */
export interface LedgerCalculation {
  transactions: number;
  computeMs: number;
  computation: Computation;
  disposalsPage: DisposalsPage;
}

export interface Taxpayer {
  kind: TaxpayerKind;
  vulnerableBeneficiaryTrust?: boolean;
  /** YYYY-MM-DD */
  dateOfDeath?: string;
  /** Tax year ("2024-25") -> the annual exempt amount to use instead. */
  annualExemptAmountOverrides?: Record<string, string>;
  lossesBroughtForward?: string;
}

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
    },
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
