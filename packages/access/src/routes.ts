/**
 * The one route and permission table of the web app (spec §1, §2.1, §6).
 * Pure data and functions: the web app builds its router and menus from it, the BFF checks access with it.
 */
import { firstRole, type RouteRole } from './roles';

export const NAV_GROUPS = [
  { key: 'CLIENT_AREA', label: 'Client Area' },
  { key: 'OUTPUTS', label: 'Outputs' },
  { key: 'MOVEMENT_MANAGEMENT', label: 'Movement Management' },
  { key: 'OPERATIONS', label: 'Operations' },
  { key: 'MY_TASKS', label: 'My Tasks' },
  { key: 'ADMINISTRATION', label: 'Administration' },
] as const;
export type NavGroupKey = (typeof NAV_GROUPS)[number]['key'];

/** Built pages are real; placeholders say "Coming soon"; pending pages arrive in later issues. */
export type RouteStatus = 'built' | 'coming-soon' | 'pending';

export const ORGANISATION_PARAM = 'organisationUuid';
export const ORGANISATION_PREFIX = `/:${ORGANISATION_PARAM}`;

const EVERYONE: readonly RouteRole[] = ['ADMIN', 'CUSTOMER_ADMIN', 'CUSTOMER_NON_ADMIN'];
const ADMINS: readonly RouteRole[] = ['ADMIN', 'CUSTOMER_ADMIN'];

export interface RouteCard {
  title: string;
  description: string;
}

export interface RouteDefinition {
  /** Symbolic name (spec §2.1); the names of document-2 routes are ours. */
  name: string;
  /** Full path pattern, always under `/:organisationUuid`. */
  path: string;
  /** Page title. */
  title: string;
  /** The card-bearing route this page belongs to (itself for cards). Drives the secondary navigation. */
  section: string;
  /** Navigation group and area card, for routes that appear in the menus. */
  group?: NavGroupKey;
  card?: RouteCard;
  /** Route roles allowed to open the page (only the user's first role counts). */
  roles: readonly RouteRole[];
  status: RouteStatus;
}

function route<N extends string>(
  name: N,
  relativePath: string,
  title: string,
  options: {
    section?: string;
    group?: NavGroupKey;
    card?: RouteCard;
    roles?: readonly RouteRole[];
    status?: RouteStatus;
  },
): RouteDefinition & { name: N } {
  return {
    name,
    path: relativePath === '' ? ORGANISATION_PREFIX : `${ORGANISATION_PREFIX}/${relativePath}`,
    title,
    section: options.section ?? name,
    group: options.group,
    card: options.card,
    roles: options.roles ?? ADMINS,
    status: options.status ?? 'pending',
  };
}

function card(title: string, description: string): RouteCard {
  return { title, description };
}

