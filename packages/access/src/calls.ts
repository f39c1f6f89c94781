/**
 * The one table of the BFF's calls (paths under /api) and who may make them (spec §6, §7). The BFF
 * enforces it on every request; the web app may use `canCall` to hide what the user cannot do; the
 * services check role and membership again themselves. Only the user's first role counts.
 */
import { firstRole, type RouteRole } from './roles';
import { getRoute } from './routes';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface CallDefinition {
  method: HttpMethod;
  /** Path pattern under /api, `:name` for parameters. */
  path: string;
  /**
   * 'PUBLIC': no access token (the sign-in flow). Otherwise the route roles whose
   * first role may make the call, with a valid, unrevoked access token.
   */
  roles: 'PUBLIC' | readonly RouteRole[];
  /** The call acts within the organisation named by X-Organisation-Uuid, of which the caller must be a member. */
  organisation: boolean;
  /** Only where the development mailbox is enabled. */
  dev?: boolean;
  /** The largest request body the call accepts, in bytes, when more than JSON_BODY_MAX_BYTES. */
  maxBodyBytes?: number;
}

/** Every call's body is small JSON, refused above this size before anything reads it. */
export const JSON_BODY_MAX_BYTES = 64 * 1024;

/** The largest request body a call accepts. */
export function bodyLimitOf(definition: CallDefinition): number {
  return definition.maxBodyBytes ?? JSON_BODY_MAX_BYTES;
}

const EVERYONE: readonly RouteRole[] = ['ADMIN', 'CUSTOMER_ADMIN', 'CUSTOMER_NON_ADMIN'];
/** Provider-wide configuration: super admins only. */
const SUPER_ADMIN: readonly RouteRole[] = ['ADMIN'];
// Calls serving a page take that page's roles, so the web menu and the server agree.
const ORGANISATIONS_PAGE = getRoute('Organisations').roles;
const SERVICE_LEVELS_PAGE = getRoute('OrganisationServiceLevels').roles;
const ADMINISTRATION = getRoute('Administration').roles;
const CLIENTS_PAGE = getRoute('Clients').roles;
const SINGULAR_REPORTS_PAGE = getRoute('SingularReports').roles;
const BATCH_REPORTS_PAGE = getRoute('BatchReports').roles;
const CALCULATIONS_PAGE = getRoute('Calculations').roles;
const TAXIMISER_PAGE = getRoute('Taximiser').roles;
const SECURITIES_PAGE = getRoute('Securities').roles;
const SECURITY_PRICES_PAGE = getRoute('SecurityPrices').roles;
const REFERENCE_DATA_PAGE = getRoute('ReferenceData').roles;
const TRANSACTION_TYPES_PAGE = getRoute('TransactionTypes').roles;
const GHOST_TRANSACTIONS_PAGE = getRoute('GhostTransactions').roles;
const CLIENT_MAINTENANCE_PAGE = getRoute('ClientMaintenance').roles;
const JOB_MONITOR_PAGE = getRoute('JobMonitor').roles;
const ACT_MONITOR_PAGE = getRoute('ActMonitor').roles;
const INTERFACE_LOGGING_PAGE = getRoute('InterfaceLogging').roles;
/** Changes to a firm's ledger: the provider's and the firm's administrators. */
const LEDGER_WRITERS: readonly RouteRole[] = ['ADMIN', 'CUSTOMER_ADMIN'];
const CORPORATE_ACTIONS_PAGE = getRoute('CorporateActions').roles;
const INCOME_DIARIES_PAGE = getRoute('IncomeDiaries').roles;
const DOCUMENT_TYPES_PAGE = getRoute('DocumentTypes').roles;
const MI_DASHBOARD_PAGE = getRoute('MIDashboard').roles;

function call(
  method: HttpMethod,
  path: string,
  roles: CallDefinition['roles'],
  organisation = false,
  dev = false,
): CallDefinition {
  return { method, path, roles, organisation, ...(dev ? { dev } : {}) };
}

