/**
 * The figures a stored run publishes (events.CalculationCompleted): read from the computation as the engine
 * presents it (a LedgerCalculation's JSON), so the grids show exactly what the Calculations page and `pnpm cgt`
 * show. Pure: no I/O, no clock (today and the time are given). Money is added as whole pennies (BigInt), never as
 * floats; the presented lines are already to the penny, so their sums are exact.
 */

/** The parts of a LedgerCalculation's JSON read here (proto3 JSON, every field present). */
export interface CalculationJson {
  computation: {
    taxpayer: string;
    taxYears: TaxYearJson[];
    holdings: {
      security: string;
      gainClass?: string;
      pool: { quantity: string; cost: string; indexedCost?: string };
      portfolios?: { portfolio: string; quantity: string }[];
    }[];
    holdingValues: HoldingValueJson[];
    portfolios: {
      portfolio: string;
      holdings: HoldingValueJson[];
      realised: { taxYear: string; capitalGain: string; incomeGain: string; exemptGain: string }[];
    }[];
    failures: { security: string; date: string; ref?: string; message: string }[];
  };
  transactions: number;
  computeMs: number;
}

export interface TaxYearJson {
  taxYear: string;
  periodStart: string;
  periodEnd: string;
  numberOfDisposals: number;
  proceeds?: string;
  allowableCosts?: string;
  indexationAllowance: string;
  gains: string;
  losses: string;
  netGains: string;
  annualExemptAmount: string;
  annualExemptAmountRemaining: string;
  lossesBroughtForward: string;
  lossesBroughtForwardUsed: string;
  lossesCarriedForward: string;
  taxableGain: string;
  holdoverRelief: string;
  cloggedLossesArising: string;
  incomeGains: string;
  exemptGains: string;
  exemptLosses: string;
  disposals: DisposalJson[];
}

export interface DisposalJson {
  date: string;
  security: string;
  /** sale, gift, spouse, ... */
  kind?: string;
  gainClass: string;
  quantity?: string;
  gain: string;
  /** Set when the disposal was to a named person; `connected` when connected to the taxpayer (s18). */
  counterparty?: string;
  connected?: boolean;
  holdoverRelief: string;
  indexationAllowance: string;
  matches: { rule: string }[];
  portfolios: {
    portfolio: string;
    ref?: string;
    quantity?: string;
    proceeds: string;
    acquisitionCost: string;
    allowableCost: string;
    gain: string;
  }[];
  failure?: string;
}

export interface HoldingValueJson {
  security: string;
  portfolio: string;
  gainClass: string;
  quantity: string;
  marketValue?: string;
  cgtCost: string;
  unrealisedCapitalGain?: string;
  unrealisedIncomeGain?: string;
  unrealisedExemptGain?: string;
}

/** What the export said about the client's portfolios and securities. */
export interface LedgerContext {
  /**
   * `percentage`: the client's share, percent, as the CSV's ownership column (the Taximiser writes rows);
   * `taxWrapper`: GIA, ISA or PENSION (the Taximiser's bed and ISA)
   */
  portfolios: { uuid: string; code: string; excluded: boolean; percentage?: string; taxWrapper?: string }[];
  /** `cgtClass`, `sedol`, `isin`, `name`: what the Taximiser shows and plans with */
  securities: {
    id: number;
    code: string;
    priceGbp: string;
    cgtClass?: string;
    sedol?: string;
    isin?: string;
    name?: string;
  }[];
  excludedHoldings: { portfolioUuid: string; securityId: number; quantity: string }[];
}

export interface ClientFigures {
  ytdCapitalGainLoss: string;
  ytdIncomeGain: string;
  ytdExemptGainLoss: string;
  ytdHoldoverReliefGain: string;
  ytdCloggedLoss: string;
  unrealisedCapitalGainLoss: string;
  unrealisedIncomeGain: string;
  unrealisedExemptGainLoss: string;
  marketValue: string;
  annualExemption: string;
  annualExemptionRemaining: string;
  broughtForwardLoss: string;
  unusedBroughtForwardLoss: string;
  indexation: string;
  usedIndexation: string;
  calculationFailures: number;
  thirtyDayDisposalCounter: number;
  holdingBreaks: number;
}

