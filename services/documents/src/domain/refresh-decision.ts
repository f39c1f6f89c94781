import type { ProcessingOverride } from './deps';

/** How a candidate found again on Refresh differs from what the ledger now shows. */
export interface RefreshDifferences {
  quantity: boolean;
  /** an equalisation's Group 1 / Group 2 units */
  groups: boolean;
  cost: boolean;
  /** the CGT cost decides the rows (a portfolio movement's transfer at cost); else it is only shown */
  costDecidesRows: boolean;
  /** a movement's holding can move now and could not before, or the other way round */
  movability: boolean;
  marketValue: boolean;
  /** a transfer's original acquisition date */
  acquisitionDate: boolean;
}

/**
 * same: nothing to do; replace: the candidate takes the ledger's figures and rows and keeps its status (no review);
 * review: it takes them as PENDING_DIFF, unticked until a user includes it.
 */
export type RefreshDecision = 'same' | 'replace' | 'review';

/**
 * What Refresh does with a candidate whose holding changed, by the header's processing override (seed 001 §3):
 * - a difference that changes what is posted (the quantity, the groups, a transfer's cost) is taken without a
 *   review only when its replaceCandidate flag is set (security quantity, group quantities, CGT cost), or when
 *   autoProcessUpdateHolding is (the header is processed without a user, so a changed holding's rows follow the
 *   ledger); otherwise it is reviewed (PENDING_DIFF). A holding that can now move, or no longer can, is always
 *   reviewed.
 * - a difference in a figure only shown until now (a corporate action's CGT cost, the market value, a transfer's
 *   acquisition date) is taken when its flag is set and otherwise left as it was.
 * - a candidate a user edited, excluded or that failed or already differs is never replaced silently: a user
 *   decided on its figures, so a change in what it posts is reviewed; one a user excluded stays excluded if
 *   replaced.
 */
export function replaceDecision(
  d: RefreshDifferences,
  candidate: { status: string; edited: boolean },
  o: ProcessingOverride,
): RefreshDecision {
  const replaceable = !candidate.edited && ['PENDING', 'EDIT', 'EXCLUDED'].includes(candidate.status);
  const update = o.autoProcessUpdateHolding;
  const posted: [differs: boolean, taken: boolean][] = [
    [d.quantity, o.replaceCandidateSecurityQuantity || update],
    [d.groups, o.replaceCandidateGroupQuantities || update],
    [d.cost && d.costDecidesRows, o.replaceCandidateCgtCost || update],
    [d.movability, false],
  ];
  const differing = posted.filter(([differs]) => differs);
  if (differing.length > 0) return replaceable && differing.every(([, taken]) => taken) ? 'replace' : 'review';
  const shown =
    (d.cost && !d.costDecidesRows && o.replaceCandidateCgtCost) ||
    (d.marketValue && o.replaceCandidateMarketValue) ||
    (d.acquisitionDate && o.replaceCandidateAcquisitionDate);
  return shown && replaceable ? 'replace' : 'same';
}

/**
 * The status a holder new to the header takes on Refresh: a header that had no candidates takes its holders as
 * they are; otherwise a new holder is reviewed (PENDING_DIFF) unless autoProcessNewHolding lets it be posted with
 * the others (it is then PENDING like any holder found first).
 */
export function newHolderStatus(found: string, fresh: boolean, o: ProcessingOverride): string {
  if (fresh || found === 'EXCLUDED') return found;
  return o.autoProcessNewHolding ? found : 'PENDING_DIFF';
}
