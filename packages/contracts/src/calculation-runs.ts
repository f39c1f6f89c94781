import type { calculations } from '@gains/proto';
import type { CalculationFailure, Disposal, DisposalPart, Holding, HoldingValue, TaxYear, Wire } from './calculations';
import type { Page } from './grid';

/**
 * The REST shapes of the stored calculations (issue 23; seed 001 §7 "Calculations"). A run is one computation of
 * one client's ledger by the tax engine; every answer below is a slice of one stored run, so the figures of the
 * Calculations page, the client grids and `pnpm cgt --json` on the downloaded ledger are the same figures.
 * Money and quantities are exact decimal strings, as in the computation.
 */

/**
 * One stored run (GET /api/admin/calculations?clientUUID= lists them newest first): calculations.proto's
 * CalculationRun, its int64 ledger version as a decimal string. `status` is SUCCEEDED, PARTIAL (some disposals
 * failed) or FAILED (nothing computed; `message` says why); `changes` are the tax years whose figures moved
 * against the previous run, `closed` for a year that had ended (a back-dated change).
 */
export type CalculationRun = Omit<Wire<calculations.CalculationRun>, 'ledgerVersion'> & { ledgerVersion: string };
/**
 * A tax year the run moved: an open year lists the figures that moved; a closed year every figure, before and
 * after, the moved ones being those whose before and after differ.
 */
export type TaxYearChange = Wire<calculations.TaxYearChange>;
export type FigureChange = Wire<calculations.FigureChange>;

/**
 * GET /api/admin/calculations/{id}: the run and its computation's summary. The tax years come without their
 * disposals (those are the `transactions` slice, a page at a time); the rest of the computation is whole. A FAILED
 * run has no computation: its lists are empty.
 */
export interface StoredCalculation {
  run: CalculationRun;
  /** individual, trust, personal-representatives or company. */
  taxpayer: string;
  taxYears: TaxYear[];
  holdings: Holding[];
  holdingValues: HoldingValue[];
  failures: CalculationFailure[];
}

/**
 * GET /api/admin/calculations/{id}/transactions: the run's disposals over every tax year in date order, a page at
 * a time (`page` from 1, `size` 1 to 500, `taxYear` to keep one year). `id` is the disposal's number in the run
 * (from 1, the `{tid}` of the portfolios call); each carries its matches and the pool before and after.
 */
export type CalculationDisposal = Disposal & { id: string; taxYear: string };
export type CalculationDisposalsPage = Page<CalculationDisposal>;

/** GET /api/admin/calculations/{id}/transactions/{tid}/portfolios: the disposal's share from each portfolio. */
export type CalculationDisposalPortfolios = DisposalPart[];

/**
 * GET /api/admin/calculations/{id}/pools: each security's Section 104 pool after the ledger's last event (the
 * client's shares across portfolios, joint portfolios at the client's share), with the portfolios holding it.
 */
export type CalculationPools = Holding[];

/**
 * GET /api/admin/calculations/{id}/standalone-pools: each portfolio's holdings on their own (quantity, CGT cost
 * and, where priced, the unrealised figures), as the holdings grid shows them.
 */
export type CalculationStandalonePools = HoldingValue[];

/** GET /api/admin/calculations/{id}/warnings: what the engine could not compute, and years left incomplete. */
export interface CalculationWarning {
  /** FAILURE: a disposal that failed to compute; INCOMPLETE_YEAR: a tax year whose totals leave it out. */
  kind: 'FAILURE' | 'INCOMPLETE_YEAR';
  security: string;
  date: string;
  taxYear: string;
  ref: string | null;
  message: string;
}

/** GET /api/admin/calculations/exemption_gain_loss?clientUUID=: the latest run's income and exempt figures a year. */
export interface ExemptionGainLoss {
  taxYear: string;
  incomeGains: string;
  exemptGains: string;
  exemptLosses: string;
}

/** GET /api/admin/calculations/annual_exemption?clientUUID=: the annual exempt amount and what is left, a year. */
export interface AnnualExemption {
  taxYear: string;
  annualExemptAmount: string;
  annualExemptAmountRemaining: string;
}

/** GET /api/admin/calculations/bfl?clientUUID=: the losses brought forward, used and carried, a year. */
export interface BroughtForwardLosses {
  taxYear: string;
  lossesBroughtForward: string;
  lossesBroughtForwardUsed: string;
  lossesCarriedForward: string;
}

/** The latest run's yearly figures of one kind, with the run they come from (null: never calculated). */
export interface ClientYearFigures<T> {
  runId: string | null;
  years: T[];
}

/**
 * POST /api/admin/calculations/recalculate: one client (`clientUuid`) or every client of the organisation
 * (`organisation: true`). The organisation's recalculation is a job (`jobUuid`, progress on the Job Monitor); one
 * client is queued at once (`jobUuid` ""), its run then appears in the client's list.
 */
export type RecalculateBody = { clientUuid: string } | { organisation: true };
export interface RecalculateAnswer {
  jobUuid: string;
  queuedClients: number;
}

/**
 * GET /api/admin/calculations/ledger-csv?clientUUID=: the client's ledger as `pnpm cgt` reads it, the prices, and
 * the arguments after the file (taxpayer kind, overrides, losses) that give the run's figures; the prices file is
 * passed as `--prices <file>` when not empty.
 */
export interface ClientLedgerCsv {
  csv: string;
  pricesCsv: string;
  cgtArgs: string[];
  ledgerVersion: string;
}

/**
 * POST /api/calculations/failures/report-csv|report-pdf {clientUuid, runId?}: the failures of the client's run (the
 * latest when no run is named), kept as a report in the client's reports list; answers `{url}` (ReportLink).
 */
export interface FailuresReportBody {
  clientUuid: string;
  runId?: string;
}
