import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { BffEnv } from '../deps';
import { field, parseBody } from '../validation';
import { requestReportLink } from './report-requests';

/**
 * The Singular Reports tabs' downloads (seed 000 §2.6, §7): each checks the body's shape and asks the reports
 * service for the kind (report-requests.ts), which checks the rules (an 'As at' in the future, an end before the
 * start, a year before the client's reporting restriction) and names the field. Each answers `{url}`.
 */

type Ctx = Context<BffEnv>;

/** A date as the page sends it: YYYY-MM-DD, or an ISO timestamp (seed 000 §5: start of day to end of day). */
const dateText = (name: string) =>
  z
    .string({ error: `${name} must be a date` })
    .min(1, `${name} is required`)
    .max(40, `${name} must be a date`);

const client = { clientUuid: field.uuid('clientUuid'), securityId: field.id('securityId').optional() };
const holdingsBody = z.object({ ...client, atDate: dateText('atDate') });
const reconciliationBody = z.object(client);
const periodBody = z.object({ ...client, startDate: dateText('startDate'), endDate: dateText('endDate') });

/** The kind's parameters: the body without the client, whose uuid the request carries. */
async function download<S extends z.ZodObject>(c: Ctx, schema: S, kind: string, format: 'pdf' | 'csv') {
  const { clientUuid, ...parameters } = (await parseBody(c, schema)) as { clientUuid: string } & Record<
    string,
    unknown
  >;
  return c.json({ url: await requestReportLink(c, { clientUuid, kind, format, parameters }) });
}

// POST /holdings/report-pdf|report-csv, /holdings/ca/report-pdf|report-csv {clientUuid, securityId?, atDate}
export const holdingReportRoutes = new Hono<BffEnv>()
  .post('/report-pdf', (c) => download(c, holdingsBody, 'holding', 'pdf'))
  .post('/report-csv', (c) => download(c, holdingsBody, 'holding', 'csv'))
  .post('/ca/report-pdf', (c) => download(c, holdingsBody, 'ca-holding', 'pdf'))
  .post('/ca/report-csv', (c) => download(c, holdingsBody, 'ca-holding', 'csv'));

// POST /reconciliation/report-pdf|report-csv {clientUuid, securityId?}
export const reconciliationReportRoutes = new Hono<BffEnv>()
  .post('/report-pdf', (c) => download(c, reconciliationBody, 'reconciliation', 'pdf'))
  .post('/report-csv', (c) => download(c, reconciliationBody, 'reconciliation', 'csv'));

// POST /transactions/report-pdf|report-csv, /transactions/ops/report-csv {clientUuid, securityId?, startDate, endDate}
export const transactionReportRoutes = new Hono<BffEnv>()
  .post('/report-pdf', (c) => download(c, periodBody, 'stock-transactions', 'pdf'))
  .post('/report-csv', (c) => download(c, periodBody, 'stock-transactions', 'csv'))
  .post('/ops/report-csv', (c) => download(c, periodBody, 'ops-transactions', 'csv'));

// POST /clients/income-report {clientUuid, taxYearUuid} or {clientUuid, startDate, endDate}, format pdf | csv
const incomeBody = z.object({
  clientUuid: field.uuid('clientUuid'),
  taxYearUuid: field.uuid('taxYearUuid').optional(),
  startDate: dateText('startDate').optional(),
  endDate: dateText('endDate').optional(),
  format: z.enum(['pdf', 'csv'], { error: 'format must be pdf or csv' }).default('pdf'),
});
export const incomeReportRoutes = new Hono<BffEnv>().post('/income-report', async (c) => {
  const { clientUuid, format, ...parameters } = await parseBody(c, incomeBody);
  return c.json({ url: await requestReportLink(c, { clientUuid, kind: 'income-report', format, parameters }) });
});
