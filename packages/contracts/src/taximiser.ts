import type { taximiser } from '@gains/proto';
import type { Wire } from './calculations';

/**
 * The Taximiser's Plan call (taximiser.proto): POST /api/taximiser/plan. The answer is `Wire<PlanResponse>`;
 * money and quantities are decimal strings.
 */
export type TaximiserPlanAnswer = Wire<taximiser.PlanResponse>;
export type TaximiserPlannedDisposal = Wire<taximiser.PlannedDisposal>;
export type TaximiserPlanTotals = Wire<taximiser.PlanTotals>;
export type TaximiserPlanPosition = Wire<taximiser.PlanPosition>;
export type TaximiserPlanTax = Wire<taximiser.PlanTax>;
export type TaximiserPlanHolding = Wire<taximiser.PlanHolding>;

/** The request body: the organisation travels in its header; every planner field is optional. */
export type TaximiserPlanBody = Pick<Wire<taximiser.PlanRequest>, 'clientUuid' | 'portfolioUuid'> &
  Partial<Omit<Wire<taximiser.PlanRequest>, 'organisationUuid' | 'clientUuid' | 'portfolioUuid'>>;

export const TAXIMISER_ACTIONS = [
  'RAISE_PROCEEDS',
  'HARVEST_ANNUAL_EXEMPTION',
  'REALISE_BUDGET_AMOUNT',
  'REALISE_BUDGET_PERCENT',
  'DISPOSE_PERCENTAGE',
] as const;
export type TaximiserAction = (typeof TAXIMISER_ACTIONS)[number];
export const TAXIMISER_INCLUDES = ['NONE', 'LEAST_GAINS', 'GREATEST_GAINS', 'PERCENT_OF_ALL'] as const;
export type TaximiserInclude = (typeof TAXIMISER_INCLUDES)[number];
export const TAXIMISER_EXCLUDES = ['NONE', 'EXEMPT', 'INCOME', 'EXEMPT_AND_INCOME', 'S104'] as const;
export type TaximiserExclude = (typeof TAXIMISER_EXCLUDES)[number];
