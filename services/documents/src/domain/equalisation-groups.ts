import {
  addDecimal,
  compareDecimal,
  divideDecimal,
  multiplyDecimal,
  plainDecimal,
  roundDecimal,
  signOfDecimal,
  subtractDecimal,
} from '@gains/decimal';
import type { GroupMethod } from './document-types';

/** A holder's units in an equalisation's distribution period, as the ledger has them. */
export interface PeriodHolding {
  /** held at the ex-date: the candidate's holding */
  holdingQuantity: string;
  /** held at the end of the day before the period starts: all Group 1 */
  heldAtPeriodStart: string;
  /** acquisitions (above 0: Group 2 units) and disposals (below 0) in the period, in trade order */
  moves: readonly { quantity: string }[];
}

export interface GroupQuantities {
  group1: string;
  group2: string;
}

export type EqualisationGroups = Record<GroupMethod, GroupQuantities>;

/** Places the walk keeps before the last rounding: an average sale's share of each group is rarely exact. */
const WORKING_PLACES = 20;

const max0 = (v: string) => (signOfDecimal(v) < 0 ? '0' : v);
const min = (a: string, b: string) => (compareDecimal(a, b) <= 0 ? a : b);

/** One method's groups after the period's moves, unrounded. */
function walk(method: GroupMethod, p: PeriodHolding): GroupQuantities {
  let group1 = max0(p.heldAtPeriodStart);
  let group2 = '0';
  for (const move of p.moves) {
    if (signOfDecimal(move.quantity) >= 0) {
      group2 = addDecimal(group2, move.quantity);
      continue;
    }
    const sold = subtractDecimal('0', move.quantity);
    if (method === 'AVERAGE') {
      // pro rata of what is held in each group just before the sale
      const held = addDecimal(group1, group2);
      if (signOfDecimal(held) <= 0) continue;
      const fromGroup2 = min(group2, divideDecimal(multiplyDecimal(sold, group2), held, WORKING_PLACES, 'down'));
      group2 = subtractDecimal(group2, fromGroup2);
      group1 = max0(subtractDecimal(group1, subtractDecimal(sold, fromGroup2)));
      continue;
    }
    // FIFO: the units held longest (Group 1) go first; LIFO: the latest bought (Group 2) go first
    const [first, second] = method === 'FIFO' ? [group1, group2] : [group2, group1];
    const fromFirst = min(first, sold);
    const nextFirst = subtractDecimal(first, fromFirst);
    const nextSecond = max0(subtractDecimal(second, subtractDecimal(sold, fromFirst)));
    [group1, group2] = method === 'FIFO' ? [nextFirst, nextSecond] : [nextSecond, nextFirst];
  }
  return { group1, group2 };
}

/**
 * An equalisation candidate's Group 1 and Group 2 units under each method (issue 26, seed 001 §2): Group 2 are the
 * units bought in the distribution period, Group 1 the rest held at the ex-date. Units sold in the period leave
 * Group 1 first (FIFO), Group 2 first (LIFO), or both pro rata to what each holds at the sale (AVERAGE).
 * Group 2 is rounded down to the security's places (no holder is repaid equalisation on more units than bought);
 * Group 1 is the holding less Group 2, so the two always add up to the holding.
 */
export function equalisationGroups(p: PeriodHolding, decimalPlaces: number): EqualisationGroups {
  const places = Math.min(Math.max(decimalPlaces, 0), 8);
  const holding = max0(p.holdingQuantity);
  const settle = ({ group2 }: GroupQuantities): GroupQuantities => {
    const g2 = min(roundDecimal(group2, places, 'down'), holding);
    return { group1: plainDecimal(subtractDecimal(holding, g2)), group2: plainDecimal(g2) };
  };
  return {
    FIFO: settle(walk('FIFO', p)),
    LIFO: settle(walk('LIFO', p)),
    AVERAGE: settle(walk('AVERAGE', p)),
  };
}

/**
 * The distribution period's first day when the header gives no Start Date: the previous equalisation's ex-date on
 * the security (a unit bought from then on missed that distribution, so it is Group 2 of this one), or else six
 * months before the ex-date (a UK fund's usual half-yearly distribution period). Dates are YYYY-MM-DD.
 */
export function defaultPeriodStart(exDate: string, previousExDate: string | null): string {
  if (previousExDate && previousExDate < exDate) return previousExDate;
  const [y, m, d] = exDate.split('-').map(Number) as [number, number, number];
  const start = new Date(Date.UTC(y, m - 1 - 6, 1));
  const lastDay = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0)).getUTCDate();
  start.setUTCDate(Math.min(d, lastDay));
  return start.toISOString().slice(0, 10);
}
