import { toJson } from '@bufbuild/protobuf';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { DomainError } from '@gains/errors';
import { taxEngine } from '@gains/proto';
import { asCaller, authenticate, requireOrganisation } from '../middleware/authenticate';
import { parseBody } from '../validation';
import type { BffEnv } from '../deps';

const text = (field: string) => z.string({ error: `${field} must be text` });

const ledgerBody = z.object({
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
      },
      { error: 'taxpayer must be an object' },
    )
    .default({
      kind: 'individual',
      vulnerableBeneficiaryTrust: false,
      dateOfDeath: '',
      annualExemptAmountOverrides: {},
      lossesBroughtForward: '',
    }),
});

/** A ledger file (and optional prices) computed by the tax engine; nothing is stored. */
export const calculationRoutes = new Hono<BffEnv>().use(authenticate, requireOrganisation).post(
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
    const body = await parseBody(c, ledgerBody);
    const answer = await c.var.deps.taxEngine.computeLedger(
      { organisationUuid: c.var.organisationUuid, ...body },
      // The HTTP request's signal (aborted when the client goes away): the file leaves the queue, or its worker
      // stops, instead of computing for nobody.
      { ...asCaller(c), signal: c.req.raw.signal },
    );
    return c.json(toJson(taxEngine.ComputeLedgerResponseSchema, answer, { alwaysEmitImplicit: true }));
  },
);
