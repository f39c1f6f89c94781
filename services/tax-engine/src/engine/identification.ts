import type { DayNumber } from './dates';
import { effectiveDay, type EngineEvent } from './normalise-ledger';
import type { MatchRule } from './computation';
import { insertionSort, ONE, Rational, ZERO } from './arithmetic';

/**
 * Share identification (TCGA 1992 s104-s106A, s105, s107) for one security of one taxpayer.
 *
 * All acquisitions on a day are one acquisition and all disposals on a day are one disposal. Then:
 * - individuals, trusts, personal representatives: same day; acquisitions in the 30 days after the
 *   disposal, earliest first, earlier disposals first (s106A); the rest from the Section 104 pool;
 * - companies: same day; acquisitions within one period of 10 days with the disposal, that is in the nine
 *   days before it (s107(3); CG51615), earliest first (s107(4)(b)), without indexation; the rest from the
 *   pool (with indexation).
 * Acquisitions matched here never enter the pool. What the pool cannot cover is then identified in the pass with
 * later acquisitions (the fourth stage, identifyWithLaterAcquisitions). Across a split or bonus issue quantities are compared
 * in "base units" (shares divided by the cumulative multiplier) so the rules still line up.
 */

export type IdentificationRules = 'individual' | 'company';

export interface AcquisitionGroup {
  day: DayNumber;
  date: string;
  quantity: Rational;
  cost: Rational;
  multiplier: Rational;
  base: Rational;
  unmatchedBase: Rational;
}

export interface IdentifiedMatch {
  rule: Exclude<MatchRule, 'section-104'>;
  acquisition: AcquisitionGroup;
  base: Rational;
}

export interface DisposalGroup {
  day: DayNumber;
  date: string;
  quantity: Rational;
  multiplier: Rational;
  base: Rational;
  unmatchedBase: Rational;
  matches: IdentifiedMatch[];
}

/**
 * A disposal group's matches until it has one (most have none: their shares come from the pool); never pushed
 * to, take() puts a new array in its place.
 */
const NO_MATCHES: IdentifiedMatch[] = [];

const THIRTY_DAYS = 30;
/** s107(3): acquired and disposed of "within a period of 10 days" -- the disposal day and the nine before it. */
const TEN_DAY_PERIOD = 10;

/** What identify() returns when a security has no acquisitions left for the fourth stage to use. */
const NO_ACQUISITIONS: AcquisitionGroup[] = [];

/**
 * `events`: one security's events in canonical order. Sets each acquisition's `acquisitionGroup` and each
 * disposal's `disposalGroup`, and returns the acquisition groups in day order (with what the same-day and
 * 30-day or 10-day rules left of each) for the fourth stage, `identifyWithLaterAcquisitions`, in the pass.
 */
