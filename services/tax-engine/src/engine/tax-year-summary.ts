import { annualExemptAmount } from './annual-exempt-amount';
import type { Disposal, GainsLosses, TaxYearSummary } from './computation';
import type { Taxpayer } from './ledger';
import { PennySum, Rational, ZERO } from './arithmetic';
import type { PreparedReferenceData } from './reference-data';
import { RATE_CHANGE_2024, RATE_CHANGE_TAX_YEAR, parseTaxYear } from './tax-years';
import { periodsFor, TAX_YEARS } from './periods';
import { taxDue } from './tax-due';

/**
 * Per tax year (6 April to 5 April), or a company's accounting period when it gives a year end (periods.ts), from
 * the disposals in date order:
 *
 * - capital class: gains and losses (after holdover relief); current-year losses are set against
 *   current-year gains in full (s2(2)); net gains = gains - losses.
 * - losses brought forward are used only to bring net gains down to the annual exempt amount (s2(2)(b),
 *   s1K); what is left, plus any net loss of the year, is carried forward.
 * - taxable gain = net gains - annual exempt amount - brought-forward losses used (not below nil).
 * - clogged losses (a loss on a disposal to a connected person, s18(3)) are kept apart per person and
 *   set only against gains on other disposals to that same person in the same tax year (before or after
 *   the loss) or a later one (CG14561); brought forward, only down to the annual exempt amount, like any
 *   loss of an earlier year (used before the other brought-forward losses).
 * - income gains (offshore non-reporting funds) are reported apart and taxed as income; a loss on such
 *   a fund is an ordinary capital loss. Exempt gains and losses (gilts, QCBs) are reported, not taxed.
 * - companies: no annual exempt amount; brought-forward losses are set against net gains in full.
 * - spouse and civil partner transfers (no gain, no loss) are not counted as disposals, nor their proceeds and
 *   costs in the year's totals; the computation still shows them.
 * Failed disposals are left out and the year is marked incomplete.
 */
