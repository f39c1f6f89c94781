import { Code } from '@connectrpc/connect';
import type { Logger } from '@gains/logging';
import { taxEngine } from '@gains/proto';
import { toJson } from '@bufbuild/protobuf';
import type { ReferenceData, Taxpayer } from '../engine';
import { calculationCompletedEvent, calculationMonitorLogEvent } from '../events/calculation-events';
import type { CalculationStore, QueuedClient } from '../store/calculation-store';
import {
  calculationFigures,
  taxYearLabelOf,
  yearChanges,
  type CalculationJson,
  type CurrentYearAllowances,
  type LedgerContext,
} from './calculation-figures';
import type { ComputedLedgerFile, ComputeTask } from './compute-ledger-file';
import { currentYearAllowances } from './current-year-allowances';

/** A client's ledger as the clients service exports it (ExportClientLedger, the chunks joined). */
export interface LoadedLedger {
  taxpayer: taxEngine.Taxpayer;
  ledgerVersion: bigint;
  clientCode: string;
  ledgerCsv: string;
  pricesCsv: string;
  context: LedgerContext;
}

export interface RunCalculationDeps {
  store: CalculationStore;
  /** Loads the ledger as the tax engine's own service identity; throws when it cannot. */
  loadLedger(organisationUuid: string, clientUuid: string): Promise<LoadedLedger>;
  compute(
    task: ComputeTask,
    options: { owner: { organisation: string; user: string } },
  ): Promise<{ value: ComputedLedgerFile; ms: number }>;
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

/** Disposal rows whose figures a CalculationCompleted carries at most (the newest; the run keeps them all). */
export const MAX_TRANSACTIONS_PUBLISHED = 4_000;

/** The owner the compute pool gives background runs their turns under: one organisation's runs take turns. */
export const BACKGROUND_USER = 'tax-engine';

/**
 * One queued client's run: load its ledger, compute it on the worker pool, and store the run with its figures
 * and the CalculationCompleted event in one transaction, the queue row finished in it too. A run whose ledger is
 * older than the newest already stored is discarded (another run read a later ledger first). A client that fails
 * (its ledger cannot be loaded or read) stores a FAILED run with the reason and raises a monitor log; the caller
 * goes on with the next client.
 */
export async function runCalculation(deps: RunCalculationDeps, item: QueuedClient): Promise<RunOutcome> {
  const startedAt = deps.now();
  const id = deps.newId();
  const today = deps.today();
  const base = {
    id,
    organisationUuid: item.organisationUuid,
    clientUuid: item.clientUuid,
    trigger: item.trigger,
    reason: item.reason,
    earliestDate: item.earliestDate,
    startedAt,
    taxYear: taxYearLabelOf(today),
  };

  let ledger: LoadedLedger | undefined;
  let failure: string | undefined;
  let computed: { json: string; ms: number; transactions: number } | undefined;
  let allowances: CurrentYearAllowances | undefined;
  try {
    ledger = await deps.loadLedger(item.organisationUuid, item.clientUuid);
    const taxpayer = deps.toTaxpayer(ledger.taxpayer);
    const added = await deps.annualExemptAmountsAdded();
    allowances = currentYearAllowances(taxpayer, base.taxYear, deps.referenceData(), added);
    const { value, ms } = await deps.compute(
      {
        ledgerCsv: ledger.ledgerCsv,
        pricesCsv: ledger.pricesCsv.trim() === 'security,price' ? undefined : ledger.pricesCsv,
        taxpayer,
        annualExemptAmountsAdded: added,
      },
      { owner: { organisation: item.organisationUuid, user: BACKGROUND_USER } },
    );
    if (value.ok) computed = { json: value.json, ms, transactions: value.transactions };
    else
      failure = `The ledger could not be read: ${value.errors
        .slice(0, 3)
        .map((e) => `line ${e.line}, ${e.column}: ${e.message}`)
        .join('; ')}`;
  } catch (e) {
    // Busy or away is not the client's failure: thrown, the lease runs out and the client is tried again.
    if (isTransient(e)) throw e;
    failure = `The ledger could not be ${ledger ? 'computed' : 'loaded'}: ${e instanceof Error ? e.message : String(e)}`;
  }
  const taxpayerJson = ledger ? toJson(taxEngine.TaxpayerSchema, ledger.taxpayer) : {};

  if (failure !== undefined || !computed || !ledger) {
    const finishedAt = deps.now();
    const message = failure ?? 'The ledger could not be computed';
    await deps.store.transaction(async (tx) => {
      await deps.store.lockClient(tx, item.clientUuid);
      await deps.store.insertRun(
        tx,
        {
          ...base,
          ledgerVersion: ledger?.ledgerVersion ?? 0n,
          status: 'FAILED',
          finishedAt,
          engineMs: 0,
          transactions: 0,
          disposals: 0,
          failures: 1,
          message,
          taxpayer: taxpayerJson,
          previousRunId: null,
          changes: [],
          computation: null,
          figures: null,
        },
        [
          calculationCompletedEvent({
            organisationUuid: item.organisationUuid,
            clientUuid: item.clientUuid,
            runId: id,
            ledgerVersion: ledger?.ledgerVersion ?? 0n,
            status: 'FAILED',
            computedAt: finishedAt.toISOString(),
            taxYear: base.taxYear,
            message,
          }),
          calculationMonitorLogEvent({
            runId: id,
            organisationUuid: item.organisationUuid,
            clientUuid: item.clientUuid,
            clientCode: ledger?.clientCode ?? '',
            status: 'FAILED',
            errorCode: 'CALCULATION_FAILED',
            severity: 3,
            message,
            at: finishedAt.toISOString(),
          }),
        ],
      );
      await deps.store.finish(tx, item);
    });
    deps.logger.warn({ clientUuid: item.clientUuid, runId: id }, 'client calculation failed');
    return 'FAILED';
  }

  // Parsed here, off the worker: the figures are a walk over the presented computation.
  const calc = JSON.parse(computed.json) as CalculationJson;
  const finishedAt = deps.now();
  const figures = calculationFigures(calc, ledger.context, today, finishedAt.toISOString(), allowances);
  const loaded = ledger;
  return deps.store.transaction(async (tx): Promise<RunOutcome> => {
    await deps.store.lockClient(tx, item.clientUuid);
    const previous = await deps.store.latestComputed(tx, item.clientUuid);
    if (previous && previous.ledgerVersion > loaded.ledgerVersion) {
      // Lost the race with a run of a newer ledger: its figures stand; this one is dropped.
      await deps.store.finish(tx, item);
      deps.logger.info({ clientUuid: item.clientUuid }, 'stale calculation discarded');
      return 'STALE';
    }
    const changes = previous ? yearChanges(previous.years, figures.years, today) : [];
    const closedChanged = changes.filter((c) => c.closed).map((c) => c.taxYear);
    const events = [
      calculationCompletedEvent({
        organisationUuid: item.organisationUuid,
        clientUuid: item.clientUuid,
        runId: id,
        ledgerVersion: loaded.ledgerVersion,
        status: figures.status,
        computedAt: finishedAt.toISOString(),
        taxYear: figures.taxYear,
        client: figures.client,
        portfolios: figures.portfolios,
        holdings: figures.holdings,
        // NATS takes 1 MB a message: the newest rows' figures (about 110 bytes each) travel; older ones are the run's.
        transactions: figures.transactions.slice(-MAX_TRANSACTIONS_PUBLISHED),
        previousRunId: previous?.id ?? '',
        closedYearsChanged: closedChanged,
      }),
    ];
    if (closedChanged.length > 0) {
      events.push(
        calculationMonitorLogEvent({
          runId: id,
          organisationUuid: item.organisationUuid,
          clientUuid: item.clientUuid,
          clientCode: loaded.clientCode,
          status: 'SUCCEEDED',
          errorCode: 'CLOSED_YEAR_CHANGED',
          severity: 2,
          message: `A back-dated change moved the figures of closed tax year${closedChanged.length > 1 ? 's' : ''} ${closedChanged.join(', ')}`,
          at: finishedAt.toISOString(),
        }),
      );
    }
    await deps.store.insertRun(
      tx,
      {
        ...base,
        ledgerVersion: loaded.ledgerVersion,
        status: figures.status,
        finishedAt,
        engineMs: computed.ms,
        transactions: computed.transactions,
        disposals: figures.disposals,
        failures: figures.failures,
        message: '',
        taxpayer: taxpayerJson,
        previousRunId: previous?.id ?? null,
        changes,
        computation: calc,
        figures: { client: figures.client, years: figures.years },
      },
      events,
    );
    await deps.store.setHeldSecurities(
      tx,
      item.organisationUuid,
      item.clientUuid,
      figures.holdings.map((h) => h.securityId),
    );
    await deps.store.finish(tx, item);
    return figures.status;
  });
}
