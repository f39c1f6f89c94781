import { useMutation } from '@tanstack/react-query';
import type {
  TaximiserAction,
  TaximiserExclude,
  TaximiserInclude,
  TaximiserPlanAnswer,
  TaximiserPlanBody,
} from '@gains/contracts';
import { apiRequest } from '@/lib/api-client';

export type { TaximiserPlanAnswer, TaximiserPlanBody };

/** POST /taximiser/plan: a plan on the client's ledger (with an action) or the disposals entered (without). */
export function planDisposals(organisationUuid: string, body: TaximiserPlanBody): Promise<TaximiserPlanAnswer> {
  return apiRequest<TaximiserPlanAnswer>('/taximiser/plan', { method: 'POST', organisationUuid, body });
}

export function usePlanDisposals(organisationUuid: string) {
  return useMutation({
    mutationFn: (body: TaximiserPlanBody) => planDisposals(organisationUuid, body),
    // the page shows the refusal in its message area, naming the field
    meta: { errorToast: false },
  });
}

/** The planner's options with readable labels (seed 000 §2.7). */
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
