import type { Caller } from '@gains/auth';
import type { DocumentEffect, GroupMethod } from './document-types';
import type { EditDeps } from './edit-candidates';
import type { HeaderJob } from './header-jobs';
import type { HeaderStore } from '../store/header-store';
import type { DiaryHeaderView, IncomeDiaryStore } from '../store/income-diary-store';
import type { DocumentTypeStore } from '../store/document-type-store';
import type { LayerStore } from '../store/layer-store';
import type { RowStore } from '../store/row-store';

export interface LineDefinitionRecord {
  id: number;
  uuid: string;
  ord: number;
  transactionTypeName: string;
  transactionTypeDescription: string;
  newSecurity: boolean;
  useParentSecurityPrice: boolean;
  usePriceInTransaction: boolean;
  apportionmentFactor: boolean;
  mandatory: boolean;
  multiple: boolean;
  defaultPrice: string | null;
  defaultIncomeReportLabel: string;
  rateAppliesToId: number;
}

export interface DocumentTypeRecord {
  id: number;
  uuid: string;
  code: string;
  name: string;
  documentTypeCode: string;
  effect: DocumentEffect;
  apportionmentFactorMethodId: number;
  parentSecurityPriceMandatory: boolean;
  newSecurityPriceMandatory: boolean;
  allowZeroRate: boolean;
  apportionmentFactor: boolean;
  smallCheck: boolean;
  eri: boolean;
  useG1G2: boolean;
  groupMethod: GroupMethod;
  corporateAction: boolean;
  portfolioMovement: boolean;
  schedule: boolean;
  income: boolean;
  system: boolean;
  lineDefinitions: LineDefinitionRecord[];
  active: boolean;
  version: number;
  /** a firm's type: the system type it was copied from; null for a system type */
  base: { uuid: string; code: string; name: string } | null;
  updatedByName: string;
  updatedAt: string;
  processingOverride: ProcessingOverride;
}

/** Seed 001 §3 processing override, as a type stores it (processing_override JSON). */
export interface ProcessingOverride {
  autoProcess: boolean;
  autoProcessFromUserEnteredDate: boolean;
  autoProcessNDaysAfterPayDate: number;
  autoProcessNewHolding: boolean;
  autoProcessUpdateHolding: boolean;
  autoProcessFedTransaction: boolean;
  replaceCandidateSecurityQuantity: boolean;
  replaceCandidateGroupQuantities: boolean;
  replaceCandidateCgtCost: boolean;
  replaceCandidateMarketValue: boolean;
  replaceCandidateAcquisitionDate: boolean;
}

/** A security as a header shows it (the securities service's). */
export interface SecurityRef {
  id: number;
  sedol: string;
  isin: string;
  securityName: string;
  quantityDecimalPlaces: number;
}

/** A portfolio of the organisation with the client named (the clients service's). */
export interface PortfolioRef {
  clientUuid: string;
  clientCode: string;
  clientName: string;
  portfolioUuid: string;
  portfolioCode: string;
  portfolioName: string;
}

export interface DocumentsDeps {
  types: DocumentTypeStore;
  layers: LayerStore;
  headers: HeaderStore;
  rows: RowStore;
  /** candidate edits: one transaction each */
  edits: EditDeps;
  /** A security by id, asked with the caller's token; null when there is none. */
  security(caller: Caller, organisationUuid: string, id: number): Promise<SecurityRef | null>;
  /** The organisation's portfolio owned by the client, asked with the caller's token; null when not. */
  portfolio(
    caller: Caller,
    organisationUuid: string,
    clientUuid: string,
    portfolioUuid: string,
  ): Promise<PortfolioRef | null>;
  /**
   * Starts finding a corporate action's candidates (a job: create-candidates.ts): any candidates of earlier terms
   * are dropped and the header is CREATING_CANDIDATES until the job is done.
   */
  startCandidates(caller: Caller, organisationUuid: string, headerUuid: string): Promise<void>;
  /**
   * Starts one of a header's jobs (header-jobs.ts): posting its transactions, reversing them or deleting it, the
   * header in the job's in-progress status meanwhile; ABORTED when the header left `checkedStatus` first.
   */
  startHeaderJob(
    job: HeaderJob,
    caller: Caller,
    organisationUuid: string,
    headerUuid: string,
    checkedStatus: string,
  ): Promise<void>;
  /** The organisation's clients matching a term (code, name, ...), asked with the caller's token. */
  searchClients(
    caller: Caller,
    organisationUuid: string,
    terms: string,
    limit: number,
  ): Promise<{ uuid: string; code: string; name: string }[]>;
  /** The client's portfolios in the organisation, asked with the caller's token; none for another firm's client. */
  clientPortfolios(
    caller: Caller,
    organisationUuid: string,
    clientUuid: string,
  ): Promise<{ uuid: string; code: string; name: string; clientUuid: string; taxWrapper: string }[]>;
  /** The organisation's name, as headers show it. */
  organisationName(caller: Caller, organisationUuid: string): Promise<string>;
  diaries: IncomeDiaryStore;
  /** Runs the organisation's due diaries now (run-income-diaries.ts), as the timer would. */
  runDiaries(organisationUuid: string): Promise<DiaryHeaderView[]>;
  /** The organisation's 'Income Pending' is worked out again shortly (income-pending.ts). */
  incomePendingChanged(organisationUuid: string): void;
}
