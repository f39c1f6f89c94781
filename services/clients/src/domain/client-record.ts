/** A client as client maintenance reads and writes it (the full client of seed 000 §3). */
export interface ClientRecord {
  id: number;
  uuid: string;
  organisationUuid: string;
  ouId: number;
  ouCode: string;
  code: string;
  imsCode: string;
  name: string;
  reportingName: string;
  salutation: string;
  firstName: string;
  middleNames: string;
  surname: string;
  dateOfBirth: string | null;
  niNumber: string;
  uniqueTaxPayerReference: string;
  deceased: boolean;
  dateDeceased: string | null;
  deceasedRepresentative: string;
  probateCompleted: boolean;
  probateCompletedDate: string | null;
  giaExecutorsPortfolioAdded: boolean;
  yearEndOverride: boolean;
  yearEndInput: string | null;
  company: boolean;
  typeCode: string;
  stateCode: string;
  serviceLevelCode: string;
  countryOfResidenceCode: string;
  countryOfDomicileCode: string;
  reportingFrequency: string;
  electronicReport: boolean;
  paperlessReport: boolean;
  printedReport: boolean;
  clientPortalReport: boolean;
  fatcaReporting: boolean;
  crsReporting: boolean;
  isaReporting: boolean;
  reportingRestrictionFrom: string | null;
  relationshipManagerCode: string;
  relationshipManagerName: string;
  endDate: string | null;
  familyGroup: string;
  telephone: string;
  mobile: string;
  email: string;
  notes: string;
  overrideReportTypeMapping: boolean;
  reportTypeMappings: { id: number; reportTypeId: number; generate: boolean }[];
  inactive: boolean;
  version: number;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
  portfolioCount: number;
  addresses: (import('./client-rules').RawAddress & { id: number })[];
  relationships: {
    id: number;
    uuid: string;
    childClientId: number;
    childClientUuid: string;
    childClientCode: string;
    childClientName: string;
    typeCode: string;
    startDate: string;
    endDate: string | null;
    notes: string;
  }[];
  taxOverrides: {
    uuid: string;
    taxYear: string;
    overrideType: string;
    amount: string | null;
    percentage: string | null;
    rollover: boolean;
    notes: string;
    createdAt: string;
    createdBy: string;
  }[];
}

/** A row of the Client Maintenance list. */
export interface ClientListRow {
  id: number;
  uuid: string;
  code: string;
  name: string;
  typeCode: string;
  stateCode: string;
  serviceLevel: string;
  relationshipManager: string;
  familyGroup: string;
  niNumber: string;
  company: boolean;
  inactive: boolean;
  portfolioCount: number;
  updatedAt: string;
  updatedBy: string;
}

export interface ClientListQuery {
  organisationUuid: string;
  page: number;
  size: number;
  term: string;
  sort: { column: string; direction: string }[];
  company?: boolean;
}
