/**
 * A compute worker: computes ledger files off the service's event loop, one at a time, answering each as
 * the JSON text of its LedgerFileResult. Reference data is read once, when the worker starts.
 */
import { parentPort } from 'node:worker_threads';
import { computeLedgerFile, type LedgerFile } from '../engine';
import { loadReferenceData } from '../store/reference-data-files';
import type { WorkerReply, WorkerTask } from './compute-pool';

const referenceData = loadReferenceData();

parentPort!.on('message', ({ id, file }: WorkerTask<LedgerFile>) => {
  const started = performance.now();
  let reply: WorkerReply;
  try {
    // As JSON text: one string crosses to the calling thread (cheaper there than a structured clone of the
    // object graph), and it parses to plain JSON data, ready for the wire.
    const value = JSON.stringify(computeLedgerFile(file, referenceData));
    reply = { id, ok: true, value, ms: performance.now() - started };
  } catch (e) {
    // The engine reports bad ledgers as failures; reaching here is a bug, reported as the task's error.
    reply = { id, ok: false, error: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  }
  parentPort!.postMessage(reply);
});
parentPort!.postMessage({ ready: true });
