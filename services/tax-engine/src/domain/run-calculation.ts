import { Code } from '@connectrpc/connect';
import type { Logger } from '@gains/logging';
import { taxEngine } from '@gains/proto';
import { toJson } from '@bufbuild/protobuf';
import type { OutboxEvent } from '@gains/outbox';
import type { ReferenceData, Taxpayer } from '../engine';
import { calculationCompletedEvent, calculationMonitorLogEvent } from '../events/calculation-events';
import type { CalculationStore, QueuedClient } from '../store/calculation-store';
import { taxYearLabelOf, yearChanges, type LedgerContext } from './calculation-figures';
import type { ComputedLedgerFile, ComputeTask, StoredFigures } from './compute-ledger-file';
import { currentYearAllowances } from './current-year-allowances';

/** A client's ledger as the clients service exports it (ExportClientLedger, the chunks joined). */
export interface LoadedLedger {
  taxpayer: taxEngine.Taxpayer;
  ledgerVersion: bigint;
  clientCode: string;
  ledgerCsv: string;
  pricesCsv: string;
  context: LedgerContext;
  /** One client's ledger read on its own: their spouse or civil partner today, when recorded (the Taximiser's). */
  spouse?: { clientUuid: string; code: string; name: string };
  /** One client's ledger read on its own: its ISA portfolios' net purchases this tax year, GBP (bed and ISA) */
  isaNetPurchases?: string;
}

export interface RunCalculationDeps {
  store: CalculationStore;
  /**
   * Loads the clients' ledgers (of one organisation) as the tax engine's own service identity: each client's
   * ledger or why it could not be loaded. Throws when none can be (the clients service away).
   */
  loadLedgers(organisationUuid: string, clientUuids: string[]): Promise<Map<string, LoadedLedger | Error>>;
  compute(
    task: ComputeTask,
    options: { owner: { organisation: string; user: string }; pipelined?: boolean },
  ): Promise<{ value: ComputedLedgerFile; ms: number }>;
  /** Ledgers computed at once (the compute pool's workers: more would only wait in its queue). */
  computeConcurrency: number;
  annualExemptAmountsAdded(): Promise<Record<string, string>>;
  /** The statutory reference data (the annual exempt amounts of a year with no disposal are read from it). */
  referenceData(): ReferenceData;
  toTaxpayer(t: taxEngine.Taxpayer): Taxpayer;
  now(): Date;
  /** Today in Europe/London, "YYYY-MM-DD". */
  today(): string;
  newId(): string;
  logger: Logger;
}

export type RunOutcome = 'SUCCEEDED' | 'PARTIAL' | 'FAILED' | 'STALE';

/** The compute pool full or closing, or the clients service unreachable: worth trying again later. */
export function isTransient(e: unknown): boolean {
  const error = e as { code?: unknown; message?: unknown };
  if (error.code === 'RESOURCE_EXHAUSTED' || error.code === Code.Unavailable || error.code === Code.ResourceExhausted)
    return true;
  return typeof error.message === 'string' && /compute pool (is )?closed/.test(error.message);
}

/** The owner the compute pool gives background runs their turns under: one organisation's runs take turns. */
export const BACKGROUND_USER = 'tax-engine';

/** A client queued only because prices it holds were published (no ledger change merged into its row). */
export function isRevaluation(item: Pick<QueuedClient, 'trigger' | 'reason'>): boolean {
  return item.trigger === 'PRICES' && item.reason === 'PRICES';
}

/** What one client's run came to, before it is stored. */
type Prepared =
  | { kind: 'retry'; item: QueuedClient }
  | { kind: 'failed'; item: QueuedClient; id: string; ledger?: LoadedLedger; message: string; finishedAt: Date }
  | {
      kind: 'computed';
      item: QueuedClient;
      id: string;
      ledger: LoadedLedger;
      /** the presented computation's JSON, gzipped by the worker, stored as it is */
      computationGz: Uint8Array;
      ms: number;
      transactions: number;
      figures: StoredFigures;
      /** the event's figures, encoded by the worker */
      figuresPayload: Uint8Array;
      finishedAt: Date;
    };

/** Runs `fn` over the items, at most `limit` at once, answering in the items' order. */
async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  });
  await Promise.all(lanes);
  return out;
}

