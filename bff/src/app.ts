import { Hono } from 'hono';
import { notFound } from '@gains/errors';
import { extractContext, inSpan, SpanKind } from '@gains/telemetry';
import type { BffDeps, BffEnv } from './deps';
import { onError } from './errors';
import { enforceCalls } from './middleware/enforce-calls';
import { requestIds } from './middleware/request-ids';
import { noStore, securityHeaders } from './middleware/security-headers';
import { adminAuditRoutes } from './routes/admin-audit';
import { adminClientRoutes } from './routes/admin-clients';
import { adminOrganisationRoutes } from './routes/admin-organisations';
import { adminUserRoutes } from './routes/admin-users';
import { authRoutes } from './routes/auth';
import { adminCalculationRunRoutes } from './routes/calculation-runs';
import { calculationRoutes } from './routes/calculations';
import { taximiserRoutes } from './routes/taximiser';
import { adminDocumentRoutes } from './routes/documents';
import { adminDocumentTypeRoutes } from './routes/document-types-admin';
import { adminDocumentReportRoutes, reportDownloadRoutes } from './routes/document-reports';
import { batchReportRoutes } from './routes/batch-reports';
import { clientReportRoutes } from './routes/client-reports';
import {
  holdingReportRoutes,
  incomeReportRoutes,
  reconciliationReportRoutes,
  transactionReportRoutes,
} from './routes/singular-reports';
import { adminIncomeDiaryRoutes } from './routes/income-diaries';
import { clientRoutes } from './routes/clients';
import { adminJobRoutes, adminMonitorLogRoutes, jobRoutes } from './routes/monitor';
import { interfaceLoggingRoutes } from './routes/interface-logging';
import { organisationRoutes } from './routes/organisations';
import { devRoutes } from './routes/dev';
import { userRoutes } from './routes/user';
import { adminCurrencyRoutes } from './routes/admin-currencies';
import { adminSecurityRoutes } from './routes/admin-securities';
import { adminStaticDataRoutes } from './routes/admin-static-data';
import { referenceDataRoutes } from './routes/reference-data';
import { securityRoutes } from './routes/securities';
import {
  adminGhostTransactionRoutes,
  adminPortfolioRoutes,
  adminTransactionTypeRoutes,
  customerAdminTransactionRoutes,
  holdingRoutes,
  portfolioRoutes,
  transactionRoutes,
} from './routes/ledger';
import { miDashboardRoutes } from './routes/mi-dashboard';
import { serveWebApp } from './static';

/** The REST API of the spec under /api, health, and the web app on the same origin. */
export function createApp(deps: BffDeps) {
  // Every call is checked against the one calls table (@gains/access) before its route runs.
  const api = new Hono<BffEnv>()
    .use(noStore)
    .use(enforceCalls)
    .route('/auth', authRoutes)
    .route('/dev', devRoutes)
    .route('/admin/organisations', adminOrganisationRoutes)
    .route('/admin/users', adminUserRoutes)
    .route('/admin/audit', adminAuditRoutes)
    .route('/user', userRoutes)
    .route('/organisations', organisationRoutes)
    .route('/clients', clientRoutes)
    .route('/jobs', jobRoutes)
    .route('/admin/jobs', adminJobRoutes)
    .route('/admin/mmt', adminMonitorLogRoutes)
    .route('/calculations', calculationRoutes)
    .route('/admin/calculations', adminCalculationRunRoutes)
    .route('/securities', securityRoutes)
    .route('/admin/securities', adminSecurityRoutes)
    .route('/admin/currencies', adminCurrencyRoutes)
    .route('/admin/static-data', adminStaticDataRoutes)
    .route('/reference-data', referenceDataRoutes)
    .route('/portfolios', portfolioRoutes)
    .route('/admin/portfolios', adminPortfolioRoutes)
    .route('/holdings', holdingRoutes)
    .route('/transactions', transactionRoutes)
    .route('/customerAdmin/transactions', customerAdminTransactionRoutes)
    .route('/admin/transaction-types', adminTransactionTypeRoutes)
    .route('/admin/ghost-transactions', adminGhostTransactionRoutes)
    .route('/admin/clients', adminClientRoutes)
    .route('/interface-logging', interfaceLoggingRoutes)
    .route('/taximiser', taximiserRoutes)
    .route('/admin/documents', adminDocumentRoutes)
    .route('/admin/documents', adminDocumentReportRoutes)
    .route('/reports', reportDownloadRoutes)
    .route('/clients', clientReportRoutes)
    .route('/clients', incomeReportRoutes)
    .route('/holdings', holdingReportRoutes)
    .route('/reconciliation', reconciliationReportRoutes)
    .route('/transactions', transactionReportRoutes)
    .route('/batch-reports', batchReportRoutes)
    .route('/admin/documents/income-diaries', adminIncomeDiaryRoutes)
    .route('/admin/documents/types', adminDocumentTypeRoutes)
    .route('/mi-dashboard', miDashboardRoutes)
    .all('*', () => {
      throw notFound('This API route');
    });

  const app = new Hono<BffEnv>()
    .use(async (c, next) => {
      c.set('deps', deps);
      await next();
    })
    .use(requestIds)
    .use(securityHeaders)
    .use(async (c, next) => {
      const started = performance.now();
      // Span names keep ids out, so traces group by route.
      const route = c.req.path.startsWith('/api/')
        ? c.req.path.replace(/\/[0-9a-f-]{36}|\/\d+(?=\/|$)/gi, '/:id')
        : 'web app';
      const parent = extractContext(c.req.raw.headers);
      await inSpan(`${c.req.method} ${route}`, { kind: SpanKind.SERVER, parent }, async (span) => {
        c.header('x-trace-id', span.spanContext().traceId);
        await next();
        span.setAttribute('http.response.status_code', c.res.status);
        if (!c.req.path.startsWith('/api/')) return;
        const ms = Math.round(performance.now() - started);
        if (!deps.sampleRequestLog({ failed: c.res.status >= 400, ms })) return;
        deps.logger.info(
          {
            requestId: c.var.requestId,
            ...(c.var.clientRequestId ? { clientRequestId: c.var.clientRequestId } : {}),
            method: c.req.method,
            path: c.req.path,
            status: c.res.status,
            ms,
          },
          'request',
        );
      });
    })
    .get('/healthz', (c) => c.json({ status: 'ok' }))
    .get('/readyz', async (c) =>
      (await deps.ready()) ? c.json({ status: 'ready' }) : c.json({ status: 'starting' }, 503),
    )
    .route('/api', api);
  app.onError(onError);
  if (deps.webDir) app.get('*', serveWebApp(deps.webDir));
  return app;
}
export type BffApp = ReturnType<typeof createApp>;
