import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import { csvText } from '@gains/access';
import type { Caller } from '@gains/auth';
import { LinkRefused, tokenExpiry } from '@gains/download-links';
import { unauthenticated } from '@gains/errors';
import type { documents } from '@gains/proto';
import type { BffEnv } from '../deps';
import { asCaller } from '../middleware/authenticate';
import { field, parseBody } from '../validation';
import { STORED_REPORT_LINK } from './report-requests';

/**
 * The CA reports (seed 001 §7): POST admin/documents/headers/report-csv and .../candidates/report-csv answer
 * `{url}`, a short-lived signed link (@gains/download-links) that the web app opens in a new window. That window
 * sends no bearer, so GET reports/download/{token} is public in the calls table but guarded by the token: it says
 * which organisation, user and filters, and carries the user's access token sealed, with which the rows are read
 * from the documents service as that user, who is checked there again and sees only that organisation's rows.
 */

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateField = (name: string) =>
  field.text(name, 10).refine((v) => v === '' || (DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))), {
    message: `${name} must be a date as YYYY-MM-DD`,
  });
const filterFields = {
  documentTypeCode: field.text('documentTypeCode', 2),
  type: field.text('type', 36).refine((v) => v === '' || /^[0-9a-f-]{36}$/i.test(v), 'type must be a uuid'),
  status: field.text('status', 40),
  security: field.int32('security', 0).default(0),
  layerUuid: field.text('layerUuid', 36),
};
const headersReportBody = z
  .object({
    ...filterFields,
    searchDateType: z
      .string({ error: 'searchDateType is required: PAY_DATE, EX_DATE, CREATED_DATE or LAST_MODIFIED_DATE' })
      .min(1, 'searchDateType is required: PAY_DATE, EX_DATE, CREATED_DATE or LAST_MODIFIED_DATE')
      .max(40, 'searchDateType must be at most 40 characters'),
    from: dateField('from'),
    to: dateField('to'),
  })
  .refine((b) => !b.from || !b.to || b.to >= b.from, { message: 'To must not be before From', path: ['to'] });
const candidatesReportBody = z
  .object({
    ...filterFields,
    searchDateType: field.text('searchDateType', 40),
    startDate: dateField('startDate'),
    endDate: dateField('endDate'),
  })
  .refine((b) => !b.startDate || !b.endDate || b.endDate >= b.startDate, {
    message: 'End Date must not be before Start Date',
    path: ['endDate'],
  });

/** The documents service's filters, from a link's parameters (all text, as signed). */
type Filters = Record<
  'documentTypeCode' | 'type' | 'status' | 'security' | 'layerUuid' | 'searchDateType' | 'from' | 'to',
  string
>;
const exportRequest = (organisationUuid: string, f: Filters, cursor: string, limit: number) => ({
  organisationUuid,
  documentTypeCode: f.documentTypeCode,
  typeUuid: f.type,
  status: f.status,
  securityId: Number(f.security) || 0,
  layerUuid: f.layerUuid,
  searchDateType: f.searchDateType,
  from: f.from,
  to: f.to,
  cursor,
  limit,
});

/** Timestamps as `YYYY-MM-DD HH:MM:SS` (UTC), dates as `YYYY-MM-DD`: one form throughout both reports. */
const timestamp = (iso: string) => (iso ? iso.slice(0, 19).replace('T', ' ') : '');

const HEADER_COLUMNS = [
  'Code',
  'Name',
  'Header Type',
  'Status',
  'Security',
  'SEDOL',
  'ISIN',
  'Ex Date',
  'Pay Date',
  'Trade Date',
  'Layer',
  'Candidates',
  'Successes',
  'Failures',
  'Run Candidates',
  'Run Successes',
  'Run Failures',
  'Runs',
  'Candidates Edited',
  'Previews Edited',
  'Posted Transactions',
  'Created By',
  'Created At',
  'Modified By',
  'Modified At',
  'Version',
  'Organisation',
];
function headerRow(h: documents.Header): string[] {
  const n = h.counts;
  const count = (v: number | undefined) => String(v ?? 0);
  return [
    h.code,
    h.name,
    h.typeName,
    h.status,
    h.securityName,
    h.sedol,
    h.isin,
    h.exDate,
    h.payDate,
    h.tradeDate,
    h.layerName,
    count(n?.candidates),
    count(n?.successes),
    count(n?.failures),
    count(n?.runCandidates),
    count(n?.runSuccesses),
    count(n?.runFailures),
    count(n?.runs),
    count(n?.candidatesEdited),
    count(n?.previewsEdited),
    count(n?.postedTransactions),
    h.createdByName,
    timestamp(h.createdDate),
    h.lastModifiedByName,
    timestamp(h.lastModifiedDate),
    String(h.version),
    h.orgName,
  ];
}