/** One client's computation on the worker pool: its figures, or why it failed, or "try again later". */
async function prepare(
  deps: RunCalculationDeps,
  item: QueuedClient,
  loaded: LoadedLedger | Error | undefined,
  aeAdded: Record<string, string>,
  today: string,
): Promise<Prepared> {
  const id = deps.newId();
  if (loaded === undefined || loaded instanceof Error) {
    const reason = loaded?.message ?? 'the clients service did not answer for it';
    return { kind: 'failed', item, id, message: `The ledger could not be loaded: ${reason}`, finishedAt: deps.now() };
  }
  try {
    const taxpayer = deps.toTaxpayer(loaded.taxpayer);
    const allowances = currentYearAllowances(taxpayer, taxYearLabelOf(today), deps.referenceData(), aeAdded);
    const { value, ms } = await deps.compute(
      {
        ledgerCsv: loaded.ledgerCsv,
        pricesCsv: loaded.pricesCsv.trim() === 'security,price' ? undefined : loaded.pricesCsv,
        taxpayer,
        annualExemptAmountsAdded: aeAdded,
        stored: { context: loaded.context, today, allowances, revaluation: isRevaluation(item) },
      },
      // Throughput work: it may wait in a busy worker's inbox (compute-pool.ts, RunOptions.pipelined).
      { owner: { organisation: item.organisationUuid, user: BACKGROUND_USER }, pipelined: true },
    );
    if (!value.ok) {
      const errors = value.errors
        .slice(0, 3)
        .map((e) => `line ${e.line}, ${e.column}: ${e.message}`)
        .join('; ');
      return {
        kind: 'failed',
        item,
        id,
        ledger: loaded,
        message: `The ledger could not be read: ${errors}`,
        finishedAt: deps.now(),
      };
    }
    // The worker read the figures and packed the computation: nothing of it is parsed on this event loop.
    if (!value.stored) throw new Error('the compute worker answered no stored computation');
    return {
      kind: 'computed',
      item,
      id,
      ledger: loaded,
      computationGz: value.stored.computationGz,
      ms,
      transactions: value.transactions,
      figures: value.stored.figures,
      figuresPayload: value.stored.figuresPayload,
      finishedAt: new Date(value.stored.finishedAt),
    };
  } catch (e) {
    // Busy or closing is not the client's failure: it is given back and tried again shortly.
    if (isTransient(e)) return { kind: 'retry', item };
    const message = `The ledger could not be computed: ${e instanceof Error ? e.message : String(e)}`;
    return { kind: 'failed', item, id, ledger: loaded, message, finishedAt: deps.now() };
  }
}

/**
 * A batch of queued clients' runs (of one organisation or several): load their ledgers (one call an
 * organisation), compute each on the worker pool, and store every run with its figures and its
 * CalculationCompleted event in one transaction, the queue rows finished in it too. A run whose ledger is older
 * than the newest already stored is discarded (another run read a later ledger first). A client that fails (its
 * ledger cannot be loaded or read) stores a FAILED run with the reason and raises a monitor log; the others are
 * stored as usual. A client the pool was too busy for is given back to the queue. Throws (every lease then runs
 * out and the clients are tried again) only when the ledgers cannot be loaded at all or the store fails.
 */
