import { assertMember, type Caller } from '@gains/auth';
import { DomainError, invalidArgument } from '@gains/errors';
import type { taxEngine } from '@gains/proto';
import { Rational, type ReferenceData, type Taxpayer } from '../../engine';
import { taxYearLabelOf } from '../calculation-figures';
import { unreadableLedger, type ComputeLedgerFileDeps } from '../compute-ledger-file';
import { currentYearAllowances } from '../current-year-allowances';
import type { LoadedLedger } from '../run-calculation';
import { searchHouseholdSplit } from './household-search';
import { splitHouseholdTarget } from './household-split';
import type { TaximiserPlan } from './plan-on-ledger';
import { planRebuys, type PlanRebuys, type RebuyPlace } from './plan-rebuys';
import { pounds } from './plan-warnings';
import { checkPlanRequest, type PlanOrder, type PlanRequestFields, type RebuyOrder } from './plan-request';

export interface PlanTaximiserDeps {
  compute: ComputeLedgerFileDeps['compute'];
  /** The client's ledger with what a plan shows (portfolios' shares, securities' classes and codes). */
  loadLedger(organisationUuid: string, clientUuid: string): Promise<LoadedLedger>;
  annualExemptAmountsAdded(): Promise<Record<string, string>>;
  referenceData(): ReferenceData;
  toTaxpayer(t: taxEngine.Taxpayer): Taxpayer;
  /** London's date, YYYY-MM-DD: the day the proposed sales are dated. */
  today(): string;
}

/** A plan as the call answers it: the client's, with their spouse and (household) the spouse's plan. */
export type TaximiserAnswer = TaximiserPlan &
  Partial<PlanRebuys> & {
    spouse?: { clientUuid: string; code: string; name: string };
    spousePlan?: TaximiserPlan;
  };

/**
 * A Taximiser plan (issue 25): any member of the organisation may plan (every role, seed 000 §6). The request is
 * checked first; the client's ledger is loaded (a client of another organisation is not found there); the plan is
 * made and computed on a compute worker in the caller's turn, and nothing is stored. For the household, the
 * spouse's ledger is loaded too and the same action planned on their portfolio, with their own exempt amount.
 */
