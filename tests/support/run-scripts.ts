/**
 * Runs every `*<suffix>` script of a folder in turn, each in its own Node process with tsx, passing the command
 * line through; a first argument that is not a flag keeps only the scripts whose file name contains it. Exits
 * non-zero when any script failed. `pnpm bench` and `pnpm load` are this over tests/bench and tests/load.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export function runScripts(dir: string, suffix: string, what: string): void {
  const args = process.argv.slice(2);
  const filter = args[0] && !args[0].startsWith('-') ? args.shift() : undefined;
  const scripts = readdirSync(dir)
    .filter((f) => f.endsWith(suffix) && (!filter || f.includes(filter)))
    .sort();
  let failed = 0;
  for (const file of scripts) {
    console.log(`\n== ${file}`);
    const r = spawnSync(process.execPath, ['--import', 'tsx', join(dir, file), ...args], { stdio: 'inherit' });
    if (r.status !== 0) failed++;
  }
  if (scripts.length === 0) console.log(`no ${what} found`);
  process.exitCode = failed ? 1 : 0;
}