export async function runCalculations(
  deps: RunCalculationDeps,
  items: QueuedClient[],
): Promise<Map<string, RunOutcome>> {
  const today = deps.today();
  const taxYear = taxYearLabelOf(today);
  const startedAt = deps.now();
  const aeAdded = await deps.annualExemptAmountsAdded();
  const loaded = new Map<string, LoadedLedger | Error>();
  const byOrganisation = new Map<string, string[]>();
  for (const item of items) {
    const group = byOrganisation.get(item.organisationUuid);
    if (group) group.push(item.clientUuid);
    else byOrganisation.set(item.organisationUuid, [item.clientUuid]);
  }
  for (const [organisationUuid, clientUuids] of byOrganisation) {
    const ledgers = await deps.loadLedgers(organisationUuid, clientUuids);
    for (const [clientUuid, ledger] of ledgers) loaded.set(clientUuid.toLowerCase(), ledger);
  }
  const prepared = await mapLimited(items, deps.computeConcurrency, (item) =>
    prepare(deps, item, loaded.get(item.clientUuid.toLowerCase()), aeAdded, today),
  );
  const outcomes = new Map<string, RunOutcome>();
  const retry = prepared.filter((p) => p.kind === 'retry').map((p) => p.item);
  await deps.store.release(retry, 1_000);
  const done = prepared.filter((p) => p.kind !== 'retry');
  if (done.length === 0) return outcomes;

  await deps.store.transaction(async (tx) => {
    await deps.store.lockClients(
      tx,
      done.map((p) => p.item.clientUuid),
    );
    const previousOf = await deps.store.latestComputedOf(
      tx,
      done.map((p) => p.item.clientUuid),
    );
    const runs: Parameters<CalculationStore['insertRuns']>[1] = [];
    const events: OutboxEvent[] = [];
    const held: Parameters<CalculationStore['setHeldSecurities']>[1] = [];
    for (const p of done) {
      const { item } = p;
      const base = {
        id: p.id,
        organisationUuid: item.organisationUuid,
        clientUuid: item.clientUuid,
        trigger: item.trigger,
        reason: item.reason,
        earliestDate: item.earliestDate,
        startedAt,
        taxYear,
        finishedAt: p.finishedAt,
        taxpayer: p.ledger ? toJson(taxEngine.TaxpayerSchema, p.ledger.taxpayer) : {},
      };
      if (p.kind === 'failed') {
        const ledgerVersion = p.ledger?.ledgerVersion ?? 0n;
        runs.push({
          ...base,
          ledgerVersion,
          status: 'FAILED',
          engineMs: 0,
          transactions: 0,
          disposals: 0,
          failures: 1,
          message: p.message,
          previousRunId: null,
          changes: [],
          computationGz: null,
          figures: null,
        });
        const at = p.finishedAt.toISOString();
        events.push(
          calculationCompletedEvent({
            organisationUuid: item.organisationUuid,
            clientUuid: item.clientUuid,
            runId: p.id,
            ledgerVersion,
            status: 'FAILED',
            computedAt: at,
            taxYear,
            message: p.message,
          }),
          calculationMonitorLogEvent({
            runId: p.id,
            organisationUuid: item.organisationUuid,
            clientUuid: item.clientUuid,
            clientCode: p.ledger?.clientCode ?? '',
            status: 'FAILED',
            errorCode: 'CALCULATION_FAILED',
            severity: 3,
            message: p.message,
            at,
          }),
        );
        outcomes.set(item.clientUuid, 'FAILED');
        deps.logger.warn({ clientUuid: item.clientUuid, runId: p.id }, 'client calculation failed');
        continue;
      }
      const previous = previousOf.get(item.clientUuid.toLowerCase());
      if (previous && previous.ledgerVersion > p.ledger.ledgerVersion) {
        // Lost the race with a run of a newer ledger: its figures stand; this one is dropped.
        outcomes.set(item.clientUuid, 'STALE');
        deps.logger.info({ clientUuid: item.clientUuid }, 'stale calculation discarded');
        continue;
      }
      const { figures } = p;
      // New prices alone: the realised figures cannot have moved, so no year is compared and no row's figures sent.
      const revaluation = isRevaluation(item);
      const changes = previous && !revaluation ? yearChanges(previous.years, figures.years, today) : [];
      const closedChanged = changes.filter((c) => c.closed).map((c) => c.taxYear);
      const at = p.finishedAt.toISOString();
      events.push(
        calculationCompletedEvent(
          {
            organisationUuid: item.organisationUuid,
            clientUuid: item.clientUuid,
            runId: p.id,
            ledgerVersion: p.ledger.ledgerVersion,
            status: figures.status,
            computedAt: at,
            taxYear: figures.taxYear,
            revaluation,
            previousRunId: previous?.id ?? '',
            closedYearsChanged: closedChanged,
          },
          p.figuresPayload,
        ),
      );
      if (closedChanged.length > 0) {
        events.push(
          calculationMonitorLogEvent({
            runId: p.id,
            organisationUuid: item.organisationUuid,
            clientUuid: item.clientUuid,
            clientCode: p.ledger.clientCode,
            status: 'SUCCEEDED',
            errorCode: 'CLOSED_YEAR_CHANGED',
            severity: 2,
            message: `A back-dated change moved the figures of closed tax year${closedChanged.length > 1 ? 's' : ''} ${closedChanged.join(', ')}`,
            at,
          }),
        );
      }
      runs.push({
        ...base,
        ledgerVersion: p.ledger.ledgerVersion,
        status: figures.status,
        engineMs: p.ms,
        transactions: p.transactions,
        disposals: figures.disposals,
        failures: figures.failures,
        message: '',
        previousRunId: previous?.id ?? null,
        changes,
        computationGz: p.computationGz,
        figures: { client: figures.client, years: figures.years },
      });
      held.push({
        organisationUuid: item.organisationUuid,
        clientUuid: item.clientUuid,
        securityIds: figures.heldSecurityIds,
      });
      outcomes.set(item.clientUuid, figures.status);
    }
    await deps.store.insertRuns(tx, runs, events);
    await deps.store.setHeldSecurities(tx, held);
    await deps.store.finish(
      tx,
      done.map((p) => p.item),
    );
  });
  return outcomes;
}
