import type { Presented } from '@gains/contracts';
import type { taxEngine } from '@gains/proto';
import type { Computation, Disposal, GainsLosses, Match, PoolState, TaxDue, TaxYearSummary } from './computation';
import type { Rational } from './arithmetic';
import { attributeToPortfolios, type HoldingValue, type PortfolioFigures } from './value-holdings';

/**
 * The presentation layer: the exact computation as plain JSON. Money is rounded to the penny, half
 * away from zero (0.005 -> 0.01), as text ("329.33"); quantities are exact decimals (or rounded to 8
 * places when they do not terminate, e.g. after a 1-for-3 consolidation). The SA108 summary is in
 * whole pounds: proceeds and gains rounded down, costs and losses rounded up (HMRC lets figures be
 * rounded in the taxpayer's favour). Nothing here feeds back into a figure.
 *
 * Each presenter returns its message of tax_engine.proto (`Presented<...>`, from @gains/contracts), so a figure
 * cannot be added here without the proto, nor the proto gain a field the presenter does not fill.
 */

export const money = (r: Rational): string => r.toFixed(2);
export const moneyOrNull = (r: Rational | null): string | null => (r === null ? null : r.toFixed(2));
export const quantity = (r: Rational): string => r.toExactDecimal(12) ?? r.toFixed(8);
const pounds = (r: Rational, mode: 'floor' | 'ceil'): string => r.roundTo(0, mode).toFixed(0);

export function presentPool(p: PoolState | null): Presented<taxEngine.PoolState> | null {
  if (p === null) return null;
  return {
    quantity: quantity(p.quantity),
    cost: money(p.cost),
    ...(p.indexedCost ? { indexedCost: money(p.indexedCost) } : {}),
  };
}

export function presentMatch(m: Match): Presented<taxEngine.Match> {
  return {
    rule: m.rule,
    quantity: quantity(m.quantity),
    acquisitionDate: m.acquisitionDate,
    acquisitionQuantity: quantity(m.acquisitionQuantity),
    cost: money(m.cost),
    ...(m.indexedCost ? { indexedCost: money(m.indexedCost) } : {}),
    ...(m.poolBefore ? { poolBefore: presentPool(m.poolBefore), poolAfter: presentPool(m.poolAfter) } : {}),
    ...(m.apportionment
      ? { apportionment: { part: money(m.apportionment.part), whole: money(m.apportionment.whole) } }
      : {}),
  };
}

export function presentDisposal(d: Disposal): Presented<taxEngine.Disposal> {
  return {
    date: d.date,
    security: d.security,
    type: d.type,
    kind: d.kind,
    gainClass: d.gainClass,
    quantity: quantity(d.quantity),
    proceeds: money(d.proceeds),
    disposalCosts: money(d.disposalCosts),
    acquisitionCost: money(d.acquisitionCost),
    allowableCost: money(d.allowableCost),
    indexationAllowance: money(d.indexationAllowance),
    holdoverRelief: money(d.holdoverRelief),
    gain: money(d.gain),
    ...(d.counterparty ? { counterparty: d.counterparty, connected: d.connected } : {}),
    matches: d.matches.map(presentMatch),
    poolBefore: presentPool(d.poolBefore),
    poolAfter: presentPool(d.poolAfter),
    portfolios: d.parts.map((p) => ({
      portfolio: p.portfolio,
      ...(p.ref ? { ref: p.ref } : {}),
      quantity: quantity(p.quantity),
      proceeds: money(p.proceeds),
      acquisitionCost: money(p.acquisitionCost),
      disposalCosts: money(p.disposalCosts),
      allowableCost: money(p.allowableCost),
      gain: money(p.gain),
    })),
    ...(d.failure ? { failure: d.failure } : {}),
  };
}

function presentTaxDue(t: TaxDue): Presented<taxEngine.TaxDue> {
  return {
    basicRateBandRemaining: moneyOrNull(t.basicRateBandRemaining),
    periods: t.periods.map((p): Presented<taxEngine.RatePeriodTax> => ({
      period: p.period,
      from: p.from,
      to: p.to,
      taxableGain: money(p.taxableGain),
      lowerRateGain: money(p.lowerRateGain),
      lowerRate: p.lowerRate.toString(),
      higherRateGain: money(p.higherRateGain),
      higherRate: p.higherRate.toString(),
      tax: money(p.tax),
    })),
    total: money(t.total),
  };
}

function presentPeriod(p: GainsLosses): Presented<taxEngine.GainsLosses> {
  return { gains: money(p.gains), losses: money(p.losses), netGains: money(p.netGains) };
}

