/**
 * Tax-engine benchmark: generates ledgers (default 100,000 taxpayers x 100 transactions, a realistic mix
 * with same-day and 30-day cases) and computes them with the exact engine.
 *
 *   pnpm bench [--taxpayers N] [--transactions 100] [--workers W] [--sample S] [--trials 5]
 *
 * Prints (1) transactions per second on one core, measured on a sample on the main thread, and (2) the
 * wall time of the whole set computed by worker threads (one per core by default). No assertions.
 */
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { computeLedger } from '../../services/tax-engine/src/engine';
import { loadReferenceData } from '../../services/tax-engine/src/store/reference-data-files';
import { startTsWorker } from '../../services/tax-engine/src/workers/ts-worker';
import { generateLedger } from './tax-engine-ledgers';

interface Job {
  from: number;
  to: number;
  transactions: number;
  /**
   * Ledgers generated before any is computed: 1 computes each ledger straight after it is built, as the
   * service does with a ledger it has just read (its rows are in the CPU's cache); 1000 builds 1,000 first,
   * so most rows have left the cache by the time they are computed (a pessimistic figure).
   */
  batch: number;
}
interface JobResult {
  transactions: number;
  disposals: number;
  taxYears: number;
  failures: number;
  generateMs: number;
  computeMs: number;
  /** CPU time of the process while computing (user + system; on the main thread with no workers running, that thread's). */
  computeCpuMs: number;
}

/** Compute taxpayers [from, to), generating `batch` ledgers at a time so memory stays small. */
function runJob(job: Job): JobResult {
  const ref = loadReferenceData();
  const result: JobResult = {
    transactions: 0,
    disposals: 0,
    taxYears: 0,
    failures: 0,
    generateMs: 0,
    computeMs: 0,
    computeCpuMs: 0,
  };
  for (let start = job.from; start < job.to; start += job.batch) {
    const t0 = performance.now();
    const ledgers = [];
    for (let i = start; i < Math.min(job.to, start + job.batch); i++) ledgers.push(generateLedger(i, job.transactions));
    const cpu0 = process.cpuUsage();
    const t1 = performance.now();
    // The whole computation (rows parsed from the structured ledger, identification, pools, every disposal
    // with its matches and pool states, per-tax-year summaries); presenting it as text is not included.
    for (const l of ledgers) {
      const c = computeLedger(l, ref, { poolHistory: false });
      result.transactions += l.transactions.length;
      result.disposals += c.disposals.length;
      result.taxYears += c.taxYears.length;
      result.failures += c.failures.length;
    }
    result.computeMs += performance.now() - t1;
    const cpu = process.cpuUsage(cpu0);
    result.computeCpuMs += (cpu.user + cpu.system) / 1000;
    result.generateMs += t1 - t0;
  }
  return result;
}

/**
 * Long ledgers: a heavy trader's rows, one every day for years (5,000 rows: about 14 years), so pools live
 * through hundreds of part disposals and their exact costs grow to hundreds of bits. Printed per ledger and per
 * transaction (one core, median of `trials`), with the largest pool cost's denominator, so a cost that grows
 * with the square of the ledger's length shows.
 */
function longLedgers(taxpayers: number, transactions: number, trials: number, fmt: (n: number) => string): void {
  if (taxpayers <= 0) return;
  const ref = loadReferenceData();
  const ledgers = Array.from({ length: taxpayers }, (_, i) => generateLedger(500_000 + i, transactions, 1));
  for (const l of ledgers.slice(0, 3)) computeLedger(l, ref, { poolHistory: false });
  let bits = 0;
  const runs: number[] = [];
  for (let t = 0; t < trials; t++) {
    const t0 = performance.now();
    for (const l of ledgers) {
      const c = computeLedger(l, ref, { poolHistory: false });
      if (t === 0)
        for (const h of c.holdings) bits = Math.max(bits, (h.pool.cost.bd ?? BigInt(h.pool.cost.d)).toString(2).length);
    }
    runs.push(performance.now() - t0);
  }
  const ms = [...runs].sort((a, b) => a - b)[(runs.length - 1) >> 1];
  console.log(
    `long ledgers, single core, median of ${trials} (${runs.map((r) => fmt(r)).join(', ')} ms): ${fmt(taxpayers)} taxpayers x ${fmt(transactions)} transactions (one a day) ` +
      `in ${ms.toFixed(0)} ms = ${(ms / taxpayers).toFixed(1)} ms per ledger, ${fmt(((taxpayers * transactions) / ms) * 1000)} transactions/s; ` +
      `largest pool cost left over a denominator of ${bits} bits`,
  );
}

