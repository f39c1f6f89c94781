/**
 * pnpm load [journey] [args]: runs every tests/load/*.load.ts in turn (each in its own Node process, with tsx),
 * passing the arguments through. `pnpm load calculations --seconds 5` runs only journeys whose file name contains
 * "calculations". Each journey is bounded in time and connections.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const filter = args[0] && !args[0].startsWith('-') ? args.shift() : undefined;
const journeys = readdirSync(dir)
  .filter((f) => f.endsWith('.load.ts') && (!filter || f.includes(filter)))
  .sort();
let failed = 0;
for (const file of journeys) {
  console.log(`\n== ${file}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(dir, file), ...args], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
if (journeys.length === 0) console.log('no load journeys found');
process.exitCode = failed ? 1 : 0;
