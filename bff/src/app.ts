import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { notFound } from '@gains/errors';
import type { BffDeps, BffEnv } from './deps';
import { onError } from './errors';
import { authRoutes } from './routes/auth';
import { clientRoutes } from './routes/clients';
import { organisationRoutes } from './routes/organisations';
import { userRoutes } from './routes/user';
import { serveWebApp } from './static';

/** The REST API of the spec under /api, health, and the web app on the same origin. */
export function createApp(deps: BffDeps) {
  const api = new Hono<BffEnv>()
    .route('/auth', authRoutes)
    .route('/user', userRoutes)
    .route('/organisations', organisationRoutes)
    .route('/clients', clientRoutes)
    .all('*', () => {
      throw notFound('This API route');
    });

  const app = new Hono<BffEnv>()
    .use(requestId({ headerName: 'x-request-id' }))
    .use(async (c, next) => {
      c.set('deps', deps);
      const started = performance.now();
      await next();
      if (c.req.path.startsWith('/api/')) {
        deps.logger.info(
          { requestId: c.var.requestId, method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
          'request',
        );
      }
    })
    .get('/healthz', (c) => c.json({ status: 'ok' }))
    .get('/readyz', async (c) => ((await deps.ready()) ? c.json({ status: 'ready' }) : c.json({ status: 'starting' }, 503)))
    .route('/api', api);
  app.onError(onError);
  if (deps.webDir) app.get('*', serveWebApp(deps.webDir));
  return app;
}
export type BffApp = ReturnType<typeof createApp>;
