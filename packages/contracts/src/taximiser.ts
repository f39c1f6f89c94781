import type { taximiser } from '@gains/proto';
import type { Wire } from './calculations';

/**
 * The Taximiser's REST shapes (issue 25; seed 000 §2.7, §3): POST /api/taximiser/plan. Money is a decimal string
 * to the penny, quantities and prices to 4 places; nothing a plan answers is stored.
 */

/** The plan's options: an action and what it needs, or the disposal amounts entered (no action). */
export interface TaximiserPlanBody {
  clientUuid: string;
  portfolioUuid: string;
  action?:
    | 'RAISE_PROCEEDS'
    | 'HARVEST_ANNUAL_EXEMPTION'
    | 'REALISE_BUDGET_AMOUNT'
    | 'REALISE_BUDGET_PERCENT'
    | 'DISPOSE_PERCENTAGE';
  /** GBP: the cash to raise, or the gain budget */
  amount?: string;
  /** of each holding (DISPOSE_PERCENTAGE) or of the unrealised capital gain (REALISE_BUDGET_PERCENT) */
  percent?: string;
  include?: 'NONE' | 'LEAST_GAINS' | 'GREATEST_GAINS' | 'PERCENT_OF_ALL';
  includePercent?: string;
  exclude?: 'NONE' | 'EXEMPT' | 'INCOME' | 'EXEMPT_AND_INCOME' | 'S104';
  /** a price per unit the user set, by security id */
  prices?: Record<string, string>;
  /** the disposal amounts entered on the holdings (used when there is no action) */
  quantities?: { securityId: number; quantity: string }[];
  /** plan the same action on the spouse's or civil partner's portfolio too (percent and exempt-amount actions) */
  household?: boolean;
  spousePortfolioUuid?: string;
  /** bed and ISA (in the client's ISA portfolio) or bed and spouse (in the spouse's account): buy back what is sold */
  rebuy?: 'NONE' | 'ISA' | 'SPOUSE';
  rebuyPortfolioUuid?: string;
  /** GBP subscribed to the client's ISAs this tax year; absent: the ISA portfolios' net purchases the ledger shows */
  isaSubscribed?: string;
}

/** One person's plan: taximiser.proto's PlanResponse, every field present (the ISA null without a bed and ISA). */
export type TaximiserPersonPlan = Omit<Wire<taximiser.PlanResponse>, 'spouse' | 'spousePlan' | 'isa'> & {
  isa: Wire<taximiser.PlanIsa> | null;
};
/** The plan: the client's, their spouse or civil partner (null when none is recorded) and, for the household, the spouse's plan. */
export type TaximiserPlan = TaximiserPersonPlan & {
  spouse: Wire<taximiser.PlanSpouse> | null;
  spousePlan: TaximiserPersonPlan | null;
};
export type TaximiserDisposal = Wire<taximiser.PlannedDisposal>;
export type TaximiserHolding = Wire<taximiser.PlanHolding>;
export type TaximiserPosition = Wire<taximiser.PlanPosition>;
export type TaximiserTotals = Wire<taximiser.PlanTotals>;
export type TaximiserRebuy = Wire<taximiser.PlannedRebuy>;
export type TaximiserIsa = Wire<taximiser.PlanIsa>;

/**
 * POST /api/taximiser/proposals: a plan's sales saved as PENDING SELL rows of the portfolio, and its rebuys as
 * PENDING BUY rows of their portfolios (the client's ISA, the spouse's account), all or nothing, for an adviser to
 * settle (nothing is computed until they are SETTLED). Answers 201 with the rows posted.
 */
export interface TaximiserProposalsBody {
  portfolioUuid: string;
  /** YYYY-MM-DD, the plan's trade date */
  tradeDate: string;
  disposals: { securityId: number; quantity: string; price: string }[];
  rebuys?: { portfolioUuid: string; securityId: number; quantity: string; price: string }[];
}
