import {
  compareDecimal,
  divideDecimal,
  multiplyDecimal,
  percentOfDecimal,
  roundDecimal,
  subtractDecimal,
  sumDecimals,
} from '@gains/decimal';
import type { PreviewRow } from './candidate-previews';
import type { DocumentEffect } from './document-types';

/** An out portfolio's holding of one security at the trade date (a portfolio movement's candidate). */
export interface MovementCandidate {
  securityId: number;
  holdingQuantity: string;
  /** places of the security's quantities (0 for shares) */
  decimalPlaces: number;
  /** the holding's pooled CGT cost, GBP; null when not computed */
  cgtCost: string | null;
  /** market price per unit, GBP; null when not priced */
  price: string | null;
  /** the share of the holding moved, percent */
  transferPercentage: string;
  /** units moved, when edited (else the percentage of the holding) */
  transferQuantity?: string | null;
  /** when the out portfolio first acquired the security; null when the ledger does not say */
  firstAcquiredDate?: string | null;
}

/** An in portfolio and its share of what leaves each out portfolio (the in shares add up to 100). */
export interface MovementIn {
  portfolioUuid: string;
  transferPercentage: string;
}

export interface MovementPreview {
  /** units moved: holding x percent / 100, whole units of the security's places, rounded down */
  transferQuantity: string;
  /** GBP, transfer quantity x price; null when not priced */
  marketValuation: string | null;
  /** empty when nothing can move (nothing to move, or the figure the move needs is missing) */
  rows: PreviewRow[];
  /** why no rows, when there are none */
  reason: string;
}

const pennies = (value: string) => roundDecimal(value, 2, 'half-up');
const positive = (value: string) => compareDecimal(value, '0') > 0;

/**
 * Splits `total` over the in portfolios by their shares: each share rounded down to `places`, the last taking
 * what is left, so nothing is lost to rounding and the parts add up to the whole.
 */
function split(total: string, ins: readonly MovementIn[], places: number): string[] {
  const parts = ins.slice(0, -1).map((i) => percentOfDecimal(total, i.transferPercentage, places));
  return [...parts, subtractDecimal(total, parts.length ? sumDecimals(parts) : '0')];
}

/**
 * The ledger rows one out portfolio's holding of a security proposes in a portfolio movement (issue 26), of the
 * tax engine's transaction types (services/tax-engine/docs/ledger-format.md):
 * - a gift to another client: `GIFT_OUT` at market value (a disposal at market value for the giver, s17 TCGA
 *   1992) and a `TRANSFER_IN` at that value for each receiver, acquired on the trade date;
 * - a transfer between one client's own portfolios: `TRANSFER_OUT` (no disposal; the shares leave with their
 *   share of the pool's cost) and a `TRANSFER_IN` at that cost share, so the client's pool is unchanged. The
 *   `TRANSFER_IN` carries the date the out portfolio first acquired the security as its original acquisition date
 *   (the ledger's `acquired`): the engine identifies a transfer in by that date (docs/rules.md), so the moved shares
 *   go back into the pool and are never matched as a new acquisition by the same-day or 30-day rule with a sale
 *   around the trade date, and a company's moved cost keeps its indexation from then. The trade date only when the
 *   ledger shows no acquisition;
 * - a spouse transfer: `SPOUSE_OUT` (no gain, no loss, s58) and a `SPOUSE_IN` at the giver's pool cost share. The
 *   receiving spouse acquires on the transfer date (s58 deems the consideration, not the date), which is how the
 *   engine reads a `SPOUSE_IN` (it has no original date), so none is carried; likewise a gift's receiver acquires
 *   at market value on the trade date.
 * The in rows name their own portfolio and split the quantity and value over the in portfolios by their shares.
 */
export function movementPreviews(
  effect: DocumentEffect,
  tradeDate: string,
  outPortfolioUuid: string,
  candidate: MovementCandidate,
  ins: readonly MovementIn[],
): MovementPreview {
  const q =
    candidate.transferQuantity ??
    percentOfDecimal(candidate.holdingQuantity, candidate.transferPercentage, candidate.decimalPlaces);
  const marketValuation = candidate.price === null ? null : pennies(multiplyDecimal(q, candidate.price));
  const none = (reason: string): MovementPreview => ({ transferQuantity: q, marketValuation, rows: [], reason });
  if (!positive(q)) return none('Nothing to move: the transfer quantity is 0');
  const at = { lineOrd: 1, securityId: candidate.securityId, tradeDate, exDate: tradeDate, payDate: tradeDate };
  let outType: string;
  let inType: string;
  let value: string;
  if (effect === 'GIFT') {
    if (marketValuation === null || candidate.price === null)
      return none('The security has no price: a gift is made at market value');
    outType = 'GIFT_OUT';
    inType = 'TRANSFER_IN';
    value = marketValuation;
  } else {
    if (candidate.cgtCost === null)
      return none('The holding’s CGT cost is not computed yet: recalculate the client first');
    outType = effect === 'SPOUSE_TRANSFER' ? 'SPOUSE_OUT' : 'TRANSFER_OUT';
    inType = effect === 'SPOUSE_TRANSFER' ? 'SPOUSE_IN' : 'TRANSFER_IN';
    // the pool's cost moves in proportion to the shares moved (s104: the pool's cost is averaged)
    value = pennies(divideDecimal(multiplyDecimal(candidate.cgtCost, q), candidate.holdingQuantity, 10));
  }
  const rows: PreviewRow[] = [
    {
      ...at,
      transactionType: outType,
      portfolioUuid: outPortfolioUuid,
      quantity: q,
      ...(effect === 'GIFT' && { price: candidate.price!, marketValue: value }),
    },
  ];
  const quantities = split(q, ins, candidate.decimalPlaces);
  const values = split(value, ins, 2);
  ins.forEach((i, n) => {
    if (!positive(quantities[n]!)) return;
    rows.push({
      ...at,
      lineOrd: 2,
      transactionType: inType,
      portfolioUuid: i.portfolioUuid,
      quantity: quantities[n]!,
      consideration: values[n]!,
      // what the receiver's holding costs: shown as Expense, not Proceeds (nothing is received in cash)
      paid: true,
      ...(inType === 'TRANSFER_IN' && {
        acquisitionDate: effect === 'GIFT' ? tradeDate : (candidate.firstAcquiredDate ?? tradeDate),
      }),
    });
  });
  return { transferQuantity: q, marketValuation, rows, reason: '' };
}
