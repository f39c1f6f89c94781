import { Rational } from '../../engine/arithmetic';

/** The Taximiser's actions (seed 000 §2.7). */
export const PLAN_ACTIONS = [
  'RAISE_PROCEEDS',
  'HARVEST_ANNUAL_EXEMPTION',
  'REALISE_BUDGET_AMOUNT',
  'REALISE_BUDGET_PERCENT',
  'DISPOSE_PERCENTAGE',
] as const;
export type PlanAction = (typeof PLAN_ACTIONS)[number];
/** Which holdings a target is met from first: the planner's own order, least or greatest gain per pound sold first, or a share of every holding. */
export const PLAN_INCLUDES = ['NONE', 'LEAST_GAINS', 'GREATEST_GAINS', 'PERCENT_OF_ALL'] as const;
export type PlanInclude = (typeof PLAN_INCLUDES)[number];
/** Holdings left out of a plan. */
export const PLAN_EXCLUDES = ['NONE', 'EXEMPT', 'INCOME', 'EXEMPT_AND_INCOME', 'S104'] as const;
export type PlanExclude = (typeof PLAN_EXCLUDES)[number];

/** A holding the plan may sell from, with the client's allowable cost of the whole quantity. */
export interface PlanHolding {
  securityId: number;
  /** how a client reads it: the ticker or SEDOL */
  label: string;
  quantity: Rational;
  /** allowable cost of the whole quantity (the pool's, at the client's share) */
  cost: Rational;
  /** per unit, GBP */
  price: Rational;
  /** capital (default), exempt (gilts, qualifying corporate bonds) or income (offshore non-reporting funds) */
  gainClass: 'capital' | 'exempt' | 'income';
  /** a sale of it would be identified with a Section 104 pool */
  pooled: boolean;
  /** places a quantity may have: 0 for shares, the fund's for units */
  decimals: number;
  /**
   * The client's share of a joint portfolio (1 when sole owner). `quantity` and what is sold are the portfolio's
   * shares (the trade); `cost` and every figure answered are the client's: a sale of q is the client's q x share.
   */
  share?: Rational;
}

/** The client's proceeds of one unit of the portfolio's holding sold. */
const unitValue = (h: PlanHolding) => (h.share ? h.price.mul(h.share) : h.price);

export interface PlanParameters {
  action: PlanAction;
  /** GBP: the cash to raise (RAISE_PROCEEDS) or the gain to realise (REALISE_BUDGET_AMOUNT) */
  amount?: Rational;
  /** of each holding (DISPOSE_PERCENTAGE) or of the holdings' unrealised capital gain (REALISE_BUDGET_PERCENT) */
  percent?: Rational;
  include: PlanInclude;
  /** PERCENT_OF_ALL: at most this percent of each holding is sold */
  includePercent?: Rational;
  exclude: PlanExclude;
}

/** The client's current-year position the targets start from. */
export interface PlanPosition {
  /** net capital gain (or loss, negative) realised so far this tax year */
  ytdCapitalGainLoss: Rational;
  annualExemption: Rational;
}

/** One disposal the plan proposes, with the figures of §9 and the line that explains it. */
export interface ChosenDisposal {
  holding: PlanHolding;
  quantity: Rational;
  /** cost / quantity x disposal, to the penny */
  cost: Rational;
  /** price x disposal, to the penny */
  proceeds: Rational;
  /** proceeds - cost: a capital gain or loss, an income gain, or an exempt one, by the holding's class */
  gain: Rational;
  reason: string;
}

export interface ChosenPlan {
  disposals: ChosenDisposal[];
  /** what the target was and whether it was met, in words */
  summary: string;
}

const HUNDRED = Rational.of(100);

