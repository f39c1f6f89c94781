import type { LedgerRowFigures } from '@gains/contracts';

/** The nouns of the ledger as the use cases see them: plain values, decimals as exact text, dates "YYYY-MM-DD". */

export interface PortfolioOwnerRecord {
  clientUuid: string;
  clientCode: string;
  clientName: string;
  percentage: string;
}

/** The tax engine's figures for a portfolio or holding: null until computed. */
export interface CalculatedFigures {
  ytdCapitalGainLoss: string | null;
  ytdIncomeGain: string | null;
  ytdExemptGainLoss: string | null;
  unrealisedCapitalGainLoss: string | null;
  unrealisedIncomeGain: string | null;
  unrealisedExemptGainLoss: string | null;
  indexation: string | null;
  holdoverRelief: string | null;
  cloggedLoss: string | null;
}

export interface PortfolioRecord extends CalculatedFigures {
  id: number;
  uuid: string;
  organisationUuid: string;
  code: string;
  name: string;
  type: string;
  state: string;
  currency: string;
  taxWrapper: string;
  owners: PortfolioOwnerRecord[];
  calculationFailures: number;
  recBreaks: number;
  /** held holdings (quantity above 0, or oversold) */
  holdingCount: number;
  /** sum of the holdings' quantity x latest GBP price, each to the penny; null when none is priced */
  marketValue: string | null;
  version: number;
  createdDate: string;
  lastModifiedDate: string;
  lastModifiedByName: string;
}

/** A portfolio as one of its owners sees it. */
export interface PortfolioView extends PortfolioRecord {
  clientUuid: string;
  percentage: string;
}

export interface HoldingRecord extends CalculatedFigures {
  securityId: number;
  portfolioUuid: string;
  portfolioCode: string;
  sedol: string;
  isin: string;
  issuerName: string;
  securityName: string;
  quantity: string;
  price: string | null;
  priceDate: string | null;
  value: string | null;
  averageCost: string | null;
  cgtCost: string | null;
  calculationStatus: string;
  recBreak: boolean;
  cgtClass: string;
  transactionCount: number;
  lastTransactionDate: string | null;
  thirtyDayDisposalCounter: number;
  lastCalculatedAt: string | null;
}

/** The securities service's security, as kept in the read model. */
export interface SecurityRecord {
  id: number;
  sedol: string;
  isin: string;
  securityName: string;
  reportingName: string;
  issuerName: string;
  currency: string;
  assetClass: string;
  cgtClass: string;
  status: string;
  quantityDecimalPlaces: number;
  priceGbp: string | null;
  priceDate: string | null;
}

export interface TransactionRecord extends LedgerRowFigures {
  uuid: string;
  portfolioUuid: string;
  portfolioCode: string;
  securityId: number;
  securityCode: string;
  sedol: string;
  isin: string;
  securityName: string;
  transactionCode: string;
  transactionType: { uuid: string; type: string; typeDescription: string };
  transactionState: { uuid: string; state: string };
  tradeDate: string;
  exDate: string | null;
  payDate: string | null;
  reportDate: string;
  quantity: string;
  price: string | null;
  consideration: string;
  expenses: string;
  currency: { isoCode: string };
  fxRate: string;
  considerationGbp: string;
  expensesGbp: string;
  originalAcquisitionDate: string | null;
  counterpartyClientUuid: string | null;
  counterpartyName: string;
  holdoverReliefClaimed: string | null;
  newSecurityId: number | null;
  marketValue: string | null;
  ratio: string | null;
  timing: string;
  incomeType: string;
  taxDeducted: string | null;
  source: string;
  sourceRef: string;
  notes: string;
  warnings: string[];
  version: number;
  createdDate: string;
  createdByName: string;
  lastModifiedDate: string;
  lastModifiedByName: string;
}

export interface Page<T> {
  content: T[];
  totalSize: number;
}

export interface SortOrder<C extends string = string> {
  column: C;
  direction: 'asc' | 'desc';
}

export interface GridQuery<C extends string = string> {
  /** 1-based */
  page: number;
  /** 0: all, at most 10,000 */
  size: number;
  term: string;
  sort: SortOrder<C>[];
}
