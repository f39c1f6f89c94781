/** A row of the clients grid (spec §3 Client summary row). Money is a decimal string or null. */
export interface ClientSummary {
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
}

export type SortableColumn = Exclude<keyof ClientSummary, 'uuid'>;

export interface ClientSummaryQuery {
  organisationUuid: string;
  page: number;
  size: number;
  term: string;
  liveOnly: boolean;
  sort: { column: SortableColumn; direction: 'asc' | 'desc' }[];
}

export interface Page<T> {
  content: T[];
  totalSize: number;
}
