/**
 * The largest file the tax-engine service takes (MAX_FILE_BYTES, 10 MB), computed as the service computes it:
 * on the compute pool's worker, the first page of disposals answered as JSON text. Two files of that size:
 *
 * - wide: the bench's 100-row ledgers of many taxpayers in one file, each with securities of its own (a large
 *   firm's book: thousands of holdings over a few tax years, tens of thousands of disposals in each year);
 * - long: one taxpayer's daily rows (the generator's dense ledger: its splits run on for centuries, so the
 *   holdings reach 2^500 times their shares and the exact figures thousands of bits).
 *
 *   pnpm bench max-file [--shapes wide,long]
 *
 * Prints, per file: rows, the time from handing it to the pool to its answer, the answer's size, the longest
 * the calling thread's event loop was held meanwhile (what a /healthz call would have waited), and the
 * process's peak memory. No assertions.
 */
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  MAX_FILE_BYTES,
  DISPOSALS_PAGE_SIZE,
  type ComputedLedgerFile,
} from '../../services/tax-engine/src/domain/compute-ledger-file';
import type { Ledger, LedgerFile } from '../../services/tax-engine/src/engine';
import { formatLedgerCsv } from '../../services/tax-engine/src/engine/ledger-csv';
import { ComputePool } from '../../services/tax-engine/src/workers/compute-pool';
import { generateLedger } from './tax-engine-ledgers';

const { values } = parseArgs({ options: { shapes: { type: 'string', default: 'wide,long' } }, strict: false });
const fmt = (n: number) => Math.round(n).toLocaleString('en-GB');

type Rows = Omit<Ledger, 'taxpayer'>;

/** About the most rows of `ledgerOf(n)` whose CSV fits MAX_FILE_BYTES (within 1%). */
function largest(ledgerOf: (n: number) => Rows): { csv: string; rows: number } {
  const sample = Buffer.byteLength(formatLedgerCsv(ledgerOf(10_000)));
  for (let rows = Math.floor((MAX_FILE_BYTES / sample) * 10_000); ; rows = Math.floor(rows * 0.99)) {
    const csv = formatLedgerCsv(ledgerOf(rows));
    if (Buffer.byteLength(csv) <= MAX_FILE_BYTES) return { csv, rows };
  }
}

/** Many taxpayers' ledgers in one file, each taxpayer's securities their own (the joint portfolio half-owned). */
function wide(rows: number): Rows {
  const transactions: Ledger['transactions'] = [];
  let portfolios: Rows['portfolios'];
  for (let i = 0; transactions.length < rows; i++) {
    const ledger = generateLedger(i, 100);
    portfolios = ledger.portfolios;
    for (const t of ledger.transactions)
      transactions.push({
        ...t,
        security: `${t.security}${i}`,
        ...(t.newSecurity ? { newSecurity: `${t.newSecurity}${i}` } : {}),
      });
  }
  return { transactions: transactions.slice(0, rows), portfolios };
}

/** As the generator makes them, with its joint portfolio's ownership column. */
const SHAPES: Record<string, (rows: number) => Rows> = {
  wide,
  long: (rows) => generateLedger(1, rows, 1),
};

const pool = new ComputePool<LedgerFile, ComputedLedgerFile>({
  size: 1,
  maxQueued: 1,
  timeoutMs: 30 * 60_000,
  moduleUrl: new URL('../../services/tax-engine/src/workers/ledger-worker.ts', import.meta.url).href,
});
// Start the worker and let it load its code.
await pool.run({
  ledgerCsv: 'date,type,security,quantity,price\n2020-01-01,BUY,X,1,1\n',
  taxpayer: { kind: 'individual' },
});

for (const shape of String(values.shapes).split(',')) {
  const { csv, rows } = largest(SHAPES[shape]!);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  delay.enable();
  const started = performance.now();
  const { value, ms } = await pool.run({
    ledgerCsv: csv,
    taxpayer: { kind: 'individual' },
    disposalsPage: { page: 1, pageSize: DISPOSALS_PAGE_SIZE },
  });
  const wallMs = performance.now() - started;
  delay.disable();
  clearInterval(sampler);
  const answer = value.ok ? JSON.parse(value.json) : null;
  console.log(
    `${shape}: ${fmt(rows)} rows, ${(Buffer.byteLength(csv) / 1024 / 1024).toFixed(2)} MB: answered in ${fmt(wallMs)} ms ` +
      `(${fmt(ms)} ms in the worker); ${answer ? `${fmt(answer.disposalsPage.total)} disposals, the first page ${fmt(value.ok ? value.json.length / 1024 : 0)} KB` : 'refused'}; ` +
      `the calling thread held at most ${(delay.max / 1e6).toFixed(1)} ms; peak memory ${fmt(peak / 1024 / 1024)} MB; ` +
      `load average ${loadavg()[0].toFixed(1)}`,
  );
}
await pool.close();
