import { Rational } from '../../engine/arithmetic';

/** What one split of a household's target costs, with both people's plans for it. */
export interface SplitOutcome<P> {
  /** the household's tax (or the measure standing for it) with this split; null when either person falls short */
  cost: Rational | null;
  plans: P;
}

/** A split tried: the client's part of the target (the spouse's is the rest) and what it came to. */
export interface SplitTried<P> extends SplitOutcome<P> {
  clientPart: Rational;
}

export interface HouseholdSearchInput<P> {
  /** the household's cash or gain target, in pennies */
  target: Rational;
  /** the client's part by the rule (household-split.ts): always tried, and preferred on a tie */
  start: Rational;
  /** the most the client, and the spouse, could raise or realise: a part beyond it is not tried */
  capacity: readonly [Rational, Rational];
  /** client parts where the cost may bend (each person's tax-free part), tried in the first round */
  kinks?: readonly Rational[];
  /** both people planned for a split: the client gets `clientPart`, the spouse `target - clientPart` */
  evaluate(clientPart: Rational): Promise<SplitOutcome<P>>;
  /** splits evaluated at once (each is two computes on the engine's workers); a round's all at once by default */
  atOnce?: number;
}

export interface HouseholdSearchResult<P> {
  /** the split with the least cost; the rule's split when none is feasible */
  chosen: SplitTried<P>;
  /** the rule's split as tried */
  start: SplitTried<P>;
  /** how many splits were evaluated */
  tried: number;
}

/** Intervals of the first round's grid, and the rounds of refinement after it (each halving the step). */
const GRID = 8;
const REFINEMENTS = 3;
/** Evaluations at most: each is two engine computes of about 50–100 ms. */
export const MAX_EVALUATIONS = 20;
const PENNY = Rational.parse('0.01');
const pennies = (r: Rational) => r.roundTo(2, 'down');

/**
 * The split of a household's cash or gain target with the least cost across both people (pure: the plans come from
 * `evaluate`). The cost of a split is piecewise linear at best (exempt amounts, rate bands, whole units), so a
 * bounded search rather than a formula: the rule's split, the ends where feasible (all to one person), each
 * person's tax-free part, and a coarse grid in a first round; then the step halved around the best a few times.
 * The least cost wins; on a tie the rule's split (the one an adviser can explain), then the split nearer to it.
 */
export async function searchHouseholdSplit<P>(input: HouseholdSearchInput<P>): Promise<HouseholdSearchResult<P>> {
  const { target } = input;
  const start = pennies(Rational.min(Rational.max(input.start, Rational.ZERO), target));
  // The client's parts both people can meet: the client at most their capacity, the spouse at most theirs.
  const lo = Rational.max(Rational.ZERO, target.sub(input.capacity[1])).roundTo(2, 'ceil');
  const hi = pennies(Rational.min(target, input.capacity[0]));
  const feasible = lo.lte(hi);
  const inRange = (p: Rational) => feasible && p.gte(lo) && p.lte(hi);

  const tried = new Map<string, SplitTried<P>>();
  let left = MAX_EVALUATIONS;
  const round = async (parts: Rational[]) => {
    const fresh: Rational[] = [];
    for (const p of parts) {
      const key = p.toFixed(2);
      if (left > 0 && !tried.has(key) && !fresh.some((f) => f.toFixed(2) === key)) {
        fresh.push(p);
        left -= 1;
      }
    }
    const outcomes = await mapAtMost(fresh, input.atOnce ?? fresh.length, async (clientPart) => ({
      clientPart,
      ...(await input.evaluate(clientPart)),
    }));
    for (const o of outcomes) tried.set(o.clientPart.toFixed(2), o);
  };

  const first = [start];
  let step = hi.sub(lo).div(Rational.fromInt(GRID));
  if (feasible) {
    first.push(lo, hi, ...(input.kinks ?? []).map(pennies).filter(inRange));
    for (let k = 1; k < GRID; k += 1) first.push(pennies(lo.add(step.mul(Rational.fromInt(k)))));
  }
  await round(first);
  let best = bestOf(tried.values(), start);
  for (let r = 0; r < REFINEMENTS && best && left > 0; r += 1) {
    step = step.div(Rational.fromInt(2));
    if (step.lt(PENNY)) break;
    await round([best.clientPart.sub(step), best.clientPart.add(step)].map(pennies).filter(inRange));
    best = bestOf(tried.values(), start);
  }
  const startTried = tried.get(start.toFixed(2))!;
  return { chosen: best ?? startTried, start: startTried, tried: tried.size };
}

/** The feasible split of least cost; on a tie the one nearer the rule's split (itself first), then the smaller. */
function bestOf<P>(splits: Iterable<SplitTried<P>>, start: Rational): SplitTried<P> | undefined {
  let best: SplitTried<P> | undefined;
  for (const s of splits) {
    if (s.cost === null) continue;
    if (!best || preferred(s, best, start)) best = s;
  }
  return best;
}

function preferred<P>(a: SplitTried<P>, b: SplitTried<P>, start: Rational): boolean {
  const byCost = a.cost!.cmp(b.cost!);
  if (byCost !== 0) return byCost < 0;
  const byDistance = a.clientPart.sub(start).abs().cmp(b.clientPart.sub(start).abs());
  if (byDistance !== 0) return byDistance < 0;
  return a.clientPart.lt(b.clientPart);
}

/** `fn` over `items`, at most `limit` running at once, answers in the items' order. */
async function mapAtMost<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  return results;
}
