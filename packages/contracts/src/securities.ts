/**
 * The REST contract of securities, issuers, prices, currencies, FX rates, static data validation and
 * reference data (issue 20; seed 001 §2, §3, §7; seed 000 §3). JSON shapes only: money, prices,
 * quantities and FX rates are decimal STRINGS (never numbers); dates are "YYYY-MM-DD"; instants are ISO
 * timestamps in UTC. Every call is under /api, carries the bearer token and X-Organisation-Uuid (the
 * selected organisation; the caller must be a member). Errors answer `{type_description, timestamp, id,
 * field?}` (400 names the field and the rule; nothing is written).
 *
 * Routes (roles: A = ROLE_ADMIN, the provider; CA = ROLE_CUSTOMER_ADMIN; N = ROLE_CUSTOMER_NON_ADMIN):
 *   GET  /securities/search?term=                     -> SecuritySearchResult[] (at most 10)        A CA N
 *   GET  /admin/securities?page=&size=&term=&sort=    -> Page<Security>  (sort: column,direction)    A CA
 *   GET  /admin/securities/:id                        -> SecurityDetail                              A CA
 *   POST /admin/securities            SecurityInput   -> ChangeResult<Security>                      A CA
 *   PUT  /admin/securities/:id        SecurityInput   -> ChangeResult<Security>                      A CA
 *   PUT  /admin/securities/classification  ClassificationUpdateRequest -> ClassificationUpdateResult A CA
 *   GET  /admin/securities/issuers?term=              -> Issuer[]                                    A CA
 *   POST /admin/securities/issuers    IssuerInput     -> ChangeResult<Issuer>                        A CA
 *   PUT  /admin/securities/issuers/:uuid IssuerInput  -> ChangeResult<Issuer>                        A CA
 *   GET  /admin/securities/:id/prices?from=&to=       -> SecurityPriceHistory                        A CA
 *   PUT  /admin/securities/:id/prices/:date  PriceInput -> SecurityPrice                             A
 *   GET  /admin/securities/prices?date=&page=&size=&term=&sort= -> Page<PriceOnDate>                 A CA
 *   POST /admin/securities/prices/upload  PriceUploadRequest -> PriceUploadResult                    A
 *        (400 PriceUploadRejection when any line is bad: every bad line named, nothing written)
 *   GET  /admin/currencies                            -> Currency[]                                  A CA
 *   GET  /admin/currencies/fx-rates?currency=&from=&to= -> FxRate[]                                  A CA
 *   POST /admin/currencies/fx-rates   FxRateInput     -> FxRate                                      A
 *   GET  /admin/static-data/changes?status=           -> StaticDataChange[]                          A CA
 *   POST /admin/static-data/changes/:uuid/approve     -> StaticDataChange                            A
 *   POST /admin/static-data/changes/:uuid/reject  RejectChangeRequest -> StaticDataChange            A
 *   GET  /reference-data                              -> ReferenceData                               A CA
 *   POST /reference-data/annual-exempt-amounts  AnnualExemptAmountInput -> TaxYearReference         A
 *
 * Who may change what: a provider admin's change takes effect at once (`applied: true`). A customer
 * admin's change to shared static data (securities, issuers) becomes a pending StaticDataChange
 * (`applied: false`) that takes effect only when a provider admin approves it; until then only the
 * proposing firm sees it (in GET /admin/static-data/changes), never in the securities themselves.
 * Prices, FX rates and approvals are the provider's (A only).
 *
 * Statuses: a change applied at once answers 201 (create) or 200 (update); one that became a pending change
 * answers 202. Defaults: a security's prices cover the year to today; FX rates the last 90 days; the prices
 * grid's date is today; changes are listed newest first (at most 1,000).
 */
import type { Page } from './grid';

