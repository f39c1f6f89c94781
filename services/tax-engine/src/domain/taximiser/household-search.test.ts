import { describe, expect, it } from 'vitest';
import { Rational } from '../../engine/arithmetic';
import { MAX_EVALUATIONS, searchHouseholdSplit } from './household-search';

const r = (t: string) => Rational.parse(t);
const ZERO = Rational.ZERO;

/**
 * A search with a fake household whose cost of a split is `cost(clientPart)` (null: infeasible); answers the chosen
 * client part and cost, the rule's cost, how many were tried, and every part the evaluator was asked for.
 */
async function search(
  cost: (clientPart: Rational) => Rational | null,
  options: { target?: string; start?: string; capacity?: [string, string]; kinks?: string[]; atOnce?: number } = {},
) {
  const asked: string[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const result = await searchHouseholdSplit({
    target: r(options.target ?? '10000'),
    start: r(options.start ?? '6000'),
    capacity: [r(options.capacity?.[0] ?? '1000000'), r(options.capacity?.[1] ?? '1000000')],
    kinks: (options.kinks ?? []).map(r),
    atOnce: options.atOnce,
    evaluate: async (clientPart) => {
      asked.push(clientPart.toFixed(2));
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await new Promise((resolve) => setTimeout(resolve, 1));
      running -= 1;
      return { cost: cost(clientPart), plans: clientPart.toString() };
    },
  });
  return {
    chosen: result.chosen.clientPart.toFixed(2),
    cost: result.chosen.cost?.toFixed(2) ?? null,
    startCost: result.start.cost?.toFixed(2) ?? null,
    plans: result.chosen.plans,
    tried: result.tried,
    asked,
    mostAtOnce,
  };
}

describe('the search for a household’s split with the least tax', () => {
  it('when the cost is convex, then the grid finds its valley and halving the step closes in on it', async () => {
    // |x - 3,000| on 0..10,000 (grid step 1,250): 2,500 (500) beats 3,750 (750); then 3,125 (125) of 1,875 and
    // 3,125; 2,812.50 and 3,437.50 are worse; then 2,968.75 (31.25) of 2,968.75 and 3,281.25.
    const valley = await search((x) => x.sub(r('3000')).abs());
    expect(valley).toMatchObject({ chosen: '2968.75', cost: '31.25', startCost: '3000.00', plans: '2968.75' });
    // The rule's split, 9 grid points with both ends, then 3 rounds of 2.
    expect(valley.tried).toBe(16);
    expect(valley.asked.slice(0, 10)).toEqual([
      '6000.00',
      '0.00',
      '10000.00',
      '1250.00',
      '2500.00',
      '3750.00',
      '5000.00',
      '6250.00',
      '7500.00',
      '8750.00',
    ]);
    // Where the cost bends (a person's tax-free part) is tried at once, and found exactly.
    expect(await search((x) => x.sub(r('3000')).abs(), { kinks: ['3000'] })).toMatchObject({
      chosen: '3000.00',
      cost: '0.00',
      tried: 17,
    });
  });

  it('when the least tax is at an end, then all of it goes to one person, as far as the other can take it', async () => {
    // The client's part taxed at 10%, the spouse's free: all to the spouse.
    const tenth = (x: Rational) => x.div(Rational.fromInt(10));
    expect(await search(tenth)).toMatchObject({ chosen: '0.00', cost: '0.00', startCost: '600.00' });
    // The spouse can raise only 8,000.00: the client's part is at least 2,000.00, and nothing less is tried.
    const capped = await search(tenth, { capacity: ['1000000', '8000'] });
    expect(capped).toMatchObject({ chosen: '2000.00', cost: '200.00' });
    expect(capped.asked.every((p) => r(p).gte(r('2000')))).toBe(true);
  });

  it('when splits tie, then the rule’s split is kept, else the one nearest to it', async () => {
    // Free of tax for any client part from 2,000 to 8,000: the rule's 6,100.00 stays.
    const flat = (x: Rational) => (x.lt(r('2000')) ? r('2000').sub(x) : x.gt(r('8000')) ? x.sub(r('8000')) : ZERO);
    expect(await search(flat, { start: '6100' })).toMatchObject({ chosen: '6100.00', cost: '0.00' });
    // Free up to the client's exempt amount (5,000), 20% above: the rule's 6,000 of 7,000 costs 200.00. Of the free
    // splits the grid (step 875) finds 4,375; halving the step comes to 4,812.50, then 4,921.87 (5,031.25 costs).
    const above = (x: Rational) => Rational.max(x.sub(r('5000')), ZERO).mul(r('0.2'));
    expect(await search(above, { target: '7000' })).toMatchObject({
      chosen: '4921.87',
      cost: '0.00',
      startCost: '200.00',
    });
    // With the bend named, the free split nearest the rule's is found exactly.
    expect(await search(above, { target: '7000', kinks: ['5000'] })).toMatchObject({ chosen: '5000.00', cost: '0.00' });
  });

  it('when a person cannot meet their part, then that split is passed over, the rule’s own too', async () => {
    // The client cannot raise more than 4,000; the more they raise, the less the household pays (20% of the rest).
    const short = (x: Rational) => (x.gt(r('4000')) ? null : r('10000').sub(x).mul(r('0.2')));
    // Feasible grid points 0..3,750: 3,750 (1,250.00); 4,375, 4,062.50 fall short; 3,906.25 (1,218.75).
    expect(await search(short)).toMatchObject({ chosen: '3906.25', cost: '1218.75', startCost: null });
  });

  it('when no split is feasible, then the rule’s split is answered as it is', async () => {
    expect(await search(() => null)).toMatchObject({ chosen: '6000.00', cost: null, tried: 10 });
    // Neither can take half of 10,000: only the rule's split is tried.
    expect(await search(() => ZERO, { capacity: ['4000', '4000'] })).toMatchObject({
      chosen: '6000.00',
      cost: '0.00',
      tried: 1,
    });
  });

  it('tries at most 20 splits, each in pennies within the target, a round at once unless told fewer', async () => {
    // More kinks than the budget: £41 apart (1,234.56 is the rule's split, an end too).
    const kinks = Array.from({ length: 30 }, (_, i) => String(i * 41));
    const many = await search((x) => x.sub(r('617.28')).abs(), { target: '1234.56', kinks });
    expect(many.tried).toBe(MAX_EVALUATIONS);
    expect(new Set(many.asked).size).toBe(many.asked.length);
    expect(many.asked.every((p) => /^\d+\.\d\d$/.test(p) && r(p).gte(ZERO) && r(p).lte(r('1234.56')))).toBe(true);
    expect(many.mostAtOnce).toBe(MAX_EVALUATIONS);

    const two = await search((x) => x.sub(r('3000')).abs(), { atOnce: 2 });
    expect(two).toMatchObject({ chosen: '2968.75', mostAtOnce: 2 });
  });
});
