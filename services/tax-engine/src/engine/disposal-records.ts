import type { Disposal, DisposalPart } from './computation';
import { parseIsoDate, type DayNumber } from './dates';
import type { GainClass } from './ledger';
import type { DisposalEventResult } from './events';
import { Rational, ZERO } from './arithmetic';
import { taxYearOf } from './tax-years';

/** 30 November 1993: disposals from this day get no indexation that creates or increases a loss (FA 1994). */
const LOSS_RESTRICTION_FROM = parseIsoDate('1993-11-30') as DayNumber;

/**
 * Joins the disposal rows of one day, security and kind into the one disposal HMRC sees (all
 * same-day disposals are a single disposal, s105(1)) and works out its gain:
 *   allowable cost = cost of the shares identified + incidental costs of disposal (HS284, SA108),
 *   gain = proceeds - allowable cost - indexation allowance - holdover relief,
 * where indexation is restricted so it never creates or increases a loss (it is at most
 * proceeds - allowable cost, and nil when that is not positive; on a disposal before 30 November 1993 it is
 * given in full and may, CG17700), and holdover relief is at most the
 * gain after indexation. Each row keeps its share as a part, so figures can be attributed to portfolios.
 */
export function buildDisposals(
  rows: DisposalEventResult[],
  gainClass: (security: string) => GainClass,
  isCompany: boolean,
  /** When given, each disposal's first row's place in the day (its event's `order`) is pushed to it. */
  orders?: number[],
): Disposal[] {
  const out: Disposal[] = [];
  let i = 0;
  while (i < rows.length) {
    const first = rows[i];
    // The rows of one day and security come together (the pass is in canonical order); among them, those of
    // one kind to one person are one disposal, wherever they stand in the run.
    let j = i + 1;
    if (first.quantity.isPositive()) {
      while (
        j < rows.length &&
        rows[j].event.day === first.event.day &&
        rows[j].event.security === first.event.security &&
        rows[j].quantity.isPositive()
      ) {
        j++;
      }
    }
    const security = first.event.security;
    if (j === i + 1) {
      out.push(join([first], gainClass(security), isCompany));
      orders?.push(first.event.order);
    } else {
      const disposals: DisposalEventResult[][] = [];
      for (let k = i; k < j; k++) {
        const r = rows[k];
        const same = disposals.find((d) => sameDisposal(d[0], r));
        if (same) same.push(r);
        else disposals.push([r]);
      }
      for (const d of disposals) {
        out.push(join(d, gainClass(security), isCompany));
        orders?.push(d[0].event.order);
      }
    }
    i = j;
  }
  return out;
}

/** Rows of one day and security that HMRC sees as one disposal: the same kind, to the same person. */
function sameDisposal(a: DisposalEventResult, b: DisposalEventResult): boolean {
  return a.kind === b.kind && a.event.counterparty === b.event.counterparty && a.event.connected === b.event.connected;
}

function join(rows: DisposalEventResult[], gainClass: GainClass, isCompany: boolean): Disposal {
  const first = rows[0];
  const single = rows.length === 1;
  let quantity = first.quantity;
  let proceeds = first.proceeds;
  let disposalCosts = first.disposalCosts;
  let acquisitionCost = first.cost;
  let indexationRaw = first.indexationRaw;
  let holdoverClaimed = first.event.holdover;
  let failure = first.failure;
  for (let k = 1; k < rows.length; k++) {
    const r = rows[k];
    quantity = quantity.add(r.quantity);
    proceeds = proceeds.add(r.proceeds);
    disposalCosts = disposalCosts.add(r.disposalCosts);
    acquisitionCost = acquisitionCost.add(r.cost);
    indexationRaw = indexationRaw.add(r.indexationRaw);
    holdoverClaimed = holdoverClaimed.add(r.event.holdover);
    if (r.failure) failure = failure ? `${failure}; ${r.failure}` : r.failure;
  }
  const allowableCost = acquisitionCost.add(disposalCosts);
  const unindexed = proceeds.sub(allowableCost);
  // Before 30 November 1993 indexation may create or increase a loss (CG17700); from then it is at most the
  // unindexed gain and nil for a loss (s53(2A)).
  const indexationAllowance =
    !isCompany || !indexationRaw.isPositive()
      ? ZERO
      : first.event.day < LOSS_RESTRICTION_FROM
        ? indexationRaw
        : unindexed.isPositive()
          ? Rational.min(indexationRaw, unindexed)
          : ZERO;
  const beforeHoldover = indexationAllowance === ZERO ? unindexed : unindexed.sub(indexationAllowance);
  const holdoverRelief =
    holdoverClaimed !== ZERO && beforeHoldover.isPositive() ? Rational.min(holdoverClaimed, beforeHoldover) : ZERO;
  const gain = holdoverRelief === ZERO ? beforeHoldover : beforeHoldover.sub(holdoverRelief);
  const reliefs = indexationAllowance.add(holdoverRelief);

  const matches = single ? first.matches : mergeMatches(rows);
  const parts: DisposalPart[] = single
    ? [
        {
          portfolio: first.event.portfolio,
          ref: first.event.ref,
          quantity,
          proceeds,
          disposalCosts,
          acquisitionCost,
          allowableCost,
          gain,
        },
      ]
    : rows.map((r) => {
        const partReliefs = reliefs.isZero()
          ? ZERO
          : reliefs.mul(quantity.isPositive() ? r.quantity.div(quantity) : r.proceeds.div(proceeds));
        const partAllowable = r.cost.add(r.disposalCosts);
        return {
          portfolio: r.event.portfolio,
          ref: r.event.ref,
          quantity: r.quantity,
          proceeds: r.proceeds,
          disposalCosts: r.disposalCosts,
          acquisitionCost: r.cost,
          allowableCost: partAllowable,
          gain: r.proceeds.sub(partAllowable).sub(partReliefs),
        };
      });

  return {
    date: first.event.date,
    day: first.event.day,
    taxYear: taxYearOf(first.event.day),
    security: first.event.security,
    kind: first.kind,
    type: first.event.type,
    gainClass,
    quantity,
    proceeds,
    disposalCosts,
    acquisitionCost,
    allowableCost,
    indexationAllowance,
    holdoverRelief,
    gain,
    counterparty: first.event.counterparty,
    connected: first.event.connected,
    matches,
    poolBefore: first.poolBefore,
    poolAfter: rows[rows.length - 1].poolAfter ?? first.poolAfter,
    parts,
    failure,
  };
}

/** One match per rule and acquisition date, the pool match carrying the first pool-before and last pool-after. */
function mergeMatches(rows: DisposalEventResult[]) {
  const merged = new Map<string, DisposalEventResult['matches'][number]>();
  for (const r of rows) {
    for (const m of r.matches) {
      const key = `${m.rule}|${m.acquisitionDate ?? ''}`;
      const prev = merged.get(key);
      if (!prev) {
        merged.set(key, { ...m });
        continue;
      }
      prev.quantity = prev.quantity.add(m.quantity);
      prev.acquisitionQuantity = prev.acquisitionQuantity.add(m.acquisitionQuantity);
      prev.cost = prev.cost.add(m.cost);
      if (prev.indexedCost && m.indexedCost) prev.indexedCost = prev.indexedCost.add(m.indexedCost);
      prev.poolAfter = m.poolAfter ?? prev.poolAfter;
    }
  }
  return [...merged.values()];
}
