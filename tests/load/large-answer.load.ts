/**
 * Large answers against everything else: `--files` (2) ledger files of about 10 MB each (MAX_FILE_BYTES; the
 * bench's 100-row ledgers of many taxpayers in one file, each taxpayer's securities their own) posted at once
 * through the BFF, while GET /healthz is called every 25 ms. Prints each file's answer time and size and the
 * /healthz latencies: the compute and the answer's JSON are the workers' work, so /healthz should stay fast.
 * `pnpm load large-answer [--files 2]`
 */
import { MAX_FILE_BYTES } from '../../services/tax-engine/src/domain/compute-ledger-file';
import type { LedgerTransaction } from '../../services/tax-engine/src/engine';
import { formatLedgerCsv } from '../../services/tax-engine/src/engine/ledger-csv';
import { generateLedger } from '../bench/tax-engine-ledgers';
import { flag, loadTarget } from './target';

const files = flag('files', 2, 8);

/** Many taxpayers' 100-row ledgers in one file, each taxpayer's securities their own (the joint portfolio half-owned). */
function wideLedger(rows: number): string {
  const all: LedgerTransaction[] = [];
  for (let i = 0; all.length < rows; i++)
    for (const t of generateLedger(i, 100).transactions)
      all.push({
        ...t,
        security: `${t.security}${i}`,
        ...(t.newSecurity ? { newSecurity: `${t.newSecurity}${i}` } : {}),
      });
  return formatLedgerCsv({ transactions: all.slice(0, rows), portfolios: { JOINT: { ownershipPercent: '50' } } });
}
let rows = 215_000;
let ledgerCsv = wideLedger(rows);
while (Buffer.byteLength(ledgerCsv) > MAX_FILE_BYTES) ledgerCsv = wideLedger((rows = Math.floor(rows * 0.99)));

const target = await loadTarget();
const headers = { ...target.headers, 'content-type': 'application/json' };
const body = JSON.stringify({ ledgerCsv });

const latencies: number[] = [];
let polling = true;
const poll = (async () => {
  while (polling) {
    const started = performance.now();
    await (await fetch(`${target.base}/healthz`)).text();
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
})();

const started = performance.now();
const answers = await Promise.all(
  Array.from({ length: files }, async () => {
    const response = await fetch(`${target.base}/api/calculations/ledger`, { method: 'POST', headers, body });
    const text = await response.text();
    return { status: response.status, ms: performance.now() - started, bytes: text.length };
  }),
);
polling = false;
await poll;

latencies.sort((a, b) => a - b);
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);
console.log(
  `large answers: ${files} files of ${rows.toLocaleString('en-GB')} rows (${(Buffer.byteLength(ledgerCsv) / 1024 / 1024).toFixed(2)} MB) at once against ${target.base}`,
);
for (const a of answers)
  console.log(
    `  status ${a.status} after ${Math.round(a.ms).toLocaleString('en-GB')} ms, ${(a.bytes / 1024).toFixed(0)} KB`,
  );
console.log(
  `  /healthz, ${latencies.length} calls meanwhile: median ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${latencies[latencies.length - 1]!.toFixed(1)} ms`,
);
await target.stop();
