/**
 * pnpm load [journey] [args]: runs every tests/load/*.load.ts in turn (each in its own Node process, with tsx),
 * passing the arguments through. `pnpm load calculations --seconds 5` runs only journeys whose file name contains
 * "calculations". Each journey is bounded in time and connections.
 */
import { runScripts } from '../support/run-scripts';

runScripts(import.meta.dirname, '.load.ts', 'load journeys');