/** Asset classes (issue 20). */
export const ASSET_CLASSES = [
  'EQUITY',
  'INVESTMENT_TRUST',
  'UNIT_TRUST_INCOME',
  'UNIT_TRUST_ACCUMULATION',
  'REPORTING_OFFSHORE_FUND',
  'NON_REPORTING_OFFSHORE_FUND',
  'GILT',
  'QUALIFYING_CORPORATE_BOND',
  'OTHER_BOND',
  'CASH',
] as const;
export type AssetClass = (typeof ASSET_CLASSES)[number];

/** How the tax engine treats a disposal: a capital gain, exempt (gilts, QCBs), or an income gain (non-reporting funds). */
export const CGT_CLASSES = ['CAPITAL', 'EXEMPT', 'INCOME_GAIN'] as const;
export type CgtClass = (typeof CGT_CLASSES)[number];

export const SECURITY_STATUSES = ['ACTIVE', 'SUSPENDED', 'DELISTED', 'MATURED'] as const;
export type SecurityStatus = (typeof SECURITY_STATUSES)[number];

export const PRICE_SOURCES = ['MANUAL', 'UPLOAD', 'DEMO'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

export const STATIC_DATA_CHANGE_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type StaticDataChangeStatus = (typeof STATIC_DATA_CHANGE_STATUSES)[number];

/** Columns GET /admin/securities sorts by (`sort=securityName,asc`, repeatable). */
export const SECURITY_SORT_COLUMNS = [
  'id',
  'sedol',
  'isin',
  'securityName',
  'reportingName',
  'issuerName',
  'currency',
  'assetClass',
  'cgtClass',
  'status',
  'quantityDecimalPlaces',
  'lastModifiedDate',
] as const;
export type SecuritySortColumn = (typeof SECURITY_SORT_COLUMNS)[number];

/** Columns GET /admin/securities/prices sorts by. */
export const PRICE_SORT_COLUMNS = [
  'securityId',
  'sedol',
  'isin',
  'securityName',
  'currency',
  'date',
  'price',
  'priceGbp',
] as const;
export type PriceSortColumn = (typeof PRICE_SORT_COLUMNS)[number];

/** A row of GET /securities/search (seed 000 §3, seed 001 §3 "security search result"). */
export interface SecuritySearchResult {
  id: number;
  sedol: string;
  isin: string;
  reportingName: string;
  securityName: string;
  issuerName: string;
}

/** A security (seed 001 §3: id, sedol, isin, issuer, issuerName, issuerLongName, securityName, ...). */
export interface Security {
  id: number;
  sedol: string;
  isin: string;
  /** The issuer's uuid. */
  issuer: string;
  issuerName: string;
  issuerLongName: string;
  securityName: string;
  reportingName: string;
  securityDescription: string;
  securityLongDescription: string;
  /** ISO 4217 code of the currency the security is priced in. */
  currency: string;
  assetClass: AssetClass;
  cgtClass: CgtClass;
  /** Decimal places its quantities are held to, 0 to 6. */
  quantityDecimalPlaces: number;
  status: SecurityStatus;
  createdDate: string;
  lastModifiedDate: string;
  lastModifiedByName: string;
}

/** GET /admin/securities/:id: the security, its issuer, its latest price (stale flag per the organisation). */
export interface SecurityDetail extends Security {
  latestPrice: SecurityPrice | null;
  /** Pending changes to this security proposed by the caller's organisation (provider admins: by anyone). */
  pendingChanges: StaticDataChange[];
}

/**
 * Body of POST /admin/securities and PUT /admin/securities/:id. All fields are required on create;
 * `cgtClass` may be left out (derived from `assetClass`), `quantityDecimalPlaces` defaults to 0 on
 * create, `status` to ACTIVE.
 */
export interface SecurityInput {
  sedol: string;
  isin: string;
  /** The issuer's uuid. */
  issuer: string;
  securityName: string;
  reportingName: string;
  securityDescription?: string;
  securityLongDescription?: string;
  currency: string;
  assetClass: AssetClass;
  cgtClass?: CgtClass;
  quantityDecimalPlaces?: number;
  status?: SecurityStatus;
}

/**
 * The answer to a change of shared static data. `applied: true`: a provider admin's change, in effect
 * now (`value` is the stored row). `applied: false`: a customer admin's proposal (`change` is the
 * pending change; `value` is null until a provider admin approves it).
 */
export interface ChangeResult<T> {
  applied: boolean;
  value: T | null;
  change: StaticDataChange | null;
}

/** One row of PUT /admin/securities/classification: only the fields given change. */
export interface ClassificationUpdate {
  id: number;
  assetClass?: AssetClass;
  cgtClass?: CgtClass;
  status?: SecurityStatus;
  quantityDecimalPlaces?: number;
}

/** Body of PUT /admin/securities/classification (Security Maintenance), 1 to 500 rows, all or nothing. */
export interface ClassificationUpdateRequest {
  updates: ClassificationUpdate[];
}

export interface ClassificationUpdateResult {
  applied: boolean;
  /** The updated securities (provider admin), in the order given. */
  securities: Security[];
  /** The pending changes, one per security (customer admin). */
  changes: StaticDataChange[];
}

/** An issuer (seed 001 §3: uuid, name; a long name too). */
export interface Issuer {
  uuid: string;
  name: string;
  longName: string;
  /** How many securities it issues. */
  securityCount: number;
}

/** Body of POST /admin/securities/issuers and PUT /admin/securities/issuers/:uuid. */
export interface IssuerInput {
  name: string;
  longName?: string;
}

/** A security's price on one date. */
export interface SecurityPrice {
  securityId: number;
  date: string;
  /** In the security's currency. */
  price: string;
  currency: string;
  /** In GBP (price x the FX rate on or before the date; equal to `price` for GBP securities). */
  priceGbp: string;
  source: PriceSource;
  setByName: string;
  setAt: string;
  /**
   * Older than the organisation's oldPriceAgeDays, counted from the date asked about (today, or the
   * `date` of the call), when the organisation sets usePriceAgingDays; otherwise always false.
   */
  stale: boolean;
}

/** GET /admin/securities/:id/prices?from=&to= (default: the last year to today), oldest first. */
export interface SecurityPriceHistory {
  securityId: number;
  currency: string;
  from: string;
  to: string;
  /** The organisation's price aging: null when it does not use price aging days. */
  oldPriceAgeDays: number | null;
  /** Oldest first. Only the last can be stale: it is the one in use as of `to` (or today, if earlier). */
  prices: SecurityPrice[];
}

/** Body of PUT /admin/securities/:id/prices/:date. `currency` defaults to the security's and must equal it. */
export interface PriceInput {
  price: string;
  currency?: string;
}

/** A row of GET /admin/securities/prices?date=: each security's latest price on or before the date. */
export interface PriceOnDate {
  securityId: number;
  sedol: string;
  isin: string;
  securityName: string;
  currency: string;
  /** The date asked about. */
  asAt: string;
  /** Null when the security has no price on or before the date. */
  price: SecurityPrice | null;
}

/**
 * Body of POST /admin/securities/prices/upload: CSV text with a header line
 * `security,date,price,currency` (security: SEDOL, ISIN or id; date YYYY-MM-DD; price > 0 decimal;
 * currency: the security's ISO code). At most 50,000 lines.
 */
export interface PriceUploadRequest {
  csv: string;
}

export interface PriceUploadResult {
  lines: number;
  inserted: number;
  updated: number;
  /** Lines whose price was already stored as given (a re-upload changes nothing). */
  unchanged: number;
}

export interface PriceUploadProblem {
  /** 1-based line number in the file (the header is line 1). */
  line: number;
  field: 'security' | 'date' | 'price' | 'currency' | 'line';
  message: string;
}

/** The 400 answer of an upload with bad lines: the error body plus every problem. Nothing is written. */
export interface PriceUploadRejection {
  type_description: string;
  timestamp: string;
  id: string;
  field: 'csv';
  problems: PriceUploadProblem[];
}

/** A currency (ISO 4217). */
export interface Currency {
  isoCode: string;
  name: string;
  decimalPlaces: number;
}

/** GBP per one unit of `currency` on `date`. */
export interface FxRate {
  currency: string;
  date: string;
  gbpPerUnit: string;
  setByName: string;
}

/** Body of POST /admin/currencies/fx-rates (date not in the future; gbpPerUnit > 0). */
export interface FxRateInput {
  currency: string;
  date: string;
  gbpPerUnit: string;
}

/** A field's value in a change's old/new values. */
export type StaticDataValue = string | number | null;

/** A proposed (or decided) change to shared static data: the Static Data Validation page. */
export interface StaticDataChange {
  uuid: string;
  entityType: 'SECURITY' | 'ISSUER';
  action: 'CREATE' | 'UPDATE';
  /** The security id or issuer uuid changed; null for a proposed creation. */
  entityId: string | null;
  /** A label for the row: the security's name and SEDOL, or the issuer's name. */
  entityLabel: string;
  organisationUuid: string;
  proposedByName: string;
  proposedByEmail: string;
  proposedAt: string;
  /** Only the fields that change. `oldValues` is empty for a creation. */
  oldValues: Record<string, StaticDataValue>;
  newValues: Record<string, StaticDataValue>;
  status: StaticDataChangeStatus;
  reviewedByName: string | null;
  reviewedAt: string | null;
  note: string | null;
}

/** Body of POST /admin/static-data/changes/:uuid/reject: a note of 1 to 500 characters. */
export interface RejectChangeRequest {
  note: string;
}

/** A coded entry of a reference list. */
export interface ReferenceItem {
  code: string;
  name: string;
}

export interface AssetClassReference extends ReferenceItem {
  code: AssetClass;
  /** The CGT class a new security of this asset class gets. */
  cgtClass: CgtClass;
}

/** A UK tax year (6 April to 5 April) as the tax engine knows it. */
export interface TaxYearReference {
  /** "2024-25". */
  label: string;
  startDate: string;
  endDate: string;
  /** Individual annual exempt amount, GBP. */
  annualExemptAmount: string;
  /** CGT rates for individuals in percent: basic and higher rate (null when the engine does not hold them). */
  basicRate: string | null;
  higherRate: string | null;
  /** A change of rates within the year, when there was one (2024-25: 10% and 20% before 30 October 2024). */
  ratesNote: string | null;
  /** For a year whose amount a provider admin set (after the statutory years): who, and when (ISO instant). */
  amountSetBy: string | null;
  amountSetAt: string | null;
}

/**
 * Body of POST /reference-data/annual-exempt-amounts: the individuals' annual exempt amount of the next tax year
 * after those held (or of one set before), GBP; the tax engine computes with it at once.
 */
export interface AnnualExemptAmountInput {
  taxYear: string;
  amount: string;
}

/** One month of the RPI series (January 1987 = 100). */
export interface RpiReference {
  /** "YYYY-MM". */
  month: string;
  value: string;
}

/** GET /reference-data: the lists the product runs on, each from the service that owns it. */
export interface ReferenceData {
  /** Tax engine. */
  taxYears: TaxYearReference[];
  rpi: RpiReference[];
  /** Securities. */
  currencies: Currency[];
  /** The latest rate of each non-GBP currency. */
  fxRates: FxRate[];
  assetClasses: AssetClassReference[];
  cgtClasses: ReferenceItem[];
  securityStatuses: ReferenceItem[];
  /** Clients. */
  countries: ReferenceItem[];
  clientTypes: ReferenceItem[];
  clientStates: ReferenceItem[];
  relationshipTypes: ReferenceItem[];
  addressStatuses: ReferenceItem[];
  reportingFrequencies: ReferenceItem[];
  incomeTypes: ReferenceItem[];
}

export type SecurityPage = Page<Security>;
export type PriceOnDatePage = Page<PriceOnDate>;