if (!isMainThread) {
  parentPort!.postMessage(runJob((workerData as { data: Job }).data));
} else {
  await main();
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      taxpayers: { type: 'string', default: '100000' },
      transactions: { type: 'string', default: '100' },
      workers: { type: 'string', default: String(availableParallelism()) },
      sample: { type: 'string', default: '10000' },
      trials: { type: 'string', default: '5' },
      'long-taxpayers': { type: 'string', default: '40' },
      'long-transactions': { type: 'string', default: '5000' },
    },
    allowPositionals: true,
  });
  const taxpayers = Number(values.taxpayers);
  const transactions = Number(values.transactions);
  const workers = Math.max(1, Number(values.workers));
  const sample = Math.min(taxpayers, Number(values.sample));
  const trials = Math.max(1, Number(values.trials));
  const fmt = (n: number) => Math.round(n).toLocaleString('en-GB');

  console.log(
    `tax-engine benchmark: ${fmt(taxpayers)} taxpayers x ${transactions} transactions, ${workers} worker(s), exact rational arithmetic`,
  );

  // 1. One core: warm up, then a sample on the main thread (no workers running yet), computed two ways: each
  //    ledger straight after it is built (warm: how the service computes a ledger it has just read), and
  //    1,000 built before any is computed (cold). Each `--trials` times, the median reported (this machine is
  //    shared, so single runs move). Wall-clock figures, and the same work per second of CPU time (what the
  //    thread got when other processes share the machine).
  runJob({ from: taxpayers, to: taxpayers + 3000, transactions, batch: 1 });
  runJob({ from: taxpayers + 3000, to: taxpayers + 6000, transactions, batch: 1000 });
  let perCoreWarm = 0;
  for (const [label, batch] of [
    ['warm (each ledger computed as soon as it is read)', 1],
    ['cold (1,000 ledgers read before any is computed)', 1000],
  ] as const) {
    const runs = Array.from({ length: trials }, () => runJob({ from: 0, to: sample, transactions, batch }));
    const each = runs.map((r) => fmt((r.transactions / r.computeMs) * 1000)).join(', ');
    const single = [...runs].sort((a, b) => a.computeMs - b.computeMs)[(runs.length - 1) >> 1];
    const perCore = (single.transactions / single.computeMs) * 1000;
    const perCpu = (single.transactions / single.computeCpuMs) * 1000;
    if (batch === 1) perCoreWarm = perCore;
    console.log(
      `single core, ${label}, median of ${trials} (${each}): ${fmt(single.transactions)} transactions (${fmt(single.disposals)} disposals, ${fmt(single.taxYears)} tax-year summaries) ` +
        `in ${single.computeMs.toFixed(0)} ms wall = ${fmt(perCore)} transactions/s/core; ${single.computeCpuMs.toFixed(0)} ms CPU = ${fmt(perCpu)} per CPU-second` +
        ` (generation excluded: ${single.generateMs.toFixed(0)} ms)`,
    );
  }
  console.log(
    `target 1,000,000 transactions/s/core (warm, wall clock, median) -> ${perCoreWarm >= 1_000_000 ? 'met' : 'NOT met'}; load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores`,
  );
  longLedgers(Number(values['long-taxpayers']), Number(values['long-transactions']), trials, fmt);

  // 2. The whole set on worker threads (tsx registered in each worker).
  const t0 = performance.now();
  const per = Math.ceil(taxpayers / workers);
  const results = await Promise.all(
    Array.from({ length: workers }, (_, w) => {
      const job: Job = { from: w * per, to: Math.min(taxpayers, (w + 1) * per), transactions, batch: 1 };
      return new Promise<JobResult>((resolve, reject) => {
        // Workers run this file too (tsx registered in each).
        const worker = startTsWorker(import.meta.url, job);
        worker.once('message', resolve);
        worker.once('error', reject);
      });
    }),
  );
  const wallMs = performance.now() - t0;
  const total = results.reduce(
    (a, r) => ({
      transactions: a.transactions + r.transactions,
      disposals: a.disposals + r.disposals,
      taxYears: a.taxYears + r.taxYears,
      failures: a.failures + r.failures,
      generateMs: a.generateMs + r.generateMs,
      computeMs: a.computeMs + r.computeMs,
      computeCpuMs: 0,
    }),
    { transactions: 0, disposals: 0, taxYears: 0, failures: 0, generateMs: 0, computeMs: 0, computeCpuMs: 0 },
  );
  const computeWallMs = Math.max(...results.map((r) => r.computeMs));
  console.log(
    `all taxpayers: ${fmt(total.transactions)} transactions, ${fmt(total.disposals)} disposals, ${fmt(total.taxYears)} tax-year summaries, ${fmt(total.failures)} failures; ` +
      `wall time ${(wallMs / 1000).toFixed(1)} s with ${workers} worker thread(s), of which ledger generation ${(total.generateMs / 1000 / workers).toFixed(1)} s per worker ` +
      `and computation ${(computeWallMs / 1000).toFixed(1)} s (slowest worker); ` +
      `compute ${fmt((total.transactions / total.computeMs) * 1000)} transactions/s per worker, ${fmt(total.transactions / (wallMs / 1000))} transactions/s overall including generation; ` +
      `load average ${loadavg()[0].toFixed(1)}`,
  );
}