/** The §9 figures of selling `quantity` of `h`: cost and proceeds each to the penny, the gain their difference. */
export function disposalFigures(h: PlanHolding, quantity: Rational) {
  const cost = h.cost.mulDiv(quantity, h.quantity).roundTo(2, 'half-up');
  const proceeds = unitValue(h).mul(quantity).roundTo(2, 'half-up');
  return { cost, proceeds, gain: proceeds.sub(cost) };
}

/** Excluded by the plan's exclude option. */
function excluded(h: PlanHolding, exclude: PlanExclude): boolean {
  switch (exclude) {
    case 'EXEMPT':
      return h.gainClass === 'exempt';
    case 'INCOME':
      return h.gainClass === 'income';
    case 'EXEMPT_AND_INCOME':
      return h.gainClass !== 'capital';
    case 'S104':
      return h.pooled;
    default:
      return false;
  }
}

const money = (r: Rational) => {
  const [whole, pence] = r.abs().toFixed(2).split('.');
  return `${r.isNegative() ? '-' : ''}£${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${pence}`;
};
const units = (q: Rational, dp: number) => q.toFixed(dp);

/**
 * What a plan sells, by the linear figures of §9 (the pool's average cost; the engine then computes the same
 * disposals on the client's ledger). DISPOSE_PERCENTAGE sells that share of every holding; the other actions meet a
 * target (cash, or a capital gain) from the holdings in the include option's order, the last one partly, in whole
 * units (a fund's decimals), then fill what is left of a gain target with smaller units of the holdings after it.
 */
export function chooseDisposals(holdings: PlanHolding[], p: PlanParameters, position: PlanPosition): ChosenPlan {
  const candidates = holdings.filter((h) => h.quantity.isPositive() && !excluded(h, p.exclude));
  // PERCENT_OF_ALL: only that share of each holding is on offer.
  const capacity = (h: PlanHolding) =>
    p.include === 'PERCENT_OF_ALL' && p.includePercent
      ? h.quantity.mulDiv(p.includePercent, HUNDRED).roundTo(h.decimals, 'down')
      : h.quantity;
  const line = (h: PlanHolding, quantity: Rational, why: string): ChosenDisposal => {
    const f = disposalFigures(h, quantity);
    const kind = h.gainClass === 'capital' ? 'gain' : h.gainClass === 'income' ? 'income gain' : 'exempt gain';
    const figure = f.gain.isNegative() ? `loss ${money(f.gain.neg())}` : `${kind} ${money(f.gain)}`;
    return {
      holding: h,
      quantity,
      ...f,
      reason: `sell ${units(quantity, h.decimals)} of ${h.label}: ${figure}, ${why}`,
    };
  };

  if (p.action === 'DISPOSE_PERCENTAGE') {
    const percent = p.percent ?? Rational.ZERO;
    const disposals = candidates
      .map((h) => ({ h, q: h.quantity.mulDiv(percent, HUNDRED).roundTo(h.decimals, 'down') }))
      .filter(({ q }) => q.isPositive())
      .map(({ h, q }) => line(h, q, `${percent.toString()}% of the holding`));
    return { disposals, summary: `${percent.toString()}% of every holding in the plan` };
  }

  const raising = p.action === 'RAISE_PROCEEDS';
  // A gain target is met from capital gains only: exempt gains are not chargeable and income gains are taxed as
  // income, so neither uses the exempt amount; losses would only undo the gains sold.
  const eligible = candidates.filter(
    (h) => raising || (h.gainClass === 'capital' && unitValue(h).gt(h.cost.div(h.quantity))),
  );
  const target = targetOf(p, position, eligible);
  const perUnit = (h: PlanHolding) => (raising ? unitValue(h) : unitValue(h).sub(h.cost.div(h.quantity)));
  // Gain per pound of proceeds: the order of "least" and "greatest" gains (losses come first in "least").
  const ratio = (h: PlanHolding) =>
    h.price.isZero() ? Rational.ZERO : unitValue(h).sub(h.cost.div(h.quantity)).div(unitValue(h));
  const order = [...eligible];
  const ascending = p.include === 'LEAST_GAINS' || (raising && p.include !== 'GREATEST_GAINS');
  order.sort((a, b) => (ascending ? ratio(a).cmp(ratio(b)) : ratio(b).cmp(ratio(a))) || a.securityId - b.securityId);

  const chosen = new Map<PlanHolding, Rational>();
  let reached = Rational.ZERO;
  const measure = (h: PlanHolding, q: Rational) => {
    const f = disposalFigures(h, q);
    return raising ? f.proceeds : f.gain;
  };
  for (const h of order) {
    const left = target.sub(reached);
    if (!left.isPositive()) break;
    const all = capacity(h);
    if (!all.isPositive()) continue;
    let q = measure(h, all).lte(left) ? all : left.div(perUnit(h)).roundTo(h.decimals, raising ? 'ceil' : 'down');
    if (q.gt(all)) q = all;
    // Rounding to the penny may carry a gain target a penny over: one unit back until it fits.
    const step = Rational.fromBigInts(1n, 10n ** BigInt(h.decimals));
    while (!raising && q.isPositive() && measure(h, q).gt(left)) q = q.sub(step);
    if (!q.isPositive()) continue;
    chosen.set(h, q);
    reached = reached.add(measure(h, q));
  }
  const disposals = order
    .filter((h) => chosen.has(h))
    .map((h) => {
      const q = chosen.get(h)!;
      const why = q.eq(capacity(h))
        ? p.include === 'PERCENT_OF_ALL'
          ? `${p.includePercent!.toString()}% of the holding`
          : 'the whole holding'
        : raising
          ? 'raises the rest of the cash'
          : p.action === 'HARVEST_ANNUAL_EXEMPTION'
            ? 'uses the rest of the exempt amount'
            : 'realises the rest of the budget';
      return line(h, q, why);
    });
  return { disposals, summary: summaryOf(p, target, reached) };
}

