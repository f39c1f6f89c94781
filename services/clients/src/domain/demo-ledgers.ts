import { businessDays, DEMO_CORPORATE_EVENTS, divide, multiply, prng, sum } from '@gains/demo-data';
import type { DemoClient } from './demo-clients';
import { SYSTEM_TRANSACTION_TYPES, type SystemTransactionType } from './transaction-types';

/**
 * Deterministic portfolios and ledgers for the demo clients, priced from the demo securities' price walk: from
 * 2015 to the day before `today`, purchases, sales (many in the current tax year), dividends and distributions,
 * same-day and 30-day repurchases, an accumulation fund's notional income, gilts, the demo's split (security 4) and
 * takeover (8 by 12) applied to their holders as corporate-action rows, gifts to a connected person with and
 * without holdover relief, transfers between spouses, a few tax overrides, a few pending rows, and a handful of
 * clients who sell more than they hold (stored; the holding is flagged). Pure: the seed stores what it returns.
 *
 * Quantities are whole units of each security's decimal places, so every figure is exact text: consideration =
 * quantity x price (gilts and bonds are priced per 100 nominal), rounded to the penny.
 */

export interface DemoLedgerSecurity {
  n: number;
  assetClass: string;
  currency: string;
  quantityDecimalPlaces: number;
}

export interface DemoLedgerPrices {
  securities: readonly DemoLedgerSecurity[];
  /** The demo close of security n on a date (or the business day before). */
  priceOn(n: number, date: string): string | undefined;
}

export interface DemoPortfolio {
  code: string;
  name: string;
  type: 'ADVISORY' | 'DISCRETIONARY' | 'EXECUTION_ONLY';
  state: 'LIVE' | 'CLOSED';
  taxWrapper: 'GIA' | 'ISA';
  /** Indexes of clients and their shares in percent (sum 100). */
  owners: { client: number; percentage: string }[];
}

export interface DemoTransaction {
  portfolio: number;
  securityId: number;
  /** A system transaction type's name (its effect, or an income type's name). */
  type: string;
  state: 'SETTLED' | 'PENDING';
  tradeDate: string;
  exDate: string | null;
  payDate: string | null;
  quantity: string;
  price: string | null;
  consideration: string;
  expenses: string;
  originalAcquisitionDate: string | null;
  counterpartyClient: number | null;
  counterpartyName: string;
  holdoverReliefClaimed: string | null;
  newSecurityId: number | null;
  marketValue: string | null;
  ratio: string | null;
  incomeType: string;
  source: 'MANUAL' | 'IMPORT' | 'CORPORATE_ACTION';
  sourceRef: string;
  notes: string;
}

export interface DemoTaxOverride {
  client: number;
  taxYear: string;
  overrideType: 'ANNUAL_EXEMPTION' | 'BROUGHT_FORWARD_LOSS';
  amount: string;
  percentage: string | null;
  rollover: boolean;
  notes: string;
}

export interface DemoLedgers {
  portfolios: DemoPortfolio[];
  transactions: DemoTransaction[];
  taxOverrides: DemoTaxOverride[];
  /** Clients given a sale larger than their holding. */
  oversold: number[];
}

/** A system transaction type's meaning by its name (the demo's rows name system types). */
export function systemType(name: string): SystemTransactionType {
  const type = SYSTEM_TRANSACTION_TYPES.find((t) => t.name === name);
  if (!type) throw new Error(`no system transaction type named ${name}`);
  return type;
}

