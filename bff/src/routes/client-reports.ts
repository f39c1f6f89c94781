import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { Caller } from '@gains/auth';
import type { ClientReport, LedgerCalculation, TaxYear } from '@gains/contracts';
import { tokenExpiry } from '@gains/download-links';
import { DomainError, notFound } from '@gains/errors';
import { renderPdf } from '@gains/pdf';
import type { reports } from '@gains/proto';
import type { BffEnv } from '../deps';
import { asCaller } from '../middleware/authenticate';
import { field, parseBody } from '../validation';
import { cgtReportCsv, cgtReportFileName, cgtReportPdf } from './cgt-report';
import { uuidParam } from './securities-validation';
import { addressLines } from './taximiser';

/**
 * Singular reports kept by the reports service (issue 27; seed 000 §2.5, §7): the BFF reads the figures as the
 * caller (the tax engine's stored calculation, the client, the firm), renders the file, has the reports service
 * keep it (file store + the client's reports list), and answers `{url}`: a short-lived signed link to
 * GET reports/download/{token} (document-reports.ts), which reads the kept file back as the same user.
 */

type Ctx = Context<BffEnv>;

/** The kind a kept report's link carries; its one parameter is the report's uuid. */
export const STORED_REPORT_LINK = 'stored-report';

const cgtBody = z.object({
  clientUuid: field.uuid('clientUuid'),
  taxYearUuid: field.uuid('taxYearUuid'),
  format: z.enum(['pdf', 'csv'], { error: 'format must be pdf or csv' }).default('pdf'),
});

/** How long a report waits for a client's first calculation. */
const FIRST_CALCULATION_WAIT_MS = 30_000;

/** Disposals a GetRun page carries (the engine's most). */
const DISPOSALS_PAGE = 5000;

/** The tax year of the client's newest stored calculation, with every one of its disposals. */
async function storedYear(c: Ctx, clientUuid: string, taxYear: string) {
  const scope = { organisationUuid: c.var.organisationUuid };
  const latest = async () =>
    (await c.var.deps.calculations.getCalculationStatus({ ...scope, clientUuid }, asCaller(c))).latestRun;
  let run = await latest();
  if (!run) {
    // never computed yet (a firm just loaded): the client is worked out now, ahead of any background work
    await c.var.deps.calculations.recalculate({ ...scope, clientUuid }, asCaller(c));
    for (const until = Date.now() + FIRST_CALCULATION_WAIT_MS; !run && Date.now() < until;) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      run = await latest();
    }
  }
  if (!run || run.status === 'FAILED') {
    throw new DomainError(
      'FAILED_PRECONDITION',
      run ? 'The client’s calculation failed: see Calculation Failures' : 'The client has no calculation to report yet',
      'clientUuid',
    );
  }
  const load = async (page: number, size: number) => {
    const answer = await c.var.deps.calculations.getRun(
      { ...scope, id: run.id, disposalsPage: page, disposalsPageSize: size },
      asCaller(c),
    );
    return JSON.parse(answer.ledgerCalculationJson) as LedgerCalculation;
  };
  const first = await load(1, 1);
  const years = first.computation.taxYears;
  const at = years.findIndex((y) => y.taxYear === taxYear);
  // a year the engine has nothing in (no disposal, no gain): reported as such, with the holdings
  if (at < 0) return { holdings: first.computation.holdings, computedAt: run.finishedAt };
  // The year's disposals follow those of the years before it, in order over the whole run.
  const before = years.slice(0, at).reduce((sum, y) => sum + y.numberOfDisposals, 0);
  const inYear = years[at]!.numberOfDisposals;
  const disposals: TaxYear['disposals'] = [];
  for (let page = Math.floor(before / DISPOSALS_PAGE) + 1; disposals.length < inYear; page++) {
    const part = await load(page, DISPOSALS_PAGE);
    const found = part.computation.taxYears.find((y) => y.taxYear === taxYear);
    disposals.push(...(found?.disposals ?? []));
    if (page * DISPOSALS_PAGE >= part.disposalsPage.total) break;
  }
  return {
    year: { ...years[at]!, disposals } satisfies TaxYear,
    holdings: first.computation.holdings,
    computedAt: run.finishedAt,
  };
}

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

/** A signed link to a kept report, acting as the caller when it is opened. */
function linkTo(c: Ctx, reportUuid: string): string {
  const caller: Caller = c.var.caller;
  const token = c.var.deps.downloadLinks.sign({
    organisationUuid: c.var.organisationUuid,
    userUuid: caller.userUuid,
    kind: STORED_REPORT_LINK,
    parameters: { reportUuid },
    bearer: caller.token,
    // never outliving the access token sealed in it
    expiresAt: tokenExpiry(caller.token),
  });
  return `/api/reports/download/${token}`;
}

export const clientReportRoutes = new Hono<BffEnv>()
  // POST /clients/cgt-report {clientUuid, taxYearUuid, format: pdf (default) | csv} -> {url}
  .post('/cgt-report', async (c) => {
    const body = await parseBody(c, cgtBody);
    const scope = { organisationUuid: c.var.organisationUuid };
    const [organisation, client, taxYears] = await Promise.all([
      c.var.deps.identity.getOrganisation({ uuid: c.var.organisationUuid }, asCaller(c)),
      c.var.deps.clients.getClient({ ...scope, id: 0, uuid: body.clientUuid }, asCaller(c)),
      c.var.deps.clients.listClientTaxYears({ ...scope, clientUuid: body.clientUuid }, asCaller(c)),
    ]);
    const taxYear = taxYears.taxYears.find((y) => y.uuid === body.taxYearUuid);
    if (!taxYear) throw notFound(`Tax year ${body.taxYearUuid} of the client`, 'taxYearUuid');
    // Seed 000 §5: no report of a year that starts before the client's reporting restriction.
    if (client.reportingRestrictionFrom && taxYear.startDate < client.reportingRestrictionFrom.slice(0, 10)) {
      throw new DomainError(
        'FAILED_PRECONDITION',
        `Tax year ${taxYear.label} starts before the client's reporting restriction`,
        'taxYearUuid',
      );
    }
    const figures = await storedYear(c, body.clientUuid, taxYear.label);
    const input = {
      period: { label: taxYear.label, start: taxYear.startDate, end: taxYear.endDate },
      firm: organisation.organisation?.name ?? '',
      client: { code: client.code, name: client.name, address: addressLines(client) },
      ...figures,
    };
    const content =
      body.format === 'pdf'
        ? new Uint8Array(await renderPdf(cgtReportPdf(input)))
        : new TextEncoder().encode(cgtReportCsv(input));
    const report = await c.var.deps.reports.createReport(
      {
        ...scope,
        clientUuid: body.clientUuid,
        kind: 'cgt-realised',
        subject: taxYear.label,
        fileName: cgtReportFileName(client.code, taxYear.label, body.format),
        contentType: body.format === 'pdf' ? 'application/pdf' : 'text/plain',
        content,
        batchId: '',
        delivery: '',
      },
      asCaller(c),
    );
    return c.json({ url: linkTo(c, report.uuid) });
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
    return c.json(answer.reports.map((r) => reportJson(r, linkTo(c, r.uuid))));
  });