export interface PortfolioFigures {
  portfolioUuid: string;
  portfolioCode: string;
  excluded: boolean;
  marketValue: string;
  ytdCapitalGainLoss: string;
  ytdIncomeGain: string;
  ytdExemptGainLoss: string;
  unrealisedCapitalGainLoss: string;
  unrealisedIncomeGain: string;
  unrealisedExemptGainLoss: string;
  indexation: string;
  holdoverRelief: string;
  cloggedLoss: string;
  calculationFailures: number;
  recBreaks: number;
}

export interface HoldingFigures {
  portfolioUuid: string;
  portfolioCode: string;
  securityId: number;
  quantity: string;
  marketValue: string;
  cgtCost: string;
  averageCost: string;
  ytdCapitalGainLoss: string;
  ytdIncomeGain: string;
  ytdExemptGainLoss: string;
  unrealisedCapitalGainLoss: string;
  unrealisedIncomeGain: string;
  unrealisedExemptGainLoss: string;
  indexation: string;
  holdoverRelief: string;
  cloggedLoss: string;
  thirtyDayDisposalCounter: number;
  calculationStatus: string;
  calculatedAt: string;
  recBreak: boolean;
}

export interface TransactionFigures {
  transactionUuid: string;
  cgtCost: string;
  proceeds: string;
  capitalGainLoss: string;
  incomeGain: string;
  exemptGainLoss: string;
  holdoverRelief: string;
  cloggedLoss: string;
  indexation: string;
  failure: string;
}

/**
 * The current year's allowances when the computation has no entry for it (no disposal this year): the full annual
 * exempt amount for the taxpayer and year ('' for a company) and the losses the taxpayer brought into the ledger.
 */
export interface CurrentYearAllowances {
  annualExemptAmount: string;
  lossesBroughtForward: string;
}

/** A tax year's headline figures, kept with each run so the next can say what changed. */
export interface YearFigures {
  taxYear: string;
  periodEnd: string;
  figures: Record<string, string>;
}

export interface CalculationFigures {
  status: 'SUCCEEDED' | 'PARTIAL';
  taxYear: string;
  disposals: number;
  failures: number;
  client: ClientFigures;
  portfolios: PortfolioFigures[];
  holdings: HoldingFigures[];
  transactions: TransactionFigures[];
  years: YearFigures[];
}

// --- exact money as pennies ---

/** "-12.3" -> -1230n; money strings are to the penny, a price or quantity may have more places (see `decimal`). */
export function pence(text: string | undefined): bigint {
  if (!text) return 0n;
  const { units, scale } = decimal(text);
  return roundScaled(units, scale, 2);
}

