import { invalidArgument } from '@gains/errors';
import {
  computeLedger,
  presentComputation,
  Rational,
  type Ledger,
  type LedgerFile,
  type ReferenceData,
} from '../../engine';
import { ledgerFromCsv, parsePricesCsv } from '../../engine/ledger-csv';
import { ledgerCalculationJson } from '../../rpc/ledger-calculation-json';
import {
  calculationFigures,
  type CalculationFigures,
  type CalculationJson,
  type CurrentYearAllowances,
  type DisposalJson,
  type LedgerContext,
} from '../calculation-figures';
import {
  chooseDisposals,
  disposalFigures,
  type ChosenDisposal,
  type PlanHolding,
  type PlanParameters,
} from './choose-disposals';
import { clientPosition, type PlanPositionFigures } from './client-position';
import { planWarnings, pounds, recentAcquisitions } from './plan-warnings';

/** What to plan on one portfolio: an action's parameters, or the quantities a user entered; prices a user set. */
export interface PlanInput {
  portfolioUuid: string;
  /** an action; absent: `quantities` are the plan */
  parameters?: PlanParameters;
  quantities?: { securityId: number; quantity: string }[];
  /** a price per unit a user set, by security id (GBP) */
  prices?: Record<number, string>;
}

/** One proposed disposal as the engine computed it on the client's ledger, beside the §9 figures. */
export interface PlannedDisposal {
  securityId: number;
  code: string;
  sedol: string;
  isin: string;
  name: string;
  portfolioCode: string;
  quantity: string;
  price: string;
  cgtCost: string;
  proceeds: string;
  capitalGainLoss: string;
  incomeGain: string;
  exemptGainLoss: string;
  /** the rules HMRC's identification matched it by: same-day, thirty-day, section-104 */
  matchedBy: string[];
  /** §9's linear figures (the pool's average cost) */
  formula: { cgtCost: string; proceeds: string; gain: string };
  /** why the engine's figures differ from §9's, when they do */
  difference: string;
  reason: string;
  /** the client's part of `quantity` (a joint portfolio sells the account's shares) */
  clientQuantity: string;
}

/** A holding of the portfolio as the plan started from it (quantity above 0, at the client's share). */
export interface PlanHoldingRow {
  securityId: number;
  code: string;
  sedol: string;
  isin: string;
  name: string;
  portfolioCode: string;
  quantity: string;
  cgtCost: string;
  price: string;
  marketValue: string;
  unrealisedGainLoss: string;
  gainClass: 'CAPITAL' | 'EXEMPT' | 'INCOME';
  boughtWithin30Days: string;
}

/** The current tax year's CGT at the client's rates without and with the plan ("" where not worked out). */
export interface PlanTax {
  taxYear: string;
  before: string;
  after: string;
  plan: string;
  note: string;
  /** the tax the same cash would cost raised pro rata, and what the plan saves against it ("" where not worked out) */
  proRata: string;
  saving: string;
  proRataNote: string;
}

export interface TaximiserPlan {
  holdings: PlanHoldingRow[];
  disposals: PlannedDisposal[];
  totals: {
    costTotal: string;
    proceedTotal: string;
    disposalCount: number;
    incomeGainTotal: string;
    capitalGainLossTotal: string;
    exemptGainLossTotal: string;
  };
  position: Record<keyof PlanPositionFigures, string>;
  summary: string;
  tax: PlanTax;
  warnings: string[];
  /** the day the proposed sales are dated */
  tradeDate: string;
}

/** The ref of a proposed row in the ledger the engine computes (never a stored row's uuid). */
const REF = 'taximiser-';

const decimalsOf = (quantity: string) => Math.min(4, quantity.split('.')[1]?.replace(/0+$/, '').length ?? 0);
const gainClassOf = (cgtClass: string | undefined): PlanHolding['gainClass'] =>
  cgtClass === 'EXEMPT' ? 'exempt' : cgtClass === 'INCOME' ? 'income' : 'capital';

/**
 * The ledger as it stands, computed once for any number of plans on it: the parsed rows (a plan's sales are added to
 * them, so the file is not read again), the computation as the service presents it, and the client's figures.
 */