export function summariseTaxYears(
  disposals: Disposal[],
  taxpayer: Taxpayer,
  ref: PreparedReferenceData,
): TaxYearSummary[] {
  // Tax years, or a company's accounting periods (numbered by the year they end in) when it gives a year end.
  const periods = periodsFor(taxpayer);
  // Attributed gains are by tax year (taxpayerProblems refuses them with accounting periods).
  const attributed = periods === TAX_YEARS ? attributedGainsByYear(taxpayer) : null;
  if (disposals.length === 0 && attributed === null) return [];
  // Disposals come in date order from the pass; a caller's list that does not is put in order (stable).
  let inOrder = true;
  for (let k = 1; k < disposals.length && inOrder; k++) inOrder = disposals[k - 1].day <= disposals[k].day;
  const dated = inOrder ? disposals : [...disposals].sort(byDay);
  let firstYear = dated.length ? periods.of(dated[0].day) : Infinity;
  let lastYear = dated.length ? periods.of(dated[dated.length - 1].day) : -Infinity;
  if (attributed !== null) {
    // A year with attributed gains is summarised with or without disposals.
    for (const year of attributed.keys()) {
      if (year < firstYear) firstYear = year;
      if (year > lastYear) lastYear = year;
    }
  }

  const clogged = new Map<string, Rational>();
  let lossesBroughtForward = taxpayer.lossesBroughtForward
    ? (Rational.tryParse(taxpayer.lossesBroughtForward) ?? ZERO)
    : ZERO;
  const summaries: TaxYearSummary[] = [];

  let next = 0;
  for (let year = firstYear; year <= lastYear; year++) {
    const label = periods.label(year);
    // This year's disposals: the run of the date-ordered list that carries its label.
    const from = next;
    while (next < dated.length && dated[next].taxYear === label) next++;
    let complete = true;
    let disposalCount = 0;
    // The money lines of the disposals reported, each to the penny as presented, added up.
    const lines = { proceeds: new PennySum(), disposalCosts: new PennySum(), allowableCost: new PennySum() };
    const reliefs = { indexationAllowance: new PennySum(), holdoverRelief: new PennySum() };
    let cloggedLossesArising = ZERO;
    let cloggedLossesUsed = ZERO;
    let incomeGains = ZERO;
    let exemptGains = ZERO;
    let exemptLosses = ZERO;
    const rateSplit = label === RATE_CHANGE_TAX_YEAR;
    const sums = newGainSums();
    let connectedGains: ConnectedGain[] | null = null;
    let yearClogged: Map<string, Rational> | null = null;

    for (let k = from; k < next; k++) {
      const d = dated[k];
      // A failed disposal is left out and the year marked incomplete.
      if (d.failure !== null) {
        complete = false;
        continue;
      }
      // The disposal's line as presented: its gain to the penny. Every total below sums penny lines.
      const gain = d.gain.toPennies();
      if (d.gainClass === 'exempt') {
        if (gain.isPositive()) exemptGains = exemptGains.add(gain);
        else exemptLosses = exemptLosses.sub(gain);
        continue;
      }
      if (d.gainClass === 'income' && !gain.isNegative()) {
        incomeGains = incomeGains.add(gain);
        continue;
      }
      // A spouse or civil partner transfer (no gain, no loss, s58) is shown but is not a disposal to report:
      // it is left out of the year's number of disposals, proceeds and costs (SA108 notes; its gain is nil).
      if (d.kind === 'spouse') continue;
      disposalCount++;
      lines.proceeds.add(d.proceeds);
      lines.disposalCosts.add(d.disposalCosts);
      lines.allowableCost.add(d.allowableCost);
      if (!d.indexationAllowance.isZero()) reliefs.indexationAllowance.add(d.indexationAllowance);
      if (!d.holdoverRelief.isZero()) reliefs.holdoverRelief.add(d.holdoverRelief);
      if (d.connected && d.counterparty) {
        if (gain.isNegative()) {
          // Kept apart from the losses brought forward until the year's end (see below).
          yearClogged ??= new Map();
          yearClogged.set(d.counterparty, (yearClogged.get(d.counterparty) ?? ZERO).sub(gain));
          cloggedLossesArising = cloggedLossesArising.sub(gain);
          continue;
        }
        if (gain.isPositive()) {
          // Set against the clogged losses at the year's end: a loss to the same person later in the
          // same tax year counts too (CG14561: gains "in the same or a later year").
          (connectedGains ??= []).push({ disposal: d, gain });
          continue;
        }
      }
      addGain(sums, gain, rateSplit, d.day);
    }
    const aea = annualExemptAmount(taxpayer, year, ref);
    const attributedGains = attributed?.get(year) ?? ZERO;
    if (connectedGains !== null) {
      cloggedLossesUsed = cloggedLossesUsed.add(
        // The room above the exempt amount counts the attributed gains: the exempt amount less them.
        addConnectedGains({
          sums,
          connectedGains,
          yearClogged,
          clogged,
          exemptAmount: aea.sub(attributedGains),
          rateSplit,
        }),
      );
    }
    if (yearClogged !== null) {
      // This year's clogged losses not used go forward with the rest.
      for (const [person, loss] of yearClogged) {
        if (loss.isPositive()) clogged.set(person, (clogged.get(person) ?? ZERO).add(loss));
      }
    }

    const disposalGains = sums.year.gains;
    const losses = sums.year.losses;
    // Gains attributed to the taxpayer (s87, s13) join the year's gains before losses and the exempt amount.
    const gains = disposalGains.add(attributedGains);
    const netGains = gains.sub(losses);
    const aboveExempt = netGains.sub(aea);
    const lossesBroughtForwardUsed = aboveExempt.isPositive() ? Rational.min(lossesBroughtForward, aboveExempt) : ZERO;
    const taxableGain = aboveExempt.isPositive() ? aboveExempt.sub(lossesBroughtForwardUsed) : ZERO;
    const lossesCarriedForward = lossesBroughtForward
      .sub(lossesBroughtForwardUsed)
      .add(netGains.isNegative() ? netGains.neg() : ZERO);
    let cloggedLossesCarriedForward = ZERO;
    for (const v of clogged.values()) cloggedLossesCarriedForward = cloggedLossesCarriedForward.add(v);

    const ratePeriods = rateSplit
      ? {
          upTo29October2024: period(sums.early),
          from30October2024: period(sums.late),
        }
      : null;
    summaries.push({
      taxYear: label,
      periodStart: periods.startDate(year),
      periodEnd: periods.endDate(year),
      disposalCount,
      proceeds: lines.proceeds.value(),
      disposalCosts: lines.disposalCosts.value(),
      allowableCosts: lines.allowableCost.value(),
      indexationAllowance: reliefs.indexationAllowance.value(),
      gains,
      attributedGains,
      losses,
      netGains,
      annualExemptAmount: aea,
      annualExemptAmountRemaining: !netGains.isPositive() ? aea : aboveExempt.isPositive() ? ZERO : aboveExempt.neg(),
      lossesBroughtForward,
      lossesBroughtForwardUsed,
      lossesCarriedForward,
      taxableGain,
      holdoverRelief: reliefs.holdoverRelief.value(),
      cloggedLossesArising,
      cloggedLossesUsed,
      cloggedLossesCarriedForward,
      incomeGains,
      exemptGains,
      exemptLosses,
      ratePeriods,
      taxDue:
        taxpayer.kind === 'company' || periods !== TAX_YEARS
          ? null
          : taxDue(taxpayer, { year, gains, taxableGain, attributedGains, ratePeriods }),
      complete,
    });
    lossesBroughtForward = lossesCarriedForward;
  }
  return summaries;
}

