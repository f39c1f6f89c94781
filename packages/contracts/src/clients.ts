/**
 * A row of GET /api/clients/summary (spec §3 Client summary row): what the clients service returns
 * and the web app shows. Money fields are decimal strings (exact, never floats) or null when there
 * is no figure yet.
 */
export interface ClientSummaryRow {
  uuid: string;
  code: string;
  name: string;
  ouCode: string;
  relationshipManager: string;
  inactive: boolean;
  type: string;
  state: string;
  annualException: string | null;
  broughtForwardLoss: string | null;
  unusedBroughtForwardLoss: string | null;
  annualExceptionRemaining: string | null;
  marketValuation: string | null;
  ytdCapitalGainLoss: string | null;
  ytdIncomeGain: string | null;
  ytdExemptGainLoss: string | null;
  ytdHoldoverReliefGain: string | null;
  ytdCloggedLoss: string | null;
  unrealisedCapitalGainLoss: string | null;
  unrealisedIncomeGain: string | null;
  unrealisedExemptGainLoss: string | null;
  indexation: string | null;
  usedIndexation: string | null;
  holdingBreaks: number;
  portfolioCalculationFailures: number;
  incomePending: boolean;
  costUpdatePending: boolean;
  thirtyDayDisposalCounter: number;
  /** PENDING until the tax engine's first run (its figures null, shown '-'), then SUCCEEDED, PARTIAL or FAILED */
  calculationStatus: string;
  /** ISO instant of the newest run stored, null before the first */
  lastCalculatedAt: string | null;
}

/** GET /api/clients/calculation-status/{clientUuid} (spec §3 calculation status per security). */
export interface CalculationStatusAnswer {
  clientUuid: string;
  /** PENDING (never computed, or a ledger change waits for its run), SUCCEEDED, PARTIAL or FAILED */
  status: string;
  lastCalculatedAt: string | null;
  ledgerVersion: string | null;
  calculationFailures: number;
  securities: { securityId: number; lastCalculationStatus: string; lastCalculationDateTime: string | null }[];
}

/** The money columns of a client summary row: decimal strings, or null when there is no figure yet. */
export const CLIENT_SUMMARY_MONEY_FIELDS = [
  'annualException',
  'broughtForwardLoss',
  'unusedBroughtForwardLoss',
  'annualExceptionRemaining',
  'marketValuation',
  'ytdCapitalGainLoss',
  'ytdIncomeGain',
  'ytdExemptGainLoss',
  'ytdHoldoverReliefGain',
  'ytdCloggedLoss',
  'unrealisedCapitalGainLoss',
  'unrealisedIncomeGain',
  'unrealisedExemptGainLoss',
  'indexation',
  'usedIndexation',
] as const satisfies readonly (keyof ClientSummaryRow)[];
