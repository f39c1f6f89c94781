import type {
  ClientHoldingAt,
  HeaderFilters,
  Holding,
  LedgerRowFigures,
  ReconciliationLine,
  TaxYear,
} from '@gains/contracts';

/**
 * What the report kinds read from the other services (implemented in `rpc/report-sources.ts` with Connect clients
 * that carry the reports service's own token: each callee accepts it for these reads only and scopes by the
 * organisation named). Figures are exact decimal strings as the services answer them.
 */
export interface ReportClientRecord {
  uuid: string;
  code: string;
  name: string;
  /** the tax-copy (else current, else first) address, one line each, blank lines left out */
  address: string[];
  /** YYYY-MM-DD or null */
  reportingRestrictionFrom: string | null;
}

export interface ReportTaxYear {
  uuid: string;
  /** '2024-25' */
  label: string;
  /** YYYY-MM-DD */
  startDate: string;
  endDate: string;
}

/** One tax year of the client's newest stored calculation (the tax engine's figures, untouched). */
export interface StoredYear {
  /** absent when the calculation has nothing in the year */
  year?: TaxYear;
  /** when the calculation was made, ISO */
  computedAt: string;
}

export interface ReportSources {
  organisationName(organisationUuid: string): Promise<string>;
  client(organisationUuid: string, clientUuid: string): Promise<ReportClientRecord>;
  taxYears(organisationUuid: string, clientUuid: string): Promise<ReportTaxYear[]>;
  /** The year of the newest stored calculation with all its disposals; a client never computed is computed first. */
  storedYear(organisationUuid: string, clientUuid: string, taxYear: string): Promise<StoredYear>;
  /** The client's section 104 pools at the end of a day (YYYY-MM-DD): the engine on the ledger's rows up to it. */
  poolsAt(organisationUuid: string, clientUuid: string, atDate: string): Promise<Holding[]>;
  /** The client's ledger rows of every portfolio it owns in a period, in date order (read a page at a time). */
  clientTransactions(
    organisationUuid: string,
    clientUuid: string,
    query: ClientTransactionsQuery,
  ): Promise<ReportTransaction[]>;
  /**
   * The client's holdings per portfolio and security at the end of a day (0: every security); `includeNil` adds
   * those held before the day and no longer, at quantity 0.
   */
  clientHoldingsAt(
    organisationUuid: string,
    clientUuid: string,
    atDate: string,
    securityId: number,
    options?: { includeNil?: boolean },
  ): Promise<ReportHoldingAt[]>;
  /** Each security's GBP price on or before the day, by security id; a security never priced by then is absent. */
  pricesAt(organisationUuid: string, securityIds: number[], atDate: string): Promise<Map<number, ReportPrice>>;
  /** The latest reconciled custodian file's holdings of the client against the ledger (0: every security). */
  reconciliation(organisationUuid: string, clientUuid: string, securityId: number): Promise<ReportReconciliation>;
  /**
   * The corporate actions (documents service) on these portfolios with an ex-date on or before the day, each with
   * the portfolio's candidate and what its previews propose (0: every security).
   */
  portfolioActions(
    organisationUuid: string,
    portfolioUuids: readonly string[],
    atDate: string,
    securityId: number,
  ): Promise<ReportPortfolioAction[]>;
  /**
   * The failures of a client's stored calculation run (the tax engine's): the run named, else the client's latest;
   * another client's run or none at all is refused (NOT_FOUND, naming runId or clientUuid).
   */
  calculationFailures(organisationUuid: string, clientUuid: string, runId: string): Promise<ReportCalculationFailures>;
  /** A page of the organisation's corporate action headers its filters find (documents' ExportHeaders). */
  caHeaders(organisationUuid: string, filters: CaFilters, cursor: string): Promise<CaPage<ReportCaHeader>>;
  /** A page of the candidates of those headers, by header then portfolio (documents' ExportCandidates). */
  caCandidates(organisationUuid: string, filters: CaFilters, cursor: string): Promise<CaPage<ReportCaCandidateRow>>;
}

/** One ledger row of a client as its reports show it (the clients service's Transaction; null: not set or not computed). */
export interface ReportTransaction extends LedgerRowFigures {
  uuid: string;
  portfolioCode: string;
  securityId: number;
  sedol: string;
  isin: string;
  securityName: string;
  transactionCode: string;
  /** the type's name (BUY) and description */
  type: string;
  typeDescription: string;
  /** PENDING, SETTLED, CANCELLED or REVERSED */
  state: string;
  /** YYYY-MM-DD */
  tradeDate: string;
  reportDate: string;
  exDate: string | null;
  payDate: string | null;
  quantity: string;
  price: string | null;
  /** in the transaction currency */
  consideration: string;
  currency: string;
  fxRate: string;
  considerationGbp: string;
  expensesGbp: string;
  /** income rows: an income type code, and the tax deducted at source (transaction currency) */
  incomeType: string;
  taxDeducted: string | null;
  /** MANUAL, IMPORT or CORPORATE_ACTION, and the job or header it came from */
  source: string;
  sourceRef: string;
  warnings: string[];
  version: number;
  /** ISO instants and names */
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
}

