import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { invalidArgument } from '@gains/errors';
import type { reports } from '@gains/proto';
import { asCaller, authenticate, requireOrganisation } from '../middleware/authenticate';
import type { BffEnv } from '../deps';
import { field, pageQuerySchema, parseBody, parseQuery } from '../validation';
import { sortQuery, uuidParam } from './securities-validation';

// The Job Monitor (GET /jobs) and the ACT Monitor (seed 000 §7: GET admin/mmt, POST admin/mmt/{logUuid},
// GET admin/jobs/{jobUuid}), answered by the reports service.

const jobsQuery = pageQuerySchema(500).extend({
  sort: sortQuery,
  type: field.queryText('type', 60),
  status: field.queryText('status', 30),
  from: field.queryText('from', 10),
  to: field.queryText('to', 10),
});

const logsQuery = z.object({
  from: field.queryText('from', 10),
  to: field.queryText('to', 10),
  errorSeverity: field.queryText('errorSeverity', 1),
});

const logUpdateSchema = z.object({
  // Left out or null: the service answers 'Resolution status is required'.
  status: field
    .int32('status', 0, 'Resolution status is required')
    .nullish()
    .transform((v) => v ?? 0),
  notes: field.text('notes', 4000),
  version: field.int32('version', 0).optional().default(0),
});

/** The trace link, when GAINS_TRACE_URL_TEMPLATE is set (e.g. https://traces.example/trace/{traceId}). */
function traceUrl(c: Context<BffEnv>, traceId: string): string | null {
  const template = c.var.deps.traceUrlTemplate;
  return template && traceId ? template.replaceAll('{traceId}', encodeURIComponent(traceId)) : null;
}

/** Counts travel as JSON numbers: they are whole numbers of rows, far below 2^53. */
function jobJson(c: Context<BffEnv>, j: reports.Job) {
  return {
    uuid: j.uuid,
    service: j.service,
    type: j.type,
    status: j.status,
    progressDone: Number(j.progressDone),
    progressTotal: Number(j.progressTotal),
    candidateCount: Number(j.candidateCount),
    successCount: Number(j.successCount),
    failureCount: Number(j.failureCount),
    failed: j.status === 'FAILED',
    objectKind: j.objectKind,
    objectId: j.objectId,
    startedBy: j.startedByName,
    createdDateTime: j.createdAt,
    updatedDateTime: j.updatedAt,
    startedDateTime: j.startedAt || null,
    finishedDateTime: j.finishedAt || null,
    traceId: j.traceId,
    traceUrl: traceUrl(c, j.traceId),
    message: j.message,
  };
}

function logJson(l: reports.MonitorLog) {
  return {
    uuid: l.uuid,
    jobUUID: l.jobUuid,
    jobType: l.jobType,
    createdDate: l.createdDate,
    errorSeverityId: l.errorSeverityId,
    errorOccurrences: l.errorOccurrences,
    warningType: l.warningType,
    portfolioOccurrences: l.portfolioOccurrences,
    securitiesOccurrences: l.securitiesOccurrences,
    clientOccurrences: l.clientOccurrences,
    mmtStatusId: l.mmtStatusId,
    errorCode: l.errorCode,
    logMessage: l.logMessage,
    warningMessage: l.warningMessage,
    notes: l.notes,
    userName: l.userName,
    portfolioCode: l.portfolioCode,
    securityCode: l.securityCode,
    clientCode: l.clientCode,
    version: l.version,
  };
}

export const jobRoutes = new Hono<BffEnv>().use(authenticate, requireOrganisation).get('/', async (c) => {
  const q = parseQuery(c, jobsQuery);
  const answer = await c.var.deps.reports.listJobs({ organisationUuid: c.var.organisationUuid, ...q }, asCaller(c));
  return c.json({
    content: answer.content.map((j) => jobJson(c, j)),
    totalSize: answer.totalSize,
    types: answer.types,
  });
});

export const adminJobRoutes = new Hono<BffEnv>().use(authenticate, requireOrganisation).get('/:jobUuid', async (c) => {
  const answer = await c.var.deps.reports.getJob(
    { organisationUuid: c.var.organisationUuid, uuid: uuidParam(c, 'jobUuid') },
    asCaller(c),
  );
  return c.json({
    ...jobJson(c, answer.job!),
    failures: answer.failures.map((f) => ({ line: f.line, column: f.column, key: f.key, reason: f.reason })),
    failureTotal: answer.failureTotal,
  });
});

export const adminMonitorLogRoutes = new Hono<BffEnv>()
  .use(authenticate, requireOrganisation)
  .get('/', async (c) => {
    const q = parseQuery(c, logsQuery);
    if (q.errorSeverity !== '' && !/^[1-4]$/.test(q.errorSeverity)) {
      throw invalidArgument('errorSeverity', 'errorSeverity must be 1 (Low), 2 (Medium), 3 (High) or 4 (Urgent)');
    }
    const answer = await c.var.deps.reports.listMonitorLogs(
      { organisationUuid: c.var.organisationUuid, from: q.from, to: q.to, errorSeverity: Number(q.errorSeverity || 0) },
      asCaller(c),
    );
    return c.json(answer.content.map(logJson));
  })
  .post('/:logUuid', async (c) => {
    const uuid = uuidParam(c, 'logUuid');
    const body = await parseBody(c, logUpdateSchema);
    const saved = await c.var.deps.reports.updateMonitorLog(
      { organisationUuid: c.var.organisationUuid, uuid, status: body.status, notes: body.notes, version: body.version },
      asCaller(c),
    );
    return c.json(logJson(saved));
  });
