import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import type {
  CalculationDisposal,
  CalculationRun,
  ClientLedgerCsv,
  ClientYearFigures,
  LedgerCalculation,
  RecalculateAnswer,
  ReportLink,
  StoredCalculation,
  TaxYear,
} from '@gains/contracts';
import { DomainError, invalidArgument } from '@gains/errors';
import type { calculations } from '@gains/proto';
import { asCaller } from '../middleware/authenticate';
import type { BffEnv } from '../deps';
import { field, parseBody, parseQuery } from '../validation';
import {
  annualExemptionOf,
  broughtForwardLossesOf,
  exemptionGainLossOf,
  warningsOf,
  yearSummaries,
} from './calculation-slices';
import { requestReportLink } from './report-requests';
import { uuidParam } from './securities-validation';

/**
 * Stored calculations (issue 23; seed 001 §7; answers: packages/contracts/src/calculation-runs.ts), served by the
 * tax engine's CalculationsService. Each answer is a slice of one stored run, taken from the run's computation as
 * the engine wrote it (GetRun's LedgerCalculation JSON): the BFF selects and orders, never recomputes a figure.
 * The calls table says who may call; the service checks organisation, membership and role again.
 */

type Ctx = Context<BffEnv>;

/** Disposals a page of the `transactions` slice, at most. */
const DISPOSALS_PAGE_MAX = 500;

const clientQuery = z.object({ clientUUID: field.queryUuid('clientUUID') });
const runsQuery = clientQuery.extend({
  page: field.queryNumber('page', 1, 1_000_000),
  size: field.queryNumber('size', 20, 100),
});
const disposalsQuery = z.object({
  page: field.queryNumber('page', 1, 1_000_000),
  size: field.queryNumber('size', 100, DISPOSALS_PAGE_MAX),
  // A tax year as the engine names it ("2024-25") or a company's accounting period ("year to 2024-12-31").
  taxYear: field
    .queryText('taxYear', 40)
    .refine((v) => v === '' || /^(\d{4}-\d{2}|year to \d{4}-\d{2}-\d{2})$/.test(v), {
      message: 'taxYear must be a tax year such as 2024-25, or an accounting period such as year to 2024-12-31',
    }),
});
const recalculateBody = z
  .object({
    clientUuid: field.uuid('clientUuid').optional(),
    organisation: z.literal(true, { error: 'organisation must be true (every client) or left out' }).optional(),
  })
  .refine((b) => (b.clientUuid === undefined) !== (b.organisation === undefined), {
    message: 'clientUuid or organisation: true is required (one, not both)',
    path: ['clientUuid'],
  });
const failuresBody = z.object({ clientUuid: field.uuid('clientUuid'), runId: field.uuid('runId').optional() });

/** A required client uuid of the query (`clientUUID`, as the spec writes it). */
function clientOf(c: Ctx): string {
  const { clientUUID } = parseQuery(c, clientQuery);
  if (!clientUUID) throw invalidArgument('clientUUID', 'clientUUID is required: the client to show');
  return clientUUID;
}

/** A proto message as plain JSON: no `$` members, int64s as decimal strings. */
function plain(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !key.startsWith('$'))
        .map(([key, v]) => [key, plain(v)]),
    );
  }
  return value;
}
const runJson = (run: calculations.CalculationRun | undefined) => plain(run) as CalculationRun;

interface LoadedRun {
  run: CalculationRun;
  /** Undefined for a FAILED run (nothing computed). */
  calculation: LedgerCalculation | undefined;
}

/** One run with one page of its disposals (page from 1). */
async function loadRun(c: Ctx, id: string, disposalsPage = 1, disposalsPageSize = 1): Promise<LoadedRun> {
  const answer = await c.var.deps.calculations.getRun(
    { organisationUuid: c.var.organisationUuid, id, disposalsPage, disposalsPageSize },
    asCaller(c),
  );
  return {
    run: runJson(answer.run),
    calculation: answer.ledgerCalculationJson
      ? (JSON.parse(answer.ledgerCalculationJson) as LedgerCalculation)
      : undefined,
  };
}