/** Order matters: it is the order of the cards in each group's menu. */
export const ROUTES = [
  route('Home', '', 'Home', { section: 'Clients', roles: EVERYONE, status: 'built' }),

  // Client Area
  route('ClientMaintenance', 'client-maintenance', 'Client Maintenance', {
    group: 'CLIENT_AREA',
    card: card('Client Maintenance', 'manage client data, relationships, print preferences'),
    status: 'built',
  }),
  route('ClientEdit', 'client-maintenance/:clientId', 'Edit Client', {
    section: 'ClientMaintenance',
    status: 'built',
  }),
  route('Clients', 'clients', 'Clients', {
    group: 'CLIENT_AREA',
    card: card('Clients', 'navigate client positions and transactions'),
    roles: EVERYONE,
    status: 'built',
  }),
  route('PortfolioView', 'portfolio-view', 'Portfolio View', {
    group: 'CLIENT_AREA',
    card: card('Portfolio View', 'review portfolios independently'),
    status: 'coming-soon',
  }),
  route('Taximiser', 'taximiser', 'Taximiser', {
    group: 'CLIENT_AREA',
    card: card('Taximiser', 'tax planning using proposed scenarios'),
    roles: EVERYONE,
  }),

  // Outputs
  route('SingularReports', 'singular-reports', 'Singular Reports', {
    group: 'OUTPUTS',
    card: card('Singular Reports', 'CGT, income, holdings, transactions reports'),
    roles: EVERYONE,
  }),
  route('BatchReports', 'batch-reports', 'Batch Reports', {
    group: 'OUTPUTS',
    card: card('Batch Reports', 'publish client reporting using key markers'),
    roles: EVERYONE,
  }),
  route('ViewBatchReport', 'batch-reports/:id', 'Batch Report', { section: 'BatchReports', roles: EVERYONE }),

  // Movement Management
  route('CorporateActions', 'corporate-actions', 'Corporate Actions', {
    group: 'MOVEMENT_MANAGEMENT',
    card: card('Corporate Actions', 'reorganisations, capital repayments, income'),
    status: 'built',
  }),
  route('AddCorporateAction', 'corporate-actions/add', 'Add Corporate Action', {
    section: 'CorporateActions',
    status: 'built',
  }),
  route('ViewCorporateAction', 'corporate-actions/:uuid', 'Corporate Action', {
    section: 'CorporateActions',
    status: 'built',
  }),
  route('ViewCorporateActionsByCode', 'view-corporate-actions/:code', 'Corporate Actions by Code', {
    section: 'CorporateActions',
    status: 'built',
  }),
  route('IncomeDiaries', 'income-diaries', 'Income Diaries', {
    group: 'MOVEMENT_MANAGEMENT',
    card: card('Income Diaries', 'schedules for income postings'),
    status: 'built',
  }),
  route('IncomeDiariesNew', 'income-diaries/new', 'New Income Diary', { section: 'IncomeDiaries', status: 'built' }),
  route('IncomeDiariesView', 'income-diaries/:uuid', 'Income Diary', { section: 'IncomeDiaries', status: 'built' }),
  route('PortfolioMovements', 'portfolio-movements', 'Portfolio Movements', {
    group: 'MOVEMENT_MANAGEMENT',
    card: card('Portfolio Movements', 'gifts between accounts'),
    status: 'built',
  }),

  // Operations
  route('ActMonitor', 'act-monitor', 'ACT Monitor', {
    group: 'OPERATIONS',
    card: card('ACT Monitor', 'review calls to work and internal messaging'),
    status: 'built',
  }),
  route('Securities', 'securities', 'Securities Lite', {
    group: 'OPERATIONS',
    card: card('Securities Lite', 'static data for securities'),
    status: 'built',
  }),
  route('AddSecurity', 'securities/add', 'Add Security', { section: 'Securities', status: 'built' }),
  route('ViewSecurity', 'securities/:securityId', 'Security', { section: 'Securities', status: 'built' }),
  route('SecurityMaintenance', 'security-maintenance', 'Security Maintenance', {
    section: 'Securities',
    status: 'built',
  }),
  route('IssuerMaintenance', 'issuer-maintenance', 'Issuer Maintenance', { section: 'Securities', status: 'built' }),
  route('Calculations', 'calculations', 'Calculations', {
    group: 'OPERATIONS',
    card: card('Calculations', 'view calculations'),
    status: 'built',
  }),
  route('InterfaceLogging', 'interface-logging', 'Interface Logging', {
    group: 'OPERATIONS',
    card: card('Interface Logging', 'trigger imports and review import tasks'),
    status: 'built',
  }),
  route('JobMonitor', 'job-monitor', 'Job Monitor', {
    group: 'OPERATIONS',
    card: card('Job Monitor', 'job monitoring'),
    status: 'built',
  }),
  route('MIDashboard', 'mi-dashboard', 'MI Dashboard', {
    group: 'OPERATIONS',
    card: card('MI Dashboard', 'embedded management-information dashboard'),
    status: 'built',
  }),

  // My Tasks
  route('ApprovalRequests', 'approval-requests', 'Approval Requests', {
    group: 'MY_TASKS',
    card: card('Approval Requests', 'placeholder (coming soon)'),
    status: 'coming-soon',
  }),
  route('Bulletins', 'kawc-bulletins', 'Bulletins', {
    group: 'MY_TASKS',
    card: card('Bulletins', 'news and updates from the provider'),
    status: 'coming-soon',
  }),
  // Approving changes to shared static data is the provider's (issue 20).
  route('StaticDataValidation', 'static-data-validation', 'Static Data Validation', {
    group: 'MY_TASKS',
    card: card('Static Data Validation', 'approve static data changes'),
    roles: ['ADMIN'],
    status: 'built',
  }),

  // Administration
  route('Administration', 'administration', 'Administration', {
    group: 'ADMINISTRATION',
    card: card('Administration', 'transaction types, organisation types etc.'),
  }),
  route('TransactionTypes', 'administration/transaction-types', 'Transaction Types', {
    section: 'Administration',
    status: 'built',
  }),
  route('EditTransactionType', 'administration/transaction-types/:uuid', 'Edit Transaction Type', {
    section: 'Administration',
    status: 'built',
  }),
  route('GhostTransactions', 'administration/ghost-transactions', 'Ghost Transactions', {
    section: 'Administration',
    status: 'built',
  }),
  route('Organisations', 'administration/organisations', 'Organisations', { section: 'Administration' }),
  route('AddOrganisation', 'administration/organisations/add', 'Add Organisation', { section: 'Administration' }),
  route('EditOrganisation', 'administration/organisations/:id', 'Edit Organisation', { section: 'Administration' }),
  route('OrganisationServiceLevels', 'administration/organisation-service-levels', 'Organisation Service Levels', {
    section: 'Administration',
  }),
  route('AddOrganisationServiceLevel', 'administration/organisation-service-levels/add', 'Add Service Level', {
    section: 'Administration',
  }),
  route('EditOrganisationServiceLevel', 'administration/organisation-service-levels/:id', 'Edit Service Level', {
    section: 'Administration',
  }),
  route('Users', 'administration/users', 'Users', { section: 'Administration' }),
  route('SecurityPrices', 'administration/security-prices', 'Security Prices', {
    section: 'Administration',
    status: 'built',
  }),
  route('DocumentTypes', 'administration/document-types', 'Document Types', {
    section: 'Administration',
    status: 'built',
  }),
  route('EditDocumentType', 'administration/document-types/:uuid', 'Edit Document Type', {
    section: 'Administration',
    status: 'built',
  }),
  route('ReferenceData', 'reference-data', 'Reference Data', {
    group: 'ADMINISTRATION',
    card: card('Reference Data', 'reference data'),
    status: 'built',
  }),
] as const satisfies readonly RouteDefinition[];

