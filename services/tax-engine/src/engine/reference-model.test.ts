import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Disposal } from './computation';
import type { Ledger, LedgerTransaction } from './ledger';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { referenceData } from './test-support';
import { computeLedger } from './compute-ledger';

/**
 * The engine against an independent reference model, on random ledgers of buys, sells and share splits
 * over several securities and portfolios (one of them joint, owned 50%), for an individual and for a company.
 *
 * The model is written from the rules, not from the engine: naive BigInt fractions reduced with a plain
 * Euclid after every step (none of the engine's fast paths, lazy reduction or safe-integer forms), every
 * quantity held in "base units" (shares divided by the product of the split ratios so far), and the three
 * identification steps done literally: same day for every day, then each disposal in date order against
 * the acquisitions of the 30 days after it (a company: of the nine days before it, s107(3), CG51615),
 * earliest first, then one chronological pass over the Section 104 pool. A company's pool is indexed at
 * each operative event by the RPI rise since the last (months capped at December 2017, the factor rounded
 * half up to three places, nil for a fall), and indexation allowance never creates or increases a loss.
 * Year totals follow s2(2) and s1K: current losses in full, brought-forward losses only down to the
 * annual exempt amount (the amounts typed in here from HMRC's published figures; a company has none and
 * sets brought-forward losses against its net gains in full).
 *
 * Each disposal's proceeds, allowable cost, gain and matched quantities by rule, each year's totals and
 * each pool left must agree exactly (as reduced fractions).
 */

// ---- the model's arithmetic: BigInt fractions, always reduced ----