/** The client's newest run, or undefined when it was never calculated. */
async function latestRunId(c: Ctx, clientUuid: string): Promise<string | undefined> {
  const { runs } = await c.var.deps.calculations.listRuns(
    { organisationUuid: c.var.organisationUuid, clientUuid, page: 1, size: 1 },
    asCaller(c),
  );
  return runs[0]?.id;
}

/** A page's disposals numbered over the whole run (from 1): the `{tid}` of the REST calls. */
function numbered(calculation: LedgerCalculation): CalculationDisposal[] {
  const { page, pageSize } = calculation.disposalsPage;
  let n = (page - 1) * pageSize;
  return calculation.computation.taxYears.flatMap((year) =>
    year.disposals.map((d) => ({ ...d, id: String(++n), taxYear: year.taxYear })),
  );
}

/** Disposals `offset` to `offset + count - 1` of the run (from 0), over at most two of the engine's pages. */
async function disposalRange(c: Ctx, id: string, offset: number, count: number) {
  const first = Math.floor(offset / count) + 1;
  const { calculation } = await loadRun(c, id, first, count);
  if (!calculation) return [];
  let rows = numbered(calculation);
  if (offset % count !== 0 && first * count < calculation.disposalsPage.total) {
    const next = await loadRun(c, id, first + 1, count);
    if (next.calculation) rows = rows.concat(numbered(next.calculation));
  }
  return rows.filter((d) => Number(d.id) > offset && Number(d.id) <= offset + count);
}

/** The yearly figures of the client's latest run, sliced by `slice`. */
async function latestYears<T>(c: Ctx, slice: (years: TaxYear[]) => T[]): Promise<ClientYearFigures<T>> {
  const runId = await latestRunId(c, clientOf(c));
  if (!runId) return { runId: null, years: [] };
  const { calculation } = await loadRun(c, runId);
  return { runId, years: slice(calculation?.computation.taxYears ?? []) };
}

const notFound = (field: string, message: string) => new DomainError('NOT_FOUND', message, field);

/** A disposal number of the path: a whole number from 1. */
function tidParam(c: Ctx): number {
  const raw = c.req.param('tid') ?? '';
  const tid = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (tid < 1) throw invalidArgument('tid', 'tid must be a whole number from 1 (the disposal number in the run)');
  return tid;
}