export type RouteName = (typeof ROUTES)[number]['name'];

const BY_NAME = new Map<string, RouteDefinition>(ROUTES.map((r) => [r.name, r]));

export function isRouteName(name: string): name is RouteName {
  return BY_NAME.has(name);
}

export function getRoute(name: RouteName): RouteDefinition {
  const found = BY_NAME.get(name);
  if (!found) throw new Error(`Unknown route ${name}`);
  return found;
}

/** The path below `/:organisationUuid` ('' for Home), as a nested router wants it. */
export function relativePath(definition: RouteDefinition): string {
  return definition.path === ORGANISATION_PREFIX ? '' : definition.path.slice(ORGANISATION_PREFIX.length + 1);
}

/** Whether the user's first role may open the route. Unknown names and unknown roles get nothing. */
export function canUseRoute(roles: readonly string[], name: string): boolean {
  const role = firstRole(roles);
  const definition = BY_NAME.get(name);
  if (!role || !definition) return false;
  return definition.roles.includes(role);
}

export interface NavGroup {
  key: NavGroupKey;
  label: string;
  items: RouteDefinition[];
}

/** The menu groups and cards the user's first role may use; empty groups are left out. */
export function navGroupsFor(roles: readonly string[]): NavGroup[] {
  return NAV_GROUPS.map((group) => ({
    key: group.key,
    label: group.label,
    items: (ROUTES as readonly RouteDefinition[]).filter(
      (r) => r.card !== undefined && r.group === group.key && canUseRoute(roles, r.name),
    ),
  })).filter((group) => group.items.length > 0);
}

/** Fill a path pattern: `buildPath('Clients', { organisationUuid })` → `/uuid/clients`. */
export function buildPath(name: RouteName, params: Record<string, string | number>): string {
  return getRoute(name).path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Route ${name} needs parameter ${key}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The route a concrete path (e.g. `/abc/administration/organisations/7`) matches, with its parameters.
 * Static segments win over parameters, as in the web router.
 */
export function matchRoute(
  pathname: string,
): { definition: RouteDefinition; params: Record<string, string> } | undefined {
  const segments = pathname.split('/').filter(Boolean);
  let best: { definition: RouteDefinition; params: Record<string, string>; score: number } | undefined;
  for (const definition of ROUTES as readonly RouteDefinition[]) {
    const pattern = definition.path.split('/').filter(Boolean);
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let score = 0;
    let matched = true;
    pattern.forEach((part, i) => {
      if (!matched) return;
      if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(segments[i]);
      else if (part === segments[i]) score += 1;
      else matched = false;
    });
    if (matched && (!best || score > best.score)) best = { definition, params, score };
  }
  return best && { definition: best.definition, params: best.params };
}

/** The cards of the group the given route's section belongs to (the secondary navigation). */
export function siblingsOf(roles: readonly string[], name: string): RouteDefinition[] {
  const definition = BY_NAME.get(name);
  const section = definition && BY_NAME.get(definition.section);
  if (!section?.group) return [];
  return navGroupsFor(roles).find((g) => g.key === section.group)?.items ?? [];
}
