import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * Gains runs its TypeScript directly (tsx), and on Node 20 a worker does not inherit tsx's loader
 * (`--import tsx` in a worker's execArgv does not work). This bootstrap registers tsx's ESM loader in the
 * worker, then imports the module; the module reads what it was given from `workerData.data`.
 */
const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
import(workerData.tsxApi).then(({ register }) => { register(); return import(workerData.url); });
`;

/**
 * tsx's ESM API. `import.meta.resolve` picks its `import` entry; where that is missing (Vitest's module
 * runner) `require.resolve` finds the `require` entry, and the ESM one sits beside it.
 */
const tsxApi =
  typeof import.meta.resolve === 'function'
    ? import.meta.resolve('tsx/esm/api')
    : pathToFileURL(
        createRequire(import.meta.url)
          .resolve('tsx/esm/api')
          .replace(/\.cjs$/, '.mjs'),
      ).href;

/** A worker thread running the TypeScript module at `moduleUrl` (an `import.meta.url`). */
export function startTsWorker(moduleUrl: string, data?: unknown): Worker {
  return new Worker(BOOTSTRAP, { eval: true, workerData: { url: moduleUrl, tsxApi, data } });
}