interface Frac {
  n: bigint;
  d: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  if (a < 0n) a = -a;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

function frac(n: bigint, d = 1n): Frac {
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
}

const ZERO = frac(0n);
const add = (a: Frac, b: Frac) => frac(a.n * b.d + b.n * a.d, a.d * b.d);
const sub = (a: Frac, b: Frac) => frac(a.n * b.d - b.n * a.d, a.d * b.d);
const mul = (a: Frac, b: Frac) => frac(a.n * b.n, a.d * b.d);
const div = (a: Frac, b: Frac) => frac(a.n * b.d, a.d * b.n);
const cmp = (a: Frac, b: Frac) => {
  const x = a.n * b.d - b.n * a.d;
  return x < 0n ? -1 : x > 0n ? 1 : 0;
};
const min = (a: Frac, b: Frac) => (cmp(a, b) <= 0 ? a : b);
const max = (a: Frac, b: Frac) => (cmp(a, b) >= 0 ? a : b);
const text = (a: Frac) => (a.d === 1n ? String(a.n) : `${a.n}/${a.d}`);

/** "12.3456" -> 123456/10000; "3:2" -> 3/2. */
function dec(s: string): Frac {
  if (s.includes(':')) {
    const [a, b] = s.split(':');
    return div(dec(a), dec(b));
  }
  const [int, fr = ''] = s.split('.');
  return frac(BigInt(int + fr), 10n ** BigInt(fr.length));
}

// ---- the model ----

/** Individuals' annual exempt amounts by the tax year's first calendar year (HMRC's published figures). */
const AEA: Record<number, number> = {
  2008: 9600,
  2009: 10100,
  2010: 10100,
  2011: 10600,
  2012: 10600,
  2013: 10900,
  2014: 11000,
  2015: 11100,
  2016: 11100,
  2017: 11300,
  2018: 11700,
  2019: 12000,
  2020: 12300,
  2021: 12300,
  2022: 12300,
  2023: 6000,
};
const aeaFor = (year: number) => frac(BigInt(AEA[year] ?? 3000));

/** RPI by month ("1987-01" -> 100.0), read from the published series. */
const RPI = new Map(
  readFileSync(fileURLToPath(new URL('../../reference-data/rpi-monthly.csv', import.meta.url)), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(','))
    .map(([month, value]) => [month, dec(value)] as const),
);

/** The indexation factor between two months: (RE - RL) / RL rounded half up to three places; nil for a fall. */
function indexationFactor(from: string, to: string): Frac {
  const rl = RPI.get(from)!;
  const re = RPI.get(to)!;
  const rise = div(sub(re, rl), rl);
  if (cmp(rise, ZERO) <= 0) return ZERO;
  return frac((rise.n * 2000n + rise.d) / (2n * rise.d), 1000n);
}
const indexationMonth = (date: string) => (date.slice(0, 7) > '2017-12' ? '2017-12' : date.slice(0, 7));

/** The tax year a date falls in, by its first calendar year (6 April to 5 April). */
function taxYear(date: string): number {
  const y = Number(date.slice(0, 4));
  return date.slice(5) >= '04-06' ? y : y - 1;
}

interface ModelDisposal {
  date: string;
  security: string;
  quantity: Frac;
  proceeds: Frac;
  allowableCost: Frac;
  indexationAllowance: Frac;
  gain: Frac;
  /** Shares matched by rule, in the disposal's own units. */
  byRule: Record<string, Frac>;
}

interface Model {
  disposals: ModelDisposal[];
  years: Map<number, { gains: Frac; losses: Frac; taxableGain: Frac; used: Frac; carried: Frac }>;
  pools: Map<string, { quantity: Frac; cost: Frac }>;
}

function model(ledger: Ledger): Model {
  const company = ledger.taxpayer.kind === 'company';
  const share = (portfolio: string | undefined) =>
    portfolio && ledger.portfolios?.[portfolio]?.ownershipPercent
      ? div(dec(ledger.portfolios[portfolio].ownershipPercent!), frac(100n))
      : frac(1n);
  const disposals: ModelDisposal[] = [];
  const pools = new Map<string, { quantity: Frac; cost: Frac }>();
  const securities = [...new Set(ledger.transactions.map((t) => t.security))].sort();

  for (const security of securities) {
    const rows = ledger.transactions.filter((t) => t.security === security);
    // A split applies once on its day, before that day's trades.
    const splits = new Map<string, Frac>();
    for (const t of rows) if (t.type === 'SPLIT') splits.set(t.date, dec(t.quantity!));
    const multiplier = (date: string) =>
      [...splits].filter(([d]) => d <= date).reduce((m, [, r]) => mul(m, r), frac(1n));

    interface Day {
      date: string;
      base: Frac;
      money: Frac;
      expenses: Frac;
      left: Frac;
    }
    const acquisitions = new Map<string, Day>();
    const sales = new Map<string, Day>();
    for (const t of rows) {
      if (t.type !== 'BUY' && t.type !== 'SELL') continue;
      const s = share(t.portfolio);
      const q = mul(dec(t.quantity!), s);
      const money = mul(mul(dec(t.quantity!), dec(t.price!)), s);
      const expenses = mul(t.expenses ? dec(t.expenses) : ZERO, s);
      const days = t.type === 'BUY' ? acquisitions : sales;
      const day = days.get(t.date) ?? { date: t.date, base: ZERO, money: ZERO, expenses: ZERO, left: ZERO };
      day.base = add(day.base, div(q, multiplier(t.date)));
      day.money = add(day.money, money);
      day.expenses = add(day.expenses, expenses);
      day.left = day.base;
      days.set(t.date, day);
    }
    const matches = new Map<string, { rule: string; acquisition: Day; base: Frac }[]>();
    const take = (sale: Day, acquisition: Day, rule: string) => {
      const base = min(sale.left, acquisition.left);
      if (cmp(base, ZERO) <= 0) return;
      sale.left = sub(sale.left, base);
      acquisition.left = sub(acquisition.left, base);
      matches.set(sale.date, [...(matches.get(sale.date) ?? []), { rule, acquisition, base }]);
    };
    const saleDays = [...sales.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
    const acquisitionDays = [...acquisitions.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
    // 1. Same day.
    for (const sale of saleDays) {
      const a = acquisitions.get(sale.date);
      if (a) take(sale, a, 'same-day');
    }
    // 2. The 30 days after (a company: the nine days before), earliest first; earlier disposals first.
    const dayNumber = (date: string) => Date.parse(date + 'T00:00:00Z') / 86_400_000;
    for (const sale of saleDays) {
      for (const a of acquisitionDays) {
        const gap = dayNumber(a.date) - dayNumber(sale.date);
        if (!company && gap >= 1 && gap <= 30) take(sale, a, 'thirty-day');
        if (company && gap >= -9 && gap <= -1) take(sale, a, 'ten-day');
      }
    }
    // 3. The pool, in date order: a day's acquisitions join before its disposal draws on the pool.
    let poolBase = ZERO;
    let poolCost = ZERO;
    let poolIndexed = ZERO;
    let indexedTo: string | null = null;
    /** Companies: an operative event on `date` (shares join or leave the pool) first indexes the pool to it. */
    const operativeEvent = (date: string) => {
      if (!company) return;
      const month = indexationMonth(date);
      if (indexedTo !== null && month > indexedTo && cmp(poolIndexed, ZERO) !== 0) {
        poolIndexed = add(poolIndexed, mul(poolIndexed, indexationFactor(indexedTo, month)));
      }
      indexedTo = month;
    };
    const dates = [...new Set([...acquisitions.keys(), ...sales.keys()])].sort();
    for (const date of dates) {
      const a = acquisitions.get(date);
      if (a && cmp(a.left, ZERO) > 0) {
        operativeEvent(date);
        const cost = mul(add(a.money, a.expenses), div(a.left, a.base));
        poolBase = add(poolBase, a.left);
        poolCost = add(poolCost, cost);
        poolIndexed = add(poolIndexed, cost);
      }
      const sale = sales.get(date);
      if (!sale) continue;
      const m = multiplier(date);
      const byRule: Record<string, Frac> = {};
      let cost = ZERO;
      for (const x of matches.get(date) ?? []) {
        cost = add(cost, mul(add(x.acquisition.money, x.acquisition.expenses), div(x.base, x.acquisition.base)));
        byRule[x.rule] = add(byRule[x.rule] ?? ZERO, mul(x.base, m));
      }
      let indexation = ZERO;
      if (cmp(sale.left, ZERO) > 0) {
        operativeEvent(date);
        const taken = mul(poolCost, div(sale.left, poolBase));
        const indexedTaken = mul(poolIndexed, div(sale.left, poolBase));
        indexation = sub(indexedTaken, taken);
        cost = add(cost, taken);
        poolCost = sub(poolCost, taken);
        poolIndexed = sub(poolIndexed, indexedTaken);
        poolBase = sub(poolBase, sale.left);
        byRule['section-104'] = mul(sale.left, m);
      }
      const allowableCost = add(cost, sale.expenses);
      const unindexed = sub(sale.money, allowableCost);
      // Indexation allowance never creates or increases a loss.
      const allowance = cmp(unindexed, ZERO) > 0 && cmp(indexation, ZERO) > 0 ? min(indexation, unindexed) : ZERO;
      disposals.push({
        date,
        security,
        quantity: mul(sale.base, m),
        proceeds: sale.money,
        allowableCost,
        indexationAllowance: allowance,
        gain: sub(unindexed, allowance),
        byRule,
      });
    }
    const lastMultiplier = multiplier('9999-12-31');
    if (cmp(poolBase, ZERO) !== 0 || cmp(poolCost, ZERO) !== 0) {
      pools.set(security, { quantity: mul(poolBase, lastMultiplier), cost: poolCost });
    }
  }

  disposals.sort((a, b) => (a.date !== b.date ? (a.date < b.date ? -1 : 1) : a.security < b.security ? -1 : 1));
  const years = new Map<number, { gains: Frac; losses: Frac; taxableGain: Frac; used: Frac; carried: Frac }>();
  if (disposals.length > 0) {
    let broughtForward = ZERO;
    for (let y = taxYear(disposals[0].date); y <= taxYear(disposals[disposals.length - 1].date); y++) {
      let gains = ZERO;
      let losses = ZERO;
      for (const d of disposals.filter((x) => taxYear(x.date) === y)) {
        if (cmp(d.gain, ZERO) > 0) gains = add(gains, d.gain);
        else losses = sub(losses, d.gain);
      }
      const net = sub(gains, losses);
      const above = sub(net, company ? ZERO : aeaFor(y));
      const used = cmp(above, ZERO) > 0 ? min(broughtForward, above) : ZERO;
      const taxableGain = max(ZERO, sub(above, used));
      const carried = add(sub(broughtForward, used), cmp(net, ZERO) < 0 ? sub(ZERO, net) : ZERO);
      years.set(y, { gains, losses, taxableGain, used, carried });
      broughtForward = carried;
    }
  }
  return { disposals, years, pools };
}

// ---- random ledgers ----

const ISO = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
/** First days of the random ledgers: individuals from 6 April 2008 (earlier rules are not supported), companies from 2003. */
const FIRST_DAY = { individual: Date.UTC(2008, 3, 6) / 86_400_000, company: Date.UTC(2003, 0, 1) / 86_400_000 };

/** A ledger that never sells more than a portfolio holds, with trades bunched so same-day and 30-day cases are common. */
const ledgerArb = (kind: 'individual' | 'company') =>
  fc
    .record({
      start: fc.integer({ min: 0, max: 5500 }),
      seed: fc.array(
        fc.record({
          gap: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 20, max: 120 })),
          security: fc.constantFrom('AAA', 'BBB', 'CCC'),
          portfolio: fc.constantFrom('GIA', 'ISA', 'JOINT'),
          action: fc.integer({ min: 0, max: 99 }),
          quantity: fc.integer({ min: 1, max: 3000 }),
          fraction: fc.double({ min: 0.05, max: 1, noNaN: true }),
          pence: fc.integer({ min: 1, max: 250_000 }),
          extra: fc.integer({ min: 0, max: 99 }),
          expenses: fc.option(fc.integer({ min: 0, max: 5000 }), { nil: undefined }),
          ratio: fc.constantFrom('2', '3:2', '1:10', '5', '1:3'),
        }),
        { minLength: 5, maxLength: 70, size: 'max' },
      ),
      order: fc.array(fc.nat(), { minLength: 70, maxLength: 70 }),
    })
    .map(({ start, seed, order }) => {
      const held = new Map<string, number>();
      const rows: LedgerTransaction[] = [];
      let day = FIRST_DAY[kind] + start;
      for (const s of seed) {
        day += s.gap;
        const date = ISO(day);
        const price = `${Math.floor(s.pence / 100)}.${String(s.pence % 100).padStart(2, '0')}${s.extra % 3 === 0 ? String(s.extra).padStart(2, '0') : ''}`;
        const expenses =
          s.expenses === undefined
            ? undefined
            : `${Math.floor(s.expenses / 100)}.${String(s.expenses % 100).padStart(2, '0')}`;
        const key = `${s.security}|${s.portfolio}`;
        const have = held.get(key) ?? 0;
        if (s.action < 5) {
          // A split changes every portfolio's holding of the security, before that day's trades: so only on a
          // day with no rows of the security yet (the holdings tracked here are then right).
          if (rows.some((r) => r.security === s.security && r.date === date)) continue;
          rows.push({ date, type: 'SPLIT', security: s.security, quantity: s.ratio });
          const [a, b = '1'] = s.ratio.split(':');
          for (const [k, v] of held) if (k.startsWith(s.security + '|')) held.set(k, (v * Number(a)) / Number(b));
        } else if (s.action < 55 || have < 1) {
          rows.push({
            date,
            type: 'BUY',
            security: s.security,
            portfolio: s.portfolio,
            quantity: String(s.quantity),
            price,
            expenses,
          });
          held.set(key, have + s.quantity);
        } else {
          const q = Math.max(1, Math.floor(have * s.fraction));
          rows.push({
            date,
            type: 'SELL',
            security: s.security,
            portfolio: s.portfolio,
            quantity: String(q),
            price,
            expenses,
          });
          held.set(key, have - q);
        }
      }
      // Rows arrive in any order.
      const shuffled = rows.map((r, i) => ({ r, k: order[i % order.length] * 100 + i })).sort((a, b) => a.k - b.k);
      return shuffled.map((x) => x.r);
    });

