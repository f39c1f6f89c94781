import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { LedgerCalculationRequest } from '@gains/contracts';
import { DomainError } from '@gains/errors';
import { asCaller, authenticate, requireOrganisation } from '../middleware/authenticate';
import { parseBody, type Reads } from '../validation';
import type { BffEnv } from '../deps';
import { failuresReport } from './calculation-runs';

const text = (field: string) => z.string({ error: `${field} must be text` });
/** A whole number from 1 that fits the proto's int32 (the service sets the business limits). */
const count = (field: string) =>
  z
    .number({ error: `${field} must be a whole number from 1` })
    .int(`${field} must be a whole number from 1`)
    .min(1, `${field} must be a whole number from 1`)
    .max(2 ** 31 - 1, `${field} is too large`);

const ledgerBodySchema = z.object({
  ledgerCsv: text('ledgerCsv').min(1, 'ledgerCsv is required: the ledger file as text'),
  pricesCsv: text('pricesCsv').default(''),
  taxpayer: z
    .object(
      {
        kind: text('taxpayer.kind').default('individual'),
        vulnerableBeneficiaryTrust: z
          .boolean({ error: 'taxpayer.vulnerableBeneficiaryTrust must be true or false' })
          .default(false),
        dateOfDeath: text('taxpayer.dateOfDeath').default(''),
        annualExemptAmountOverrides: z
          .record(z.string(), text('each annual exempt amount override'), {
            error: 'taxpayer.annualExemptAmountOverrides must map tax years to amounts',
          })
          .default({}),
        lossesBroughtForward: text('taxpayer.lossesBroughtForward').default(''),
        /** A trust in a group of settlements: the settlor's settlements, this one included (0: not in a group). */
        settlementsInGroup: z
          .number({ error: 'taxpayer.settlementsInGroup must be a whole number' })
          .int('taxpayer.settlementsInGroup must be a whole number')
          .min(0, 'taxpayer.settlementsInGroup must not be negative')
          .max(2 ** 31 - 1, 'taxpayer.settlementsInGroup is too large')
          .default(0),
        attributedGains: z
          .record(z.string(), text('each attributed gain'), {
            error: 'taxpayer.attributedGains must map tax years to amounts',
          })
          .default({}),
        /** A company computed by accounting period: its year end, MM-DD. */
        accountingYearEnd: text('taxpayer.accountingYearEnd').default(''),
        /** An individual: the basic-rate band left after income, by tax year (the tax due is then worked out). */
        basicRateBandRemaining: z
          .record(z.string(), text('each basic-rate band remaining'), {
            error: 'taxpayer.basicRateBandRemaining must map tax years to amounts',
          })
          .default({}),
      },
      { error: 'taxpayer must be an object' },
    )
    .default({
      kind: 'individual',
      vulnerableBeneficiaryTrust: false,
      dateOfDeath: '',
      annualExemptAmountOverrides: {},
      lossesBroughtForward: '',
      settlementsInGroup: 0,
      attributedGains: {},
      accountingYearEnd: '',
      basicRateBandRemaining: {},
    }),
  /** The page of disposals to answer (from 1) and disposals a page: the service's defaults when absent. */
  disposalsPage: count('disposalsPage').optional(),
  disposalsPageSize: count('disposalsPageSize').optional(),
});

/** The body is @gains/contracts' LedgerCalculationRequest (tax_engine.proto's request, in JSON). */
const ledgerBody: Reads<typeof ledgerBodySchema, LedgerCalculationRequest> = ledgerBodySchema;

/**
 * A ledger file (and optional prices) computed by the tax engine, with one page of its disposals; nothing is
 * stored. The answer is the service's JSON text as it is (LedgerCalculation in tax_engine.proto): a large
 * answer is never parsed or written again on this event loop.
 */
export const calculationRoutes = new Hono<BffEnv>()
  .use(authenticate, requireOrganisation)
  .post(
    '/ledger',
    // The service refuses files over 10 MB; the body carries two files and JSON quoting.
    bodyLimit({
      maxSize: 24 * 1024 * 1024,
      onError: () => {
        throw new DomainError(
          'INVALID_ARGUMENT',
          'The files are too large to compute at once (24 MB at most)',
          'ledgerCsv',
        );
      },
    }),
    async (c) => {
      const { disposalsPage = 0, disposalsPageSize = 0, ...body } = await parseBody(c, ledgerBody);
      const answer = await c.var.deps.taxEngine.computeLedger(
        { organisationUuid: c.var.organisationUuid, ...body, disposalsPage, disposalsPageSize },
        // The HTTP request's signal (aborted when the client goes away): the file leaves the queue, or its worker
        // stops, instead of computing for nobody.
        { ...asCaller(c), signal: c.req.raw.signal },
      );
      return c.body(answer.ledgerCalculationJson, 200, { 'content-type': 'application/json; charset=UTF-8' });
    },
  )
  // The failures of a client's stored run, kept as a report: `{url}` (calculation-runs.ts).
  .post('/failures/report-csv', failuresReport('csv'))
  .post('/failures/report-pdf', failuresReport('pdf'));