/** GET and POST admin/calculations/... (seed 001 §7). Static paths first: `{id}` would take them. */
export const adminCalculationRunRoutes = new Hono<BffEnv>()
  .post('/recalculate', async (c) => {
    const body = await parseBody(c, recalculateBody);
    const answer = await c.var.deps.calculations.recalculate(
      { organisationUuid: c.var.organisationUuid, clientUuid: body.clientUuid ?? '' },
      asCaller(c),
    );
    return c.json({ jobUuid: answer.jobUuid, queuedClients: answer.queuedClients } satisfies RecalculateAnswer, 202);
  })
  .get('/', async (c) => {
    const { clientUUID, page, size } = parseQuery(c, runsQuery);
    if (!clientUUID) throw invalidArgument('clientUUID', 'clientUUID is required: the client whose runs to list');
    const answer = await c.var.deps.calculations.listRuns(
      { organisationUuid: c.var.organisationUuid, clientUuid: clientUUID, page, size },
      asCaller(c),
    );
    return c.json({ content: answer.runs.map(runJson), totalSize: answer.totalSize });
  })
  .get('/ledger-csv', async (c) => {
    const answer = await c.var.deps.calculations.getLedgerCsv(
      { organisationUuid: c.var.organisationUuid, clientUuid: clientOf(c) },
      asCaller(c),
    );
    return c.json({
      csv: answer.csv,
      pricesCsv: answer.pricesCsv,
      cgtArgs: answer.cgtArgs,
      ledgerVersion: answer.ledgerVersion.toString(),
    } satisfies ClientLedgerCsv);
  })
  .get('/exemption_gain_loss', async (c) => c.json(await latestYears(c, exemptionGainLossOf)))
  .get('/annual_exemption', async (c) => c.json(await latestYears(c, annualExemptionOf)))
  .get('/bfl', async (c) => c.json(await latestYears(c, broughtForwardLossesOf)))
  .get('/:id', async (c) => {
    const { run, calculation } = await loadRun(c, uuidParam(c, 'id'));
    const computation = calculation?.computation;
    return c.json({
      run,
      taxpayer: computation?.taxpayer ?? '',
      taxYears: yearSummaries(computation?.taxYears ?? []),
      holdings: computation?.holdings ?? [],
      holdingValues: computation?.holdingValues ?? [],
      failures: computation?.failures ?? [],
    } satisfies StoredCalculation);
  })
  .get('/:id/transactions', async (c) => {
    const id = uuidParam(c, 'id');
    const { page, size, taxYear } = parseQuery(c, disposalsQuery);
    if (!taxYear) {
      const { calculation } = await loadRun(c, id, page, size);
      return c.json({
        content: calculation ? numbered(calculation) : [],
        totalSize: calculation?.disposalsPage.total ?? 0,
      });
    }
    // One tax year: its disposals follow those of the years before it, whose counts the summary gives.
    const { calculation } = await loadRun(c, id);
    const years = calculation?.computation.taxYears ?? [];
    const at = years.findIndex((y) => y.taxYear === taxYear);
    if (at < 0) return c.json({ content: [], totalSize: 0 });
    const before = years.slice(0, at).reduce((sum, y) => sum + y.numberOfDisposals, 0);
    const inYear = years[at]!.numberOfDisposals;
    const from = (page - 1) * size;
    const content =
      from < inYear
        ? (await disposalRange(c, id, before + from, Math.min(size, inYear - from))).filter(
            (d) => d.taxYear === taxYear,
          )
        : [];
    return c.json({ content, totalSize: inYear });
  })
  .get('/:id/transactions/:tid/portfolios', async (c) => {
    const id = uuidParam(c, 'id');
    const tid = tidParam(c);
    const [disposal] = await disposalRange(c, id, tid - 1, 1);
    if (!disposal) throw notFound('tid', `The run has no disposal ${tid}`);
    return c.json(disposal.portfolios);
  })
  .get('/:id/pools', async (c) => {
    const { calculation } = await loadRun(c, uuidParam(c, 'id'));
    return c.json(calculation?.computation.holdings ?? []);
  })
  .get('/:id/standalone-pools', async (c) => {
    const { calculation } = await loadRun(c, uuidParam(c, 'id'));
    return c.json(calculation?.computation.holdingValues ?? []);
  })
  .get('/:id/warnings', async (c) => {
    const { run, calculation } = await loadRun(c, uuidParam(c, 'id'));
    if (!calculation) {
      // Nothing computed: the run's own message is the one warning.
      return c.json([
        {
          kind: 'FAILURE',
          security: '',
          date: run.startedAt.slice(0, 10),
          taxYear: '',
          ref: null,
          message: run.message,
        },
      ]);
    }
    return c.json(warningsOf(calculation.computation));
  });

/**
 * POST calculations/failures/report-csv|report-pdf {clientUuid, runId?}: the failures of a client's run (the latest
 * unless named), made by the reports service's REPORT job (kind calculation-failures, which checks the
 * Calculations page's roles again and reads the run from the tax engine), kept in the client's reports list, and
 * answered as `{url}` to open in a new window.
 */
export function failuresReport(format: 'csv' | 'pdf') {
  return async (c: Ctx) => {
    const { clientUuid, runId } = await parseBody(c, failuresBody);
    const parameters = runId ? { runId } : {};
    return c.json({
      url: await requestReportLink(c, { clientUuid, kind: 'calculation-failures', format, parameters }),
    } satisfies ReportLink);
  };
}
