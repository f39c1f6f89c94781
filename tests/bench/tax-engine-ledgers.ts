import type { Ledger, LedgerTransaction } from '../../services/tax-engine/src/engine';
import { formatDay } from '../../services/tax-engine/src/engine/dates';
import { formatLedgerCsv } from '../../services/tax-engine/src/engine/ledger-csv';

/**
 * Deterministic synthetic ledgers for the tax-engine benchmark: a realistic mix per taxpayer over a few
 * securities and several tax years: buys and sells at 2-4 decimal prices with expenses, same-day
 * buys and sells, bed-and-breakfast repurchases within 30 days, transfers in, splits, capital returns,
 * notional income and gifts. Seeded, so every run measures the same work.
 */

function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}

const SECURITIES = ['VOD', 'BP', 'HSBA', 'GSK', 'AZN', 'ULVR', 'LLOY', 'BARC', 'RIO', 'SHEL', 'VWRL', 'ISF'];

/** A fresh "YYYY-MM-DD" string each time, as a database driver would give. */
const iso = formatDay;

/**
 * One taxpayer's ledger of `transactions` rows, a new trading day every 1 to `gapDays` days (about 11 days
 * apart on average by default, so 100 rows span some three years; `gapDays` 1 makes a dense ledger, a row
 * every day).
 */
export function generateLedger(taxpayer: number, transactions = 100, gapDays = 20): Ledger {
  const rand = rng(taxpayer * 2654435761 + 12345);
  const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)];
  const n = 3 + Math.floor(rand() * 4);
  const securities = Array.from({ length: n }, (_, i) => SECURITIES[(taxpayer + i * 5) % SECURITIES.length]);
  const held = new Map<string, number>(securities.map((s) => [s, 0]));
  const pendingUntil = new Map<string, number>();
  const price = new Map<string, number>(securities.map((s) => [s, 100 + Math.floor(rand() * 900)]));
  const txs: LedgerTransaction[] = [];
  let day = Date.UTC(2016, 3, 6) / 86_400_000 + Math.floor(rand() * 365);
  const p = (s: string) => {
    const pence = Math.max(5, price.get(s)! + Math.floor((rand() - 0.48) * 40));
    price.set(s, pence);
    const extra = Math.floor(rand() * 100);
    return `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}${rand() < 0.3 ? String(extra).padStart(2, '0') : ''}`;
  };
  const exp = () => `${5 + Math.floor(rand() * 15)}.${String(Math.floor(rand() * 100)).padStart(2, '0')}`;
  const push = (t: LedgerTransaction) => {
    if (txs.length < transactions) txs.push(t);
  };
  /** A buy or sell in the GIA on `onDay` at the security's next price, with expenses. */
  const trade = (onDay: number, type: 'BUY' | 'SELL', s: string, q: number) =>
    push({ date: iso(onDay), type, security: s, quantity: String(q), price: p(s), expenses: exp(), portfolio: 'GIA' });
  while (txs.length < transactions) {
    day += 1 + Math.floor(rand() * gapDays);
    const s = pick(securities);
    const h = held.get(s)!;
    const r = rand();
    const settled = (pendingUntil.get(s) ?? 0) < day;
    if (h < 50 || r < 0.42 || (!settled && r >= 0.8)) {
      const q = 10 * (1 + Math.floor(rand() * 200));
      // A fifth of first buys go to a joint portfolio owned 50%: the taxpayer holds half of those shares.
      const joint = rand() < 0.2;
      push({
        date: iso(day),
        type: 'BUY',
        security: s,
        quantity: String(q),
        price: p(s),
        expenses: exp(),
        portfolio: joint ? 'JOINT' : 'GIA',
      });
      held.set(s, h + (joint ? q / 2 : q));
      if (rand() < 0.15) {
        // same-day second buy
        const q2 = 5 * (1 + Math.floor(rand() * 40));
        trade(day, 'BUY', s, q2);
        held.set(s, held.get(s)! + q2);
      }
    } else if (r < 0.8) {
      const q = Math.max(1, Math.floor(h * (0.1 + rand() * 0.5)));
      trade(day, 'SELL', s, q);
      held.set(s, h - q);
      const c = rand();
      if (c < 0.2) {
        // same-day buy back
        const q2 = Math.max(1, Math.floor(q * rand()));
        trade(day, 'BUY', s, q2);
        held.set(s, held.get(s)! + q2);
      } else if (c < 0.45) {
        // bed and breakfast: repurchase within 30 days
        const q2 = Math.max(1, Math.floor(q * (0.5 + rand())));
        const later = day + 1 + Math.floor(rand() * 29);
        pendingUntil.set(s, later);
        trade(later, 'BUY', s, q2);
        held.set(s, held.get(s)! + q2);
      }
    } else if (r < 0.86) {
      push({
        date: iso(day),
        type: 'CAPITAL_RETURN',
        security: s,
        amount: `${1 + Math.floor(rand() * 200)}.${String(Math.floor(rand() * 100)).padStart(2, '0')}`,
        portfolio: 'GIA',
      });
    } else if (r < 0.92) {
      push({
        date: iso(day),
        type: 'NOTIONAL_INCOME',
        security: s,
        amount: `${1 + Math.floor(rand() * 50)}.${String(Math.floor(rand() * 100)).padStart(2, '0')}`,
        portfolio: 'GIA',
      });
    } else if (r < 0.95) {
      const q = 10 * (1 + Math.floor(rand() * 50));
      push({
        date: iso(day),
        type: 'TRANSFER_IN',
        security: s,
        quantity: String(q),
        amount: String(q * (1 + Math.floor(rand() * 5))),
        acquired: iso(day - 400 - Math.floor(rand() * 300)),
        portfolio: 'GIA',
      });
      held.set(s, h + q);
    } else if (r < 0.97) {
      push({ date: iso(day), type: 'SPLIT', security: s, quantity: '2' });
      held.set(s, h * 2);
    } else {
      const q = Math.max(1, Math.floor(h * 0.1));
      push({
        date: iso(day),
        type: 'GIFT_OUT',
        security: s,
        quantity: String(q),
        price: p(s),
        portfolio: 'GIA',
        counterparty: 'daughter',
        connected: true,
      });
      held.set(s, h - q);
    }
  }
  // Rows arrive in no particular order.
  for (let i = txs.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [txs[i], txs[j]] = [txs[j], txs[i]];
  }
  return {
    taxpayer: { kind: taxpayer % 10 === 9 ? 'trust' : 'individual' },
    transactions: txs,
    portfolios: { JOINT: { ownershipPercent: '50' } },
  };
}

/**
 * A generated ledger as the CSV a user uploads (`pnpm cgt`, the Calculations page), the joint portfolio's 50% as
 * its `ownership`. Used by the compute-service bench and the calculations load journey.
 */
export function generateLedgerCsv(taxpayer: number, transactions = 100): string {
  return formatLedgerCsv(generateLedger(taxpayer, transactions));
}