export async function planTaximiser(
  deps: PlanTaximiserDeps,
  caller: Caller,
  request: PlanRequestFields & { organisationUuid: string },
): Promise<TaximiserAnswer> {
  assertMember(caller, request.organisationUuid);
  const { clientUuid, order, spousePortfolioUuid, rebuy } = checkPlanRequest(request);
  const organisationUuid = request.organisationUuid.toLowerCase();
  const [loaded, added] = await Promise.all([
    deps.loadLedger(organisationUuid, clientUuid),
    deps.annualExemptAmountsAdded(),
  ]);
  const owner = { organisation: organisationUuid, user: caller.userUuid };
  const planFor = (ledger: LoadedLedger, o: PlanOrder) => planOn(deps, ledger, o, added, owner);
  if (spousePortfolioUuid === undefined) {
    const place = rebuy && (await rebuyPlace(deps, organisationUuid, loaded, rebuy));
    const plan = await planFor(loaded, order);
    const answer: TaximiserAnswer = place ? { ...plan, ...planRebuys(plan.disposals, place) } : plan;
    return loaded.spouse ? { ...answer, spouse: loaded.spouse } : answer;
  }
  if (!loaded.spouse)
    throw invalidArgument(
      'household',
      'The client has no spouse or civil partner recorded today: plan for the client alone, or record the relationship',
    );
  const spouseLedger = await deps.loadLedger(organisationUuid, loaded.spouse.clientUuid);
  const spouseOrder = { ...order, portfolioUuid: spousePortfolioUuid, quantities: [] };
  // The spouse's portfolio is named for them: a refusal about it names spousePortfolioUuid.
  const forSpouse = (o: PlanOrder) =>
    planFor(spouseLedger, o).catch((e: unknown) => {
      if (e instanceof DomainError && e.field === 'portfolioUuid')
        throw new DomainError(e.code, e.message.replace('the client’s', 'the spouse’s'), 'spousePortfolioUuid');
      throw e;
    });
  if (!SPLIT_ACTIONS.includes(order.action)) {
    const [plan, spousePlan] = await Promise.all([planFor(loaded, order), forSpouse(spouseOrder)]);
    return { ...plan, spouse: loaded.spouse, spousePlan };
  }
  // A cash or gain target is the household's. The rule splits it first by what each can realise free of tax (their
  // harvest); the search then tries other splits around it for the least tax across both people.
  const harvest = { action: 'HARVEST_ANNUAL_EXEMPTION', amount: '', percent: '' };
  const [free, spouseFree] = await Promise.all([
    planFor(loaded, { ...order, ...harvest }),
    forSpouse({ ...spouseOrder, ...harvest }),
  ]);
  const raising = order.action === 'RAISE_PROCEEDS';
  const freePart = (p: TaximiserPlan) =>
    Rational.parse(raising ? p.totals.proceedTotal : p.totals.capitalGainLossTotal);
  const restOf = (p: TaximiserPlan) =>
    p.holdings.reduce((sum, h) => {
      const v = Rational.parse(raising ? h.marketValue : h.unrealisedGainLoss);
      return v.isPositive() ? sum.add(v) : sum;
    }, Rational.ZERO);
  const target = Rational.parse(order.amount);
  const [mine] = splitHouseholdTarget(
    target,
    [freePart(free), freePart(spouseFree)],
    [restOf(free), restOf(spouseFree)],
  );
  // The tax where the engine works out both people's (tax-due.ts: an individual with a basic-rate band for the year,
  // a trust, personal representatives); else the taxable gain the plans add, against each one's plan of nothing.
  const year = taxYearLabelOf(deps.today());
  const taxed = (ledger: LoadedLedger) => {
    const t = deps.toTaxpayer(ledger.taxpayer);
    if (t.kind === 'trust' || t.kind === 'personal-representatives') return true;
    const band = t.kind === 'individual' ? t.basicRateBandRemaining?.[year] : undefined;
    return band !== undefined && Rational.tryParse(band)?.isNegative() === false;
  };
  const byTax = taxed(loaded) && taxed(spouseLedger);
  const nothing = byTax
    ? undefined
    : await Promise.all([planFor(loaded, { ...order, amount: '0' }), forSpouse({ ...spouseOrder, amount: '0' })]);
  const chargeable = (p: TaximiserPlan) => Rational.parse(p.position.resultantChargeableCapitalGainLoss);
  // A plan that sells nothing adds no tax (the engine then has no year to work it out for).
  const costOf = (p: TaximiserPlan, none: TaximiserPlan | undefined) =>
    none ? chargeable(p).sub(chargeable(none)) : p.disposals.length === 0 ? Rational.ZERO : Rational.parse(p.tax.plan);
  // A few pence: what cash may fall short of a part by, each sale's proceeds rounded to the penny.
  const PENCE = Rational.parse('0.05');
  const reached = (p: TaximiserPlan) => Rational.parse(raising ? p.totals.proceedTotal : p.totals.capitalGainLossTotal);
  // Cash is raised in whole units rounded up; a gain budget is met in whole units rounded down, so it may fall
  // short by up to one unit's gain. Short by more, the person cannot meet their part.
  const slackOf = (p: TaximiserPlan) =>
    raising
      ? PENCE
      : p.holdings.reduce((most, h) => {
          const unit = Rational.parse(h.unrealisedGainLoss).div(Rational.parse(h.quantity)).roundTo(2, 'ceil');
          return h.gainClass === 'CAPITAL' && unit.gt(most) ? unit : most;
        }, PENCE);
  const meets = (p: TaximiserPlan, part: Rational) => !part.sub(reached(p)).gt(slackOf(p));
  // What each could at most raise (their holdings' value) or realise (their capital gains).
  const capacityOf = (p: TaximiserPlan) =>
    p.holdings.reduce((sum, h) => {
      const v = Rational.parse(raising ? h.marketValue : h.unrealisedGainLoss);
      return v.isPositive() && (raising || h.gainClass === 'CAPITAL') ? sum.add(v) : sum;
    }, Rational.ZERO);
  const search = await searchHouseholdSplit({
    target,
    start: mine.target,
    capacity: [capacityOf(free), capacityOf(spouseFree)],
    // Where the cost bends: the client given just their tax-free part, or the spouse given just theirs.
    kinks: [freePart(free), target.sub(freePart(spouseFree))],
    // One split at a time: its two computes keep two workers busy and leave the caller room in the engine's
    // per-user cap (4 by default) for another request.
    atOnce: 1,
    evaluate: async (part) => {
      const theirs = target.sub(part);
      const plans = await Promise.all([
        planFor(loaded, { ...order, amount: part.toFixed(2) }),
        forSpouse({ ...spouseOrder, amount: theirs.toFixed(2) }),
      ]);
      const cost =
        meets(plans[0], part) && meets(plans[1], theirs)
          ? costOf(plans[0], nothing?.[0]).add(costOf(plans[1], nothing?.[1]))
          : null;
      return { cost, plans };
    },
  });
  const [plan, spousePlan] = search.chosen.plans;
  const mineChosen = search.chosen.clientPart;
  const money = (r: Rational) => pounds(r.toFixed(2));
  const what = raising ? 'cash' : 'gain budget';
  const measure = byTax ? 'tax' : 'taxable gain';
  const rule = 'first by what each realises free of tax';
  const { chosen, start, tried } = search;
  const splits = `${tried} split${tried === 1 ? '' : 's'} tried`;
  const against = start.cost === null ? `splitting ${rule} leaves one short` : `${money(start.cost)} splitting ${rule}`;
  const how =
    chosen.cost === null
      ? `split ${rule}: no split tried lets both meet their part`
      : chosen === start
        ? `split ${rule}, which has the least ${measure} of ${splits} (${money(chosen.cost)})`
        : `chosen for the least ${measure} of ${splits} (${money(chosen.cost)}, against ${against})`;
  const why = byTax ? '' : '; the tax is not worked out without both people’s basic-rate band for the year';
  const split = `The household's ${what} of ${money(target)}: ${money(mineChosen)} for ${loaded.clientCode}, ${money(target.sub(mineChosen))} for ${loaded.spouse.code}, ${how}${why}`;
  return {
    ...plan,
    summary: `${split}. ${plan.summary}`,
    spouse: loaded.spouse,
    spousePlan: { ...spousePlan, summary: `${split}. ${spousePlan.summary}` },
  };
}