/** "2026-27" for a day from 6 April 2026 to 5 April 2027. */
export function taxYearOf(date: string): string {
  const year = Number(date.slice(0, 4));
  const start = date.slice(5) >= '04-06' ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

export function taxYearStart(date: string): string {
  return `${taxYearOf(date).slice(0, 4)}-04-06`;
}

/** Gilts and bonds are priced per 100 nominal. */
export function perHundred(assetClass: string): boolean {
  return assetClass === 'GILT' || assetClass === 'QUALIFYING_CORPORATE_BOND' || assetClass === 'OTHER_BOND';
}

const LEDGER_START = '2015-01-05';
const INCOME_TYPE_OF: Record<string, string> = {
  EQUITY: 'DIVIDEND',
  INVESTMENT_TRUST: 'DIVIDEND',
  UNIT_TRUST_INCOME: 'DISTRIBUTION',
  UNIT_TRUST_ACCUMULATION: 'NOTIONAL_INCOME',
  GILT: 'GILT_INTEREST',
  QUALIFYING_CORPORATE_BOND: 'INTEREST',
};

interface Track {
  portfolio: number;
  sec: DemoLedgerSecurity;
  /** Held, in whole units of 10^-dp. */
  units: number;
  /** The pool's cost as the demo keeps it (section 104 average; good enough for the holdover figure). */
  cost: string;
  firstDate: string;
  lastIndex: number;
  splitDone: boolean;
}

export function generateDemoLedgers(input: {
  clients: readonly DemoClient[];
  prices: DemoLedgerPrices;
  today: string;
  seed: number;
}): DemoLedgers {
  const { clients, prices, today } = input;
  const next = prng(input.seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const chance = (p: number) => next() < p;
  const days = businessDays(LEDGER_START, dayBefore(today));
  const last = days.length - 1;
  const yearStart = taxYearStart(today);
  const yearIndex = Math.max(
    0,
    days.findIndex((d) => d >= yearStart),
  );
  const { split, takeover } = DEMO_CORPORATE_EVENTS;
  const bySecurity = new Map(prices.securities.map((s) => [s.n, s]));
  // Sterling securities only: the demo ledgers carry no FX.
  const sterling = prices.securities.filter((s) => s.currency === 'GBP' && s.n !== takeover.targetN);
  const equities = sterling.filter((s) => s.assetClass === 'EQUITY' || s.assetClass === 'INVESTMENT_TRUST');
  const funds = sterling.filter((s) => s.assetClass.startsWith('UNIT_TRUST'));
  const accumulation = sterling.filter((s) => s.assetClass === 'UNIT_TRUST_ACCUMULATION');
  const gilts = sterling.filter((s) => s.assetClass === 'GILT');

  const portfolios: DemoPortfolio[] = [];
  const transactions: DemoTransaction[] = [];
  const taxOverrides: DemoTaxOverride[] = [];
  const oversold: number[] = [];
  const childOf = new Map<number, number>();
  const spouseOf = new Map<number, number>();
  clients.forEach((c, i) => {
    if (c.family?.kind === 'CHILD') childOf.set(c.family.of, i);
    if (c.family?.kind === 'SPOUSE') spouseOf.set(c.family.of, i);
  });
  /** Shares a spouse has passed to the later spouse, waiting for that spouse's first portfolio. */
  const spouseIn = new Map<number, { track: Track; units: number; cost: string; index: number; from: number }>();

  const qty = (sec: DemoLedgerSecurity, units: number) => {
    const dp = sec.quantityDecimalPlaces;
    if (dp === 0) return String(units);
    const text = String(units).padStart(dp + 1, '0');
    return `${text.slice(0, -dp)}.${text.slice(-dp)}`;
  };
  const price = (sec: DemoLedgerSecurity, index: number) => prices.priceOn(sec.n, days[index]!)!;
  const value = (sec: DemoLedgerSecurity, units: number, p: string) =>
    perHundred(sec.assetClass) ? multiply(2, qty(sec, units), p, '0.01') : multiply(2, qty(sec, units), p);
  /** Units worth about `pounds` at price p. */
  const unitsFor = (sec: DemoLedgerSecurity, pounds: number, p: string) => {
    const perUnit = (Number(p) / (perHundred(sec.assetClass) ? 100 : 1)) * 10 ** -sec.quantityDecimalPlaces;
    let units = Math.max(1, Math.floor(pounds / perUnit));
    if (sec.quantityDecimalPlaces === 0 && units > 100) units -= units % 10;
    // The takeover gives 0.5 new shares per old share: an even holding has no fraction.
    if (sec.n === takeover.targetN && units % 2 === 1) units += 1;
    return units;
  };
  const commission = (consideration: string) => {
    const c = multiply(2, consideration, '0.005');
    return Number(c) < 9.95 ? '9.95' : c;
  };
  const settle = (index: number) => days[Math.min(index + 2, last)]!;
  const row = (
    track: Track,
    index: number,
    fields: Partial<DemoTransaction> & Pick<DemoTransaction, 'type' | 'quantity'>,
  ): DemoTransaction => {
    const t: DemoTransaction = {
      portfolio: track.portfolio,
      securityId: track.sec.n,
      state: 'SETTLED',
      tradeDate: days[index]!,
      exDate: null,
      payDate: null,
      price: null,
      consideration: '0.00',
      expenses: '0.00',
      originalAcquisitionDate: null,
      counterpartyClient: null,
      counterpartyName: '',
      holdoverReliefClaimed: null,
      newSecurityId: null,
      marketValue: null,
      ratio: null,
      incomeType: '',
      source: 'IMPORT',
      sourceRef: '',
      notes: '',
      ...fields,
    };
    transactions.push(t);
    track.lastIndex = Math.max(track.lastIndex, index);
    return t;
  };

  const buy = (track: Track, index: number, wanted: number, notes = '') => {
    const units = track.sec.n === takeover.targetN && wanted % 2 === 1 ? wanted + 1 : wanted;
    const p = price(track.sec, index);
    const consideration = value(track.sec, units, p);
    const stamp = track.sec.assetClass === 'EQUITY' || track.sec.assetClass === 'INVESTMENT_TRUST';
    const expenses = stamp
      ? sum(2, commission(consideration), multiply(2, consideration, '0.005'))
      : commission(consideration);
    row(track, index, {
      type: 'BUY',
      quantity: qty(track.sec, units),
      price: p,
      consideration,
      expenses,
      payDate: settle(index),
      notes,
    });
    track.units += units;
    track.cost = sum(2, track.cost, consideration, expenses);
  };
  /** Takes `units` out of the pool: the cost that goes with them. */
  const takeCost = (track: Track, units: number) => {
    if (track.units <= 0) return '0.00';
    const part =
      units >= track.units ? track.cost : divide(multiply(8, track.cost, String(units)), String(track.units), 2);
    track.cost = sum(2, track.cost, `-${part}`);
    track.units = Math.max(0, track.units - units);
    return part;
  };
  /** The takeover target is held in even numbers, so the takeover's half a share each leaves no fraction. */
  const whole = (track: Track, units: number) =>
    track.sec.n === takeover.targetN && units % 2 === 1 && units < track.units ? units + 1 : units;
  const sell = (track: Track, index: number, wanted: number, notes = '') => {
    const units = whole(track, wanted);
    const p = price(track.sec, index);
    const consideration = value(track.sec, units, p);
    row(track, index, {
      type: 'SELL',
      quantity: qty(track.sec, units),
      price: p,
      consideration,
      expenses: commission(consideration),
      payDate: settle(index),
      notes,
    });
    takeCost(track, units);
  };
  const income = (track: Track, index: number) => {
    const type = INCOME_TYPE_OF[track.sec.assetClass];
    if (!type || track.units <= 0) return;
    const p = price(track.sec, index);
    // A year's yield of 2-5% paid twice: the rate per unit held, to 4 places (per 100 nominal for gilts).
    const rate = multiply(4, p, `0.0${int(10, 25)}`);
    const consideration = value(track.sec, track.units, rate);
    if (Number(consideration) <= 0) return;
    row(track, index, {
      type,
      quantity: qty(track.sec, track.units),
      price: rate,
      consideration,
      exDate: days[Math.max(0, index - 15)]!,
      payDate: days[index]!,
      incomeType: systemType(type).incomeType,
      notes: type === 'NOTIONAL_INCOME' ? 'Accumulation units: income reinvested (notional distribution)' : '',
    });
  };
  /** The demo's corporate events between the track's last row and `index`, applied to what it holds. */
  const corporateEvents = (track: Track, index: number) => {
    const date = days[index]!;
    if (track.sec.n === split.securityN && !track.splitDone && track.units > 0 && date >= split.date) {
      const at = days.findIndex((d) => d >= split.date);
      if (days[track.lastIndex]! < split.date) {
        row(track, at, {
          type: 'SPLIT',
          quantity: '0',
          ratio: `${split.ratio}:1`,
          source: 'CORPORATE_ACTION',
          sourceRef: `DEMO-SPLIT-${split.securityN}`,
          notes: `Subdivision: ${split.ratio} new shares for each share held`,
        });
        track.units *= split.ratio;
      }
      track.splitDone = true;
    }
    if (track.sec.n === takeover.targetN && track.units === 0 && date >= takeover.date) {
      // Nothing held on the day: later purchases are of the acquirer's shares.
      track.sec = bySecurity.get(takeover.acquirerN)!;
    }
    if (track.sec.n === takeover.targetN && track.units > 0 && date >= takeover.date) {
      const at = days.findIndex((d) => d >= takeover.date);
      const acquirer = bySecurity.get(takeover.acquirerN)!;
      const newUnits = track.units / 2;
      const acquirerPrice = price(acquirer, at);
      row(track, at, {
        type: 'TAKEOVER',
        quantity: qty(acquirer, newUnits),
        price: acquirerPrice,
        newSecurityId: acquirer.n,
        consideration: multiply(2, qty(track.sec, track.units), takeover.cash),
        marketValue: value(acquirer, newUnits, acquirerPrice),
        source: 'CORPORATE_ACTION',
        sourceRef: `DEMO-TAKEOVER-${takeover.targetN}-${takeover.acquirerN}`,
        notes: `Takeover: ${takeover.shares} new shares and £${takeover.cash} cash for each share`,
      });
      // The new shares stand in the old ones' place; the track goes on in them.
      track.sec = acquirer;
      track.units = newUnits;
    }
  };

  const newTrack = (portfolio: number, sec: DemoLedgerSecurity, index: number): Track => ({
    portfolio,
    sec,
    units: 0,
    cost: '0.00',
    firstDate: days[index]!,
    lastIndex: index,
    splitDone: false,
  });

  /** Rows from the track's start to `end` (exclusive): buys, sales with repurchases, income. */
  const history = (track: Track, end: number, size: number) => {
    let i = track.lastIndex;
    for (;;) {
      i += int(20, 240);
      if (i >= end) break;
      corporateEvents(track, i);
      if (track.units > 0 && chance(0.5)) income(track, i);
      const roll = next();
      if (roll < 0.3 || track.units === 0)
        buy(track, i, unitsFor(track.sec, size * (0.3 + next()), price(track.sec, i)));
      else if (roll < 0.62) {
        const units = Math.max(1, Math.floor(track.units * (0.2 + next() * 0.4)));
        sell(track, i, units);
        if (chance(0.12)) buy(track, i, Math.max(1, Math.floor(units / 2)), 'Same-day repurchase');
        else if (chance(0.14) && i + 15 < end) {
          const later = i + int(2, 15);
          corporateEvents(track, later);
          buy(track, later, Math.max(1, Math.floor(units / 2)), 'Repurchase within 30 days');
          i = later;
        }
      } else if (roll < 0.68) sell(track, i, track.units);
    }
    corporateEvents(track, Math.min(end, last));
  };

  /** The current tax year: a sale for many, a purchase for some, income. */
  const currentYear = (track: Track, saleChance: number) => {
    const from = Math.max(yearIndex, track.lastIndex + 1);
    if (from >= last) return;
    corporateEvents(track, from);
    if (track.units > 0 && chance(0.5)) income(track, int(from, last));
    if (track.units > 0 && chance(saleChance)) {
      const at = int(from, last);
      sell(track, at, Math.max(1, Math.floor(track.units * (0.2 + next() * 0.5))));
      if (chance(0.1)) buy(track, at, unitsFor(track.sec, 2_000, price(track.sec, at)), 'Same-day repurchase');
    }
    if (chance(0.2)) {
      const at = int(Math.max(from, track.lastIndex), last);
      buy(track, at, unitsFor(track.sec, 5_000 + next() * 10_000, price(track.sec, at)));
    }
  };

  const pickSecurities = (count: number, wrapper: 'GIA' | 'ISA') => {
    const chosen = new Map<number, DemoLedgerSecurity>();
    // The split and the takeover need holders before their dates.
    if (chance(0.07)) chosen.set(split.securityN, bySecurity.get(split.securityN)!);
    if (chance(0.07)) chosen.set(takeover.targetN, bySecurity.get(takeover.targetN)!);
    if (wrapper === 'GIA' && chance(0.12)) {
      const g = gilts[int(0, gilts.length - 1)]!;
      chosen.set(g.n, g);
    }
    if (chance(0.15)) {
      const a = accumulation[int(0, accumulation.length - 1)]!;
      chosen.set(a.n, a);
    }
    while (chosen.size < count) {
      const pool = chance(0.75) ? equities : funds;
      const s = pool[int(0, pool.length - 1)]!;
      chosen.set(s.n, s);
    }
    return [...chosen.values()];
  };

  clients.forEach((client, c) => {
    const live = client.state === 'Live';
    const portfolioCount =
      client.type === 'Individual'
        ? chance(0.35)
          ? 2
          : chance(0.15)
            ? 3
            : 1
        : client.type === 'Joint'
          ? 1
          : int(1, 2);
    const wrappers: ('GIA' | 'ISA')[] = ['GIA'];
    for (let k = 1; k < portfolioCount; k++) wrappers.push(client.type === 'Individual' && k === 1 ? 'ISA' : 'GIA');
    const spouse = client.family?.kind === 'SPOUSE' ? client.family.of : null;
    const size = [5_000, 15_000, 40_000, 120_000][int(0, 3)]! * (client.type === 'Trust' ? 3 : 1);
    // Dormant clients stopped trading two years ago; closed ones sold everything and left.
    const end =
      client.state === 'Dormant'
        ? last - 520
        : client.state === 'Closed'
          ? int(Math.floor(last * 0.45), yearIndex - 10)
          : yearIndex;
    // A handful whatever the day: every 150th client from the 7th (the random stream shifts with the calendar).
    const picked = chance(0.006);
    const oversells = live && client.type === 'Individual' && (picked || c % 150 === 7);
    if (oversells) oversold.push(c);
    let first = true;
    const plans: { wrapper: 'GIA' | 'ISA'; owners: DemoPortfolio['owners']; joint: boolean }[] = wrappers.map((w) => ({
      wrapper: w,
      owners: [{ client: c, percentage: '100' }],
      joint: false,
    }));
    if (spouse !== null && plans.length < 3) {
      plans.push({
        wrapper: 'GIA',
        owners: [
          { client: spouse, percentage: '50' },
          { client: c, percentage: '50' },
        ],
        joint: true,
      });
    }
    plans.forEach((plan, k) => {
      const portfolio = portfolios.length;
      const surname = client.surname || client.name;
      portfolios.push({
        code: `${client.code}-${String(k + 1).padStart(2, '0')}`,
        name: plan.joint
          ? `${clients[spouse!]!.firstName} & ${client.firstName} ${surname} Joint Account`
          : plan.wrapper === 'ISA'
            ? `${client.name} Stocks & Shares ISA`
            : k === 0
              ? `${client.name} General Account`
              : `${client.name} Discretionary Portfolio`,
        type: k === 0 ? 'ADVISORY' : k === 1 ? 'DISCRETIONARY' : 'EXECUTION_ONLY',
        state: client.state === 'Closed' ? 'CLOSED' : 'LIVE',
        taxWrapper: plan.wrapper,
        owners: plan.owners,
      });
      if (client.state === 'Pending') {
        // A new client: the first purchase is waiting to settle, so nothing is held yet.
        if (k === 0) {
          const sec = equities[int(0, equities.length - 1)]!;
          const track = newTrack(portfolio, sec, last);
          buy(track, last, unitsFor(sec, size, price(sec, last)));
          transactions.at(-1)!.state = 'PENDING';
        }
        return;
      }
      const tracks: Track[] = [];
      const incoming = first && plan.wrapper === 'GIA' ? spouseIn.get(c) : undefined;
      if (incoming) {
        // From the spouse: no gain, no loss; the shares keep the spouse's cost and acquisition date.
        const track = newTrack(portfolio, incoming.track.sec, incoming.index);
        track.firstDate = incoming.track.firstDate;
        track.splitDone = incoming.track.splitDone;
        row(track, incoming.index, {
          type: 'SPOUSE_IN',
          quantity: qty(track.sec, incoming.units),
          consideration: incoming.cost,
          originalAcquisitionDate: incoming.track.firstDate,
          counterpartyClient: incoming.from,
          counterpartyName: clients[incoming.from]!.name,
          source: 'MANUAL',
          notes: 'Transfer from spouse at no gain, no loss',
        });
        track.units = incoming.units;
        track.cost = incoming.cost;
        tracks.push(track);
      }
      const count = plan.wrapper === 'ISA' ? int(1, 3) : int(2, 6);
      for (const sec of pickSecurities(count, plan.wrapper)) {
        const latestStart =
          sec.n === takeover.targetN
            ? days.findIndex((d) => d >= takeover.lastPriceDate) - 60
            : Math.min(end, last) - 30;
        if (latestStart <= 0) continue;
        const start = int(0, Math.max(0, Math.min(latestStart, Math.floor(last * 0.8))));
        const track = newTrack(portfolio, sec, start);
        buy(track, start, unitsFor(sec, size * (0.5 + next()), price(sec, start)));
        tracks.push(track);
      }
      for (const track of tracks) history(track, Math.min(end, last), size);

      const main = tracks.find((t) => t.units > 0);
      if (first && plan.wrapper === 'GIA' && main && live) {
        const at = Math.min(main.lastIndex + int(5, 40), last);
        const child = childOf.get(c);
        const laterSpouse = spouseOf.get(c);
        if (child !== undefined) {
          // A gift to an adult child: a connected person, at market value; half claim holdover relief.
          corporateEvents(main, at);
          const units = whole(main, Math.max(1, Math.floor(main.units * (0.3 + next() * 0.5))));
          const p = price(main.sec, at);
          const marketValue = value(main.sec, units, p);
          const cost = takeCost(main, units);
          const gain = sum(2, marketValue, `-${cost}`);
          const claim = chance(0.5) && Number(gain) > 0;
          row(main, at, {
            type: 'GIFT_OUT',
            quantity: qty(main.sec, units),
            price: p,
            marketValue,
            counterpartyClient: child,
            counterpartyName: clients[child]!.name,
            holdoverReliefClaimed: claim ? gain : null,
            source: 'MANUAL',
            notes: claim ? 'Gift to a connected person; holdover relief claimed' : 'Gift to a connected person',
          });
        } else if (laterSpouse !== undefined) {
          corporateEvents(main, at);
          const units = whole(main, Math.max(1, Math.floor(main.units / 2)));
          const cost = takeCost(main, units);
          row(main, at, {
            type: 'SPOUSE_OUT',
            quantity: qty(main.sec, units),
            consideration: cost,
            counterpartyClient: laterSpouse,
            counterpartyName: clients[laterSpouse]!.name,
            source: 'MANUAL',
            notes: 'Transfer to spouse at no gain, no loss',
          });
          spouseIn.set(laterSpouse, { track: { ...main }, units, cost, index: at, from: c });
        }
      }
      if (client.state === 'Closed') {
        for (const track of tracks) if (track.units > 0) sell(track, Math.max(track.lastIndex, end), track.units);
      } else if (live) {
        for (const track of tracks) currentYear(track, plan.wrapper === 'GIA' ? 0.45 : 0.2);
        if (chance(0.03) && tracks[0]) {
          const t = tracks[0];
          buy(t, last, unitsFor(t.sec, 3_000, price(t.sec, last)), 'Awaiting settlement');
          transactions.at(-1)!.state = 'PENDING';
          t.units -= Number(transactions.at(-1)!.quantity.replace('.', ''));
        }
      }
      // Corporate actions reach every holder, trading or not.
      for (const track of tracks) corporateEvents(track, last);
      if (oversells && first && tracks[0]) {
        // More sold than the ledger ever bought: the record is incomplete (a transfer in never recorded).
        const t = tracks[0];
        const at = Math.min(Math.max(t.lastIndex + 1, yearIndex), last);
        sell(t, at, t.units + unitsFor(t.sec, 4_000, price(t.sec, at)), 'Sale exceeds the recorded holding');
      }
      first = false;
    });

    const year = taxYearOf(today);
    if (live && client.type === 'Individual' && chance(0.02)) {
      taxOverrides.push({
        client: c,
        taxYear: year,
        overrideType: 'ANNUAL_EXEMPTION',
        amount: '0.00',
        percentage: null,
        rollover: false,
        notes: 'Exemption used against gains reported elsewhere',
      });
    } else if (live && client.type === 'Trust' && chance(0.15)) {
      taxOverrides.push({
        client: c,
        taxYear: year,
        overrideType: 'ANNUAL_EXEMPTION',
        amount: '300.00',
        percentage: '20',
        rollover: false,
        notes: 'One of five or more settlements made by the same settlor',
      });
    }
    if (live && chance(0.04)) {
      taxOverrides.push({
        client: c,
        taxYear: year,
        overrideType: 'BROUGHT_FORWARD_LOSS',
        amount: `${int(500, 40_000)}.${String(int(0, 99)).padStart(2, '0')}`,
        percentage: null,
        rollover: true,
        notes: 'Losses brought forward from the last return',
      });
    }
  });
  return { portfolios, transactions, taxOverrides, oversold };
}

function dayBefore(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}
