import { Hono } from 'hono';
import { z } from 'zod';
import type { reports } from '@gains/proto';
import type { BffEnv } from '../deps';
import { asCaller } from '../middleware/authenticate';
import { field, pageQuerySchema, parseBody, parseQuery } from '../validation';
import { idParam } from './securities-validation';

/**
 * Batch reports (seed 000 §1, §2.9; issue 27), answered by the reports service: the prints, their candidates, and
 * publishing. Creating a print starts finding its candidates (IDENTIFYING, then IDENTIFIED); publishing runs as a
 * job (PUBLISHING, then COMPLETE or PARTIALLY_RUN), watched by polling the print.
 */

const printBody = z.object({
  reportingPeriod: field.text('reportingPeriod', 40),
  taxYear: field.text('taxYear', 7, 'Tax year is required'),
  clientState: field.text('clientState', 40),
  relationshipManager: field.text('relationshipManager', 100),
  reportType: field.text('reportType', 40, 'Report type is required'),
});

const printsQuery = pageQuerySchema(100).extend({
  sort: field.queryText('sort', 30),
  direction: field.queryText('direction', 4),
  status: field.queryText('status', 20),
});

const candidatesQuery = pageQuerySchema(100).extend({ status: field.queryText('status', 10) });

/** Counts travel as JSON numbers: whole numbers far below 2^53. */
function printJson(p: reports.BatchPrint) {
  return {
    id: p.id,
    uuid: p.uuid,
    reportingPeriod: p.reportingPeriod,
    taxYear: p.taxYear,
    clientState: p.clientState,
    relationshipManager: p.relationshipManager,
    reportType: p.reportType,
    organisation: p.organisation,
    identifiedCandidates: p.identifiedCandidates,
    publishedCandidates: p.publishedCandidates,
    status: p.status,
    jobUuid: p.jobUuid || null,
    progressDone: Number(p.progressDone),
    progressTotal: Number(p.progressTotal),
    message: p.message,
    createdBy: p.createdBy,
    createdAt: p.createdAt,
    modifiedBy: p.modifiedBy,
    modifiedAt: p.modifiedAt,
    version: p.version,
  };
}

export const batchReportRoutes = new Hono<BffEnv>()
  // GET /batch-reports?page&size&sort&direction&status -> {content, totalSize}
  .get('/', async (c) => {
    const q = parseQuery(c, printsQuery);
    const page = await c.var.deps.reports.listBatchPrints(
      { organisationUuid: c.var.organisationUuid, ...q },
      asCaller(c),
    );
    return c.json({ content: page.content.map(printJson), totalSize: page.totalSize });
  })
  // POST /batch-reports {reportingPeriod, taxYear, clientState, relationshipManager, reportType} -> 201 print
  .post('/', async (c) => {
    const body = await parseBody(c, printBody);
    const print = await c.var.deps.reports.createBatchPrint(
      { organisationUuid: c.var.organisationUuid, ...body },
      asCaller(c),
    );
    return c.json(printJson(print), 201);
  })
  .get('/:id', async (c) => {
    const print = await c.var.deps.reports.getBatchPrint(
      { organisationUuid: c.var.organisationUuid, id: idParam(c) },
      asCaller(c),
    );
    return c.json(printJson(print));
  })
  // GET /batch-reports/{id}/candidates?page&size&status=PENDING|COMPLETE -> {content, totalSize}
  .get('/:id/candidates', async (c) => {
    const q = parseQuery(c, candidatesQuery);
    const page = await c.var.deps.reports.listBatchCandidates(
      { organisationUuid: c.var.organisationUuid, id: idParam(c), ...q },
      asCaller(c),
    );
    return c.json({
      content: page.content.map((x) => ({
        uuid: x.uuid,
        clientUuid: x.clientUuid,
        clientCode: x.clientCode,
        clientName: x.clientName,
        thirtyDayRule: x.thirtyDayRule,
        costUpdatePending: x.costUpdatePending,
        pendingIncome: x.pendingIncome,
        actMonitorIssues: x.actMonitorIssues,
        deliveries: x.deliveries,
        status: x.status,
        reports: x.reports,
        failureReason: x.failureReason,
      })),
      totalSize: page.totalSize,
    });
  })
  .post('/:id/publish', async (c) => {
    const print = await c.var.deps.reports.publishBatchPrint(
      { organisationUuid: c.var.organisationUuid, id: idParam(c) },
      asCaller(c),
    );
    return c.json(printJson(print));
  });
