/**
 * The tax-engine service's compute path: ledger files (CSV text, as the API receives them) computed by the
 * service's compute pool on worker threads, each parsed, computed and presented as the API answers it, the
 * answer copied back to the calling thread. What the engine bench leaves out (CSV parsing, presentation,
 * the hop to a worker and back) is in here.
 *
 *   pnpm bench compute-service [--files 5000] [--transactions 100] [--workers 1,2]
 *
 * Prints, per pool size: files and ledger transactions per second, the engine's own time per file inside
 * the worker, and what the hop and the queue add. No assertions.
 */
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { ComputedLedgerFile } from '../../services/tax-engine/src/domain/compute-ledger-file';
import type { LedgerFile } from '../../services/tax-engine/src/engine';
import { ComputePool } from '../../services/tax-engine/src/workers/compute-pool';
import { generateLedgerCsv } from './tax-engine-ledgers';

const { values } = parseArgs({
  options: {
    files: { type: 'string', default: '5000' },
    transactions: { type: 'string', default: '100' },
    workers: { type: 'string', default: `1,${Math.max(1, availableParallelism())}` },
  },
  strict: false,
});
const files = Number(values.files);
const transactions = Number(values.transactions);
const sizes = [...new Set(String(values.workers).split(',').map(Number))].filter((n) => n >= 1);
const fmt = (n: number) => Math.round(n).toLocaleString('en-GB');

const csvs = Array.from({ length: files }, (_, i) => generateLedgerCsv(i, transactions));
const bytes = csvs.reduce((n, c) => n + c.length, 0);
console.log(
  `compute-service benchmark: ${fmt(files)} ledger files x ${transactions} transactions (${(bytes / files / 1024).toFixed(1)} KB each), ` +
    `pools of ${sizes.join(' and ')} worker(s) on ${availableParallelism()} cores`,
);

for (const size of sizes) {
  const pool = new ComputePool<LedgerFile, ComputedLedgerFile>({
    size,
    maxQueued: files,
    timeoutMs: 60_000,
    moduleUrl: new URL('../../services/tax-engine/src/workers/ledger-worker.ts', import.meta.url).href,
  });
  // The first page of disposals, as the service asks (a 100-row file's all fit).
  const run = (csv: string) =>
    pool.run({ ledgerCsv: csv, taxpayer: { kind: 'individual' }, disposalsPage: { page: 1, pageSize: 500 } });
  // Warm-up: start the workers and let their code optimise.
  await Promise.all(csvs.slice(0, 300 * size).map(run));

  const t0 = performance.now();
  // As the service does: each answer (JSON text written in the worker) passed on unread.
  const answers = await Promise.all(
    csvs.map(async (csv) => {
      const { value, ms } = await run(csv);
      return { value, ms, bytes: value.ok ? value.json.length : 0 };
    }),
  );
  const wallMs = performance.now() - t0;
  const engineMs = answers.reduce((n, a) => n + a.ms, 0);
  const failed = answers.filter((a) => !a.value.ok).length;
  const answerBytes = answers.reduce((n, a) => n + a.bytes, 0) / files;
  await pool.close();

  const tx = files * transactions;
  const busyMs = wallMs * size;
  console.log(
    `${size} worker(s): ${fmt(files)} files in ${fmt(wallMs)} ms = ${fmt((files / wallMs) * 1000)} files/s, ` +
      `${fmt((tx / wallMs) * 1000)} transactions/s (${fmt((tx / busyMs) * 1000)} per worker); ` +
      `parse, compute, present and write as JSON ${(engineMs / files).toFixed(3)} ms a file inside the worker, the hop and queue ` +
      `${((busyMs - engineMs) / files).toFixed(3)} ms; answers ${(answerBytes / 1024).toFixed(1)} KB; ${failed} refused; ` +
      `load average ${loadavg()[0].toFixed(1)}`,
  );
}