export interface LedgerBaseline {
  ledger: Ledger;
  prices: Record<string, string>;
  computation: CalculationJson;
  figures: CalculationFigures;
  /** the file's header row: a plan's sales are written under it */
  header: string;
}

export function ledgerBaseline(
  file: LedgerFile,
  context: LedgerContext,
  today: string,
  allowances: CurrentYearAllowances,
  referenceData: ReferenceData,
): LedgerBaseline {
  const { ledger, errors } = ledgerFromCsv(file.ledgerCsv, file.taxpayer);
  const prices = file.pricesCsv ? parsePricesCsv(file.pricesCsv) : { prices: {}, errors: [] };
  const first = errors[0] ?? prices.errors[0];
  if (first)
    throw invalidArgument('clientUuid', `The client's ledger could not be read: line ${first.line}: ${first.message}`);
  const computation = presented(ledger, prices.prices, referenceData);
  const at = `${today}T12:00:00.000Z`;
  const header = file.ledgerCsv.slice(0, file.ledgerCsv.indexOf('\n'));
  return {
    ledger,
    prices: prices.prices,
    computation,
    figures: calculationFigures(computation, context, today, at, allowances),
    header,
  };
}

/** A ledger computed and presented as the service answers it (proto3 JSON: unset fields left out). */
function presented(ledger: Ledger, prices: Record<string, string>, referenceData: ReferenceData): CalculationJson {
  const computed = computeLedger(ledger, referenceData, { poolHistory: false });
  const total = computed.disposals.length;
  const computation = presentComputation(computed, prices);
  return JSON.parse(
    ledgerCalculationJson({
      computation,
      transactions: ledger.transactions.length,
      computeMs: 0,
      disposalsPage: { page: 1, pageSize: Math.max(1, total), total },
    }),
  ) as CalculationJson;
}

/**
 * A Taximiser plan on one portfolio of a client's real ledger (pure: the engine runs here, in a compute worker).
 * The ledger is computed as it stands for the holdings' quantities and costs and the year's position; the planner
 * chooses disposals by §9's linear figures; the engine then computes the ledger with those sales added today, so
 * every figure answered is HMRC's identification on the real ledger (same-day acquisitions first, then the next
 * 30 days, then the pool), at the client's share of a joint portfolio. Nothing is stored.
 */
