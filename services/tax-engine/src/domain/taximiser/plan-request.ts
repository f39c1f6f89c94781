import {
  isaSubscribedProblem,
  MIN_DISPOSAL_AMOUNT,
  percentProblem,
  planAmountProblem,
  pricePerShareProblem,
} from '@gains/access';
import { compareDecimal } from '@gains/decimal';
import { invalidArgument } from '@gains/errors';
import { Rational } from '../../engine/arithmetic';
import { requireUuid } from '../calculations';
import {
  PLAN_ACTIONS,
  PLAN_EXCLUDES,
  PLAN_INCLUDES,
  type PlanAction,
  type PlanExclude,
  type PlanInclude,
} from './choose-disposals';
import type { PlanInput } from './plan-on-ledger';

/** A plan as the caller asked for it: text throughout (it crosses to a compute worker as it is). */
export interface PlanRequestFields {
  clientUuid: string;
  portfolioUuid: string;
  action: string;
  amount: string;
  percent: string;
  include: string;
  includePercent: string;
  exclude: string;
  prices: Record<number, string>;
  quantities: { securityId: number; quantity: string }[];
  household?: boolean;
  spousePortfolioUuid?: string;
  /** NONE, ISA or SPOUSE: bed and ISA / bed and spouse */
  rebuy?: string;
  rebuyPortfolioUuid?: string;
  /** GBP subscribed to ISAs this tax year; "" to take the ledger's ISA net purchases */
  isaSubscribed?: string;
}

/** A checked plan request: still text, every figure a plain decimal (commas removed). */
export type PlanOrder = Omit<
  PlanRequestFields,
  'clientUuid' | 'household' | 'spousePortfolioUuid' | 'rebuy' | 'rebuyPortfolioUuid' | 'isaSubscribed'
>;

/** Where a plan buys back what it sells: the client's ISA, or their spouse's or civil partner's account. */
export interface RebuyOrder {
  where: 'ISA' | 'SPOUSE';
  portfolioUuid: string;
  /** ISA: what the user says was subscribed this tax year (plain decimal), absent to take the ledger's */
  isaSubscribed?: string;
}

export const REBUY_CHOICES = ['NONE', 'ISA', 'SPOUSE'] as const;

const clean = (text: string) => text.trim().replace(/,/g, '');
const AMOUNT_ACTIONS: readonly string[] = ['RAISE_PROCEEDS', 'REALISE_BUDGET_AMOUNT'];
const PERCENT_ACTIONS: readonly string[] = ['DISPOSE_PERCENTAGE', 'REALISE_BUDGET_PERCENT'];
/** Holdings a plan may name, at most (a portfolio's holdings are far fewer). */
const MAX_QUANTITIES = 5_000;

function oneOf(field: string, value: string, allowed: readonly string[]): string {
  const v = value.trim() || 'NONE';
  if (!allowed.includes(v)) throw invalidArgument(field, `${field} must be one of ${allowed.join(', ')}`);
  return v;
}

function refuse(field: string, problem: string | null): void {
  if (problem) throw invalidArgument(field, problem);
}

/**
 * The Taximiser's request rules (seed 000 §5, with the planner's options of §2.7), each refusal naming the field
 * and the rule: an action and what it needs (an amount in GBP, or a percent), or the disposal amounts entered; the
 * include and exclude options; any prices set (0 or more). What is held is checked against the ledger later.
 */
