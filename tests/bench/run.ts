/**
 * pnpm bench [args]: runs every tests/bench/*.bench.ts in turn (each in its own Node process, with tsx),
 * passing the arguments through. `pnpm bench tax-engine --taxpayers 1000` runs only benches whose file
 * name contains "tax-engine".
 */
import { runScripts } from '../support/run-scripts';

runScripts(import.meta.dirname, '.bench.ts', 'benches');
