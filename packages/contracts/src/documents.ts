import type { documents } from '@gains/proto';
import type { Wire } from './calculations';

/**
 * Corporate actions and portfolio movements (issue 26; seed 001): the BFF answers the documents service's messages
 * as their proto3 JSON (`toJson`, every implicit field present), so these shapes are derived from
 * documents.proto, never copied. Figures and dates are text; grids answer `Page<T>` with `page` from 1.
 */
export type DocumentType = Wire<documents.DocumentType>;
export type LineDefinition = Wire<documents.LineDefinition>;
export type DocumentHeader = Wire<documents.Header>;
export type DocumentHeaderLine = Wire<documents.HeaderLine>;
export type DocumentHeaderCounts = Wire<documents.HeaderCounts>;
export type HeaderCandidate = Wire<documents.Candidate>;
export type HeaderPreview = Wire<documents.Preview>;

/**
 * A header search's filters without its paging (documents' ExportHeadersRequest): the header search, the CA
 * reports' parse and their pages all read the same ones.
 */
export type HeaderFilters = Omit<Wire<documents.ExportHeadersRequest>, 'organisationUuid' | 'cursor' | 'limit'>;

/** A report call's answer (seed 001 §7): a short-lived signed link to open in a new window. */
export interface ReportLink {
  url: string;
}
export type MovementClient = Wire<documents.MovementClient>;
export type MovementPortfolioOption = Wire<documents.MovementPortfolioOption>;
/** Income Diaries (seed 000 §1, §2.1): a schedule of expected income and the headers it made. */
export type IncomeDiary = Wire<documents.IncomeDiary>;
export type IncomeDiaryHeader = Wire<documents.IncomeDiaryHeader>;
/** Administration > Document Types: a firm's own type's editable fields (POST with baseUuid and code, PUT). */
export type SaveDocumentTypeBody = Partial<Omit<Wire<documents.SaveDocumentTypeRequest>, 'organisationUuid' | 'uuid'>>;
export type ProcessingOverride = Wire<documents.ProcessingOverride>;
/**
 * Seed 001 §3: every flag off, N 0, a type or header without an override. The documents service reads a stored
 * override over it and the web's forms start from it, so both mean the same by "no override".
 */
export const NO_PROCESSING_OVERRIDE: ProcessingOverride = {
  autoProcess: false,
  autoProcessFromUserEnteredDate: false,
  autoProcessNDaysAfterPayDate: 0,
  autoProcessNewHolding: false,
  autoProcessUpdateHolding: false,
  autoProcessFedTransaction: false,
  replaceCandidateSecurityQuantity: false,
  replaceCandidateGroupQuantities: false,
  replaceCandidateCgtCost: false,
  replaceCandidateMarketValue: false,
  replaceCandidateAcquisitionDate: false,
};
