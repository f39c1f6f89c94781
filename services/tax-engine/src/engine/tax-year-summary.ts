import { annualExemptAmount as importedAnnualExemptAmount } from './annual-exempt-amount';
import type { Disposal, GainsLosses, TaxYearSummary } from './computation';
import type { Taxpayer } from './ledger';
import { gcdNum, Rational as importedRational, ZERO as IMPORTED_ZERO } from './rational';
import type { PreparedReferenceData } from './reference-data';
import {
  RATE_CHANGE_2024 as IMPORTED_RATE_CHANGE_2024,
  RATE_CHANGE_TAX_YEAR as IMPORTED_RATE_CHANGE_TAX_YEAR,
  parseTaxYear,
} from './tax-years';
import { periodsFor, TAX_YEARS } from './periods';
import { taxDue } from './tax-due';

// Imported bindings copied to module constants: when the engine is loaded as CommonJS (tsx compiles a
// require()d .ts file that way) each use of an imported binding is two getter calls; as ESM it is neutral.
const annualExemptAmount = importedAnnualExemptAmount;
const Rational = importedRational;
type Rational = importedRational;
const ZERO = IMPORTED_ZERO;
const RATE_CHANGE_2024 = IMPORTED_RATE_CHANGE_2024;
const RATE_CHANGE_TAX_YEAR = IMPORTED_RATE_CHANGE_TAX_YEAR;

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
    proceedsSum.reset();
    disposalCostsSum.reset();
    let indexationAllowance = ZERO;
    gainsSum.reset();
    lossesSum.reset();
    let holdoverRelief = ZERO;
    let cloggedLossesArising = ZERO;
    let cloggedLossesUsed = ZERO;
    let incomeGains = ZERO;
    let exemptGains = ZERO;
    let exemptLosses = ZERO;
    earlyGains.reset();
    earlyLosses.reset();
    lateGains.reset();
    lateLosses.reset();
    const rateSplit = label === RATE_CHANGE_TAX_YEAR;
    let connectedGains: Disposal[] | null = null;
    let yearClogged: Map<string, Rational> | null = null;

    for (let k = from; k < next; k++) {
      const d = dated[k];
      // A failed disposal is left out and the year marked incomplete.
      if (d.failure !== null) {
        complete = false;
        continue;
      }
      const gain = d.gain;
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
      proceedsSum.add(d.proceeds);
      disposalCostsSum.add(d.disposalCosts);
      indexationAllowance = indexationAllowance.add(d.indexationAllowance);
      holdoverRelief = holdoverRelief.add(d.holdoverRelief);
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
          (connectedGains ??= []).push(d);
          continue;
        }
      }
      // Only 2024-25 is split at 30 October 2024.
      if (gain.isPositive()) {
        gainsSum.add(gain);
        if (rateSplit) (d.day >= RATE_CHANGE_2024 ? lateGains : earlyGains).add(gain);
      } else if (gain.isNegative()) {
        lossesSum.sub(gain);
        if (rateSplit) (d.day >= RATE_CHANGE_2024 ? lateLosses : earlyLosses).sub(gain);
      }
    }
    const aea = annualExemptAmount(taxpayer, year, ref);
    const attributedGains = attributed?.get(year) ?? ZERO;
    if (connectedGains !== null) {
      cloggedLossesUsed = cloggedLossesUsed.add(
        // The room above the exempt amount counts the attributed gains: the exempt amount less them.
        addConnectedGains(connectedGains, yearClogged, clogged, aea.sub(attributedGains), rateSplit),
      );
    }
    if (yearClogged !== null) {
      // This year's clogged losses not used go forward with the rest.
      for (const [person, loss] of yearClogged) {
        if (loss.isPositive()) clogged.set(person, (clogged.get(person) ?? ZERO).add(loss));
      }
    }

    const disposalGains = gainsSum.value();
    const losses = lossesSum.value();
    const proceeds = proceedsSum.value();
    const disposalCosts = disposalCostsSum.value();
    // Gains attributed to the taxpayer (s87, s13) join the year's gains before losses and the exempt amount.
    const gains = attributedGains.isZero() ? disposalGains : disposalGains.add(attributedGains);
    const disposalNetGains = disposalGains.sub(losses);
    const netGains = gains === disposalGains ? disposalNetGains : gains.sub(losses);
    // The sum of the disposals' allowable costs, from the same exact figures: each disposal has
    // gain = proceeds - allowableCost - indexationAllowance - holdoverRelief, and the year's disposal gains
    // add up to netGains + clogged losses used - clogged losses arising. (Saves a large-denominator sum per
    // disposal; a property test checks it against the direct sum.)
    const allowableCosts = proceeds
      .sub(indexationAllowance)
      .sub(holdoverRelief)
      .sub(disposalNetGains.add(cloggedLossesUsed).sub(cloggedLossesArising));
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
          upTo29October2024: period(earlyGains.value(), earlyLosses.value()),
          from30October2024: period(lateGains.value(), lateLosses.value()),
        }
      : null;
    summaries.push({
      taxYear: label,
      periodStart: periods.startDate(year),
      periodEnd: periods.endDate(year),
      disposalCount,
      proceeds,
      disposalCosts,
      allowableCosts,
      indexationAllowance,
      gains,
      attributedGains,
      losses,
      netGains,
      annualExemptAmount: aea,
      // aea - netGains is -(aboveExempt): no second difference of the (often large) net gains.
      annualExemptAmountRemaining: !netGains.isPositive() ? aea : aboveExempt.isPositive() ? ZERO : aboveExempt.neg(),
      lossesBroughtForward,
      lossesBroughtForwardUsed,
      lossesCarriedForward,
      taxableGain,
      holdoverRelief,
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

const MAX = Number.MAX_SAFE_INTEGER;
/** Decimal sums are kept in millionths: money with up to six places (prices to four, a joint half of them). */
const MICROS = 1_000_000;

/**
 * A decimal with up to six places: its reduced denominator (2^i 5^j) divides 10^6. Once d <= 10^6 it fits
 * int32, and `d | 0` lets the remainder be an integer instruction rather than a floating-point fmod call.
 */
function isMicroDecimal(d: number): boolean {
  return d <= MICROS && MICROS % (d | 0) === 0;
}

/**
 * An exact sum of money figures that are decimals (proceeds, disposal costs): kept as one integer number of
 * millionths while every term has at most six places and the integers stay safe, so each term is a multiply and
 * an add instead of a Rational sum with a gcd. Any other term (an apportioned figure, a BigInt) goes to an
 * ordinary Rational sum; value() adds the two.
 */
class DecimalSum {
  private micros = 0;
  private rest: Rational = ZERO;

  reset(): void {
    this.micros = 0;
    this.rest = ZERO;
  }

  add(r: Rational): void {
    if (r.bn === null && isMicroDecimal(r.d)) {
      const term = r.n * (MICROS / r.d);
      const sum = this.micros + term;
      if (term <= MAX && term >= -MAX && sum <= MAX && sum >= -MAX) {
        this.micros = sum;
        return;
      }
    }
    this.rest = this.rest.add(r);
  }

  value(): Rational {
    return this.micros === 0 ? this.rest : this.rest.add(Rational.fromDecimal(this.micros, 6));
  }
}

/**
 * Adds the year's gains on disposals to connected persons (in date order) to the gain sums, less the clogged losses
 * on disposals to that same person, and returns the clogged losses used. First this year's (losses of the year, used
 * in full, whether before or after the gain: CG14561), then those brought forward (`clogged`, reduced in place),
 * which like every loss of an earlier year only bring the net gains down to the annual exempt amount (s2(2)(b),
 * s3(5A)-(5C); CG15800, CG18034).
 */
function addConnectedGains(
  connectedGains: Disposal[],
  yearClogged: Map<string, Rational> | null,
  clogged: Map<string, Rational>,
  aea: Rational,
  rateSplit: boolean,
): Rational {
  let used = ZERO;
  const left: Rational[] = [];
  for (const d of connectedGains) {
    let gain = d.gain;
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
    const d = connectedGains[k];
    let gain = left[k];
    const available = clogged.get(d.counterparty) ?? ZERO;
    if (available.isPositive() && gain.isPositive()) {
      room ??= netGainsWith(left, k).sub(aea);
      if (room.isPositive()) {
        const take = Rational.min(Rational.min(available, gain), room);
        clogged.set(d.counterparty, available.sub(take));
        used = used.add(take);
        room = room.sub(take);
        gain = gain.sub(take);
      }
    }
    if (gain.isPositive()) {
      gainsSum.add(gain);
      if (rateSplit) (d.day >= RATE_CHANGE_2024 ? lateGains : earlyGains).add(gain);
    }
  }
  return used;
}

/** The year's net gains with the connected gains `more[from]` on added (those before it are in the sums). */
function netGainsWith(more: Rational[], from: number): Rational {
  let net = gainsSum.value().sub(lossesSum.value());
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

const proceedsSum = new DecimalSum();
const disposalCostsSum = new DecimalSum();

function period(gains: Rational, losses: Rational): GainsLosses {
  return { gains, losses, netGains: gains.sub(losses) };
}

/** See SplitSum.addPair: a running denominator past 2^512 takes the lcm with a term's, not the product. */
const LCM_FROM = 1n << 512n;
const SAFE = 9007199254740991n;

/**
 * An exact sum of disposal gains. A decimal term (a gain with no apportioned cost) is added on numbers; every
 * other term (a cost apportioned from a pool has a denominator of 16 to 1,000+ bits) goes into one BigInt
 * fraction over the running product of the denominators, left unreduced: a gcd per term (Henrici) costs more
 * than the bits it saves, and the value is the same exact rational either way. value() adds the two once.
 */
class SplitSum {
  private decimal: Rational = ZERO;
  private n = 0n;
  private d = 1n;

  reset(): void {
    this.decimal = ZERO;
    this.n = 0n;
    this.d = 1n;
  }

  add(r: Rational): void {
    if (r.bn !== null) this.addPair(r.bn, r.bd as bigint);
    else if (isMicroDecimal(r.d)) this.decimal = this.decimal.add(r);
    else this.addPair(BigInt(r.n), BigInt(r.d));
  }

  sub(r: Rational): void {
    if (r.bn !== null) this.addPair(-r.bn, r.bd as bigint);
    else if (isMicroDecimal(r.d)) this.decimal = this.decimal.sub(r);
    else this.addPair(BigInt(-r.n), BigInt(r.d));
  }

  private addPair(n: bigint, d: bigint): void {
    if (d === this.d) {
      this.n += n;
    } else if (this.n === 0n) {
      this.n = n;
      this.d = d;
    } else if (this.d >= LCM_FROM && d <= SAFE) {
      // Thousands of apportioned gains in one year (a large file) would make the product grow by every term's
      // bits, and each addition with it: quadratic. Past LCM_FROM the denominator becomes the lcm, which grows
      // only by a term's new prime factors, for one BigInt remainder by a number.
      const dn = Number(d);
      const g = gcdNum(dn, Number(this.d % d));
      if (g === dn) {
        this.n += n * (this.d / d);
      } else {
        const dg = BigInt(dn / g);
        this.n = this.n * dg + n * (this.d / BigInt(g));
        this.d *= dg;
      }
    } else {
      this.n = this.n * d + n * this.d;
      this.d *= d;
    }
  }

  value(): Rational {
    return this.n === 0n ? this.decimal : this.decimal.add(Rational.fromBigInts(this.n, this.d));
  }
}

const gainsSum = new SplitSum();
const lossesSum = new SplitSum();
const earlyGains = new SplitSum();
const earlyLosses = new SplitSum();
const lateGains = new SplitSum();
const lateLosses = new SplitSum();

function byDay(a: Disposal, b: Disposal): number {
  return a.day - b.day;
}
