import { assertMember, type Caller } from '@gains/auth';
import { DomainError, invalidArgument } from '@gains/errors';
import type { taxEngine } from '@gains/proto';
import { Rational, type ReferenceData, type Taxpayer } from '../../engine';
import { taxYearLabelOf } from '../calculation-figures';
import type { ComputeLedgerFileDeps } from '../compute-ledger-file';
import { currentYearAllowances } from '../current-year-allowances';
import type { LoadedLedger } from '../run-calculation';
import { splitHouseholdTarget, type HouseholdShare } from './household-split';
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
  // A cash or gain target is the household's: each first realises what their own exempt amount leaves free of tax.
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
  const [mine, theirs] = splitHouseholdTarget(
    Rational.parse(order.amount),
    [freePart(free), freePart(spouseFree)],
    [restOf(free), restOf(spouseFree)],
  );
  const [plan, spousePlan] = await Promise.all([
    planFor(loaded, { ...order, amount: mine.target.toFixed(2) }),
    forSpouse({ ...spouseOrder, amount: theirs.target.toFixed(2) }),
  ]);
  const what = raising ? 'cash' : 'gain budget';
  const line = (share: HouseholdShare, who: { code: string }) =>
    `${pounds(share.target.toFixed(2))} for ${who.code} (${pounds(share.free.toFixed(2))} of it within their exempt amount)`;
  const split = `The household's ${what} of ${pounds(Rational.parse(order.amount).toFixed(2))}: ${line(mine, { code: loaded.clientCode })}, ${line(theirs, loaded.spouse)}`;
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

/** Household actions with a target in pounds: split between the two people (household-split.ts). */
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
  if (!value.ok) {
    const first = value.errors[0];
    throw new DomainError(
      'FAILED_PRECONDITION',
      `The client’s ledger could not be read${first ? `: line ${first.line}, ${first.column}: ${first.message}` : ''}`,
      'clientUuid',
    );
  }
  if (value.refused) throw new DomainError(value.refused.code, value.refused.message, value.refused.field || undefined);
  return JSON.parse(value.json) as TaximiserPlan;
}