export function checkPlanRequest(r: PlanRequestFields): {
  clientUuid: string;
  order: PlanOrder;
  /** household: the spouse's portfolio to plan on too */
  spousePortfolioUuid?: string;
  rebuy?: RebuyOrder;
} {
  const clientUuid = requireUuid('clientUuid', r.clientUuid);
  const portfolioUuid = requireUuid('portfolioUuid', r.portfolioUuid);
  const action = r.action.trim();
  if (action !== '' && !(PLAN_ACTIONS as readonly string[]).includes(action))
    throw invalidArgument('action', `action must be one of ${PLAN_ACTIONS.join(', ')}, or left out with quantities`);
  let amount = '';
  let percent = '';
  if (AMOUNT_ACTIONS.includes(action)) {
    refuse('amount', planAmountProblem(r.amount, action === 'RAISE_PROCEEDS' ? 'Proceeds to raise' : 'Gain budget'));
    amount = clean(r.amount);
  }
  if (PERCENT_ACTIONS.includes(action)) {
    refuse(
      'percent',
      percentProblem(r.percent, action === 'DISPOSE_PERCENTAGE' ? 'Disposal percent' : 'Budget percent'),
    );
    percent = clean(r.percent);
  }
  const include = oneOf('include', r.include, PLAN_INCLUDES);
  let includePercent = '';
  if (include === 'PERCENT_OF_ALL') {
    refuse('includePercent', percentProblem(r.includePercent, 'Percent of all holdings'));
    includePercent = clean(r.includePercent);
  }
  const exclude = oneOf('exclude', r.exclude, PLAN_EXCLUDES);
  const prices: Record<number, string> = {};
  for (const [id, price] of Object.entries(r.prices)) {
    refuse(`prices.${id}`, pricePerShareProblem(price));
    prices[Number(id)] = clean(price);
  }
  if (action === '' && r.quantities.length === 0)
    throw invalidArgument(
      'quantities',
      'quantities are required when no action is chosen: the disposal amounts to plan',
    );
  if (r.quantities.length > MAX_QUANTITIES)
    throw invalidArgument('quantities', `quantities may name at most ${MAX_QUANTITIES} holdings`);
  const seen = new Set<number>();
  const quantities = r.quantities.map(({ securityId, quantity }, i) => {
    if (!Number.isInteger(securityId) || securityId <= 0)
      throw invalidArgument(`quantities[${i}].securityId`, 'securityId must be a whole number above 0');
    if (seen.has(securityId))
      throw invalidArgument(`quantities[${i}].securityId`, `Security ${securityId} is named twice: give one amount`);
    seen.add(securityId);
    const q = clean(quantity);
    if (!/^\d+(\.\d+)?$/.test(q))
      throw invalidArgument(`quantities[${i}].quantity`, 'Disposal amount must be a number, such as 12.5');
    if (compareDecimal(q, MIN_DISPOSAL_AMOUNT) < 0)
      throw invalidArgument(`quantities[${i}].quantity`, `Disposal amount must be at least ${MIN_DISPOSAL_AMOUNT}`);
    return { securityId, quantity: q };
  });
  let spousePortfolioUuid = '';
  if (r.household) {
    if (action === '')
      throw invalidArgument(
        'household',
        'A household plan needs an action: the amounts entered are the client’s alone',
      );
    spousePortfolioUuid = requireUuid('spousePortfolioUuid', r.spousePortfolioUuid ?? '');
  }
  const rebuy = checkRebuy(r);
  if (rebuy && r.household)
    throw invalidArgument(
      'rebuy',
      'A household plan cannot also buy back: plan the bed and ISA or bed and spouse for the client alone',
    );
  return {
    clientUuid,
    order: { portfolioUuid, action, amount, percent, include, includePercent, exclude, prices, quantities },
    ...(r.household && { spousePortfolioUuid }),
    ...(rebuy && { rebuy }),
  };
}

/** Bed and ISA / bed and spouse: where, the portfolio, and (ISA) the subscriptions a user entered. */
function checkRebuy(r: PlanRequestFields): RebuyOrder | undefined {
  const where = oneOf('rebuy', r.rebuy ?? '', REBUY_CHOICES) as (typeof REBUY_CHOICES)[number];
  const subscribed = (r.isaSubscribed ?? '').trim();
  if (where !== 'ISA' && subscribed !== '')
    throw invalidArgument('isaSubscribed', 'ISA subscriptions this tax year are only asked for with rebuy ISA');
  if (where === 'NONE') return undefined;
  const portfolioUuid = requireUuid('rebuyPortfolioUuid', r.rebuyPortfolioUuid ?? '');
  if (where === 'SPOUSE') return { where, portfolioUuid };
  if (subscribed === '') return { where, portfolioUuid };
  refuse('isaSubscribed', isaSubscribedProblem(subscribed));
  return { where, portfolioUuid, isaSubscribed: clean(subscribed) };
}

/** A checked order as the planner takes it (in the compute worker: Rationals do not cross threads). */
export function planInputOf(order: PlanOrder): PlanInput {
  const parameters = order.action
    ? {
        action: order.action as PlanAction,
        ...(order.amount && { amount: Rational.parse(order.amount) }),
        ...(order.percent && { percent: Rational.parse(order.percent) }),
        include: order.include as PlanInclude,
        ...(order.includePercent && { includePercent: Rational.parse(order.includePercent) }),
        exclude: order.exclude as PlanExclude,
      }
    : undefined;
  return {
    portfolioUuid: order.portfolioUuid,
    ...(parameters && { parameters }),
    ...(order.quantities.length > 0 && !order.action && { quantities: order.quantities }),
    prices: order.prices,
  };
}
