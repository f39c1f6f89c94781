import { firstRole, getRoute } from '@gains/access';
import { assertMember, type Caller } from '@gains/auth';
import { DomainError, invalidArgument, permissionDenied, type DomainErrorCode } from '@gains/errors';
import type { PlanOrder } from './taximiser/plan-request';
import type { CalculationFigures, CurrentYearAllowances, LedgerContext } from './calculation-figures';
import { describeCsvError, taxpayerProblems, type LedgerFile, type LedgerFileError, type Taxpayer } from '../engine';

/**
 * A ledger file as a compute worker answers it: the answer's JSON text (a LedgerCalculation, written in the
 * worker) with the file's rows counted, or the file's errors (the first ERRORS_SHOWN of `errorCount`).
 */
export type ComputedLedgerFile =
  | { ok: true; json: string; transactions: number; stored?: StoredComputation; refused?: RefusedTask }
  | { ok: false; errors: LedgerFileError[]; errorCount: number };

/**
 * A stored run's computation, made in the worker so the service's event loop neither parses nor walks it: the
 * figures the grids show, and the answer's JSON gzipped for the run's row (the JSON itself is then not sent).
 */
export interface StoredComputation {
  /** the figures the service reads itself; those it only publishes travel encoded, in `figuresPayload` */
  figures: StoredFigures;
  /** the CalculationCompleted fields of the figures, encoded (events/calculation-figures-payload.ts) */
  figuresPayload: Uint8Array;
  computationGz: Uint8Array;
  /** ISO instant the computation finished */
  finishedAt: string;
}

/** A run's figures without the rows only the event carries: the held securities instead of the holdings. */
export type StoredFigures = Omit<CalculationFigures, 'portfolios' | 'holdings' | 'transactions'> & {
  heldSecurityIds: number[];
};

/**
 * What a compute worker is given: the file, and the annual exempt amounts a provider admin set for the tax years
 * after the statutory ones (read per file, so every replica computes with the same amounts at once).
 */
export type ComputeTask = LedgerFile & {
  annualExemptAmountsAdded?: Record<string, string>;
  /** A stored run's: what its figures are read with (StoredComputation answered instead of the JSON). */
  stored?: { context: LedgerContext; today: string; allowances?: CurrentYearAllowances; revaluation?: boolean };
  /** A Taximiser plan on the file (domain/taximiser/plan-on-ledger.ts): its JSON answered instead. */
  taximiser?: { context: LedgerContext; order: PlanOrder; today: string; allowances: CurrentYearAllowances };
};

/** A stored client's ledger the engine could not read (a bug of the export, never the user's input): its first error. */
export function unreadableLedger(errors: LedgerFileError[]): DomainError {
  const first = errors[0];
  return new DomainError(
    'FAILED_PRECONDITION',
    `The client’s ledger could not be read${first ? `: line ${first.line}, ${first.column}: ${first.message}` : ''}`,
    'clientUuid',
  );
}

/** A task the domain refused in the worker (a plan selling more than is held): the error to raise in the service. */
export interface RefusedTask {
  code: DomainErrorCode;
  field: string;
  message: string;
}

export interface ComputeLedgerFileDeps {
  /**
   * Runs the engine on a file (in a worker thread), in the turn of its organisation and user (each capped);
   * `signal` is the caller's, to stop work nobody awaits.
   */
  compute(
    task: ComputeTask,
    options: { owner: { organisation: string; user: string }; signal?: AbortSignal; pipelined?: boolean },
  ): Promise<{ value: ComputedLedgerFile; ms: number }>;
  /** The amounts a provider admin set, by tax year. */
  annualExemptAmountsAdded(): Promise<Record<string, string>>;
}

export interface ComputeLedgerFileRequest {
  organisationUuid: string;
  taxpayer: Taxpayer;
  ledgerCsv: string;
  pricesCsv: string;
  /** The page of disposals to answer, from 1; 0 for the first. */
  disposalsPage: number;
  /** Disposals a page; 0 for DISPOSALS_PAGE_SIZE. */
  disposalsPageSize: number;
}

/**
 * A ledger file past this is refused before it is read. A 10 MB file is some 225,000 rows; how long the largest
 * take to compute is measured by `pnpm bench max-file` (services/tax-engine/README.md, "The service").
 */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Errors named in the message at most; the rest are counted. */
export const ERRORS_SHOWN = 20;
/** Disposals an answer carries unless asked for another page size, and at most. */
export const DISPOSALS_PAGE_SIZE = 500;
export const MAX_DISPOSALS_PAGE_SIZE = 5_000;

/** Who may compute: the Calculations page's roles (one table for the web app, the BFF and here). */
const ROLES = getRoute('Calculations').roles;

/**
 * Computes a ledger file for a member of the organisation. Nothing is stored, so the organisation scopes
 * only who may ask. A malformed file or taxpayer is refused naming every line and column (or field) and
 * the rule; calculation failures (a disposal larger than the holding) are part of the answer.
 */
export async function computeLedgerFileFor(
  deps: ComputeLedgerFileDeps,
  caller: Caller,
  request: ComputeLedgerFileRequest,
  signal?: AbortSignal,
): Promise<{ json: string; transactions: number; ms: number }> {
  assertMember(caller, request.organisationUuid);
  const role = firstRole(caller.roles);
  if (!role || !ROLES.includes(role)) throw permissionDenied('You do not have permission to compute ledgers');

  const problem = taxpayerProblems(request.taxpayer)[0];
  if (problem) throw invalidArgument(`taxpayer.${problem.field}`, problem.message);
  if (!request.ledgerCsv.trim()) throw invalidArgument('ledgerCsv', 'The ledger file is empty');
  for (const field of ['ledgerCsv', 'pricesCsv'] as const)
    if (Buffer.byteLength(request[field]) > MAX_FILE_BYTES)
      throw invalidArgument(field, `The file is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB`);
  const page = request.disposalsPage || 1;
  const pageSize = request.disposalsPageSize || DISPOSALS_PAGE_SIZE;
  if (!Number.isInteger(page) || page < 1)
    throw invalidArgument('disposalsPage', 'The page of disposals must be a whole number from 1');
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_DISPOSALS_PAGE_SIZE)
    throw invalidArgument(
      'disposalsPageSize',
      `Disposals a page must be a whole number from 1 to ${MAX_DISPOSALS_PAGE_SIZE.toLocaleString('en-GB')}`,
    );

  const { value, ms } = await deps.compute(
    {
      ledgerCsv: request.ledgerCsv,
      pricesCsv: request.pricesCsv || undefined,
      taxpayer: request.taxpayer,
      disposalsPage: { page, pageSize },
      annualExemptAmountsAdded: await deps.annualExemptAmountsAdded(),
    },
    { owner: { organisation: request.organisationUuid, user: caller.userUuid }, signal },
  );
  if (!value.ok) {
    const first = value.errors[0]!;
    const shown = value.errors.slice(0, ERRORS_SHOWN).map((e) => `${e.file} file ${describeCsvError(e)}`);
    const more = value.errorCount > ERRORS_SHOWN ? `; and ${value.errorCount - ERRORS_SHOWN} more` : '';
    throw invalidArgument(
      first.file === 'ledger' ? 'ledgerCsv' : 'pricesCsv',
      `The file has ${value.errorCount === 1 ? 'an error' : `${value.errorCount} errors`}: ${shown.join('; ')}${more}`,
    );
  }
  return { json: value.json, transactions: value.transactions, ms };
}