/** Gains and losses of a year, or of one of 2024-25's rate periods (sums of penny lines). */
interface GainsAndLosses {
  gains: Rational;
  losses: Rational;
}

/** A year's capital gains and losses, and 2024-25's split at 30 October 2024 (the rate periods). */
interface GainSums {
  year: GainsAndLosses;
  early: GainsAndLosses;
  late: GainsAndLosses;
}

function newGainSums(): GainSums {
  return {
    year: { gains: ZERO, losses: ZERO },
    early: { gains: ZERO, losses: ZERO },
    late: { gains: ZERO, losses: ZERO },
  };
}

/** A gain (a loss when negative) added to the year's sums and, in 2024-25, to its rate period's. */
function addGain(sums: GainSums, gain: Rational, rateSplit: boolean, day: number): void {
  addTo(sums.year, gain);
  if (rateSplit) addTo(day >= RATE_CHANGE_2024 ? sums.late : sums.early, gain);
}

function addTo(sum: GainsAndLosses, gain: Rational): void {
  if (gain.isPositive()) sum.gains = sum.gains.add(gain);
  else if (gain.isNegative()) sum.losses = sum.losses.sub(gain);
}

/** A gain on a disposal to a connected person, to the penny, waiting for the year's clogged losses. */
interface ConnectedGain {
  disposal: Disposal;
  gain: Rational;
}

/**
 * Adds the year's gains on disposals to connected persons (in date order) to the gain sums, less the clogged losses
 * on disposals to that same person, and returns the clogged losses used. First this year's (losses of the year, used
 * in full, whether before or after the gain: CG14561), then those brought forward (`clogged`, reduced in place),
 * which like every loss of an earlier year only bring the net gains down to the annual exempt amount (s2(2)(b),
 * s3(5A)-(5C); CG15800, CG18034).
 */
function addConnectedGains(year: {
  sums: GainSums;
  connectedGains: ConnectedGain[];
  /** This year's clogged losses by person (reduced in place). */
  yearClogged: Map<string, Rational> | null;
  /** Clogged losses brought forward by person (reduced in place). */
  clogged: Map<string, Rational>;
  /** The exempt amount less the attributed gains. */
  exemptAmount: Rational;
  rateSplit: boolean;
}): Rational {
  const { sums, connectedGains, yearClogged, clogged, exemptAmount, rateSplit } = year;
  let used = ZERO;
  const left: Rational[] = [];
  for (const { disposal: d, gain: whole } of connectedGains) {
    let gain = whole;
    const available = yearClogged?.get(d.counterparty) ?? ZERO;
    if (available.isPositive()) {
      const take = Rational.min(available, gain);
      (yearClogged as Map<string, Rational>).set(d.counterparty, available.sub(take));
      used = used.add(take);
      gain = gain.sub(take);
    }
    left.push(gain);
  }
  // The year's net gains above the exempt amount, worked out only if a brought-forward clogged loss could use it.
  let room: Rational | null = null;
  for (let k = 0; k < connectedGains.length; k++) {
    const d = connectedGains[k].disposal;
    let gain = left[k];
    const available = clogged.get(d.counterparty) ?? ZERO;
    if (available.isPositive() && gain.isPositive()) {
      room ??= netGainsWith(sums, left, k).sub(exemptAmount);
      if (room.isPositive()) {
        const take = Rational.min(Rational.min(available, gain), room);
        clogged.set(d.counterparty, available.sub(take));
        used = used.add(take);
        room = room.sub(take);
        gain = gain.sub(take);
      }
    }
    if (gain.isPositive()) addGain(sums, gain, rateSplit, d.day);
  }
  return used;
}

/** The year's net gains with the connected gains `more[from]` on added (those before it are in the sums). */
function netGainsWith(sums: GainSums, more: Rational[], from: number): Rational {
  let net = sums.year.gains.sub(sums.year.losses);
  for (let k = from; k < more.length; k++) net = net.add(more[k]);
  return net;
}

/** The taxpayer's attributed gains by tax year's start year, or null when there are none. */
function attributedGainsByYear(taxpayer: Taxpayer): Map<number, Rational> | null {
  const input = taxpayer.attributedGains;
  if (input === undefined) return null;
  let out: Map<number, Rational> | null = null;
  for (const [label, amount] of Object.entries(input)) {
    const year = parseTaxYear(label);
    const gain = Rational.tryParse(amount);
    if (year === null || gain === null || !gain.isPositive()) continue;
    (out ??= new Map()).set(year, gain);
  }
  return out;
}

function period(p: GainsAndLosses): GainsLosses {
  return { gains: p.gains, losses: p.losses, netGains: p.gains.sub(p.losses) };
}

function byDay(a: Disposal, b: Disposal): number {
  return a.day - b.day;
}