export const CALLS: readonly CallDefinition[] = [
  // Sign-in flow (spec §4): challenge sessions and refresh tokens travel in the body.
  call('POST', '/auth/sign-in', 'PUBLIC'),
  call('POST', '/auth/new-password', 'PUBLIC'),
  call('POST', '/auth/mfa', 'PUBLIC'),
  call('POST', '/auth/mfa/setup', 'PUBLIC'),
  call('POST', '/auth/mfa/verify', 'PUBLIC'),
  call('POST', '/auth/forgot-password', 'PUBLIC'),
  call('POST', '/auth/reset-password', 'PUBLIC'),
  call('POST', '/auth/refresh', 'PUBLIC'),
  call('POST', '/auth/change-password', EVERYONE),
  call('POST', '/auth/sign-out', EVERYONE),
  call('GET', '/dev/mailbox', SUPER_ADMIN, false, true),

  // User and organisations (no organisation header).
  call('GET', '/user', EVERYONE),
  call('GET', '/organisations', EVERYONE),
  call('GET', '/organisations/:uuid', EVERYONE),

  // Clients.
  call('GET', '/clients/summary', CLIENTS_PAGE, true),

  // Calculations: a ledger file computed by the tax engine (nothing stored); the files make a large body.
  { ...call('POST', '/calculations/ledger', CALCULATIONS_PAGE, true), maxBodyBytes: 24 * 1024 * 1024 },
  // Stored calculations (issue 23; shapes in packages/contracts/src/calculation-runs.ts): each is a slice of a run
  // the tax engine stored for a client; the Calculations page's administrators only (the /admin/ rule).
  call('POST', '/admin/calculations/recalculate', CALCULATIONS_PAGE, true),
  call('GET', '/admin/calculations', CALCULATIONS_PAGE, true),
  call('GET', '/admin/calculations/ledger-csv', CALCULATIONS_PAGE, true),
  call('GET', '/admin/calculations/exemption_gain_loss', CALCULATIONS_PAGE, true),
  call('GET', '/admin/calculations/annual_exemption', CALCULATIONS_PAGE, true),
  call('GET', '/admin/calculations/bfl', CALCULATIONS_PAGE, true),
  call('GET', '/admin/calculations/:id', CALCULATIONS_PAGE, true),
  call('GET', '/admin/calculations/:id/transactions', CALCULATIONS_PAGE, true),
  call('GET', '/admin/calculations/:id/transactions/:tid/portfolios', CALCULATIONS_PAGE, true),
  call('GET', '/admin/calculations/:id/pools', CALCULATIONS_PAGE, true),
  call('GET', '/admin/calculations/:id/standalone-pools', CALCULATIONS_PAGE, true),
  call('GET', '/admin/calculations/:id/warnings', CALCULATIONS_PAGE, true),
  call('POST', '/calculations/failures/report-csv', CALCULATIONS_PAGE, true),
  call('POST', '/calculations/failures/report-pdf', CALCULATIONS_PAGE, true),

  // Admin organisations: customer admins read their own; changes are the provider's.
  call('GET', '/admin/organisations', ORGANISATIONS_PAGE),
  call('GET', '/admin/organisations/types', ORGANISATIONS_PAGE),
  call('POST', '/admin/organisations/search', ORGANISATIONS_PAGE),
  call('GET', '/admin/organisations/id/:id', ORGANISATIONS_PAGE),
  call('GET', '/admin/organisations/:uuid', ORGANISATIONS_PAGE),
  call('POST', '/admin/organisations', SUPER_ADMIN),
  call('PUT', '/admin/organisations/:id', SUPER_ADMIN),
  call('GET', '/admin/organisations/service-levels', SERVICE_LEVELS_PAGE),
  call('GET', '/admin/organisations/service-levels/:id', SERVICE_LEVELS_PAGE),
  call('POST', '/admin/organisations/service-levels', SUPER_ADMIN),
  call('PUT', '/admin/organisations/service-levels/:id', SUPER_ADMIN),

  // Users (customer admins within their own organisations) and the audit log.
  call('GET', '/admin/users', ADMINISTRATION),
  call('POST', '/admin/users', ADMINISTRATION),
  call('POST', '/admin/users/:uuid/reset-mfa', ADMINISTRATION),
  call('POST', '/admin/users/:uuid/disable', ADMINISTRATION),
  call('POST', '/admin/users/:uuid/enable', ADMINISTRATION),
  call('GET', '/admin/audit', SUPER_ADMIN),

  // Securities, issuers, prices, currencies and FX (issue 20; packages/contracts/src/securities.ts). Shared
  // static data: customer admins' changes to securities and issuers wait for a provider admin's approval;
  // prices, FX rates and approvals are the provider's.
  call('GET', '/securities/search', EVERYONE, true),
  call('GET', '/admin/securities', SECURITIES_PAGE, true),
  call('POST', '/admin/securities', SECURITIES_PAGE, true),
  call('PUT', '/admin/securities/classification', SECURITIES_PAGE, true),
  call('GET', '/admin/securities/issuers', SECURITIES_PAGE, true),
  call('POST', '/admin/securities/issuers', SECURITIES_PAGE, true),
  call('PUT', '/admin/securities/issuers/:uuid', SECURITIES_PAGE, true),
  call('GET', '/admin/securities/prices', SECURITY_PRICES_PAGE, true),
  { ...call('POST', '/admin/securities/prices/upload', SUPER_ADMIN, true), maxBodyBytes: 5 * 1024 * 1024 },
  call('GET', '/admin/securities/:id', SECURITIES_PAGE, true),
  call('PUT', '/admin/securities/:id', SECURITIES_PAGE, true),
  call('GET', '/admin/securities/:id/prices', SECURITIES_PAGE, true),
  call('PUT', '/admin/securities/:id/prices/:date', SUPER_ADMIN, true),
  call('GET', '/admin/currencies', SECURITIES_PAGE, true),
  call('GET', '/admin/currencies/fx-rates', REFERENCE_DATA_PAGE, true),
  call('POST', '/admin/currencies/fx-rates', SUPER_ADMIN, true),
  // Customer admins list their own firm's proposals (the securities pages show them); deciding them, on the
  // Static Data Validation page, is the provider's.
  call('GET', '/admin/static-data/changes', SECURITIES_PAGE, true),
  call('POST', '/admin/static-data/changes/:uuid/approve', SUPER_ADMIN, true),
  call('POST', '/admin/static-data/changes/:uuid/reject', SUPER_ADMIN, true),
  call('GET', '/reference-data', REFERENCE_DATA_PAGE, true),
  call('POST', '/reference-data/annual-exempt-amounts', SUPER_ADMIN, true),

  // The ledger (issue 21; packages/contracts/src/ledger.ts): portfolios, holdings and transactions are read by
  // every member of the firm and changed by its administrators; transaction types and ghosts are Administration.
  call('POST', '/portfolios/summary', CLIENTS_PAGE, true),
  // The Taximiser (issue 25): every member plans; nothing is stored.
  call('POST', '/taximiser/plan', TAXIMISER_PAGE, true),
  // The same plan as the trade list the client signs (a PDF): whoever may plan may print it.
  call('POST', '/taximiser/trade-list.pdf', TAXIMISER_PAGE, true),
  // A plan's sales saved as PENDING rows for an adviser to settle: a change to the ledger, so its writers only.
  call('POST', '/taximiser/proposals', LEDGER_WRITERS, true),
  call('GET', '/portfolios/:uuid', CLIENTS_PAGE, true),
  call('POST', '/admin/portfolios', LEDGER_WRITERS, true),
  call('PUT', '/admin/portfolios/:uuid', LEDGER_WRITERS, true),
  call('POST', '/holdings/summary', CLIENTS_PAGE, true),
  call('POST', '/transactions/summary', CLIENTS_PAGE, true),
  call('GET', '/customerAdmin/transactions', CLIENTS_PAGE, true),
  call('POST', '/customerAdmin/transactions', LEDGER_WRITERS, true),
  call('PUT', '/customerAdmin/transactions', LEDGER_WRITERS, true),
  call('GET', '/customerAdmin/transactions/types', CLIENTS_PAGE, true),
  call('GET', '/customerAdmin/transactions/states', CLIENTS_PAGE, true),
  call('GET', '/customerAdmin/transactions/metadata', CLIENTS_PAGE, true),
  call('GET', '/admin/transaction-types', TRANSACTION_TYPES_PAGE, true),
  call('GET', '/admin/transaction-types/:uuid', TRANSACTION_TYPES_PAGE, true),
  call('POST', '/admin/transaction-types', LEDGER_WRITERS, true),
  call('PUT', '/admin/transaction-types/:uuid', LEDGER_WRITERS, true),
  call('GET', '/admin/ghost-transactions', GHOST_TRANSACTIONS_PAGE, true),
  // Client maintenance (seed 000 §7 admin clients): the Client Maintenance page's roles; changes by administrators.
  call('GET', '/admin/clients', CLIENT_MAINTENANCE_PAGE, true),
  call('GET', '/admin/clients/by-company', CLIENT_MAINTENANCE_PAGE, true),
  call('GET', '/admin/clients/service-levels', CLIENT_MAINTENANCE_PAGE, true),
  call('GET', '/admin/clients/states', CLIENT_MAINTENANCE_PAGE, true),
  call('GET', '/admin/clients/types', CLIENT_MAINTENANCE_PAGE, true),
  call('GET', '/admin/clients/relationship-types', CLIENT_MAINTENANCE_PAGE, true),
  call('GET', '/admin/clients/addresses/statuses', CLIENT_MAINTENANCE_PAGE, true),
  call('GET', '/admin/clients/reporting-frequencies', CLIENT_MAINTENANCE_PAGE, true),
  call('GET', '/admin/clients/countries', CLIENT_MAINTENANCE_PAGE, true),
  call('GET', '/admin/clients/income-types', CLIENT_MAINTENANCE_PAGE, true),
  call('GET', '/admin/clients/types/:id/tax-years', CLIENT_MAINTENANCE_PAGE, true),
  call('GET', '/admin/clients/:id', CLIENT_MAINTENANCE_PAGE, true),
  call('POST', '/admin/clients', LEDGER_WRITERS, true),
  call('PUT', '/admin/clients/:id', LEDGER_WRITERS, true),
  call('POST', '/admin/clients/lookup', LEDGER_WRITERS, true),
  call('GET', '/clients/:clientUuid/tax-years', CLIENTS_PAGE, true),
  call('GET', '/clients/calculation-status/:clientUuid', CLIENTS_PAGE, true),
  call('POST', '/admin/ghost-transactions/:uuid/repair', GHOST_TRANSACTIONS_PAGE, true),
  call('POST', '/admin/ghost-transactions/:uuid/cancel', GHOST_TRANSACTIONS_PAGE, true),
  // The Job Monitor and the ACT Monitor (seed 000 §2.8, §7), answered by the reports service: their pages' roles.
  call('GET', '/jobs', JOB_MONITOR_PAGE, true),
  call('GET', '/admin/jobs/:jobUuid', ACT_MONITOR_PAGE, true),
  call('GET', '/admin/mmt', ACT_MONITOR_PAGE, true),
  call('POST', '/admin/mmt/:logUuid', ACT_MONITOR_PAGE, true),
  // Imports (issue 22; packages/contracts/src/imports.ts): tasks read on the page, started by administrators;
  // the file's text travels in the JSON body, so a 20 MB file (escaped) fits.
  { ...call('POST', '/interface-logging/imports', LEDGER_WRITERS, true), maxBodyBytes: 48 * 1024 * 1024 },
  call('GET', '/interface-logging/imports', INTERFACE_LOGGING_PAGE, true),
  call('GET', '/interface-logging/imports/:uuid', INTERFACE_LOGGING_PAGE, true),
  // Corporate actions and portfolio movements (issue 26; seed 001 §7): ADMIN and CUSTOMER_ADMIN (seed 001 §6).
  call('GET', '/admin/documents/headers/types', CORPORATE_ACTIONS_PAGE, true),
  call('GET', '/admin/documents/headers/types/documentType/:id', CORPORATE_ACTIONS_PAGE, true),
  call('GET', '/admin/documents/layers/:securityId', CORPORATE_ACTIONS_PAGE, true),
  call('GET', '/admin/documents/headers/search', CORPORATE_ACTIONS_PAGE, true),
  call('GET', '/admin/documents/headers/:id', CORPORATE_ACTIONS_PAGE, true),
  call('GET', '/admin/documents/headers/:id/candidates', CORPORATE_ACTIONS_PAGE, true),
  call('GET', '/admin/documents/headers/:id/previews', CORPORATE_ACTIONS_PAGE, true),
  call('POST', '/admin/documents/headers', CORPORATE_ACTIONS_PAGE, true),
  call('POST', '/admin/documents/headers/:id/process', CORPORATE_ACTIONS_PAGE, true),
  call('POST', '/admin/documents/headers/:id/candidates/:candidateId', CORPORATE_ACTIONS_PAGE, true),
  call('POST', '/admin/documents/headers/:id/candidates/:candidateId/include', CORPORATE_ACTIONS_PAGE, true),
  call('POST', '/admin/documents/headers/:id/candidates/:candidateId/exclude', CORPORATE_ACTIONS_PAGE, true),
  call('POST', '/admin/documents/headers/:id/reverse', CORPORATE_ACTIONS_PAGE, true),
  call('POST', '/admin/documents/headers/:id/delete', CORPORATE_ACTIONS_PAGE, true),
  call('PUT', '/admin/documents/headers', CORPORATE_ACTIONS_PAGE, true),
  call('GET', '/admin/documents/headers/:id/preview-transactions', CORPORATE_ACTIONS_PAGE, true),
  call('GET', '/admin/documents/headers/:id/transactions', CORPORATE_ACTIONS_PAGE, true),
  call('POST', '/admin/documents/headers/:id/previews/:previewId', CORPORATE_ACTIONS_PAGE, true),
  call('POST', '/admin/documents/headers/:id/refresh', CORPORATE_ACTIONS_PAGE, true),
  // The CA reports (seed 001 §7): each answers a short-lived signed link, which the window it opens in (no bearer)
  // follows; the download is public here and guarded by its token (bff/src/routes/document-reports.ts).
  call('POST', '/admin/documents/headers/report-csv', CORPORATE_ACTIONS_PAGE, true),
  call('POST', '/admin/documents/headers/candidates/report-csv', CORPORATE_ACTIONS_PAGE, true),
  call('GET', '/reports/download/:token', 'PUBLIC'),
  // Singular reports kept by the reports service (bff/src/routes/client-reports.ts): {url} to open, and the client
  // area's reports list.
  call('POST', '/clients/cgt-report', SINGULAR_REPORTS_PAGE, true),
  call('GET', '/clients/:clientUuid/reports', CLIENTS_PAGE, true),
  call('GET', '/clients/:clientUuid/reporting-restriction', SINGULAR_REPORTS_PAGE, true),
  // The other Singular Reports tabs' downloads (bff/src/routes/singular-reports.ts), each made by a REPORT job.
  call('POST', '/clients/income-report', SINGULAR_REPORTS_PAGE, true),
  call('POST', '/holdings/report-pdf', SINGULAR_REPORTS_PAGE, true),
  call('POST', '/holdings/report-csv', SINGULAR_REPORTS_PAGE, true),
  call('POST', '/holdings/ca/report-pdf', SINGULAR_REPORTS_PAGE, true),
  call('POST', '/holdings/ca/report-csv', SINGULAR_REPORTS_PAGE, true),
  call('POST', '/reconciliation/report-pdf', SINGULAR_REPORTS_PAGE, true),
  call('POST', '/reconciliation/report-csv', SINGULAR_REPORTS_PAGE, true),
  call('POST', '/transactions/report-pdf', SINGULAR_REPORTS_PAGE, true),
  call('POST', '/transactions/report-csv', SINGULAR_REPORTS_PAGE, true),
  call('POST', '/transactions/ops/report-csv', SINGULAR_REPORTS_PAGE, true),
  // Batch reports (bff/src/routes/batch-reports.ts): the prints, their candidates and publishing.
  call('GET', '/batch-reports', BATCH_REPORTS_PAGE, true),
  call('POST', '/batch-reports', BATCH_REPORTS_PAGE, true),
  call('GET', '/batch-reports/:id', BATCH_REPORTS_PAGE, true),
  call('GET', '/batch-reports/:id/candidates', BATCH_REPORTS_PAGE, true),
  call('POST', '/batch-reports/:id/publish', BATCH_REPORTS_PAGE, true),
  call('GET', '/admin/documents/headers/types/:typeId/:direction/clients', CORPORATE_ACTIONS_PAGE, true),
  call('GET', '/admin/documents/headers/types/:typeId/:direction/portfolios', CORPORATE_ACTIONS_PAGE, true),
  call('GET', '/admin/documents/income-diaries', INCOME_DIARIES_PAGE, true),
  call('GET', '/admin/documents/income-diaries/:uuid', INCOME_DIARIES_PAGE, true),
  call('POST', '/admin/documents/income-diaries', INCOME_DIARIES_PAGE, true),
  call('PUT', '/admin/documents/income-diaries', INCOME_DIARIES_PAGE, true),
  call('POST', '/admin/documents/income-diaries/:uuid/delete', INCOME_DIARIES_PAGE, true),
  call('POST', '/admin/documents/income-diaries/run', INCOME_DIARIES_PAGE, true),
  call('GET', '/admin/documents/types', DOCUMENT_TYPES_PAGE, true),
  call('GET', '/admin/documents/types/:uuid', DOCUMENT_TYPES_PAGE, true),
  call('POST', '/admin/documents/types', DOCUMENT_TYPES_PAGE, true),
  call('PUT', '/admin/documents/types/:uuid', DOCUMENT_TYPES_PAGE, true),
  call('GET', '/mi-dashboard', MI_DASHBOARD_PAGE, true),
];