/** 1230n -> "12.30", -5n -> "-0.05". */
export function money(p: bigint): string {
  const negative = p < 0n;
  const abs = negative ? -p : p;
  const text = `${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

function decimal(text: string): { units: bigint; scale: number } {
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!m) throw new Error(`not a decimal: ${text}`);
  const frac = m[3] ?? '';
  const units = BigInt(`${m[2] || '0'}${frac}`) * (m[1] ? -1n : 1n);
  return { units, scale: frac.length };
}

/** units x 10^-scale rounded half away from zero to `places`. */
function roundScaled(units: bigint, scale: number, places: number): bigint {
  if (scale <= places) return units * 10n ** BigInt(places - scale);
  const divisor = 10n ** BigInt(scale - places);
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const q = abs / divisor + (2n * (abs % divisor) >= divisor ? 1n : 0n);
  return negative ? -q : q;
}

/** quantity x price to the penny (an ISA holding's value). */
export function valueOf(quantity: string, price: string): bigint {
  const q = decimal(quantity);
  const p = decimal(price);
  return roundScaled(q.units * p.units, q.scale + p.scale, 2);
}

/**
 * `total` pennies shared in proportion to `weights` (exact decimal strings), each share rounded half away from zero
 * and the last taking what is left, so the shares always add up to the total. No weight at all: shared equally.
 */
export function apportion(total: bigint, weights: string[]): bigint[] {
  if (weights.length === 0) return [];
  const parsed = weights.map(decimal);
  const scale = Math.max(...parsed.map((w) => w.scale));
  let units = parsed.map((w) => w.units * 10n ** BigInt(scale - w.scale));
  let sum = units.reduce((a, b) => a + b, 0n);
  if (sum === 0n) {
    units = units.map(() => 1n);
    sum = BigInt(units.length);
  }
  const shares: bigint[] = [];
  let given = 0n;
  for (let i = 0; i < units.length - 1; i++) {
    const share = divRound(total * units[i]!, sum);
    shares.push(share);
    given += share;
  }
  shares.push(total - given);
  return shares;
}

/** a / b rounded half away from zero. */
function divRound(a: bigint, b: bigint): bigint {
  const negative = a < 0n !== b < 0n;
  const an = a < 0n ? -a : a;
  const bn = b < 0n ? -b : b;
  const q = an / bn + (2n * (an % bn) >= bn ? 1n : 0n);
  return negative ? -q : q;
}

/** cost / quantity to 4 places (the average cost a share), "" for no shares. */
export function averageCost(cost: string, quantity: string): string {
  const c = decimal(cost);
  const q = decimal(quantity);
  if (q.units === 0n) return '';
  // cost/quantity = (c.units / 10^c.scale) / (q.units / 10^q.scale); scaled by 10^4, rounded half away from zero.
  const num = c.units * 10n ** BigInt(q.scale + 4);
  const den = q.units * 10n ** BigInt(c.scale);
  const negative = num < 0n !== den < 0n;
  const an = num < 0n ? -num : num;
  const ad = den < 0n ? -den : den;
  const r = an / ad + (2n * (an % ad) >= ad ? 1n : 0n);
  const text = `${r / 10000n}.${(r % 10000n).toString().padStart(4, '0')}`;
  return negative && r !== 0n ? `-${text}` : text;
}

// --- dates ---

/** The UK tax year a date is in, "2026-27" (6 April to 5 April). */
export function taxYearLabelOf(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const start = m > 4 || (m === 4 && d >= 6) ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The uuid the export put in a row's ref: the engine echoes it as "line 7 (<uuid>)". */
export function rowUuidOf(ref: string | undefined): string | undefined {
  return ref ? /\(([0-9a-f-]{36})\)/i.exec(ref)?.[1] : undefined;
}

/** A year's figures kept with each run, in the order a year is read (the Calculations page shows them so). */
const YEAR_FIGURES = [
  'numberOfDisposals',
  'proceeds',
  'allowableCosts',
  'gains',
  'losses',
  'netGains',
  'lossesBroughtForward',
  'lossesBroughtForwardUsed',
  'annualExemptAmount',
  'annualExemptAmountRemaining',
  'taxableGain',
  'lossesCarriedForward',
  'indexationAllowance',
  'holdoverRelief',
  'cloggedLossesArising',
  'incomeGains',
  'exemptGains',
  'exemptLosses',
] as const;

/**
 * The client's figures from its computation. The year-to-date figures are those of the period containing today
 * (a tax year; a company's accounting period); unrealised figures sum the GIA holdings with a price; ISA and
 * pension holdings are valued at the latest price and computed nothing (their rows are not in the CGT ledger).
 */
export function calculationFigures(
  calc: CalculationJson,
  context: LedgerContext,
  today: string,
  calculatedAt: string,
  allowances: CurrentYearAllowances = { annualExemptAmount: '', lossesBroughtForward: '0' },
): CalculationFigures {
  const c = calc.computation;
  const taxYear = taxYearLabelOf(today);
  const current = c.taxYears.find((y) => y.periodStart <= today && today <= y.periodEnd);
  const allowance = currentAllowance(c, current, today, allowances);
  const currentDisposals = current?.disposals ?? [];
  const portfolioByCode = new Map(context.portfolios.map((p) => [p.code, p]));
  const securityByCode = new Map(context.securities.map((s) => [s.code, s]));
  const priceOf = new Map(context.securities.map((s) => [s.id, s.priceGbp]));
  const failedSecurities = new Set(c.failures.map((f) => f.security));
  const thirtyDay = (d: DisposalJson) => d.matches.some((m) => m.rule === 'thirty-day');
  const company = c.taxpayer === 'company';

  // Realised this year per portfolio and security, by class, with the reliefs: the disposals' parts.
  const realised = new Map<string, Realised>();
  const byPortfolioReliefs = new Map<string, { holdover: bigint; clogged: bigint }>();
  for (const d of currentDisposals) {
    const reliefs = partReliefs(d);
    d.portfolios.forEach((part, i) => {
      const key = `${part.portfolio}|${d.security}`;
      const r = realised.get(key) ?? { capital: 0n, income: 0n, exempt: 0n, holdover: 0n, clogged: 0n, thirtyDay: 0 };
      const gain = pence(part.gain);
      if (d.gainClass === 'income') r.income += gain;
      else if (d.gainClass === 'exempt') r.exempt += gain;
      else r.capital += gain;
      r.holdover += reliefs[i]!.holdover;
      r.clogged += reliefs[i]!.clogged;
      if (thirtyDay(d)) r.thirtyDay += 1;
      realised.set(key, r);
      const p = byPortfolioReliefs.get(part.portfolio) ?? { holdover: 0n, clogged: 0n };
      p.holdover += reliefs[i]!.holdover;
      p.clogged += reliefs[i]!.clogged;
      byPortfolioReliefs.set(part.portfolio, p);
    });
  }

  // Companies: the indexation each holding's share of its pool carries (the pool's indexed cost less its cost,
  // shared by quantity between the portfolios holding it).
  const indexationOf = new Map<string, bigint>();
  if (company) {
    for (const h of c.holdings) {
      if (h.pool.indexedCost === undefined || !h.portfolios?.length) continue;
      const available = pence(h.pool.indexedCost) - pence(h.pool.cost);
      const shares = apportion(
        available,
        h.portfolios.map((p) => p.quantity),
      );
      h.portfolios.forEach((p, i) => {
        const key = `${p.portfolio}|${h.security}`;
        indexationOf.set(key, (indexationOf.get(key) ?? 0n) + shares[i]!);
      });
    }
  }

  const holdings: HoldingFigures[] = [];
  let unrealisedCapital = 0n;
  let unrealisedIncome = 0n;
  let unrealisedExempt = 0n;
  let marketValue = 0n;
  const byPortfolio = new Map<
    string,
    { mv: bigint; uc: bigint; ui: bigint; ue: bigint; indexation: bigint; failures: number }
  >();
  const sums = (code: string) => {
    let s = byPortfolio.get(code);
    if (!s) byPortfolio.set(code, (s = { mv: 0n, uc: 0n, ui: 0n, ue: 0n, indexation: 0n, failures: 0 }));
    return s;
  };
  for (const h of c.holdingValues) {
    const portfolio = portfolioByCode.get(h.portfolio);
    const security = securityByCode.get(h.security);
    if (!portfolio || !security) continue;
    const s = sums(h.portfolio);
    const r = realised.get(`${h.portfolio}|${h.security}`);
    const mv = h.marketValue === undefined ? undefined : pence(h.marketValue);
    if (mv !== undefined) {
      marketValue += mv;
      s.mv += mv;
    }
    unrealisedCapital += pence(h.unrealisedCapitalGain);
    unrealisedIncome += pence(h.unrealisedIncomeGain);
    unrealisedExempt += pence(h.unrealisedExemptGain);
    s.uc += pence(h.unrealisedCapitalGain);
    s.ui += pence(h.unrealisedIncomeGain);
    s.ue += pence(h.unrealisedExemptGain);
    const failed = failedSecurities.has(h.security);
    if (failed) s.failures += 1;
    const indexation = indexationOf.get(`${h.portfolio}|${h.security}`) ?? 0n;
    s.indexation += indexation;
    holdings.push({
      portfolioUuid: portfolio.uuid,
      portfolioCode: portfolio.code,
      securityId: security.id,
      quantity: h.quantity,
      marketValue: mv === undefined ? '' : money(mv),
      cgtCost: h.cgtCost,
      averageCost: averageCost(h.cgtCost, h.quantity),
      ytdCapitalGainLoss: money(r?.capital ?? 0n),
      ytdIncomeGain: money(r?.income ?? 0n),
      ytdExemptGainLoss: money(r?.exempt ?? 0n),
      unrealisedCapitalGainLoss: h.unrealisedCapitalGain ?? '',
      unrealisedIncomeGain: h.unrealisedIncomeGain ?? '',
      unrealisedExemptGainLoss: h.unrealisedExemptGain ?? '',
      indexation: company ? money(indexation) : '',
      holdoverRelief: money(r?.holdover ?? 0n),
      cloggedLoss: money(r?.clogged ?? 0n),
      thirtyDayDisposalCounter: r?.thirtyDay ?? 0,
      calculationStatus: failed ? 'FAILED' : 'SUCCEEDED',
      calculatedAt,
      recBreak: failed,
    });
  }
  const uuidOf = new Map(context.portfolios.map((p) => [p.uuid, p]));
  for (const h of context.excludedHoldings) {
    const portfolio = uuidOf.get(h.portfolioUuid);
    if (!portfolio) continue;
    const price = priceOf.get(h.securityId);
    const mv = price ? valueOf(h.quantity, price) : undefined;
    if (mv !== undefined) {
      marketValue += mv;
      sums(portfolio.code).mv += mv;
    }
    holdings.push({
      portfolioUuid: portfolio.uuid,
      portfolioCode: portfolio.code,
      securityId: h.securityId,
      quantity: h.quantity,
      marketValue: mv === undefined ? '' : money(mv),
      cgtCost: '',
      averageCost: '',
      ytdCapitalGainLoss: '',
      ytdIncomeGain: '',
      ytdExemptGainLoss: '',
      unrealisedCapitalGainLoss: '',
      unrealisedIncomeGain: '',
      unrealisedExemptGainLoss: '',
      indexation: '',
      holdoverRelief: '',
      cloggedLoss: '',
      thirtyDayDisposalCounter: 0,
      calculationStatus: 'EXCLUDED',
      calculatedAt,
      recBreak: false,
    });
  }

  const portfolios: PortfolioFigures[] = context.portfolios.map((p) => {
    const s = byPortfolio.get(p.code);
    const year = c.portfolios.find((f) => f.portfolio === p.code)?.realised.find((r) => r.taxYear === current?.taxYear);
    const gain = (v: string | undefined) => (p.excluded ? '' : money(pence(v)));
    const reliefs = byPortfolioReliefs.get(p.code);
    return {
      portfolioUuid: p.uuid,
      portfolioCode: p.code,
      excluded: p.excluded,
      marketValue: money(s?.mv ?? 0n),
      ytdCapitalGainLoss: gain(year?.capitalGain),
      ytdIncomeGain: gain(year?.incomeGain),
      ytdExemptGainLoss: gain(year?.exemptGain),
      unrealisedCapitalGainLoss: p.excluded ? '' : money(s?.uc ?? 0n),
      unrealisedIncomeGain: p.excluded ? '' : money(s?.ui ?? 0n),
      unrealisedExemptGainLoss: p.excluded ? '' : money(s?.ue ?? 0n),
      indexation: company && !p.excluded ? money(s?.indexation ?? 0n) : '',
      holdoverRelief: p.excluded ? '' : money(reliefs?.holdover ?? 0n),
      cloggedLoss: p.excluded ? '' : money(reliefs?.clogged ?? 0n),
      calculationFailures: s?.failures ?? 0,
      recBreaks: s?.failures ?? 0,
    };
  });

  const transactions: TransactionFigures[] = [];
  for (const y of c.taxYears) {
    for (const d of y.disposals) {
      const reliefs = partReliefs(d);
      for (const [i, part] of d.portfolios.entries()) {
        const uuid = rowUuidOf(part.ref);
        if (!uuid) continue;
        const { holdover, clogged, indexation } = reliefs[i]!;
        transactions.push({
          transactionUuid: uuid,
          cgtCost: part.allowableCost,
          proceeds: part.proceeds,
          capitalGainLoss: d.gainClass === 'capital' ? part.gain : '',
          incomeGain: d.gainClass === 'income' ? part.gain : '',
          exemptGainLoss: d.gainClass === 'exempt' ? part.gain : '',
          // A disposal split across portfolios: each row carries its portfolio's share of the reliefs.
          holdoverRelief: money(holdover),
          cloggedLoss: money(clogged),
          indexation: company ? money(indexation) : '',
          failure: d.failure ?? '',
        });
      }
    }
  }
  for (const f of c.failures) {
    const uuid = rowUuidOf(f.ref);
    if (!uuid || transactions.some((t) => t.transactionUuid === uuid)) continue;
    transactions.push({
      transactionUuid: uuid,
      cgtCost: '',
      proceeds: '',
      capitalGainLoss: '',
      incomeGain: '',
      exemptGainLoss: '',
      holdoverRelief: '',
      cloggedLoss: '',
      indexation: '',
      failure: f.message,
    });
  }

  // Companies: the indexation the holdings carry (indexed cost less cost of each pool).
  let indexationAvailable = 0n;
  for (const h of c.holdings) {
    if (h.pool.indexedCost !== undefined) indexationAvailable += pence(h.pool.indexedCost) - pence(h.pool.cost);
  }

  return {
    status: c.failures.length > 0 ? 'PARTIAL' : 'SUCCEEDED',
    taxYear,
    disposals: c.taxYears.reduce((n, y) => n + y.numberOfDisposals, 0),
    failures: c.failures.length,
    client: {
      ytdCapitalGainLoss: money(pence(current?.gains) - pence(current?.losses)),
      ytdIncomeGain: money(pence(current?.incomeGains)),
      ytdExemptGainLoss: money(pence(current?.exemptGains) - pence(current?.exemptLosses)),
      ytdHoldoverReliefGain: money(pence(current?.holdoverRelief)),
      ytdCloggedLoss: money(pence(current?.cloggedLossesArising)),
      unrealisedCapitalGainLoss: money(unrealisedCapital),
      unrealisedIncomeGain: money(unrealisedIncome),
      unrealisedExemptGainLoss: money(unrealisedExempt),
      marketValue: money(marketValue),
      ...allowance,
      indexation: company ? money(indexationAvailable) : '',
      usedIndexation: company ? money(pence(current?.indexationAllowance)) : '',
      calculationFailures: c.failures.length,
      thirtyDayDisposalCounter: currentDisposals.filter(thirtyDay).length,
      holdingBreaks: failedSecurities.size,
    },
    portfolios,
    holdings,
    transactions,
    years: c.taxYears.map((y) => ({
      taxYear: y.taxYear,
      periodEnd: y.periodEnd,
      figures: Object.fromEntries(YEAR_FIGURES.filter((f) => y[f] !== undefined).map((f) => [f, String(y[f])])),
    })),
  };
}

interface Realised {
  capital: bigint;
  income: bigint;
  exempt: bigint;
  holdover: bigint;
  clogged: bigint;
  thirtyDay: number;
}

/**
 * A disposal's holdover relief, clogged loss and indexation allowance, shared between the portfolios it came from
 * by the quantity each gave (the disposal's parts, in order). A clogged loss is a loss on a disposal to a connected
 * person (s18(3)), kept apart as the engine keeps it (tax-year-summary.ts): capital or an income-class loss, not a
 * spouse transfer, not a failed disposal.
 */
function partReliefs(d: DisposalJson): { holdover: bigint; clogged: bigint; indexation: bigint }[] {
  const weights = d.portfolios.map((p) => p.quantity ?? '0');
  const gain = pence(d.gain);
  const clogs =
    d.failure === undefined &&
    d.gainClass !== 'exempt' &&
    d.kind !== 'spouse' &&
    d.connected === true &&
    !!d.counterparty &&
    gain < 0n;
  const holdover = apportion(d.failure === undefined ? pence(d.holdoverRelief) : 0n, weights);
  const clogged = apportion(clogs ? -gain : 0n, weights);
  const indexation = apportion(d.failure === undefined ? pence(d.indexationAllowance) : 0n, weights);
  return d.portfolios.map((_, i) => ({ holdover: holdover[i]!, clogged: clogged[i]!, indexation: indexation[i]! }));
}

/**
 * AE, AE remaining, brought-forward and unused brought-forward losses for the current year. With no entry for the
 * year (no disposal yet) none of the AE is used and no loss: the AE is the year's full amount, and the losses
 * brought forward are those the latest earlier year carried forward (or, with no earlier year, the taxpayer's own).
 * A company has no annual exemption.
 */
function currentAllowance(
  c: CalculationJson['computation'],
  current: TaxYearJson | undefined,
  today: string,
  allowances: CurrentYearAllowances,
): Pick<
  ClientFigures,
  'annualExemption' | 'annualExemptionRemaining' | 'broughtForwardLoss' | 'unusedBroughtForwardLoss'
> {
  const company = c.taxpayer === 'company';
  if (current) {
    return {
      annualExemption: company ? '' : current.annualExemptAmount,
      annualExemptionRemaining: company ? '' : current.annualExemptAmountRemaining,
      broughtForwardLoss: current.lossesBroughtForward,
      unusedBroughtForwardLoss: money(pence(current.lossesBroughtForward) - pence(current.lossesBroughtForwardUsed)),
    };
  }
  const earlier = c.taxYears.filter((y) => y.periodEnd < today).sort((a, b) => a.periodEnd.localeCompare(b.periodEnd));
  const latest = earlier[earlier.length - 1];
  const broughtForward = money(pence(latest ? latest.lossesCarriedForward : allowances.lossesBroughtForward));
  const ae = company || allowances.annualExemptAmount === '' ? '' : money(pence(allowances.annualExemptAmount));
  return {
    annualExemption: ae,
    annualExemptionRemaining: ae,
    broughtForwardLoss: broughtForward,
    unusedBroughtForwardLoss: broughtForward,
  };
}

/**
 * What changed from the previous run, tax year by tax year; a year is closed when it ended before today. An open
 * year lists the figures that moved; a closed year (a back-dated change: the Calculations page shows it before and
 * after) lists every figure, the moved ones being those whose before and after differ. A figure only one of the two
 * runs kept (a run before a figure was added to YEAR_FIGURES) is not a change.
 */
export function yearChanges(
  before: YearFigures[],
  after: YearFigures[],
  today: string,
): { taxYear: string; closed: boolean; figures: { figure: string; before: string; after: string }[] }[] {
  const old = new Map(before.map((y) => [y.taxYear, y]));
  const now = new Map(after.map((y) => [y.taxYear, y]));
  const years = [...new Set([...old.keys(), ...now.keys()])].sort();
  const out = [];
  for (const taxYear of years) {
    const a = old.get(taxYear);
    const b = now.get(taxYear);
    const names =
      a && b ? Object.keys(b.figures).filter((f) => f in a.figures) : Object.keys(b?.figures ?? a?.figures ?? {});
    const figures = names.map((figure) => ({
      figure,
      before: a?.figures[figure] ?? '',
      after: b?.figures[figure] ?? '',
    }));
    const moved = figures.filter((f) => f.before !== f.after);
    if (moved.length === 0) continue;
    const periodEnd = b?.periodEnd ?? a?.periodEnd ?? '';
    const closed = periodEnd !== '' && periodEnd < today;
    out.push({ taxYear, closed, figures: closed ? figures : moved });
  }
  return out;
}
