import type { Holding, TaxYear } from '@gains/contracts';

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
}
