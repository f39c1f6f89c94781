import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import type { ReportLink } from '@gains/contracts';
import type { Caller } from '@gains/auth';
import { LinkRefused } from '@gains/download-links';
import { unauthenticated } from '@gains/errors';
import type { BffEnv } from '../deps';
import { field, parseBody } from '../validation';
import { requestReportLink, STORED_REPORT_LINK } from './report-requests';

/**
 * The CA reports (seed 001 §7): POST admin/documents/headers/report-csv and .../candidates/report-csv answer
 * `{url}`, a short-lived signed link (@gains/download-links) to the report the reports service made and kept
 * (report-requests.ts), which the web app opens in a new window. That window sends no bearer, so
 * GET reports/download/{token} is public in the calls table but guarded by the token: it says which organisation,
 * user and report, and carries the user's access token sealed, with which the report is read back from the reports
 * service as that user, who is checked there again and sees only that organisation's reports.
 */

// The bodies' shapes only: each filter's rule (a date as YYYY-MM-DD, To not before From, a known status or date
// type) is the reports service's, checked on RequestReport and named there (services/reports kinds/ca-headers.ts).
const filterFields = {
  documentTypeCode: field.text('documentTypeCode', 2),
  type: field.text('type', 36),
  status: field.text('status', 40),
  security: field.int32('security', 0).default(0),
  layerUuid: field.text('layerUuid', 36),
  searchDateType: field.text('searchDateType', 40),
};
const headersReportBody = z.object({ ...filterFields, from: field.text('from', 10), to: field.text('to', 10) });
const candidatesReportBody = z.object({
  ...filterFields,
  startDate: field.text('startDate', 10),
  endDate: field.text('endDate', 10),
});

/**
 * A CA report, made by the reports service's REPORT job as a firm report (the organisation's, in no client's list):
 * the filters go as the kind's parameters, which RequestReport checks (each named) before the job is queued.
 */
async function firmReport(c: Context<BffEnv>, kind: 'ca-headers' | 'ca-candidates', parameters: object) {
  const url = await requestReportLink(c, { clientUuid: '', kind, format: 'csv', parameters: { ...parameters } });
  return c.json({ url } satisfies ReportLink);
}

export const adminDocumentReportRoutes = new Hono<BffEnv>()
  .post('/headers/report-csv', async (c) => firmReport(c, 'ca-headers', await parseBody(c, headersReportBody)))
  .post('/headers/candidates/report-csv', async (c) =>
    firmReport(c, 'ca-candidates', await parseBody(c, candidatesReportBody)),
  );

/** A refused link: 410 when it has expired (ask again), 403 when it was never ours or was changed. */
function refuse(error: LinkRefused): never {
  throw new HTTPException(error.reason === 'EXPIRED' ? 410 : 403, { message: error.message });
}

export const reportDownloadRoutes = new Hono<BffEnv>().get('/download/:token', async (c) => {
  let claims;
  try {
    claims = c.var.deps.downloadLinks.verify(c.req.param('token'), [STORED_REPORT_LINK]);
  } catch (error) {
    if (error instanceof LinkRefused) refuse(error);
    throw error;
  }
  // The user the link was made for, still signed in: a sign-out ends the user's links with the session.
  let caller: Caller;
  try {
    caller = await c.var.deps.verifyToken(claims.bearer);
  } catch {
    refuse(new LinkRefused('EXPIRED'));
  }
  if (caller.service !== undefined || caller.userUuid !== claims.userUuid) throw unauthenticated('Please sign in');
  const options = { headers: { authorization: `Bearer ${claims.bearer}`, 'x-request-id': c.var.requestId } };
  const { active } = await c.var.deps.identity.checkSession({}, options);
  if (!active) refuse(new LinkRefused('EXPIRED'));

  // The kept report read back as the user, within the organisation: the reports service checks membership and the
  // kind's roles again (a CA report is an administrator's, calculation failures the Calculations page's).
  const file = await c.var.deps.reports.getReportFile(
    { organisationUuid: claims.organisationUuid, uuid: claims.parameters.reportUuid ?? '' },
    options,
  );
  const kept = file.report!;
  return new Response(new Uint8Array(file.content), {
    headers: {
      'content-type': kept.contentType === 'application/pdf' ? 'application/pdf' : 'text/plain; charset=utf-8',
      'content-disposition': `${kept.contentType === 'application/pdf' ? 'inline' : 'attachment'}; filename="${kept.fileName}"`,
      'cache-control': 'no-store',
    },
  });
});