/**
 * The call a request matches, with its parameters. Static segments win over parameters
 * (`/admin/organisations/types` is not `/admin/organisations/:uuid`).
 */
export function matchCall(
  method: string,
  path: string,
): { call: CallDefinition; params: Record<string, string> } | undefined {
  const segments = path.split('/').filter(Boolean);
  let best: { call: CallDefinition; params: Record<string, string>; score: number } | undefined;
  for (const candidate of CALLS) {
    if (candidate.method !== method.toUpperCase()) continue;
    const pattern = candidate.path.split('/').filter(Boolean);
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let score = 0;
    let matched = true;
    for (let i = 0; i < pattern.length && matched; i++) {
      const part = pattern[i]!;
      if (part.startsWith(':')) params[part.slice(1)] = segments[i]!;
      else if (part === segments[i]) score += 1;
      else matched = false;
    }
    if (matched && (!best || score > best.score)) best = { call: candidate, params, score };
  }
  return best && { call: best.call, params: best.params };
}

/** Whether a user with these roles may make the call (public calls: anyone). */
export function canCall(roles: readonly string[], definition: CallDefinition): boolean {
  if (definition.roles === 'PUBLIC') return true;
  const role = firstRole(roles);
  return !!role && definition.roles.includes(role);
}

/** Whether a user may make `method path`, e.g. `canCallPath(user.roles, 'POST', '/admin/organisations')`. */
export function canCallPath(roles: readonly string[], method: HttpMethod, path: string): boolean {
  const found = matchCall(method, path);
  return !!found && canCall(roles, found.call);
}