/**
 * Where a bed and ISA or bed and spouse buys back, checked before anything is planned: one of the client's ISA
 * portfolios (with the year's subscriptions, entered or the ledger's), or a general account of the spouse or civil
 * partner recorded today.
 */
async function rebuyPlace(
  deps: PlanTaximiserDeps,
  organisationUuid: string,
  loaded: LoadedLedger,
  rebuy: RebuyOrder,
): Promise<RebuyPlace> {
  const uuid = rebuy.portfolioUuid.toLowerCase();
  if (rebuy.where === 'ISA') {
    const isa = loaded.context.portfolios.find((p) => p.uuid.toLowerCase() === uuid && p.taxWrapper === 'ISA');
    if (!isa)
      throw invalidArgument('rebuyPortfolioUuid', 'The rebuy portfolio must be one of the client’s ISA portfolios');
    const today = deps.today();
    const startYear = Number(today.slice(0, 4)) - (today.slice(5) < '04-06' ? 1 : 0);
    return {
      where: 'ISA',
      portfolioUuid: isa.uuid,
      portfolioCode: isa.code,
      taxYear: taxYearLabelOf(today),
      taxYearStart: `${startYear}-04-06`,
      subscribed: rebuy.isaSubscribed ?? loaded.isaNetPurchases ?? '0.00',
      subscribedBasis: rebuy.isaSubscribed === undefined ? 'LEDGER' : 'ENTERED',
    };
  }
  if (!loaded.spouse)
    throw invalidArgument(
      'rebuy',
      'The client has no spouse or civil partner recorded today: buy back in the client’s ISA, or record the relationship',
    );
  const spouseLedger = await deps.loadLedger(organisationUuid, loaded.spouse.clientUuid);
  const account = spouseLedger.context.portfolios.find((p) => p.uuid.toLowerCase() === uuid && !p.excluded);
  if (!account)
    throw invalidArgument(
      'rebuyPortfolioUuid',
      `The rebuy portfolio must be a general account of ${loaded.spouse.code}, the client’s spouse or civil partner`,
    );
  return { where: 'SPOUSE', portfolioUuid: account.uuid, portfolioCode: account.code, spouseCode: loaded.spouse.code };
}

/** Household actions with a target in pounds: split between the two people for the least tax (household-search.ts). */
const SPLIT_ACTIONS: readonly string[] = ['RAISE_PROCEEDS', 'REALISE_BUDGET_AMOUNT'];

/** One person's plan on one of their portfolios, computed on a compute worker. */
async function planOn(
  deps: PlanTaximiserDeps,
  loaded: LoadedLedger,
  order: PlanOrder,
  added: Record<string, string>,
  owner: { organisation: string; user: string },
): Promise<TaximiserPlan> {
  const today = deps.today();
  const taxpayer = deps.toTaxpayer(loaded.taxpayer);
  const allowances = currentYearAllowances(taxpayer, taxYearLabelOf(today), deps.referenceData(), added);
  const { value } = await deps.compute(
    {
      ledgerCsv: loaded.ledgerCsv,
      pricesCsv: loaded.pricesCsv.trim() === 'security,price' ? undefined : loaded.pricesCsv,
      taxpayer,
      annualExemptAmountsAdded: added,
      taximiser: { context: loaded.context, order, today, allowances },
    },
    { owner },
  );
  if (!value.ok) throw unreadableLedger(value.errors);
  if (value.refused) throw new DomainError(value.refused.code, value.refused.message, value.refused.field || undefined);
  return JSON.parse(value.json) as TaximiserPlan;
}
