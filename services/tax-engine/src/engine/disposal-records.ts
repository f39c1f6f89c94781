import type { Disposal, DisposalPart } from './computation';
import type { GainClass } from './ledger';
import type { DisposalEventResult } from './events';
import { Rational, ZERO } from './rational';
import { taxYearOf } from './tax-years';

/**
 * Joins the disposal rows of one day, security and kind into the one disposal HMRC sees (all
 * same-day disposals are a single disposal, s105(1)) and works out its gain:
 *   allowable cost = cost of the shares identified + incidental costs of disposal (HS284, SA108),
 *   gain = proceeds - allowable cost - indexation allowance - holdover relief,
 * where indexation is restricted so it never creates or increases a loss (it is at most
 * proceeds - allowable cost, and nil when that is not positive), and holdover relief is at most the
 * gain after indexation. Each row keeps its share as a part, so figures can be attributed to portfolios.
 */
export function buildDisposals(rows: DisposalEventResult[], gainClass: (security: string) => GainClass, isCompany: boolean): Disposal[] {
  const out: Disposal[] = [];
  let i = 0;
  while (i < rows.length) {
    const first = rows[i];
    let j = i + 1;
    if (first.quantity.isPositive()) {
      while (
        j < rows.length &&
        rows[j].event.day === first.event.day &&
        rows[j].event.security === first.event.security &&
        rows[j].kind === first.kind &&
        rows[j].quantity.isPositive() &&
        rows[j].event.counterparty === first.event.counterparty &&
        rows[j].event.connected === first.event.connected
      ) {
        j++;
      }
    }
    out.push(join(rows.slice(i, j), gainClass(first.event.security), isCompany));
    i = j;
  }
  return out;
}

function join(rows: DisposalEventResult[], gainClass: GainClass, isCompany: boolean): Disposal {
  const first = rows[0];
  let quantity = ZERO;
  let proceeds = ZERO;
  let disposalCosts = ZERO;
  let acquisitionCost = ZERO;
  let indexationRaw = ZERO;
  let holdoverClaimed = ZERO;
  const failures: string[] = [];
  for (const r of rows) {
    quantity = quantity.add(r.quantity);
    proceeds = proceeds.add(r.proceeds);
    disposalCosts = disposalCosts.add(r.disposalCosts);
    acquisitionCost = acquisitionCost.add(r.cost);
    indexationRaw = indexationRaw.add(r.indexationRaw);
    holdoverClaimed = holdoverClaimed.add(r.event.holdover);
    if (r.failure) failures.push(r.failure);
  }
  const allowableCost = acquisitionCost.add(disposalCosts);
  const unindexed = proceeds.sub(allowableCost);
  const indexationAllowance =
    isCompany && indexationRaw.isPositive() && unindexed.isPositive() ? Rational.min(indexationRaw, unindexed) : ZERO;
  const beforeHoldover = unindexed.sub(indexationAllowance);
  const holdoverRelief = beforeHoldover.isPositive() ? Rational.min(holdoverClaimed, beforeHoldover) : ZERO;
  const gain = beforeHoldover.sub(holdoverRelief);
  const reliefs = indexationAllowance.add(holdoverRelief);

  const matches = rows.length === 1 ? first.matches : mergeMatches(rows);
  const parts: DisposalPart[] = rows.map((r) => {
    const share = rows.length === 1 || reliefs.isZero() ? null : quantity.isPositive() ? r.quantity.div(quantity) : r.proceeds.div(proceeds);
    const partReliefs = share === null ? (rows.length === 1 ? reliefs : ZERO) : reliefs.mul(share);
    return {
      portfolio: r.event.portfolio,
      ref: r.event.ref,
      quantity: r.quantity,
      proceeds: r.proceeds,
      disposalCosts: r.disposalCosts,
      acquisitionCost: r.cost,
      allowableCost: r.cost.add(r.disposalCosts),
      gain: r.proceeds.sub(r.disposalCosts).sub(r.cost).sub(partReliefs),
    };
  });

  return {
    date: first.event.date,
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
    failure: failures.length ? failures.join('; ') : null,
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