export function identify(events: EngineEvent[], rules: IdentificationRules): AcquisitionGroup[] {
  // The cumulative multiplier after each split, in date order (the events are): one product per split, so a
  // ledger of many reorganisations costs in proportion to them, not to splits x disposals.
  const splits: { day: DayNumber; multiplier: Rational }[] = [];
  for (const e of events) {
    if (e.type === 'SPLIT' || e.type === 'CONSOLIDATION' || e.type === 'BONUS') {
      const before = splits.length ? splits[splits.length - 1].multiplier : ONE;
      // From its day, or (a reorganisation after the day's trades) the next: that day's trades are in the old units.
      splits.push({ day: effectiveDay(e), multiplier: before.mul(e.quantity) });
    }
  }

  const acquisitions: AcquisitionGroup[] = [];
  const disposals: DisposalGroup[] = [];
  let lastDisposal: DisposalGroup | null = null;
  let lastAcquisition: AcquisitionGroup | null = null;
  let latestAcquisitionDay = -Infinity;
  for (const e of events) {
    if (e.kind === 'acquisition') {
      // The day's group: events come in date order, so it is the last one or a new one, except for a
      // TRANSFER_IN counted from its original date (looked up among those so far).
      const day = e.acquiredDay;
      let g: AcquisitionGroup | null = lastAcquisition !== null && lastAcquisition.day === day ? lastAcquisition : null;
      if (g === null && day <= latestAcquisitionDay) {
        for (let k = acquisitions.length - 1; k >= 0; k--) {
          if (acquisitions[k].day === day) {
            g = acquisitions[k];
            break;
          }
        }
      }
      if (g === null) {
        const multiplier = splits.length ? multiplierAt(splits, day) : ONE;
        g = { day, date: e.acquiredDate, quantity: ZERO, cost: ZERO, multiplier, base: ZERO, unmatchedBase: ZERO };
        acquisitions.push(g);
        if (day > latestAcquisitionDay) latestAcquisitionDay = day;
      }
      lastAcquisition = g;
      // A TRANSFER_IN's quantity is in the units of its transfer date; express it in those of its acquisition date.
      const units =
        e.acquiredDay === e.day || !splits.length
          ? e.quantity
          : e.quantity.mul(g.multiplier).div(multiplierAt(splits, e.day));
      g.quantity = g.quantity.add(units);
      g.cost = g.cost.add(e.cost);
      e.acquisitionGroup = g;
    } else if (e.kind === 'disposal') {
      let g: DisposalGroup | null = lastDisposal;
      if (!g || g.day !== e.day) {
        const multiplier = splits.length ? multiplierAt(splits, e.day) : ONE;
        g = {
          day: e.day,
          date: e.date,
          quantity: ZERO,
          multiplier,
          base: ZERO,
          unmatchedBase: ZERO,
          matches: NO_MATCHES,
        };
        disposals.push(g);
        lastDisposal = g;
      }
      g.quantity = g.quantity.add(e.quantity);
      e.disposalGroup = g;
    }
  }
  if (disposals.length === 0) {
    for (const a of acquisitions) a.base = a.unmatchedBase = a.quantity;
    return NO_ACQUISITIONS;
  }
  // Acquisitions of a TRANSFER_IN carry their original date, so they may be out of order.
  let ordered = true;
  for (let k = 1; k < acquisitions.length && ordered; k++) ordered = acquisitions[k - 1].day <= acquisitions[k].day;
  if (!ordered) insertionSort(acquisitions, byDay);
  for (const a of acquisitions)
    a.base = a.unmatchedBase = a.multiplier === ONE ? a.quantity : a.quantity.div(a.multiplier);
  for (const d of disposals)
    d.base = d.unmatchedBase = d.multiplier === ONE ? d.quantity : d.quantity.div(d.multiplier);
  if (acquisitions.length === 0) return NO_ACQUISITIONS;

  // 1. Same day (acquisition groups are now in day order, one per day; disposals are in day order).
  for (let k = 0, p = 0; k < disposals.length; k++) {
    const d = disposals[k];
    while (p < acquisitions.length && acquisitions[p].day < d.day) p++;
    if (p < acquisitions.length && acquisitions[p].day === d.day) take(d, acquisitions[p], 'same-day');
  }

  // 2. Thirty days after (individuals) or the nine days before (companies), earlier disposals first.
  let lo = 0;
  for (const d of disposals) {
    if (d.unmatchedBase.isZero()) continue;
    if (rules === 'individual') {
      while (lo < acquisitions.length && acquisitions[lo].day <= d.day) lo++;
      for (let k = lo; k < acquisitions.length && acquisitions[k].day <= d.day + THIRTY_DAYS; k++) {
        const a = acquisitions[k];
        if (!a.unmatchedBase.isZero()) take(d, a, 'thirty-day');
        if (d.unmatchedBase.isZero()) break;
      }
    } else {
      while (lo < acquisitions.length && acquisitions[lo].day <= d.day - TEN_DAY_PERIOD) lo++;
      for (let k = lo; k < acquisitions.length && acquisitions[k].day < d.day; k++) {
        const a = acquisitions[k];
        if (!a.unmatchedBase.isZero()) take(d, a, 'ten-day');
        if (d.unmatchedBase.isZero()) break;
      }
    }
  }
  return acquisitions;
}

/**
 * The fourth stage (TCGA s105(2), CG51555): a disposal larger than the shares held after the same-day, 30-day
 * (or 10-day) and pool stages is identified with the acquisitions that follow it, earliest first, from what the
 * earlier stages left of them (those rules come first for every disposal). Shares so matched never join the pool:
 * the acquisition's `unmatchedBase` shrinks, and the pass pools only what is left. Takes at most `base` base units
 * from the acquisitions after `day`; returns the matches, or null when there is none to take.
 */
export function identifyWithLaterAcquisitions(
  acquisitions: AcquisitionGroup[],
  day: DayNumber,
  base: Rational,
): IdentifiedMatch[] | null {
  let matches: IdentifiedMatch[] | null = null;
  let left = base;
  for (const a of acquisitions) {
    if (a.day <= day || a.unmatchedBase.isZero()) continue;
    const taken = Rational.min(left, a.unmatchedBase);
    a.unmatchedBase = taken === a.unmatchedBase ? ZERO : a.unmatchedBase.sub(taken);
    left = taken === left ? ZERO : left.sub(taken);
    (matches ??= []).push({ rule: 'later-acquisition', acquisition: a, base: taken });
    if (left.isZero()) break;
  }
  return matches;
}

/** The cumulative share multiplier of the splits on or before `day` (binary search of the days). (A module function: a closure would be re-created, and named, on every call.) */
function multiplierAt(splits: { day: DayNumber; multiplier: Rational }[], day: DayNumber): Rational {
  let lo = 0;
  let hi = splits.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (splits[mid].day <= day) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? ONE : splits[lo - 1].multiplier;
}

function byDay(a: AcquisitionGroup, b: AcquisitionGroup): number {
  return a.day - b.day;
}

function take(d: DisposalGroup, a: AcquisitionGroup, rule: IdentifiedMatch['rule']): void {
  const base = Rational.min(d.unmatchedBase, a.unmatchedBase);
  if (base.isZero()) return;
  // The side that base came from is used up (no subtraction to find the zero).
  d.unmatchedBase = base === d.unmatchedBase ? ZERO : d.unmatchedBase.sub(base);
  a.unmatchedBase = base === a.unmatchedBase ? ZERO : a.unmatchedBase.sub(base);
  const m: IdentifiedMatch = { rule, acquisition: a, base };
  if (d.matches === NO_MATCHES) d.matches = [m];
  else d.matches.push(m);
}

/** Shares of `group` in its own units for `base` base units. */
export function unitsAt(base: Rational, multiplier: Rational): Rational {
  return multiplier === ONE ? base : base.mul(multiplier);
}
