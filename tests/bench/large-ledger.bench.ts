/**
 * Large ledgers: one taxpayer's ledger of many securities over some fifteen years (a trust's or an active trader's
 * book), built from the bench's generated ledgers (each a few securities, renamed so no two share one), computed
 * as one ledger with the exact engine (`computeLedger`, pool history off).
 *
 *   pnpm bench large-ledger [--sizes 10000,100000,1000000] [--rows-per-ledger 2000] [--gap-days 5]
 *                           [--small-ledgers 10000]
 *
 * Prints, per size, the time to compute it (ledger generation excluded; the median of 7 runs at 10,000 rows, of 3
 * at 100,000), the disposals and tax years, and the
 * growth from the size before (10x the rows should take at most 12x the time), each by the wall clock and in CPU
 * time; then the one-core rate on the engine bench's 100-transaction ledgers (compare engines with
 * `tax-engine-ab.ts`). No assertions.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { computeLedger, type Ledger, type LedgerTransaction } from '../../services/tax-engine/src/engine';
import { loadReferenceData } from '../../services/tax-engine/src/store/reference-data-files';
import { generateLedger } from './tax-engine-ledgers';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000,1000000' },
    'rows-per-ledger': { type: 'string', default: '2000' },
    'gap-days': { type: 'string', default: '5' },
    'small-ledgers': { type: 'string', default: '10000' },
  },
  allowPositionals: true,
});
const sizes = values.sizes.split(',').map(Number);
const rowsPerLedger = Number(values['rows-per-ledger']);
const gapDays = Number(values['gap-days']);

/**
 * A ledger of `rows` transactions: generated ledgers of `rowsPerLedger` rows (a row every 1 to `gapDays` days, so
 * 2,000 rows span about 16 years), their securities suffixed with the ledger's number, concatenated. 100,000 rows
 * hold some 225 securities.
 */
function largeLedger(rows: number): Ledger {
  const transactions: LedgerTransaction[] = [];
  for (let t = 0; transactions.length < rows; t++) {
    const part = generateLedger(t, Math.min(rowsPerLedger, rows - transactions.length), gapDays);
    for (const tx of part.transactions) transactions.push({ ...tx, security: `${tx.security}-${t}` });
  }
  return {
    taxpayer: { kind: 'individual' },
    transactions,
    portfolios: { JOINT: { ownershipPercent: '50' } },
  };
}

const ref = loadReferenceData();
const fmt = (n: number) => Math.round(n).toLocaleString('en-GB');

/** Wall and CPU milliseconds (CPU: the process's user + system time, so GC helper threads count too). */
function timed<T>(f: () => T): { value: T; ms: number; cpuMs: number } {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const value = f();
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { value, ms, cpuMs: (cpu.user + cpu.system) / 1000 };
}

/** The engine bench's 100-transaction ledgers computed one after another on this thread: transactions per second. */
function smallLedgerRate(count: number): { wall: number; cpu: number } {
  const ledgers = Array.from({ length: count }, (_, i) => generateLedger(i));
  const rows = ledgers.reduce((n, l) => n + l.transactions.length, 0);
  const t = timed(() => {
    for (const l of ledgers) computeLedger(l, ref, { poolHistory: false });
  });
  return { wall: (rows / t.ms) * 1000, cpu: (rows / t.cpuMs) * 1000 };
}

// Warm-up: the engine compiled on small and mid-sized ledgers before anything is timed.
smallLedgerRate(2000);
computeLedger(largeLedger(10_000), ref, { poolHistory: false });

console.log(`large ledgers, one taxpayer each (load average ${loadavg()[0].toFixed(2)})`);
let previous: { rows: number; ms: number; cpuMs: number } | null = null;
for (const rows of sizes) {
  const ledger = largeLedger(rows);
  const securities = new Set(ledger.transactions.map((t) => t.security)).size;
  // The median of several runs below 1,000,000 rows (a short run's time moves with a single GC).
  const runs = rows >= 1_000_000 ? 1 : rows >= 100_000 ? 3 : 7;
  const trials = [];
  let heap = 0;
  for (let r = 0; r < runs; r++) {
    const heap0 = process.memoryUsage().heapUsed;
    trials.push(timed(() => computeLedger(ledger, ref, { poolHistory: false })));
    heap = process.memoryUsage().heapUsed - heap0;
  }
  trials.sort((a, b) => a.ms - b.ms);
  const { value: c, ms, cpuMs } = trials[Math.floor(runs / 2)];
  const growth = previous
    ? `; ${(rows / previous.rows).toFixed(0)}x the rows: ${(ms / previous.ms).toFixed(2)}x the time ` +
      `(${(cpuMs / previous.cpuMs).toFixed(2)}x the CPU time)`
    : '';
  console.log(
    `  ${fmt(rows)} transactions (${securities} securities, ${fmt(c.disposals.length)} disposals, ` +
      `${c.taxYears.length} tax years): ${(ms / 1000).toFixed(2)} s (CPU ${(cpuMs / 1000).toFixed(2)} s; ` +
      `median of ${runs}), ` +
      `heap +${fmt(heap / 1e6)} MB${growth}`,
  );
  if (rows === 1_000_000) {
    console.log(`  target: a 1,000,000-transaction ledger in under 5 s: ${ms < 5000 ? 'met' : 'not met'}`);
  }
  previous = { rows, ms, cpuMs };
}
const small = smallLedgerRate(Number(values['small-ledgers']));
console.log(
  `  one core, the engine bench's 100-transaction ledgers (${values['small-ledgers']}): ` +
    `${fmt(small.wall)} transactions/s (per CPU-second ${fmt(small.cpu)}); ` +
    `load average ${loadavg()[0].toFixed(2)}`,
);