export function planOnLedger(
  file: LedgerFile,
  context: LedgerContext,
  input: PlanInput,
  today: string,
  allowances: CurrentYearAllowances,
  referenceData: ReferenceData,
  baselineOf: (make: () => LedgerBaseline) => LedgerBaseline = (make) => make(),
): TaximiserPlan {
  const portfolio = context.portfolios.find((p) => p.uuid.toLowerCase() === input.portfolioUuid.toLowerCase());
  if (!portfolio) throw invalidArgument('portfolioUuid', 'The portfolio is not one of the client’s');
  if (portfolio.excluded)
    throw invalidArgument(
      'portfolioUuid',
      'An ISA or pension portfolio’s disposals carry no capital gains tax: choose a general account',
    );
  const base = baselineOf(() => ledgerBaseline(file, context, today, allowances, referenceData));
  const { figures: before, computation: baseline } = base;
  const securities = new Map(context.securities.map((s) => [s.id, s]));

  const recent = recentAcquisitions(file.ledgerCsv, portfolio.code, today);
  const share =
    portfolio.percentage && portfolio.percentage !== '100'
      ? Rational.parse(portfolio.percentage).div(Rational.fromInt(100))
      : undefined;
  const holdings: PlanHolding[] = [];
  const rows: PlanHoldingRow[] = [];
  for (const h of before.holdings) {
    if (h.portfolioUuid.toLowerCase() !== portfolio.uuid.toLowerCase()) continue;
    // The engine's holding is the client's share of a joint portfolio; the plan sells the portfolio's shares.
    const quantity = Rational.parse(h.quantity || '0').div(share ?? Rational.ONE);
    if (!quantity.isPositive()) continue;
    const security = securities.get(h.securityId);
    const priceText = input.prices?.[h.securityId] ?? security?.priceGbp ?? '';
    if (priceText === '') continue;
    const price = Rational.parse(priceText);
    const cost = Rational.parse(h.cgtCost || '0');
    const value = price
      .mul(quantity)
      .mul(share ?? Rational.ONE)
      .roundTo(2, 'half-up');
    const label = security?.code ?? `ID${h.securityId}`;
    rows.push({
      securityId: h.securityId,
      code: label,
      sedol: security?.sedol ?? '',
      isin: security?.isin ?? '',
      name: security?.name ?? '',
      portfolioCode: portfolio.code,
      quantity: quantity.toFixed(4),
      cgtCost: cost.toFixed(2),
      price: price.toFixed(4),
      marketValue: value.toFixed(2),
      unrealisedGainLoss: value.sub(cost).toFixed(2),
      gainClass: security?.cgtClass === 'EXEMPT' || security?.cgtClass === 'INCOME' ? security.cgtClass : 'CAPITAL',
      boughtWithin30Days: recent.get(label) ?? '',
    });
    holdings.push({
      securityId: h.securityId,
      label,
      quantity,
      cost,
      price,
      gainClass: gainClassOf(security?.cgtClass),
      pooled: gainClassOf(security?.cgtClass) !== 'exempt',
      decimals: decimalsOf(quantity.toString()),
      ...(share && { share }),
    });
  }

  const chosen = input.parameters
    ? chooseDisposals(holdings, input.parameters, {
        ytdCapitalGainLoss: Rational.parse(before.client.ytdCapitalGainLoss || '0'),
        annualExemption: Rational.parse(before.client.annualExemption || '0'),
      })
    : enteredDisposals(holdings, input.quantities ?? []);

  // The sales added to the ledger today, each with a ref of its own, and computed with it.
  const withSales = (sold: Sale[]) => ledgerWithSales(base, sold, { today, portfolio, taxpayer: file.taxpayer });
  const after = chosen.disposals.length ? presented(withSales(chosen.disposals), base.prices, referenceData) : baseline;
  const parts = new Map<string, { part: DisposalJson['portfolios'][number]; disposal: DisposalJson }>();
  for (const year of after.computation.taxYears)
    for (const disposal of year.disposals)
      for (const part of disposal.portfolios) {
        // Presented as "line 12 (taximiser-0)".
        const ref = part.ref?.match(/taximiser-\d+/)?.[0];
        if (ref) parts.set(ref, { part, disposal });
      }

  let cost = Rational.ZERO;
  let proceeds = Rational.ZERO;
  let capital = Rational.ZERO;
  let income = Rational.ZERO;
  let exempt = Rational.ZERO;
  const disposals = chosen.disposals.map((d, i): PlannedDisposal => {
    const found = parts.get(`${REF}${i}`);
    const engine = found
      ? {
          cgtCost: Rational.parse(found.part.allowableCost),
          proceeds: Rational.parse(found.part.proceeds),
          gain: Rational.parse(found.part.gain),
        }
      : { cgtCost: d.cost, proceeds: d.proceeds, gain: d.gain };
    const gainClass = d.holding.gainClass;
    cost = cost.add(engine.cgtCost);
    proceeds = proceeds.add(engine.proceeds);
    if (gainClass === 'income') income = income.add(engine.gain);
    else if (gainClass === 'exempt') exempt = exempt.add(engine.gain);
    else capital = capital.add(engine.gain);
    const matchedBy = [...new Set(found?.disposal.matches.map((m) => m.rule) ?? [])];
    const security = securities.get(d.holding.securityId);
    return {
      securityId: d.holding.securityId,
      code: d.holding.label,
      sedol: security?.sedol ?? '',
      isin: security?.isin ?? '',
      name: security?.name ?? '',
      portfolioCode: portfolio.code,
      quantity: d.quantity.toFixed(4),
      price: d.holding.price.toFixed(4),
      cgtCost: engine.cgtCost.toFixed(2),
      proceeds: engine.proceeds.toFixed(2),
      capitalGainLoss: (gainClass === 'capital' ? engine.gain : Rational.ZERO).toFixed(2),
      incomeGain: (gainClass === 'income' ? engine.gain : Rational.ZERO).toFixed(2),
      exemptGainLoss: (gainClass === 'exempt' ? engine.gain : Rational.ZERO).toFixed(2),
      matchedBy,
      formula: { cgtCost: d.cost.toFixed(2), proceeds: d.proceeds.toFixed(2), gain: d.gain.toFixed(2) },
      difference: engine.cgtCost.eq(d.cost) ? '' : differenceOf(matchedBy),
      reason: d.reason,
      clientQuantity: d.quantity.mul(d.holding.share ?? Rational.ONE).toFixed(4),
    };
  });

  const position = clientPosition(
    {
      ytdCapitalGainLoss: Rational.parse(before.client.ytdCapitalGainLoss || '0'),
      ytdIncomeGain: Rational.parse(before.client.ytdIncomeGain || '0'),
      annualExemption: Rational.parse(before.client.annualExemption || '0'),
      unusedBroughtForwardLoss: Rational.parse(before.client.unusedBroughtForwardLoss || '0'),
    },
    { capitalGainLoss: capital, incomeGain: income },
  );
  return {
    holdings: rows,
    disposals,
    totals: {
      costTotal: cost.toFixed(2),
      proceedTotal: proceeds.toFixed(2),
      disposalCount: disposals.length,
      incomeGainTotal: income.toFixed(2),
      capitalGainLossTotal: capital.toFixed(2),
      exemptGainLossTotal: exempt.toFixed(2),
    },
    position: Object.fromEntries(
      Object.entries(position).map(([k, v]) => [k, v.toFixed(2)]),
    ) as TaximiserPlan['position'],
    summary: chosen.summary,
    tax: {
      ...planTax(before.taxYear, baseline, after),
      ...proRataTax(before.taxYear, baseline, after, proceeds, holdings, input, (sold) =>
        presented(withSales(sold), base.prices, referenceData),
      ),
    },
    warnings: planWarnings(disposals, recent, today),
    tradeDate: today,
  };
}

