import { useMutation } from '@tanstack/react-query';
import type { TaximiserPlan, TaximiserPlanBody } from '@gains/contracts';
import { apiRequest } from '@/lib/api-client';

export type { TaximiserPlan, TaximiserPlanBody };
export type TaximiserAction = NonNullable<TaximiserPlanBody['action']>;
export type TaximiserInclude = NonNullable<TaximiserPlanBody['include']>;
export type TaximiserExclude = NonNullable<TaximiserPlanBody['exclude']>;

/** POST /taximiser/plan: a plan on the client's ledger (with an action) or the disposals entered (without). */
export function planDisposals(organisationUuid: string, body: TaximiserPlanBody): Promise<TaximiserPlan> {
  return apiRequest<TaximiserPlan>('/taximiser/plan', { method: 'POST', organisationUuid, body });
}

export function usePlanDisposals(organisationUuid: string) {
  return useMutation({
    mutationFn: (body: TaximiserPlanBody) => planDisposals(organisationUuid, body),
    // the page shows the refusal in its message area, naming the field
    meta: { errorToast: false },
  });
}

/** The planner's options with readable labels (seed 000 §2.7), in the spec's order. */
export const ACTION_LABELS: Record<TaximiserAction, string> = {
  RAISE_PROCEEDS: 'Raise proceeds',
  HARVEST_ANNUAL_EXEMPTION: 'Harvest annual exemption',
  REALISE_BUDGET_AMOUNT: 'Realise client budget in amount',
  REALISE_BUDGET_PERCENT: 'Realise client budget in percent',
  DISPOSE_PERCENTAGE: 'Dispose percentage',
};
export const INCLUDE_LABELS: Record<TaximiserInclude, string> = {
  NONE: 'None',
  LEAST_GAINS: 'Least gains',
  GREATEST_GAINS: 'Greatest gains',
  PERCENT_OF_ALL: 'Percent of all holdings',
};
export const EXCLUDE_LABELS: Record<TaximiserExclude, string> = {
  NONE: 'None',
  EXEMPT: 'Exempt',
  INCOME: 'Income gains',
  EXEMPT_AND_INCOME: 'Both exempt and income gains',
  S104: 'S104',
};

/** Which field an action's target is in, and its label. */
export function actionTarget(action: TaximiserAction): { field: 'amount' | 'percent'; label: string } | undefined {
  switch (action) {
    case 'RAISE_PROCEEDS':
      return { field: 'amount', label: 'Proceeds to raise' };
    case 'REALISE_BUDGET_AMOUNT':
      return { field: 'amount', label: 'Gain budget' };
    case 'REALISE_BUDGET_PERCENT':
      return { field: 'percent', label: 'Budget percent' };
    case 'DISPOSE_PERCENTAGE':
      return { field: 'percent', label: 'Percent to dispose' };
    default:
      return undefined;
  }
}

export const TAXIMISER_ACTIONS = Object.keys(ACTION_LABELS) as TaximiserAction[];
export const TAXIMISER_INCLUDES = Object.keys(INCLUDE_LABELS) as TaximiserInclude[];
export const TAXIMISER_EXCLUDES = Object.keys(EXCLUDE_LABELS) as TaximiserExclude[];
