import { Hono } from 'hono';
import { z } from 'zod';
import type { imports } from '@gains/proto';
import { asCaller } from '../middleware/authenticate';
import type { BffEnv } from '../deps';
import { field, parseBody, parseQuery } from '../validation';
import { uuidParam } from './securities-validation';

/**
 * Imports (Interface Logging, issue 22; answers: packages/contracts/src/imports.ts), served by the clients
 * service's ImportsService. The calls table says who may call; the service checks organisation and role again.
 */

const KINDS = ['TRANSACTIONS', 'CLIENTS', 'PORTFOLIOS', 'PRICES', 'CUSTODIAN_HOLDINGS'] as const;

const startBody = z.object({
  // Written either case ("transactions" or "TRANSACTIONS").
  kind: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.enum(KINDS, { error: `kind must be one of ${KINDS.join(', ')}` }),
  ),
  fileName: field.text('fileName', 255),
  // The service names its own limit (25 MB); the body limit of the calls table stops anything far larger first.
  content: z.string({ error: 'content must be the file as text' }),
});

const listQuery = z.object({
  page: field.queryNumber('page', 1, 1_000_000),
  size: field.queryNumber('size', 25, 100),
  kind: field.queryText('kind', 32),
  status: field.queryText('status', 16),
});

function taskJson(t: imports.ImportTask) {
  const { $typeName: _type, $unknown: _unknown, ...fields } = t as imports.ImportTask & { $unknown?: unknown };
  return {
    ...fields,
    startedDate: t.startedDate ?? null,
    finishedDate: t.finishedDate ?? null,
    rejected: t.rejected.map((r) => ({ line: r.line, column: r.column, reason: r.reason })),
  };
}

/** POST/GET interface-logging/imports, GET interface-logging/imports/{uuid} */
export const interfaceLoggingRoutes = new Hono<BffEnv>()
  .post('/imports', async (c) => {
    const body = await parseBody(c, startBody);
    const task = await c.var.deps.imports.startImport(
      { organisationUuid: c.var.organisationUuid, ...body },
      asCaller(c),
    );
    return c.json(taskJson(task), 202);
  })
  .get('/imports', async (c) => {
    const query = parseQuery(c, listQuery);
    const page = await c.var.deps.imports.listImports(
      { organisationUuid: c.var.organisationUuid, ...query },
      asCaller(c),
    );
    return c.json({ content: page.content.map(taskJson), totalSize: Number(page.totalSize) });
  })
  .get('/imports/:uuid', async (c) => {
    const task = await c.var.deps.imports.getImport(
      { organisationUuid: c.var.organisationUuid, uuid: uuidParam(c) },
      asCaller(c),
    );
    return c.json(taskJson(task));
  });
