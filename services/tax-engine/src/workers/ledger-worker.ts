/**
 * A compute worker: computes ledger files off the service's event loop, one at a time. Each answer leaves as
 * the finished JSON text of the service's answer (one string crosses to the calling thread, which passes it on
 * unread), or as the file's errors. Reference data is read once, when the worker starts.
 */
import crypto from 'node:crypto';
import v8 from 'node:v8';
import zlib from 'node:zlib';
import { parentPort } from 'node:worker_threads';
import { calculationFigures, type CalculationJson } from '../domain/calculation-figures';
import { ERRORS_SHOWN, type ComputedLedgerFile, type ComputeTask } from '../domain/compute-ledger-file';
import { planOnLedger, type LedgerBaseline } from '../domain/taximiser/plan-on-ledger';
import { planInputOf } from '../domain/taximiser/plan-request';
import { DomainError } from '@gains/errors';
import { calculationFiguresPayload } from '../events/calculation-figures-payload';
import { computeLedgerFile, type LedgerFile, type ReferenceData } from '../engine';
import { ledgerCalculationJson } from '../rpc/ledger-calculation-json';
import { loadReferenceData } from '../store/reference-data-files';
import type { WorkerReply, WorkerTask } from './compute-pool';

const statutory = loadReferenceData();
/** The reference data with the amounts a provider admin added, kept while they stay the same. */
let withAdded: { key: string; data: ReferenceData } = { key: '{}', data: statutory };

function referenceDataWith(added: Record<string, string> = {}): ReferenceData {
  const key = JSON.stringify(added);
  if (key !== withAdded.key) {
    // The statutory years win: an added year is always one after them (domain/annual-exempt-amounts.ts).
    const annualExemptAmounts = { ...added, ...statutory.annualExemptAmounts };
    withAdded = { key, data: { ...statutory, annualExemptAmounts } };
  }
  return withAdded.data;
}
/** A heap past this after a file (one of some 50,000 rows or more) retires the worker: see WorkerReply. */
const RETIRE_AT_HEAP_BYTES = 256 * 1024 * 1024;

/**
 * The ledgers plans were last made on, as they stand (parsed, computed, their figures): an adviser tries plan after
 * plan on one client, and each then computes only the ledger with its sales. Keyed by everything the baseline is
 * made from, so a changed ledger, price, taxpayer or day is a new entry; the oldest goes past BASELINES_KEPT.
 */
const baselines = new Map<string, LedgerBaseline>();
const BASELINES_KEPT = 8;

function cachedBaseline(key: string, make: () => LedgerBaseline): LedgerBaseline {
  const kept = baselines.get(key);
  if (kept) {
    baselines.delete(key);
    baselines.set(key, kept);
    return kept;
  }
  const made = make();
  baselines.set(key, made);
  if (baselines.size > BASELINES_KEPT) baselines.delete(baselines.keys().next().value!);
  return made;
}

/** A Taximiser plan, or the domain's refusal of it (carried back as data: an Error loses its field crossing over). */
function plan(task: NonNullable<ComputeTask['taximiser']>, file: LedgerFile, data: ReferenceData): ComputedLedgerFile {
  const key = crypto
    .createHash('sha256')
    .update(file.ledgerCsv)
    .update(`\0${file.pricesCsv ?? ''}\0${task.today}\0`)
    .update(JSON.stringify([file.taxpayer, task.context, task.allowances, data.annualExemptAmounts]))
    .digest('base64');
  try {
    const planned = planOnLedger(
      file,
      task.context,
      planInputOf(task.order),
      task.today,
      task.allowances,
      data,
      (make) => cachedBaseline(key, make),
    );
    return { ok: true, transactions: 0, json: JSON.stringify(planned) };
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    return { ok: true, transactions: 0, json: '', refused: { code: e.code, field: e.field ?? '', message: e.message } };
  }
}

function compute(
  { annualExemptAmountsAdded, stored, taximiser, ...file }: ComputeTask,
  started: number,
): ComputedLedgerFile {
  if (taximiser) return plan(taximiser, file as LedgerFile, referenceDataWith(annualExemptAmountsAdded));
  const result = computeLedgerFile(file as LedgerFile, referenceDataWith(annualExemptAmountsAdded));
  if (!result.ok) return { ok: false, errors: result.errors.slice(0, ERRORS_SHOWN), errorCount: result.errors.length };
  const { computation, transactions, disposalsPage } = result;
  const computeMs = performance.now() - started;
  const json = ledgerCalculationJson({ computation, transactions, computeMs, disposalsPage });
  if (!stored) return { ok: true, transactions, json };
  // A stored run: the figures are read from the presented computation, as the Calculations page shows it.
  const finishedAt = new Date().toISOString();
  const figures = calculationFigures(
    JSON.parse(json) as CalculationJson,
    stored.context,
    stored.today,
    finishedAt,
    stored.allowances,
  );
  // Copied out of zlib's 16 kB output chunk: a view is cloned to the other thread with its whole buffer.
  const computationGz = new Uint8Array(zlib.gzipSync(json, { level: 1 }));
  const figuresPayload = calculationFiguresPayload(figures, stored.revaluation ?? false);
  const { portfolios: _p, holdings, transactions: _t, ...kept } = figures;
  const heldSecurityIds = holdings.map((h) => h.securityId);
  return {
    ok: true,
    transactions,
    json: '',
    stored: { figures: { ...kept, heldSecurityIds }, figuresPayload, computationGz, finishedAt },
  };
}

parentPort!.on('message', ({ id, file }: WorkerTask<ComputeTask>) => {
  const started = performance.now();
  let reply: WorkerReply;
  try {
    const value = compute(file, started);
    // The heap's statistics, not process.memoryUsage(): that reads the RSS from /proc, half a millisecond a task.
    const retire = v8.getHeapStatistics().used_heap_size > RETIRE_AT_HEAP_BYTES;
    reply = { id, ok: true, value, ms: performance.now() - started, retire };
  } catch (e) {
    // The engine reports bad ledgers as failures; reaching here is a bug, reported as the task's error.
    reply = { id, ok: false, error: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  }
  // The packed computation and the encoded figures (buffers of their own) move to the service's thread.
  const stored = reply.ok ? (reply.value as ComputedLedgerFile & { ok: true }).stored : undefined;
  parentPort!.postMessage(
    reply,
    stored ? [stored.computationGz.buffer as ArrayBuffer, stored.figuresPayload.buffer as ArrayBuffer] : [],
  );
});
parentPort!.postMessage({ ready: true });
