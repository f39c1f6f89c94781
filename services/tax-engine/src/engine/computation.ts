import type { MatchRule } from '@gains/contracts';
import type { GainClass, TaxpayerKind, TransactionType } from './ledger';
import type { Rational } from './arithmetic';

/**
 * What the engine returns: exact figures (Rational) for every disposal, pool and tax year. The
 * presentation layer (present.ts) rounds money to the penny for screens, JSON and the CLI.
 */

export type { MatchRule };

export interface PoolState {
  quantity: Rational;
  cost: Rational;
  /** Companies: the indexed pool (cost plus indexed rises to the last operative event). */
  indexedCost: Rational | null;
}

export interface Match {
  rule: MatchRule;
  /** Shares of the disposal identified by this rule (in the units held at the disposal date). */
  quantity: Rational;
  /** The acquisition's date (same-day, thirty-day, ten-day, later-acquisition); null for the pool. */
  acquisitionDate: string | null;
  /** Shares of that acquisition used (its own units, which differ only across a split). */
  acquisitionQuantity: Rational;
  /** Allowable cost taken. */
  cost: Rational;
  /** Companies, Section 104 match: indexed cost taken from the pool before the no-loss restriction. */
  indexedCost: Rational | null;
  /** Section 104 match: the pool before and after the shares were taken. */
  poolBefore: PoolState | null;
  poolAfter: PoolState | null;
  /**
   * A part disposal without shares (a large capital distribution, a takeover's cash): the cost taken is the
   * pool's cost x part / whole (A / (A + B): the cash over the cash plus the value of what is kept).
   */
  apportionment: { part: Rational; whole: Rational } | null;
}

export interface DisposalPart {
  portfolio: string;
  ref: string;
  quantity: Rational;
  proceeds: Rational;
  disposalCosts: Rational;
  /** Cost of this row's shares alone. */
  acquisitionCost: Rational;
  /** acquisitionCost + disposalCosts. */
  allowableCost: Rational;
  /** proceeds - allowableCost - this row's share (by quantity) of the disposal's indexation and holdover relief. */
  gain: Rational;
}

export type DisposalKind = 'sale' | 'gift' | 'spouse' | 'redemption' | 'capital-distribution' | 'takeover-cash';

export interface Disposal {
  date: string;
  /** The date as a day number (days since 1970-01-01). */
  day: number;
  /** The tax year ("2024-25"), or a company's accounting period ("year to 2024-12-31"). */
  taxYear: string;
  security: string;
  kind: DisposalKind;
  type: TransactionType;
  gainClass: GainClass;
  quantity: Rational;
  /**
   * Gross proceeds, before incidental costs of disposal (market value for a gift; for a spouse transfer
   * the deemed consideration that gives no gain and no loss, = allowableCost).
   */
  proceeds: Rational;
  /** Incidental costs of disposal (informative: they are included in allowableCost). */
  disposalCosts: Rational;
  /** Cost of the shares identified alone: acquisition price and acquisition expenses (informative). */
  acquisitionCost: Rational;
  /**
   * Allowable costs as HMRC presents them (HS284, SA108 "Allowable costs (including purchase price)"):
   * acquisitionCost + disposalCosts. Indexation allowance is NOT included (its own field).
   */
  allowableCost: Rational;
  /** Companies: indexation allowance given (restricted so that it never creates or increases a loss). */
  indexationAllowance: Rational;
  /** Gift: gain held over (at most the gain after indexation). */
  holdoverRelief: Rational;
  /**
   * proceeds - allowableCost - indexationAllowance - holdoverRelief, exactly. Without indexation
   * (individuals, trusts, personal representatives) and holdover this is proceeds - allowableCost; for a
   * company it is the indexed gain.
   */
  gain: Rational;
  counterparty: string;
  connected: boolean;
  matches: Match[];
  poolBefore: PoolState | null;
  poolAfter: PoolState | null;
  /** Where the shares sat: the disposal split by portfolio row. */
  parts: DisposalPart[];
  /** Set when this disposal could not be computed; it is then left out of every total. */
  failure: string | null;
}

