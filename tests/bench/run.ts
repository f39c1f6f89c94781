/**
 * pnpm bench [args]: runs every tests/bench/*.bench.ts in turn (each in its own Node process, with tsx),
 * passing the arguments through. `pnpm bench tax-engine --taxpayers 1000` runs only benches whose file
 * name contains "tax-engine".
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const filter = args[0] && !args[0].startsWith('-') ? args.shift() : undefined;
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts') && (!filter || f.includes(filter)))
  .sort();
let failed = 0;
for (const file of benches) {
  console.log(`\n== ${file}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(dir, file), ...args], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
if (benches.length === 0) console.log('no benches found');
process.exitCode = failed ? 1 : 0;
