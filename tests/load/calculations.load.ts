/**
 * The k6 journey of tests/load/k6/calculations.js driven with autocannon: signs in, then computes the same
 * 100-row ledger file (tests/load/k6/ledger-100.csv) through the BFF and the tax engine's compute pool for a
 * bounded time, and prints files per second and latency percentiles. Each answer is checked once before the run
 * (three tax years, 37 disposals, no failures). `pnpm load calculations [--seconds 10] [--connections 4]`
 */
import fs from 'node:fs';
import autocannon from 'autocannon';
import { flag, loadTarget, printResult } from './target';

const seconds = flag('seconds', 10, 60);
const connections = flag('connections', 4, 64);
const ledgerCsv = fs.readFileSync(new URL('./k6/ledger-100.csv', import.meta.url), 'utf8');
const body = JSON.stringify({ ledgerCsv, taxpayer: { kind: 'individual' } });

const target = await loadTarget();
const headers = { ...target.headers, 'content-type': 'application/json' };
const first = await fetch(`${target.base}/api/calculations/ledger`, { method: 'POST', headers, body });
const { computation } = (await first.json()) as {
  computation: { taxYears: { disposals: unknown[] }[]; failures: unknown[] };
};
const disposals = computation.taxYears.reduce((n, y) => n + y.disposals.length, 0);
if (first.status !== 200 || computation.taxYears.length !== 3 || disposals !== 37 || computation.failures.length) {
  throw new Error(`the ledger did not compute as expected (status ${first.status}, ${disposals} disposals)`);
}
const result = await autocannon({
  url: target.base,
  connections,
  duration: seconds,
  requests: [{ method: 'POST' as const, path: '/api/calculations/ledger', headers, body }],
});
printResult(
  `calculations: a 100-row ledger file, ${connections} connections for ${seconds} s against ${target.base}`,
  result,
);
await target.stop();