interface TaxDueJson {
  total: string;
  periods: { lowerRate: string; higherRate: string }[];
}
const taxDueOf = (c: CalculationJson, taxYear: string) =>
  (c.computation.taxYears.find((y) => y.taxYear === taxYear) as { taxDue?: TaxDueJson } | undefined)?.taxDue;

/** The year's CGT as the engine works it out (tax-due.ts) without and with the plan, and the rates it used. */
function planTax(
  taxYear: string,
  before: CalculationJson,
  after: CalculationJson,
): Omit<PlanTax, 'proRata' | 'saving' | 'proRataNote'> {
  const was = taxDueOf(before, taxYear);
  const will = taxDueOf(after, taxYear);
  if (!will)
    return {
      taxYear,
      before: '',
      after: '',
      plan: '',
      note: 'The tax is not worked out: the client’s taxable income for the year (their basic-rate band) is not recorded',
    };
  const beforeTotal = Rational.parse(was?.total || '0');
  const afterTotal = Rational.parse(will.total || '0');
  const rates = [...new Set(will.periods.flatMap((p) => [p.lowerRate, p.higherRate]).filter((r) => r !== ''))];
  return {
    taxYear,
    before: beforeTotal.toFixed(2),
    after: afterTotal.toFixed(2),
    plan: afterTotal.sub(beforeTotal).toFixed(2),
    note: `At the client’s rates for ${taxYear}: ${rates.map((r) => `${r}%`).join(' and ')}`,
  };
}

/** Why HMRC's identification gives another cost than the pool's average (§9), in words a client could read. */
function differenceOf(matchedBy: string[]): string {
  if (matchedBy.includes('same-day'))
    return 'matched first with shares bought today (the same-day rule), not at the pool’s average cost';
  if (matchedBy.includes('thirty-day'))
    return 'matched with shares bought in the 30 days after the sale (the bed and breakfasting rule), not at the pool’s average cost';
  return 'the engine’s cost of the pool on the day differs from the average cost shown';
}