const q = (r: { toFraction(): string }) => r.toFraction();

/** The engine's matched shares summed by rule, as reduced fractions. */
function byRule(d: Disposal): Record<string, string> {
  const out: Record<string, Frac> = {};
  for (const m of d.matches) {
    const [n, den = '1'] = m.quantity.toFraction().split('/');
    out[m.rule] = add(out[m.rule] ?? ZERO, frac(BigInt(n), BigInt(den)));
  }
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, text(v)]));
}

describe.each(['individual', 'company'] as const)(
  'the engine against an independent reference model: %s (fast-check)',
  (kind) => {
    it('when random ledgers of buys, sells and splits are computed, then every disposal, year and pool matches the model exactly', () => {
      let disposalsChecked = 0;
      fc.assert(
        fc.property(ledgerArb(kind), (transactions) => {
          const ledger: Ledger = {
            taxpayer: { kind },
            transactions,
            portfolios: { JOINT: { ownershipPercent: '50' } },
          };
          const c = computeLedger(ledger, referenceData);
          const m = model(ledger);
          expect(c.failures).toEqual([]);

          expect(c.disposals.map((d) => `${d.date} ${d.security}`)).toEqual(
            m.disposals.map((d) => `${d.date} ${d.security}`),
          );
          c.disposals.forEach((d, i) => {
            const e = m.disposals[i];
            expect({
              quantity: q(d.quantity),
              proceeds: q(d.proceeds),
              allowableCost: q(d.allowableCost),
              indexationAllowance: q(d.indexationAllowance),
              gain: q(d.gain),
              byRule: byRule(d),
            }).toEqual({
              quantity: text(e.quantity),
              proceeds: text(e.proceeds),
              allowableCost: text(e.allowableCost),
              indexationAllowance: text(e.indexationAllowance),
              gain: text(e.gain),
              byRule: Object.fromEntries(Object.entries(e.byRule).map(([k, v]) => [k, text(v)])),
            });
            disposalsChecked++;
          });

          expect(c.taxYears.map((y) => y.taxYear)).toEqual(
            [...m.years.keys()].map((y) => `${y}-${String((y + 1) % 100).padStart(2, '0')}`),
          );
          for (const y of c.taxYears) {
            const e = m.years.get(Number(y.taxYear.slice(0, 4)))!;
            expect({
              gains: q(y.gains),
              losses: q(y.losses),
              lossesBroughtForwardUsed: q(y.lossesBroughtForwardUsed),
              lossesCarriedForward: q(y.lossesCarriedForward),
              taxableGain: q(y.taxableGain),
            }).toEqual({
              gains: text(e.gains),
              losses: text(e.losses),
              lossesBroughtForwardUsed: text(e.used),
              lossesCarriedForward: text(e.carried),
              taxableGain: text(e.taxableGain),
            });
          }

          const pools = Object.fromEntries(
            c.holdings
              .filter((h) => !h.pool.quantity.isZero() || !h.pool.cost.isZero())
              .map((h) => [h.security, { quantity: q(h.pool.quantity), cost: q(h.pool.cost) }]),
          );
          expect(pools).toEqual(
            Object.fromEntries([...m.pools].map(([s, p]) => [s, { quantity: text(p.quantity), cost: text(p.cost) }])),
          );
        }),
        { numRuns: 300 },
      );
      // The random ledgers really exercise disposals (not just empty years).
      expect(disposalsChecked).toBeGreaterThan(1000);
    });
  },
);