export interface ClientTransactionsQuery {
  /** 0: every security */
  securityId: number;
  /** YYYY-MM-DD, both days included */
  startDate: string;
  endDate: string;
  /** only rows with an income type, dated by pay date (else trade date) */
  incomeOnly?: boolean;
  /** the states kept; empty or absent: every state */
  states?: string[];
}

/** The sources read from the clients service's ledger (rpc/ledger-report-sources.ts). */
export type LedgerReportSources = Pick<ReportSources, 'clientTransactions' | 'clientHoldingsAt' | 'reconciliation'>;

/** The clients service's reconciliation of a client against the latest custodian file. */
export interface ReportReconciliation {
  /** '' when the firm has reconciled no custodian file */
  fileName: string;
  /** ISO instant the file was imported, '' when none */
  importedAt: string;
  lines: ReconciliationLine[];
}
/** The sources read from the securities service. */
export type PriceReportSources = Pick<ReportSources, 'pricesAt'>;

/** A portfolio's holding of a security at the end of a day (the clients service's ClientHoldingAt). */
export type ReportHoldingAt = ClientHoldingAt;

export interface ReportPrice {
  priceGbp: string;
  /** the date of the price used, YYYY-MM-DD */
  priceDate: string;
}

/** A portfolio's candidate of a corporate action header (the documents service's PortfolioAction). */
export interface ReportPortfolioAction {
  portfolioUuid: string;
  securityId: number;
  headerCode: string;
  /** the document type's name */
  typeName: string;
  headerStatus: string;
  /** YYYY-MM-DD; payDate '' when not set */
  exDate: string;
  payDate: string;
  /** the portfolio's holding at the ex-date */
  holdingQuantity: string;
  candidateStatus: string;
  /** the candidate's previews summed: new shares and cash (GBP); '' when none carries one */
  proposedQuantity: string;
  proposedCash: string;
  /** new:old of a split, consolidation or bonus issue; '' otherwise */
  ratio: string;
}

/** A stored calculation run's failures (tax engine); a run that computed nothing has its own message as one. */
export interface ReportCalculationFailures {
  runId: string;
  /** SUCCEEDED, PARTIAL or FAILED */
  status: string;
  /** ISO instant */
  startedAt: string;
  failures: {
    security: string;
    /** YYYY-MM-DD */
    date: string;
    /** the ledger row, '' when none */
    ref: string;
    message: string;
  }[];
}

/** The CA reports' filters (the documents service's header search), checked before the job is queued. */
export type CaFilters = HeaderFilters;

export interface CaPage<Row> {
  rows: Row[];
  /** '' after the last page */
  nextCursor: string;
}

/** A corporate action header with its counts, as the documents service exports it. */
export interface ReportCaHeader {
  code: string;
  name: string;
  typeName: string;
  status: string;
  securityName: string;
  sedol: string;
  isin: string;
  exDate: string;
  payDate: string;
  tradeDate: string;
  layerName: string;
  counts?: Record<
    | 'candidates'
    | 'successes'
    | 'failures'
    | 'runCandidates'
    | 'runSuccesses'
    | 'runFailures'
    | 'runs'
    | 'candidatesEdited'
    | 'previewsEdited'
    | 'postedTransactions',
    number
  >;
  createdByName: string;
  /** ISO instants */
  createdDate: string;
  lastModifiedByName: string;
  lastModifiedDate: string;
  version: number;
  orgName: string;
}

/** A candidate with its header, one row of the candidates report (figures exact decimal text). */
export interface ReportCaCandidateRow {
  headerCode: string;
  headerTypeName: string;
  headerStatus: string;
  securityName: string;
  sedol: string;
  isin: string;
  exDate: string;
  payDate: string;
  candidate?: Record<
    | 'clientCode'
    | 'clientName'
    | 'portfolioCode'
    | 'portfolioName'
    | 'asAtDate'
    | 'holdingQuantity'
    | 'cgtCost'
    | 'valuationCost'
    | 'price'
    | 'marketValuation'
    | 'transferQuantity'
    | 'transferPercentage'
    | 'group1Quantity'
    | 'group2Quantity'
    | 'group1Fifo'
    | 'group2Fifo'
    | 'group1Lifo'
    | 'group2Lifo'
    | 'group1Average'
    | 'group2Average'
    | 'status'
    | 'failureReason',
    string
  >;
}
