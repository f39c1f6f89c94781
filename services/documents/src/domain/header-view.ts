import type { PortfolioRef, ProcessingOverride } from './deps';

/** A header as the calls answer it (documents.proto Header): text for every figure and date ("" when none). */
export interface HeaderView {
  uuid: string;
  code: string;
  name: string;
  description: string;
  status: string;
  version: number;
  typeUuid: string;
  typeCode: string;
  typeName: string;
  documentTypeCode: string;
  effect: string;
  exDate: string;
  payDate: string;
  startDate: string;
  tradeDate: string;
  layerUuid: string;
  layerName: string;
  parentSecurityPrice: string;
  /** cash in lieu of fractions, GBP per new share; "" when fractions are not paid */
  fractionPrice: string;
  /** seed 001 §3: the header's own, copied from its type when made (its type's for a header made before) */
  processingOverride: ProcessingOverride;
  securityId: number;
  securityName: string;
  sedol: string;
  isin: string;
  distributionCurrency: string;
  edited: boolean;
  orgName: string;
  lines: {
    uuid: string;
    lineDefinitionUuid: string;
    ord: number;
    securityId: number;
    sedol: string;
    isin: string;
    securityName: string;
    transactionTypeName: string;
    rate: string;
    perParent: string;
    price: string;
    apportionmentFactor: string;
    calculatedRatePrice: string;
    incomeReportLabel: string;
    newSecurity: boolean;
  }[];
  inPortfolios: MovementView[];
  outPortfolios: MovementView[];
  counts: {
    candidates: number;
    successes: number;
    failures: number;
    runCandidates: number;
    runSuccesses: number;
    runFailures: number;
    runs: number;
    candidatesEdited: number;
    previewsEdited: number;
    postedTransactions: number;
  };
  createdDate: string;
  createdByName: string;
  lastModifiedDate: string;
  lastModifiedByName: string;
}

export interface MovementView extends PortfolioRef {
  transferPercentage: string;
  ord: number;
}

/** The date columns a header search filters by (seed 001 §2, §4). */
export const SEARCH_DATE_TYPES = ['PAY_DATE', 'EX_DATE', 'TRADE_DATE', 'CREATED_DATE', 'LAST_MODIFIED_DATE'] as const;
export type SearchDateType = (typeof SEARCH_DATE_TYPES)[number];

/** A header search's filters, checked: the date range is whole days of the chosen date. */
export interface HeaderFilter {
  documentTypeCode: string;
  typeUuid: string;
  status: string;
  securityId: number;
  layerUuid: string;
  dateType: SearchDateType;
  from: string | null;
  to: string | null;
}
