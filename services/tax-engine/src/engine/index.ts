/**
 * Public API of the tax engine core: pure, no I/O. Callers (the tax-engine service, the Taximiser,
 * the cgt CLI) load the ledger and reference data and call computeLedger.
 */
export { computeLedger, type ComputeOptions } from './compute-ledger';
export type * from './computation';
export type * from './ledger';
export { TRANSACTION_TYPES, isTransactionType } from './ledger';
export { Rational } from './arithmetic';
export { parseAnnualExemptAmountsJson, parseRpiCsv, prepareReferenceData, type ReferenceData } from './reference-data';
export { annualExemptAmount } from './annual-exempt-amount';
export { taxYearOf, taxYearLabel, parseTaxYear } from './tax-years';
export {
  attributeToPortfolios,
  valueHoldings,
  type HoldingValue,
  type PortfolioFigures,
  type PortfolioRealised,
} from './value-holdings';
export {
  presentComputation,
  presentDisposal,
  presentTaxYear,
  money,
  quantity,
  type DisposalsWindow,
  type PresentedComputation,
} from './present';
export { indexationFactor, INDEXATION_FROZEN_MONTH, type IndexationRounding } from './indexation';
export {
  formatLedgerCsv,
  parseLedgerCsv,
  parsePricesCsv,
  ledgerFromCsv,
  splitCsv,
  type CsvError,
  type ParsedLedgerCsv,
} from './ledger-csv';
export {
  computeLedgerFile,
  describeCsvError,
  type DisposalsPage,
  type LedgerFile,
  type LedgerFileError,
  type LedgerFileResult,
} from './ledger-file';
export { taxpayerProblems, TAXPAYER_KINDS, type TaxpayerProblem } from './taxpayer-rules';
export { cgtRatesShown, type CgtRatesShown } from './tax-due';