/** The cash or gain the action asks for. */
function targetOf(p: PlanParameters, position: PlanPosition, eligible: PlanHolding[]): Rational {
  switch (p.action) {
    case 'RAISE_PROCEEDS':
    case 'REALISE_BUDGET_AMOUNT':
      return p.amount ?? Rational.ZERO;
    case 'REALISE_BUDGET_PERCENT': {
      const unrealised = eligible.reduce((sum, h) => sum.add(unitValue(h).mul(h.quantity).sub(h.cost)), Rational.ZERO);
      return unrealised.mulDiv(p.percent ?? Rational.ZERO, HUNDRED).roundTo(2, 'down');
    }
    default: {
      // What is left of the exempt amount after the year's net gains (a net loss so far leaves more room):
      // brought-forward losses are kept for later years, as HMRC uses them only above the exempt amount.
      const room =
        p.action === 'HARVEST_ANNUAL_EXEMPTION'
          ? position.annualExemption.sub(position.ytdCapitalGainLoss)
          : Rational.ZERO;
      return Rational.max(room, Rational.ZERO);
    }
  }
}

function summaryOf(p: PlanParameters, target: Rational, reached: Rational): string {
  const met = reached.gte(target);
  switch (p.action) {
    case 'RAISE_PROCEEDS':
      return met
        ? `raises ${money(reached)} of the ${money(target)} asked for`
        : `raises ${money(reached)}: the holdings in the plan cannot raise the ${money(target)} asked for`;
    case 'HARVEST_ANNUAL_EXEMPTION':
      return target.isZero()
        ? 'nothing is left of the exempt amount this tax year: no gain can be realised free of tax'
        : `realises gains of ${money(reached)} of the ${money(target)} left of the exempt amount`;
    default:
      return met
        ? `realises gains of ${money(reached)} of the ${money(target)} budget`
        : `realises gains of ${money(reached)}: the holdings in the plan hold no more gain within the ${money(target)} budget`;
  }
}
