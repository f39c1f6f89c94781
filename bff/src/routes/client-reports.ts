import { Hono } from 'hono';
import { z } from 'zod';
import type { ClientReport } from '@gains/contracts';
import type { reports } from '@gains/proto';
import type { BffEnv } from '../deps';
import { asCaller } from '../middleware/authenticate';
import { field, parseBody } from '../validation';
import { linkToReport, requestReportLink } from './report-requests';
import { uuidParam } from './securities-validation';

/**
 * Singular reports kept by the reports service (issue 27; seed 000 §2.5, §7): asked for through its REPORT job,
 * which reads the figures from the services that own them, renders the file and lists it in the client's reports;
 * the call answers `{url}` (report-requests.ts).
 */

const cgtBody = z.object({
  clientUuid: field.uuid('clientUuid'),
  taxYearUuid: field.uuid('taxYearUuid'),
  format: z.enum(['pdf', 'csv'], { error: 'format must be pdf or csv' }).default('pdf'),
});

function reportJson(r: reports.Report, url: string): ClientReport {
  return {
    uuid: r.uuid,
    reportDate: r.createdAt,
    reportType: r.kind,
    subject: r.subject,
    generation: r.generation,
    batchId: r.batchId || null,
    user: r.userName,
    versionControl: r.version,
    report: url,
    fileName: r.fileName,
    contentType: r.contentType,
    delivery: r.delivery,
  };
}

export const clientReportRoutes = new Hono<BffEnv>()
  // POST /clients/cgt-report {clientUuid, taxYearUuid, format: pdf (default) | csv} -> {url}
  .post('/cgt-report', async (c) => {
    const body = await parseBody(c, cgtBody);
    const url = await requestReportLink(c, {
      clientUuid: body.clientUuid,
      kind: 'cgt-realised',
      format: body.format,
      parameters: { taxYearUuid: body.taxYearUuid },
    });
    return c.json({ url });
  })
  // GET /clients/{clientUuid}/reporting-restriction: the date before which no year of the client is reported
  // (seed 000 §5), for any member: the singular reports page disables the CGT and income tabs by it.
  .get('/:clientUuid/reporting-restriction', async (c) => {
    const client = await c.var.deps.clients.getClient(
      { organisationUuid: c.var.organisationUuid, id: 0, uuid: uuidParam(c, 'clientUuid') },
      asCaller(c),
    );
    return c.json({ reportingRestrictionFrom: client.reportingRestrictionFrom?.slice(0, 10) || null });
  })
  // GET /clients/{clientUuid}/reports: the client area's reports list, each with a fresh link
  .get('/:clientUuid/reports', async (c) => {
    const answer = await c.var.deps.reports.listReports(
      { organisationUuid: c.var.organisationUuid, clientUuid: uuidParam(c, 'clientUuid') },
      asCaller(c),
    );
    return c.json(answer.reports.map((r) => reportJson(r, linkToReport(c, r.uuid))));
  });
