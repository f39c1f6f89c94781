import type { LedgerRowFigures } from '@gains/contracts';
import { isUuid } from '@gains/access';
import { invalidArgument } from '@gains/errors';
import { decimalProblem } from './decimal-rules';

/**
 * A tax-engine run's figures for one client, as the clients service stores them beside its rows (DESIGN §1): plain
 * types, money as exact decimal strings (null: no figure). Every portfolio and holding figure is the client's share
 * (a joint portfolio is computed once per owner).
 */
export interface CalculationFigures {
  organisationUuid: string;
  clientUuid: string;
  runUuid: string;
  /** The ledger version the run computed; with `computedAt`, orders runs that land out of order. */
  ledgerVersion: bigint;
  /** ISO instant the run finished. */
  computedAt: string;
  /**
   * SUCCEEDED; PARTIAL (computed with calculation failures: figures of what could be computed); FAILED (nothing
   * computed: the figures are empty, so those stored stay, shown beside the failure)
   */
  status: RunStatus;
  client: ClientFigures;
  portfolios: PortfolioFigures[];
  holdings: HoldingFigures[];
  transactions: TransactionFigures[];
}

export type RunStatus = 'SUCCEEDED' | 'PARTIAL' | 'FAILED';
export type HoldingStatus = 'SUCCEEDED' | 'FAILED' | 'EXCLUDED';

export interface GainFigures {
  ytdCapitalGainLoss: string | null;
  ytdIncomeGain: string | null;
  ytdExemptGainLoss: string | null;
  unrealisedCapitalGainLoss: string | null;
  unrealisedIncomeGain: string | null;
  unrealisedExemptGainLoss: string | null;
  indexation: string | null;
}

export interface ClientFigures extends GainFigures {
  marketValue: string | null;
  annualExemption: string | null;
  annualExemptionRemaining: string | null;
  broughtForwardLoss: string | null;
  unusedBroughtForwardLoss: string | null;
  ytdHoldoverReliefGain: string | null;
  ytdCloggedLoss: string | null;
  usedIndexation: string | null;
  calculationFailures: number;
  thirtyDayDisposalCounter: number;
  holdingBreaks: number;
}

export interface PortfolioFigures extends GainFigures {
  portfolioUuid: string;
  marketValue: string | null;
  holdoverRelief: string | null;
  cloggedLoss: string | null;
  calculationFailures: number;
}

export interface HoldingFigures extends GainFigures {
  portfolioUuid: string;
  securityId: number;
  averageCost: string | null;
  cgtCost: string | null;
  holdoverRelief: string | null;
  cloggedLoss: string | null;
  thirtyDayDisposalCounter: number;
  /** SUCCEEDED, FAILED (a calculation failure on this security) or EXCLUDED (ISA or pension) */
  calculationStatus: HoldingStatus;
  /** ISO instant */
  calculatedAt: string;
}

export interface TransactionFigures extends LedgerRowFigures {
  transactionUuid: string;
}

/**
 * Checks a run's figures before anything is stored: every money figure exact to the penny (average cost to 8
 * places), every id well formed, each refusal naming the field. A run that fails here stores nothing.
 */
