import { ISA_ALLOWANCE } from '@gains/access';
import { Rational } from '../../engine/arithmetic';
import type { PlannedDisposal } from './plan-on-ledger';
import { pounds } from './plan-warnings';

/** A rebuy proposed beside a sale: bought at the sale’s price, no dealing costs. */
export interface PlannedRebuy {
  securityId: number;
  code: string;
  sedol: string;
  name: string;
  where: 'ISA' | 'SPOUSE';
  portfolioUuid: string;
  portfolioCode: string;
  quantity: string;
  price: string;
  cost: string;
  reason: string;
}

/** The ISA allowance a bed-and-ISA plan works within. */
export interface PlanIsa {
  taxYear: string;
  allowance: string;
  subscribed: string;
  subscribedBasis: 'ENTERED' | 'LEDGER';
  left: string;
  rebuyCost: string;
  leftAfter: string;
}

/** Where the rebuys are made: the client’s ISA, or the spouse's or civil partner's account. */
export type RebuyPlace =
  | {
      where: 'ISA';
      portfolioUuid: string;
      portfolioCode: string;
      taxYear: string;
      /** the tax year's first day, YYYY-MM-DD (the ledger's net purchases are counted from it) */
      taxYearStart: string;
      subscribed: string;
      subscribedBasis: 'ENTERED' | 'LEDGER';
    }
  | { where: 'SPOUSE'; portfolioUuid: string; portfolioCode: string; spouseCode: string };

export interface PlanRebuys {
  rebuys: PlannedRebuy[];
  isa?: PlanIsa;
  rebuyNote: string;
}

const decimalsOf = (quantity: string) => Math.min(4, quantity.split('.')[1]?.replace(/0+$/, '').length ?? 0);
const ukDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * Bed and ISA, bed and spouse: each sale bought back at its price, the client’s part of it (a joint account's sale
 * is the account's; only the client’s part is theirs to buy back), in the holding's units. In an ISA the rebuys fit
 * the allowance left this tax year, in the plan's order: the sale that no longer fits is bought back in the whole
 * units the rest of the allowance buys, and those after it are not. Neither rebuy is matched with the sale under
 * the 30-day rule (TCGA 1992 s106A matches the seller’s own acquisitions; an ISA’s investments are held apart from
 * the client’s and outside CGT), so each sale’s gain or loss stands, which is the point of the rebuy.
 */
export function planRebuys(disposals: readonly PlannedDisposal[], place: RebuyPlace): PlanRebuys {
  let left = Rational.ZERO;
  if (place.where === 'ISA')
    left = Rational.max(Rational.parse(ISA_ALLOWANCE).sub(Rational.parse(place.subscribed)), Rational.ZERO);
  const leftBefore = left;
  const rebuys: PlannedRebuy[] = [];
  const notBought: string[] = [];
  for (const d of disposals) {
    const price = Rational.parse(d.price);
    const decimals = decimalsOf(d.quantity);
    let quantity = Rational.parse(d.clientQuantity || d.quantity).roundTo(decimals, 'down');
    if (place.where === 'ISA' && price.isPositive()) {
      const fits = left.div(price).roundTo(decimals, 'down');
      if (fits.lt(quantity)) quantity = fits;
    }
    if (!quantity.isPositive()) {
      notBought.push(d.code);
      continue;
    }
    const cost = price.mul(quantity).roundTo(2, 'half-up');
    left = Rational.max(left.sub(cost), Rational.ZERO);
    const whole = quantity.eq(Rational.parse(d.clientQuantity || d.quantity));
    const where = place.where === 'ISA' ? 'in the ISA' : `by ${place.spouseCode}`;
    const limit = whole ? '' : place.where === 'ISA' ? ': the ISA allowance left buys no more' : ': whole units';
    rebuys.push({
      securityId: d.securityId,
      code: d.code,
      sedol: d.sedol,
      name: d.name,
      where: place.where,
      portfolioUuid: place.portfolioUuid,
      portfolioCode: place.portfolioCode,
      quantity: quantity.toFixed(4),
      price: d.price,
      cost: cost.toFixed(2),
      reason: `buy back ${quantity.toFixed(decimals)} of ${d.code} ${where} (${place.portfolioCode}) for about ${pounds(cost.toFixed(2))}${limit}`,
    });
  }
  const spent = rebuys.reduce((sum, r) => sum.add(Rational.parse(r.cost)), Rational.ZERO);
  const missed = notBought.length > 0 ? ` Not bought back: ${notBought.join(', ')}.` : '';
  if (place.where === 'SPOUSE')
    return {
      rebuys,
      rebuyNote:
        `Bought back by ${place.spouseCode}, the client’s spouse or civil partner, in ${place.portfolioCode}: the ` +
        `30-day rule matches only the seller’s own purchases, so each sale’s gain or loss stands. The shares are ` +
        `${place.spouseCode}’s, at what they pay (${pounds(spent.toFixed(2))} at today’s prices).${missed}`,
    };
  const basis =
    place.subscribedBasis === 'ENTERED'
      ? 'as entered'
      : `what the client’s ISA portfolios bought less what they sold since ${ukDate(place.taxYearStart)}, as the ledger records it`;
  return {
    rebuys,
    isa: {
      taxYear: place.taxYear,
      allowance: Rational.parse(ISA_ALLOWANCE).toFixed(2),
      subscribed: Rational.parse(place.subscribed).toFixed(2),
      subscribedBasis: place.subscribedBasis,
      left: leftBefore.toFixed(2),
      rebuyCost: spent.toFixed(2),
      leftAfter: left.toFixed(2),
    },
    rebuyNote:
      `Bought back in the ISA (${place.portfolioCode}): an ISA’s investments are held apart from the client’s own ` +
      `and outside CGT, so the 30-day rule does not match them with these sales and each sale’s gain or loss ` +
      `stands. ISA allowance ${place.taxYear}: ${pounds(ISA_ALLOWANCE)}, subscribed ` +
      `${pounds(Rational.parse(place.subscribed).toFixed(2))} (${basis}), ${pounds(leftBefore.toFixed(2))} left; ` +
      `the rebuys use ${pounds(spent.toFixed(2))}, leaving ${pounds(left.toFixed(2))}.${missed}`,
  };
}
