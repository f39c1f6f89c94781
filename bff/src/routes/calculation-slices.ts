import type {
  AnnualExemption,
  BroughtForwardLosses,
  CalculationDisposal,
  CalculationDisposalsPage,
  CalculationWarning,
  Computation,
  ExemptionGainLoss,
  TaxYear,
} from '@gains/contracts';

/**
 * The REST slices of one stored run's computation (packages/contracts/src/calculation-runs.ts). Pure: the
 * figures are passed on as the engine wrote them (exact strings), only selected and ordered, never recomputed.
 */

/** The disposals of every tax year in order, numbered from 1 (the `{tid}` of the REST calls). */
export function numberedDisposals(computation: Computation): CalculationDisposal[] {
  let n = 0;
  return computation.taxYears.flatMap((year) =>
    year.disposals.map((d) => ({ ...d, id: String(++n), taxYear: year.taxYear })),
  );
}

/** One page of the disposals (page from 1), optionally of one tax year. */
export function disposalsPage(
  computation: Computation,
  { page, size, taxYear }: { page: number; size: number; taxYear?: string },
): CalculationDisposalsPage {
  const all = numberedDisposals(computation).filter((d) => !taxYear || d.taxYear === taxYear);
  return { content: all.slice((page - 1) * size, page * size), totalSize: all.length };
}

/** Disposal number `tid` (from 1), or undefined. */
export function disposalById(computation: Computation, tid: string): CalculationDisposal | undefined {
  return numberedDisposals(computation).find((d) => d.id === tid);
}

/** The tax years without their disposals: the run summary (the disposals are paged through `transactions`). */
export function yearSummaries(taxYears: TaxYear[]): TaxYear[] {
  return taxYears.map((y) => ({ ...y, disposals: [] }));
}

/** Failures first (in date order as the engine lists them), then each year the failures left incomplete. */
export function warningsOf(computation: Computation): CalculationWarning[] {
  const yearOf = (date: string) =>
    computation.taxYears.find((y) => y.periodStart <= date && date <= y.periodEnd)?.taxYear ?? '';
  const failures: CalculationWarning[] = computation.failures.map((f) => ({
    kind: 'FAILURE',
    security: f.security,
    date: f.date,
    taxYear: yearOf(f.date),
    ref: f.ref ?? null,
    message: f.message,
  }));
  const incomplete: CalculationWarning[] = computation.taxYears
    .filter((y) => !y.complete)
    .map((y) => ({
      kind: 'INCOMPLETE_YEAR',
      security: '',
      date: y.periodEnd,
      taxYear: y.taxYear,
      ref: null,
      message: `${y.taxYear}: a disposal failed to compute, so the year's totals leave it out`,
    }));
  return [...failures, ...incomplete];
}

export const exemptionGainLossOf = (taxYears: TaxYear[]): ExemptionGainLoss[] =>
  taxYears.map((y) => ({
    taxYear: y.taxYear,
    incomeGains: y.incomeGains,
    exemptGains: y.exemptGains,
    exemptLosses: y.exemptLosses,
  }));

export const annualExemptionOf = (taxYears: TaxYear[]): AnnualExemption[] =>
  taxYears.map((y) => ({
    taxYear: y.taxYear,
    annualExemptAmount: y.annualExemptAmount,
    annualExemptAmountRemaining: y.annualExemptAmountRemaining,
  }));

export const broughtForwardLossesOf = (taxYears: TaxYear[]): BroughtForwardLosses[] =>
  taxYears.map((y) => ({
    taxYear: y.taxYear,
    lossesBroughtForward: y.lossesBroughtForward,
    lossesBroughtForwardUsed: y.lossesBroughtForwardUsed,
    lossesCarriedForward: y.lossesCarriedForward,
  }));