export interface CalculationFailure {
  security: string;
  date: string;
  ref?: string;
  message: string;
}

export interface GainsLosses {
  gains: Rational;
  losses: Rational;
  netGains: Rational;
}

export interface TaxYearSummary {
  /** "2024-25", or a company's accounting period "year to 2024-12-31" (periods.ts). */
  taxYear: string;
  /** The period's first and last days, "YYYY-MM-DD". */
  periodStart: string;
  periodEnd: string;
  disposalCount: number;
  /** Gross proceeds. */
  proceeds: Rational;
  /** Incidental costs of disposal (informative: included in allowableCosts). */
  disposalCosts: Rational;
  /** Sum of the disposals' allowableCost (cost of the shares plus disposal costs). */
  allowableCosts: Rational;
  indexationAllowance: Rational;
  /**
   * Capital class, after holdover relief and clogged losses set off, and the gains attributed to the taxpayer
   * for the year (attributedGains, included).
   */
  gains: Rational;
  /** Gains attributed to the taxpayer from elsewhere for the year (s87, s13): a taxpayer input, part of `gains`. */
  attributedGains: Rational;
  losses: Rational;
  /** gains - losses (negative when losses exceed gains). */
  netGains: Rational;
  annualExemptAmount: Rational;
  /** Exempt amount left after net gains. */
  annualExemptAmountRemaining: Rational;
  lossesBroughtForward: Rational;
  lossesBroughtForwardUsed: Rational;
  lossesCarriedForward: Rational;
  taxableGain: Rational;
  holdoverRelief: Rational;
  cloggedLossesArising: Rational;
  cloggedLossesUsed: Rational;
  cloggedLossesCarriedForward: Rational;
  incomeGains: Rational;
  exemptGains: Rational;
  exemptLosses: Rational;
  /** 2024-25 only: disposals up to 29 October 2024, and from 30 October 2024. */
  ratePeriods: { upTo29October2024: GainsLosses; from30October2024: GainsLosses } | null;
  /** The tax due at the taxpayer's rates per rate period (tax-due.ts), or null when not worked out. */
  taxDue: TaxDue | null;
  /** False when a disposal in the year failed: the totals then leave it out. */
  complete: boolean;
}

/** One rate period's taxable gain, split at the basic-rate band, and its tax. */
export interface RatePeriodTax {
  /** 'year' (one rate period), or 2024-25's 'upTo29October2024' and 'from30October2024'. */
  period: 'year' | 'upTo29October2024' | 'from30October2024';
  /** First and last days of the period, "YYYY-MM-DD". */
  from: string;
  to: string;
  /** The part of the year's taxable gain that falls in the period (after losses and the exempt amount). */
  taxableGain: Rational;
  /** Within the basic-rate band (individuals), at lowerRate; the rest at higherRate (percent). */
  lowerRateGain: Rational;
  lowerRate: Rational;
  higherRateGain: Rational;
  higherRate: Rational;
  tax: Rational;
}

export interface TaxDue {
  /** Individuals: the basic-rate band left after income, as given; null for trusts and personal representatives. */
  basicRateBandRemaining: Rational | null;
  periods: RatePeriodTax[];
  total: Rational;
}

export interface PoolEvent {
  date: string;
  security: string;
  type: TransactionType;
  ref: string;
  pool: PoolState;
}

export interface Holding {
  security: string;
  gainClass: GainClass;
  pool: PoolState;
  /** Shares by portfolio (the taxpayer's share of a joint portfolio). */
  portfolios: { portfolio: string; quantity: Rational }[];
}

export interface Computation {
  taxpayerKind: TaxpayerKind;
  disposals: Disposal[];
  taxYears: TaxYearSummary[];
  holdings: Holding[];
  /** The pool after every event that changed it. */
  poolHistory: PoolEvent[];
  failures: CalculationFailure[];
}
