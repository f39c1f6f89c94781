import { isUuid } from '@gains/access';
import { invalidArgument, notFound } from '@gains/errors';
import type { Caller } from '@gains/auth';
import { assertLedgerReader } from './ledger-access';

/** What the store knows of a client's runs. */
export interface ClientCalculationStatus {
  clientUuid: string;
  storedStatus: string;
  lastCalculatedAt: string | null;
  ledgerVersion: string | null;
  calculationFailures: number;
  securities: { securityId: number; statuses: string[]; lastCalculatedAt: string | null }[];
}

/** GET clients/calculation-status/{clientUuid} (seed 000 §3 calculation status per security). */
export interface CalculationStatusAnswer {
  clientUuid: string;
  /** PENDING (never computed, or a ledger change waits for its run), SUCCEEDED or FAILED */
  status: string;
  lastCalculatedAt: string | null;
  ledgerVersion: string | null;
  calculationFailures: number;
  securities: { securityId: number; lastCalculationStatus: string; lastCalculationDateTime: string | null }[];
}

export interface GetCalculationStatusDeps {
  calculations: { findStatus(organisationUuid: string, clientUuid: string): Promise<ClientCalculationStatus | null> };
}

/**
 * A client's calculation status: the newest run's, except PENDING while a holding waits for its next run (the
 * ledger changed since); each security's the worst over the client's portfolios (FAILED, then PENDING).
 */
export async function getCalculationStatus(
  deps: GetCalculationStatusDeps,
  caller: Caller,
  input: { organisationUuid: string; clientUuid: string },
): Promise<CalculationStatusAnswer> {
  assertLedgerReader(caller, input.organisationUuid);
  if (!isUuid(input.clientUuid)) throw invalidArgument('clientUuid', 'clientUuid must be a uuid');
  const found = await deps.calculations.findStatus(input.organisationUuid, input.clientUuid);
  // Another firm's client is as unknown as one that does not exist.
  if (!found) throw notFound(`Client ${input.clientUuid}`, 'clientUuid');
  const securities = found.securities.map((s) => ({
    securityId: s.securityId,
    lastCalculationStatus: worstStatus(s.statuses),
    lastCalculationDateTime: s.lastCalculatedAt,
  }));
  const waiting = securities.some((s) => s.lastCalculationStatus === 'PENDING');
  return {
    clientUuid: found.clientUuid,
    status: found.storedStatus === 'SUCCEEDED' && waiting ? 'PENDING' : found.storedStatus,
    lastCalculatedAt: found.lastCalculatedAt,
    ledgerVersion: found.ledgerVersion,
    calculationFailures: found.calculationFailures,
    securities,
  };
}

/** A security held in several portfolios: FAILED if any failed, else PENDING if any waits, else the one status. */
export function worstStatus(statuses: string[]): string {
  for (const s of ['FAILED', 'PENDING', 'SUCCEEDED']) if (statuses.includes(s)) return s;
  return statuses[0] ?? 'PENDING';
}
