/**
 * A/B speed comparison of the exact engine against a baseline, in one process (not a bench: `pnpm bench`
 * does not run it).
 *
 *   node --import tsx tests/bench/tax-engine-ab.ts [--base HEAD] [--ledgers 2000] [--transactions 100] [--gap-days 20] [--passes 12] [--chunk 100]
 *
 * `--base` is a commit (its `services/tax-engine` is extracted with `git archive` into a temporary
 * directory) or a directory holding a `services/tax-engine` tree. Both engines are loaded side by side
 * (separate module instances, so separate JIT state) and compute the same generated ledgers, alternating
 * every `--chunk` ledgers (the order flipping each time), after two warm-up passes each. Load from other
 * processes then falls on both alike: on the 2-core development machine an A/A run (the engine against
 * itself) gives 1.000-1.004 overall (single passes 0.94-1.06), where separate bench runs differ by +-20%;
 * take a difference under about 2% as none. Printed: CPU-time
 * throughput of each and the speed-up (baseline CPU / working tree CPU), overall and per pass.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { computeLedger as ComputeLedger } from '../../services/tax-engine/src/engine';
import { loadReferenceData } from '../../services/tax-engine/src/store/reference-data-files';
import { generateLedger } from './tax-engine-ledgers';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const { values } = parseArgs({
  options: {
    base: { type: 'string', default: 'HEAD' },
    ledgers: { type: 'string', default: '2000' },
    transactions: { type: 'string', default: '100' },
    'gap-days': { type: 'string', default: '20' },
    passes: { type: 'string', default: '12' },
    chunk: { type: 'string', default: '100' },
  },
});
const n = Number(values.ledgers);
const passes = Number(values.passes);
const chunk = Number(values.chunk);

let baseRoot = resolve(values.base!);
let cleanup: string | null = null;
if (!existsSync(join(baseRoot, 'services/tax-engine'))) {
  baseRoot = mkdtempSync(join(tmpdir(), 'tax-engine-base-'));
  cleanup = baseRoot;
  const archive = execFileSync('git', ['-C', repo, 'archive', values.base!, 'services/tax-engine'], {
    maxBuffer: 1 << 30,
  });
  execFileSync('tar', ['-x', '-C', baseRoot], { input: archive });
  symlinkSync(join(repo, 'node_modules'), join(baseRoot, 'node_modules'));
  // The service's own dependencies (workspace packages such as @gains/contracts) resolve from its node_modules.
  symlinkSync(join(repo, 'services/tax-engine/node_modules'), join(baseRoot, 'services/tax-engine/node_modules'));
}

interface Engine {
  computeLedger: typeof ComputeLedger;
  ref: ReturnType<typeof loadReferenceData>;
}
// Both engines take the same reference data (plain data, read once from the working tree's files).
const referenceData = loadReferenceData();
async function load(root: string): Promise<Engine> {
  const engine = (await import(pathToFileURL(join(root, 'services/tax-engine/src/engine/index.ts')).href)) as {
    computeLedger: typeof ComputeLedger;
  };
  return { computeLedger: engine.computeLedger, ref: referenceData };
}

try {
  const engines = [await load(baseRoot), await load(repo)];
  const ledgers = Array.from({ length: n }, (_, i) =>
    generateLedger(i, Number(values.transactions), Number(values['gap-days'])),
  );
  let transactions = 0;
  for (const l of ledgers) transactions += l.transactions.length;
  for (const e of engines)
    for (let w = 0; w < 2; w++) for (const l of ledgers) e.computeLedger(l, e.ref, { poolHistory: false });

  const total = [0, 0];
  const perPass: string[] = [];
  for (let p = 0; p < passes; p++) {
    const cpu = [0, 0];
    for (let s = 0, c = 0; s < n; s += chunk, c++) {
      for (const k of (c + p) % 2 === 0 ? [0, 1] : [1, 0]) {
        const e = engines[k];
        const c0 = process.cpuUsage();
        for (let i = s; i < Math.min(n, s + chunk); i++) e.computeLedger(ledgers[i], e.ref, { poolHistory: false });
        const used = process.cpuUsage(c0);
        cpu[k] += used.user + used.system;
      }
    }
    total[0] += cpu[0];
    total[1] += cpu[1];
    perPass.push((cpu[0] / cpu[1]).toFixed(3));
  }
  const rate = (us: number) => Math.round((transactions * passes) / (us / 1e6)).toLocaleString('en-GB');
  console.log(`baseline ${values.base}: ${rate(total[0])} tx per CPU-second`);
  console.log(`working tree:          ${rate(total[1])} tx per CPU-second`);
  console.log(`speed-up ${(total[0] / total[1]).toFixed(3)} (per pass: ${perPass.join(' ')})`);
} finally {
  if (cleanup) rmSync(cleanup, { recursive: true, force: true });
}