/** A tax year's summary with the given disposals (the year's, or those of them on the page shown). */
export function presentTaxYear(y: TaxYearSummary, disposals: Disposal[]): Presented<taxEngine.TaxYear> {
  return {
    taxYear: y.taxYear,
    periodStart: y.periodStart,
    periodEnd: y.periodEnd,
    complete: y.complete,
    numberOfDisposals: y.disposalCount,
    proceeds: money(y.proceeds),
    disposalCosts: money(y.disposalCosts),
    allowableCosts: money(y.allowableCosts),
    indexationAllowance: money(y.indexationAllowance),
    gains: money(y.gains),
    attributedGains: money(y.attributedGains),
    losses: money(y.losses),
    netGains: money(y.netGains),
    annualExemptAmount: money(y.annualExemptAmount),
    annualExemptAmountRemaining: money(y.annualExemptAmountRemaining),
    lossesBroughtForward: money(y.lossesBroughtForward),
    lossesBroughtForwardUsed: money(y.lossesBroughtForwardUsed),
    lossesCarriedForward: money(y.lossesCarriedForward),
    taxableGain: money(y.taxableGain),
    holdoverRelief: money(y.holdoverRelief),
    cloggedLossesArising: money(y.cloggedLossesArising),
    cloggedLossesUsed: money(y.cloggedLossesUsed),
    cloggedLossesCarriedForward: money(y.cloggedLossesCarriedForward),
    incomeGains: money(y.incomeGains),
    exemptGains: money(y.exemptGains),
    exemptLosses: money(y.exemptLosses),
    ...(y.ratePeriods
      ? {
          ratePeriods: {
            upTo29October2024: presentPeriod(y.ratePeriods.upTo29October2024),
            from30October2024: presentPeriod(y.ratePeriods.from30October2024),
          },
        }
      : {}),
    ...(y.taxDue ? { taxDue: presentTaxDue(y.taxDue) } : {}),
    sa108: {
      numberOfDisposals: y.disposalCount,
      disposalProceeds: pounds(y.proceeds, 'floor'),
      allowableCosts: pounds(y.allowableCosts.add(y.indexationAllowance), 'ceil'),
      gainsInTheYearBeforeLosses: pounds(y.gains, 'floor'),
      lossesInTheYear: pounds(y.losses, 'ceil'),
      lossesBroughtForwardUsed: pounds(y.lossesBroughtForwardUsed, 'ceil'),
      annualExemptAmount: pounds(y.annualExemptAmount, 'floor'),
      taxableGain: pounds(y.taxableGain, 'floor'),
    },
    disposals: disposals.map(presentDisposal),
  };
}

function presentHolding(h: HoldingValue): Presented<taxEngine.HoldingValue> {
  return {
    security: h.security,
    portfolio: h.portfolio,
    gainClass: h.gainClass,
    quantity: quantity(h.quantity),
    marketValue: moneyOrNull(h.marketValue),
    cgtCost: money(h.cgtCost),
    unrealisedCapitalGain: moneyOrNull(h.unrealisedCapitalGain),
    unrealisedIncomeGain: moneyOrNull(h.unrealisedIncomeGain),
    unrealisedExemptGain: moneyOrNull(h.unrealisedExemptGain),
  };
}

function presentPortfolio(p: PortfolioFigures): Presented<taxEngine.PortfolioFigures> {
  return {
    portfolio: p.portfolio,
    holdings: p.holdings.map(presentHolding),
    realised: p.realised.map((r) => ({
      taxYear: r.taxYear,
      capitalGain: money(r.capitalGain),
      incomeGain: money(r.incomeGain),
      exemptGain: money(r.exemptGain),
    })),
  };
}

export type PresentedComputation = Presented<taxEngine.Computation>;

/** Which disposals to present: `limit` of them from the `offset`th, counted over the tax years in order. */
export interface DisposalsWindow {
  offset: number;
  limit: number;
}

/**
 * The whole computation as JSON-ready data (what `pnpm cgt --json` prints); with a window, only the
 * disposals in it (the tax years' figures are always whole). Presenting a disposal (its matches and pools as
 * text) is most of the work, so a page of a large file costs a page's worth.
 */
export function presentComputation(
  c: Computation,
  prices: Record<string, string> = {},
  window?: DisposalsWindow,
): PresentedComputation {
  const portfolios = attributeToPortfolios(c, prices);
  // Each year's disposals, grouped in one pass (in date order, as c.disposals is).
  const byYear = new Map<string, Disposal[]>();
  for (const d of c.disposals) {
    const year = byYear.get(d.taxYear);
    if (year === undefined) byYear.set(d.taxYear, [d]);
    else year.push(d);
  }
  let before = 0;
  const taxYears = c.taxYears.map((y) => {
    const all = byYear.get(y.taxYear) ?? [];
    const from = before;
    before += all.length;
    if (!window) return presentTaxYear(y, all);
    return presentTaxYear(
      y,
      all.slice(Math.max(0, window.offset - from), Math.max(0, window.offset + window.limit - from)),
    );
  });
  return {
    taxpayer: c.taxpayerKind,
    taxYears,
    holdings: c.holdings.map((h) => ({
      security: h.security,
      gainClass: h.gainClass,
      pool: presentPool(h.pool),
      portfolios: h.portfolios.map((p) => ({ portfolio: p.portfolio, quantity: quantity(p.quantity) })),
    })),
    holdingValues: portfolios.flatMap((p) => p.holdings.map(presentHolding)),
    portfolios: portfolios.map(presentPortfolio),
    // Without a ref when the row had none (no undefined members: the answer is JSON data).
    failures: c.failures.map((f) => (f.ref ? f : { security: f.security, date: f.date, message: f.message })),
  };
}