/** The quantities a user entered on the holdings (§4 step 4), checked against what is held. */
function enteredDisposals(holdings: PlanHolding[], quantities: { securityId: number; quantity: string }[]) {
  const bySecurity = new Map(holdings.map((h) => [h.securityId, h]));
  const disposals = quantities.map(({ securityId, quantity }, i) => {
    const h = bySecurity.get(securityId);
    if (!h) throw invalidArgument(`quantities[${i}].securityId`, `Security ${securityId} is not held in the portfolio`);
    const q = Rational.parse(quantity);
    if (q.gt(h.quantity))
      throw invalidArgument(
        `quantities[${i}].quantity`,
        `Disposal amount must not be more than the ${h.quantity.toFixed(h.decimals)} held`,
      );
    const f = disposalFigures(h, q);
    return { holding: h, quantity: q, ...f, reason: `sell ${q.toString()} of ${h.label}, as entered` };
  });
  return { disposals, summary: `${disposals.length} disposal${disposals.length === 1 ? '' : 's'} as entered` };
}

/** A sale added to the ledger: what is sold and how many of the portfolio's units. */
type Sale = Pick<ChosenDisposal, 'holding' | 'quantity'>;

/** The parsed ledger with sales dated today added, each with a ref of its own; the file is not read again. */
function ledgerWithSales(
  base: LedgerBaseline,
  sold: Sale[],
  at: { today: string; portfolio: LedgerContext['portfolios'][number]; taxpayer: LedgerFile['taxpayer'] },
): Ledger {
  const ownership = at.portfolio.percentage && at.portfolio.percentage !== '100' ? at.portfolio.percentage : '';
  // each sale's cells under the file's own header, by name: the export may add columns
  const columns = base.header.split(',');
  const lines = sold.map((d, i) => {
    const cells: Record<string, string> = {
      date: at.today,
      type: 'SELL',
      security: d.holding.label,
      quantity: d.quantity.toString(),
      // the portfolio's proceeds: the ownership column gives the client their share
      amount: d.holding.price.mul(d.quantity).roundTo(2, 'half-up').toFixed(2),
      portfolio: at.portfolio.code,
      ownership,
      class: d.holding.gainClass === 'capital' ? '' : d.holding.gainClass.toUpperCase(),
      ref: `${REF}${i}`,
    };
    return columns.map((c) => cells[c.trim()] ?? '').join(',');
  });
  const sales = ledgerFromCsv(`${base.header}\n${lines.join('\n')}\n`, at.taxpayer);
  if (sales.errors.length) throw new Error(`a planned sale could not be read: ${sales.errors[0]!.message}`);
  return { ...base.ledger, transactions: [...base.ledger.transactions, ...sales.ledger.transactions] };
}

/**
 * What the same cash would cost in tax raised pro rata (the same share of every holding the plan could sell, in
 * whole units), and what the plan saves against it. Only where the tax is worked out and the plan is not itself a
 * share of every holding.
 */
function proRataTax(
  taxYear: string,
  before: CalculationJson,
  after: CalculationJson,
  raised: Rational,
  holdings: PlanHolding[],
  input: PlanInput,
  compute: (sold: Sale[]) => CalculationJson,
): Pick<PlanTax, 'proRata' | 'saving' | 'proRataNote'> {
  const none = { proRata: '', saving: '', proRataNote: '' };
  const planTotal = taxDueOf(after, taxYear);
  if (!planTotal || !raised.isPositive() || input.parameters?.action === 'DISPOSE_PERCENTAGE') return none;
  const value = holdings.reduce((sum, h) => sum.add(disposalFigures(h, h.quantity).proceeds), Rational.ZERO);
  if (!value.isPositive()) return none;
  const share = Rational.min(raised.div(value), Rational.ONE);
  const sold = holdings
    .map((h) => {
      const quantity = h.quantity.mul(share).roundTo(h.decimals, 'ceil');
      const q = quantity.gt(h.quantity) ? h.quantity : quantity;
      return { holding: h, quantity: q };
    })
    .filter((s) => s.quantity.isPositive());
  const proRata = Rational.parse(taxDueOf(compute(sold), taxYear)?.total || '0');
  const planTax = Rational.parse(planTotal.total || '0');
  const was = Rational.parse(taxDueOf(before, taxYear)?.total || '0');
  const percent = share.mul(Rational.fromInt(100)).roundTo(2, 'half-up');
  return {
    proRata: proRata.sub(was).toFixed(2),
    saving: proRata.sub(planTax).toFixed(2),
    proRataNote: `Selling ${percent.toFixed(2)}% of every holding for the same cash would cost ${pounds(proRata.sub(was).toFixed(2))} in tax`,
  };
}
