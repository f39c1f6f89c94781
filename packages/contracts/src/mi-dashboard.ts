/**
 * GET /api/mi-dashboard (issue 27): the selected organisation's management figures. Money is exact decimal text to
 * the penny; counts are whole numbers. Dates "YYYY-MM-DD" (London).
 */
export interface MiDashboard {
  /** Today in London: the last point of the assets series and the end of the jobs' and logs' period. */
  asAt: string;
  /** The jobs' and monitor logs' period, from..to inclusive (the day after the first month end, to today). */
  from: string;
  to: string;
  /**
   * Assets under administration at each of the last 12 month ends and today: every security the organisation's
   * portfolios hold at the date (the holding rule over settled rows traded on or before it) times the security's
   * latest GBP price on or before the date, summed and rounded to the penny. A holding with no price by then is
   * counted in `unpricedSecurities`, not valued.
   */
  assetsUnderAdministration: { date: string; value: string; pricedSecurities: number; unpricedSecurities: number }[];
  /** Realised figures the tax engine stored on the ledger rows, by UK tax year of the trade date. */
  realisedGains: {
    taxYear: string;
    capitalGainLoss: string;
    incomeGain: string;
    exemptGainLoss: string;
    disposals: number;
  }[];
  clients: number;
  /** The clients grid's rows counted by Client State (every client, live or not). */
  clientsByState: { state: string; count: number }[];
  /** The clients grid's AE Remaining in bands; 'Not calculated' before the tax engine's first run. */
  clientsByAeBand: { band: string; count: number }[];
  /** The Job Monitor's jobs created from..to by status. */
  jobsByStatus: { status: string; label: string; count: number }[];
  /** The clients grid's Calc Failures and Rec Breaks columns summed, and the clients with any. */
  calculationFailures: { failures: number; clients: number };
  recBreaks: { breaks: number; clients: number };
  /** The ACT Monitor's logs created from..to by severity (1 Low .. 4 Urgent). */
  monitorLogsBySeverity: { severityId: number; severity: string; count: number }[];
}