export function assertCalculationFigures(f: CalculationFigures): void {
  uuid('organisationUuid', f.organisationUuid);
  uuid('clientUuid', f.clientUuid);
  instant('computedAt', f.computedAt);
  if (f.ledgerVersion < 0n) throw invalidArgument('ledgerVersion', 'ledgerVersion must not be negative');
  oneOf('status', f.status, ['SUCCEEDED', 'PARTIAL', 'FAILED']);
  money('client', f.client, [
    'marketValue',
    'annualExemption',
    'annualExemptionRemaining',
    'broughtForwardLoss',
    'unusedBroughtForwardLoss',
    'ytdHoldoverReliefGain',
    'ytdCloggedLoss',
    'usedIndexation',
    ...GAIN_FIELDS,
  ]);
  count('client.calculationFailures', f.client.calculationFailures);
  count('client.thirtyDayDisposalCounter', f.client.thirtyDayDisposalCounter);
  count('client.holdingBreaks', f.client.holdingBreaks);
  f.portfolios.forEach((p, i) => {
    uuid(`portfolios.${i}.portfolioUuid`, p.portfolioUuid);
    money(`portfolios.${i}`, p, ['marketValue', 'holdoverRelief', 'cloggedLoss', ...GAIN_FIELDS]);
    count(`portfolios.${i}.calculationFailures`, p.calculationFailures);
  });
  f.holdings.forEach((h, i) => {
    uuid(`holdings.${i}.portfolioUuid`, h.portfolioUuid);
    if (!Number.isInteger(h.securityId) || h.securityId <= 0) {
      throw invalidArgument(`holdings.${i}.securityId`, `holdings.${i}.securityId must be a security id`);
    }
    money(`holdings.${i}`, h, ['cgtCost', 'holdoverRelief', 'cloggedLoss', ...GAIN_FIELDS]);
    decimal(`holdings.${i}.averageCost`, h.averageCost, 8);
    count(`holdings.${i}.thirtyDayDisposalCounter`, h.thirtyDayDisposalCounter);
    oneOf(`holdings.${i}.calculationStatus`, h.calculationStatus, ['SUCCEEDED', 'FAILED', 'EXCLUDED']);
    instant(`holdings.${i}.calculatedAt`, h.calculatedAt);
  });
  f.transactions.forEach((t, i) => {
    uuid(`transactions.${i}.transactionUuid`, t.transactionUuid);
    money(`transactions.${i}`, t, [
      'cgtCost',
      'proceeds',
      'capitalGainLoss',
      'incomeGain',
      'exemptGainLoss',
      'holdoverRelief',
      'cloggedLoss',
      'indexation',
    ]);
  });
}

const GAIN_FIELDS = [
  'ytdCapitalGainLoss',
  'ytdIncomeGain',
  'ytdExemptGainLoss',
  'unrealisedCapitalGainLoss',
  'unrealisedIncomeGain',
  'unrealisedExemptGainLoss',
  'indexation',
] as const;

function uuid(field: string, value: string) {
  if (!isUuid(value)) throw invalidArgument(field, `${field} must be a uuid`);
}

function oneOf(field: string, value: string, allowed: readonly string[]) {
  if (!allowed.includes(value)) throw invalidArgument(field, `${field} must be one of ${allowed.join(', ')}`);
}

function instant(field: string, value: string) {
  if (Number.isNaN(Date.parse(value))) throw invalidArgument(field, `${field} must be an ISO instant`);
}

function count(field: string, value: number) {
  if (!Number.isInteger(value) || value < 0) throw invalidArgument(field, `${field} must be a whole number, 0 or more`);
}

function decimal(field: string, value: string | null, scale: number) {
  if (value === null) return;
  const problem = decimalProblem(field, value, scale, 'any');
  if (problem) throw invalidArgument(field, problem);
}

function money<T extends object>(path: string, row: T, fields: readonly string[]) {
  for (const name of fields) decimal(`${path}.${name}`, (row as Record<string, string | null>)[name] ?? null, 2);
}

/**
 * Whether a run may replace the figures stored: a newer ledger version always does; the same version only from a
 * run that finished no earlier (a price revaluation of an unchanged ledger); an older version never.
 */
export function isNewerRun(
  stored: { ledgerVersion: bigint | null; computedAt: string | null },
  run: { ledgerVersion: bigint; computedAt: string },
): boolean {
  if (stored.ledgerVersion === null || stored.computedAt === null) return true;
  if (run.ledgerVersion !== stored.ledgerVersion) return run.ledgerVersion > stored.ledgerVersion;
  return Date.parse(run.computedAt) >= Date.parse(stored.computedAt);
}