const CANDIDATE_COLUMNS = [
  'Header Code',
  'Header Type',
  'Header Status',
  'Security',
  'SEDOL',
  'ISIN',
  'Ex Date',
  'Pay Date',
  'Client Code',
  'Client Name',
  'Portfolio Code',
  'Portfolio Name',
  'As At Date',
  'Holding Quantity',
  'CGT Cost',
  'Valuation Cost',
  'Price',
  'Market Valuation',
  'Transfer Quantity',
  'Transfer Percentage',
  'Group 1 Quantity',
  'Group 2 Quantity',
  'Group 1 FIFO',
  'Group 2 FIFO',
  'Group 1 LIFO',
  'Group 2 LIFO',
  'Group 1 Average',
  'Group 2 Average',
  'Status',
  'Failure Reason',
];
function candidateRow(r: documents.CandidateReportRow): string[] {
  const c = r.candidate;
  return [
    r.headerCode,
    r.headerTypeName,
    r.headerStatus,
    r.securityName,
    r.sedol,
    r.isin,
    r.exDate,
    r.payDate,
    c?.clientCode ?? '',
    c?.clientName ?? '',
    c?.portfolioCode ?? '',
    c?.portfolioName ?? '',
    c?.asAtDate ?? '',
    c?.holdingQuantity ?? '',
    c?.cgtCost ?? '',
    c?.valuationCost ?? '',
    c?.price ?? '',
    c?.marketValuation ?? '',
    c?.transferQuantity ?? '',
    c?.transferPercentage ?? '',
    c?.group1Quantity ?? '',
    c?.group2Quantity ?? '',
    c?.group1Fifo ?? '',
    c?.group2Fifo ?? '',
    c?.group1Lifo ?? '',
    c?.group2Lifo ?? '',
    c?.group1Average ?? '',
    c?.group2Average ?? '',
    c?.status ?? '',
    c?.failureReason ?? '',
  ];
}

type Page = { rows: string[][]; nextCursor: string };
/** A report: its file name's ending, its columns, and how a page of its rows is read as a caller. */
interface ReportKind {
  fileSuffix: string;
  columns: string[];
  page(
    c: Context<BffEnv>,
    options: ReturnType<typeof asCaller>,
    org: string,
    f: Filters,
    cursor: string,
  ): Promise<Page>;
}
/** Rows a page asked of the documents service: enough to keep round trips few, few enough to keep memory small. */
const PAGE_ROWS = 500;
const REPORTS: Record<string, ReportKind> = {
  'ca-headers': {
    fileSuffix: 'document-list',
    columns: HEADER_COLUMNS,
    async page(c, options, org, f, cursor) {
      const answer = await c.var.deps.documents.exportHeaders(exportRequest(org, f, cursor, PAGE_ROWS), options);
      return { rows: answer.content.map(headerRow), nextCursor: answer.nextCursor };
    },
  },
  'ca-candidates': {
    fileSuffix: 'candidates',
    columns: CANDIDATE_COLUMNS,
    async page(c, options, org, f, cursor) {
      const answer = await c.var.deps.documents.exportCandidates(exportRequest(org, f, cursor, PAGE_ROWS), options);
      return { rows: answer.content.map(candidateRow), nextCursor: answer.nextCursor };
    },
  },
};

/**
 * Asks the service for one row first (it checks the caller and every filter, as it will when the link is opened),
 * then answers the signed link.
 */
async function linkFor(c: Context<BffEnv>, kind: keyof typeof REPORTS, filters: Filters) {
  await REPORTS[kind]!.page(c, asCaller(c), c.var.organisationUuid, filters, '');
  const caller: Caller = c.var.caller;
  const token = c.var.deps.downloadLinks.sign({
    organisationUuid: c.var.organisationUuid,
    userUuid: caller.userUuid,
    kind,
    parameters: filters,
    bearer: caller.token,
    // never outliving the access token sealed in it
    expiresAt: tokenExpiry(caller.token),
  });
  return c.json({ url: `/api/reports/download/${token}` });
}

export const adminDocumentReportRoutes = new Hono<BffEnv>()
  .post('/headers/report-csv', async (c) => {
    const b = await parseBody(c, headersReportBody);
    return linkFor(c, 'ca-headers', {
      documentTypeCode: b.documentTypeCode,
      type: b.type,
      status: b.status,
      security: String(b.security),
      layerUuid: b.layerUuid,
      searchDateType: b.searchDateType,
      from: b.from,
      to: b.to,
    });
  })
  .post('/headers/candidates/report-csv', async (c) => {
    const b = await parseBody(c, candidatesReportBody);
    return linkFor(c, 'ca-candidates', {
      documentTypeCode: b.documentTypeCode,
      type: b.type,
      status: b.status,
      security: String(b.security),
      layerUuid: b.layerUuid,
      searchDateType: b.searchDateType,
      from: b.startDate,
      to: b.endDate,
    });
  });

/** A refused link: 410 when it has expired (ask again), 403 when it was never ours or was changed. */
function refuse(error: LinkRefused): never {
  throw new HTTPException(error.reason === 'EXPIRED' ? 410 : 403, { message: error.message });
}

export const reportDownloadRoutes = new Hono<BffEnv>().get('/download/:token', async (c) => {
  let claims;
  try {
    claims = c.var.deps.downloadLinks.verify(c.req.param('token'), [...Object.keys(REPORTS), STORED_REPORT_LINK]);
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

  if (claims.kind === STORED_REPORT_LINK) {
    // A report the reports service keeps (client-reports.ts): read back as the user, within the organisation.
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
  }
  const report = REPORTS[claims.kind]!;
  const filters = claims.parameters as Filters;
  // The first page before the answer starts, so a refusal is still an error answer; then a page at a time.
  const first = await report.page(c, options, claims.organisationUuid, filters, '');
  const encoder = new TextEncoder();
  let cursor = first.nextCursor;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csvText([report.columns, ...first.rows])));
    },
    // pulled as the reader takes it, so a slow download holds one page, not the report
    async pull(controller) {
      if (!cursor) return controller.close();
      const next = await report.page(c, options, claims.organisationUuid, filters, cursor);
      cursor = next.nextCursor;
      if (next.rows.length > 0) controller.enqueue(encoder.encode(csvText(next.rows)));
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'content-disposition': `attachment; filename="${day}-${report.fileSuffix}.csv"`,
      'cache-control': 'no-store',
    },
  });
});
