import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ORGANISATION_PARAM, ROUTES, relativePath, type RouteDefinition } from '@gains/access';
import { RouteErrorFallback } from '@/components/errors/error-boundary';
import { FullPageSpinner } from './layout/full-page-spinner';
import { AppRoot } from './layout/signed-in-root';
import { OrganisationLayout } from './layout/organisation-layout';
import { RootRedirect } from './layout/root-redirect';
import type { RouteHandle } from './layout/route-handle';

/** Pages load on demand (spec §2.1). Built pages have their own module; the rest share the placeholder. */
const PAGES: Partial<Record<string, RouteObject['lazy']>> = {
  Clients: () => import('./routes/clients'),
  ClientMaintenance: () => import('./routes/client-maintenance'),
  ClientEdit: () => import('./routes/client-edit'),
  Calculations: () => import('./routes/calculations'),
  Administration: () => import('./routes/administration'),
  Organisations: () => import('./routes/organisations'),
  AddOrganisation: () => import('./routes/organisation-add'),
  EditOrganisation: () => import('./routes/organisation-edit'),
  OrganisationServiceLevels: () => import('./routes/service-levels'),
  AddOrganisationServiceLevel: () => import('./routes/service-level-add'),
  EditOrganisationServiceLevel: () => import('./routes/service-level-edit'),
  Users: () => import('./routes/users'),
  Securities: () => import('./routes/securities'),
  AddSecurity: () => import('./routes/security-add'),
  ViewSecurity: () => import('./routes/security-view'),
  SecurityMaintenance: () => import('./routes/security-maintenance'),
  IssuerMaintenance: () => import('./routes/issuer-maintenance'),
  SecurityPrices: () => import('./routes/security-prices'),
  ReferenceData: () => import('./routes/reference-data'),
  StaticDataValidation: () => import('./routes/static-data-validation'),
  TransactionTypes: () => import('./routes/transaction-types'),
  EditTransactionType: () => import('./routes/transaction-type-edit'),
  GhostTransactions: () => import('./routes/ghost-transactions'),
  DocumentTypes: () => import('./routes/document-types'),
  EditDocumentType: () => import('./routes/document-type-edit'),
  InterfaceLogging: () => import('./routes/interface-logging'),
  JobMonitor: () => import('./routes/job-monitor'),
  ActMonitor: () => import('./routes/act-monitor'),
  Taximiser: () => import('./routes/taximiser'),
  CorporateActions: () => import('./routes/corporate-actions'),
  AddCorporateAction: () => import('./routes/corporate-action-add'),
  ViewCorporateAction: () => import('./routes/corporate-action-view'),
  ViewCorporateActionsByCode: () => import('./routes/corporate-action-by-code'),
  PortfolioMovements: () => import('./routes/portfolio-movements'),
  IncomeDiaries: () => import('./routes/income-diaries'),
  IncomeDiariesNew: () => import('./routes/income-diaries-new'),
  IncomeDiariesView: () => import('./routes/income-diaries-view'),
  MIDashboard: () => import('./routes/mi-dashboard'),
  SingularReports: () => import('./routes/singular-reports'),
  BatchReports: () => import('./routes/batch-reports'),
  ViewBatchReport: () => import('./routes/view-batch-report'),
};
const placeholder: RouteObject['lazy'] = () => import('./routes/placeholder');

function toRouteObject(definition: RouteDefinition): RouteObject {
  const handle: RouteHandle = { routeName: definition.name };
  if (definition.name === 'Home') {
    // /{org} redirects to the clients page
    return { index: true, handle, element: <Navigate to="clients" replace /> };
  }
  return { path: relativePath(definition), handle, lazy: PAGES[definition.name] ?? placeholder };
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppRoot />,
    errorElement: <RouteErrorFallback />,
    // shown while the first page's lazy module and loader settle
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      { index: true, element: <RootRedirect /> },
      // A development tool for provider admins; the server decides whether the mailbox exists and who reads it.
      { path: 'dev/mailbox', lazy: () => import('./routes/dev-mailbox') },
      {
        path: `:${ORGANISATION_PARAM}`,
        element: <OrganisationLayout />,
        errorElement: <RouteErrorFallback />,
        children: [
          ...(ROUTES as readonly RouteDefinition[]).map(toRouteObject),
          { path: '__crash', lazy: () => import('./routes/crash') },
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
