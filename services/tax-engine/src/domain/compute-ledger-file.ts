import { firstRole, getRoute } from '@gains/access';
import { assertMember, type Caller } from '@gains/auth';
import { invalidArgument, permissionDenied } from '@gains/errors';
import {
  describeCsvError,
  taxpayerProblems,
  type LedgerFile,
  type LedgerFileResult,
  type PresentedComputation,
  type Taxpayer,
} from '../engine';

export interface ComputeLedgerFileDeps {
  /**
   * Runs the engine on a file (in a worker thread), in the turn of its organisation and user (each capped);
   * `signal` is the caller's, to stop work nobody awaits. The answer is plain JSON data (no undefined members),
   * as it came over from the worker.
   */
  compute(
    file: LedgerFile,
    options: { owner: { organisation: string; user: string }; signal?: AbortSignal },
  ): Promise<{ value: LedgerFileResult; ms: number }>;
}

export interface ComputeLedgerFileRequest {
  organisationUuid: string;
  taxpayer: Taxpayer;
  ledgerCsv: string;
  pricesCsv: string;
}

/** A ledger file past this is refused before it is read (about 100,000 rows). */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Errors named in the message at most; the rest are counted. */
const ERRORS_SHOWN = 20;

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
): Promise<{ computation: PresentedComputation; transactions: number; ms: number }> {
  assertMember(caller, request.organisationUuid);
  const role = firstRole(caller.roles);
  if (!role || !ROLES.includes(role)) throw permissionDenied('You do not have permission to compute ledgers');

  const problem = taxpayerProblems(request.taxpayer)[0];
  if (problem) throw invalidArgument(`taxpayer.${problem.field}`, problem.message);
  if (!request.ledgerCsv.trim()) throw invalidArgument('ledgerCsv', 'The ledger file is empty');
  for (const field of ['ledgerCsv', 'pricesCsv'] as const)
    if (Buffer.byteLength(request[field]) > MAX_FILE_BYTES)
      throw invalidArgument(field, `The file is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB`);

  const { value, ms } = await deps.compute(
    {
      ledgerCsv: request.ledgerCsv,
      pricesCsv: request.pricesCsv || undefined,
      taxpayer: request.taxpayer,
    },
    { owner: { organisation: request.organisationUuid, user: caller.userUuid }, signal },
  );
  if (!value.ok) {
    const first = value.errors[0]!;
    const shown = value.errors.slice(0, ERRORS_SHOWN).map((e) => `${e.file} file ${describeCsvError(e)}`);
    const more = value.errors.length > ERRORS_SHOWN ? `; and ${value.errors.length - ERRORS_SHOWN} more` : '';
    throw invalidArgument(
      first.file === 'ledger' ? 'ledgerCsv' : 'pricesCsv',
      `The file has ${value.errors.length === 1 ? 'an error' : `${value.errors.length} errors`}: ${shown.join('; ')}${more}`,
    );
  }
  return { computation: value.computation, transactions: value.transactions, ms };
}
