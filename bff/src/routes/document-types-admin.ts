import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { toJson } from '@bufbuild/protobuf';
import { documents } from '@gains/proto';
import { asCaller } from '../middleware/authenticate';
import type { BffEnv } from '../deps';
import { field, parseBody } from '../validation';

const flag = (name: string) => field.bool(name).optional();
const overrideFlag = (name: string) => field.bool(`processingOverride.${name}`).default(false);
/** The whole override when sent (seed 001 §3); the service checks the day count's range. A header's too. */
export const processingOverride = z.object(
  {
    autoProcess: overrideFlag('autoProcess'),
    autoProcessFromUserEnteredDate: overrideFlag('autoProcessFromUserEnteredDate'),
    autoProcessNDaysAfterPayDate: field.int32('processingOverride.autoProcessNDaysAfterPayDate').default(0),
    autoProcessNewHolding: overrideFlag('autoProcessNewHolding'),
    autoProcessUpdateHolding: overrideFlag('autoProcessUpdateHolding'),
    autoProcessFedTransaction: overrideFlag('autoProcessFedTransaction'),
    replaceCandidateSecurityQuantity: overrideFlag('replaceCandidateSecurityQuantity'),
    replaceCandidateGroupQuantities: overrideFlag('replaceCandidateGroupQuantities'),
    replaceCandidateCgtCost: overrideFlag('replaceCandidateCgtCost'),
    replaceCandidateMarketValue: overrideFlag('replaceCandidateMarketValue'),
    replaceCandidateAcquisitionDate: overrideFlag('replaceCandidateAcquisitionDate'),
  },
  { error: 'processingOverride must be an object of flags' },
);
const lineDefinition = z.object(
  {
    ord: field.int32('lineDefinitions.ord', 1),
    transactionTypeDescription: field.optionalText('lineDefinitions.transactionTypeDescription', 400).optional(),
    // text: a JSON number would have passed through a binary float
    defaultPrice: z
      .string({ error: 'lineDefinitions.defaultPrice must be text, such as "1.25"' })
      .max(40, 'lineDefinitions.defaultPrice must be at most 40 characters')
      .optional(),
    defaultIncomeReportLabel: field.optionalText('lineDefinitions.defaultIncomeReportLabel', 200).optional(),
    mandatory: flag('lineDefinitions.mandatory'),
    multiple: flag('lineDefinitions.multiple'),
  },
  { error: 'each of lineDefinitions must be {ord, transactionTypeDescription?, defaultPrice?, ...}' },
);
/** The editable fields; those left out keep the base's (create) or the type's (update) value. */
const editable = {
  name: field.optionalText('name', 200).optional(),
  active: flag('active'),
  parentSecurityPriceMandatory: flag('parentSecurityPriceMandatory'),
  newSecurityPriceMandatory: flag('newSecurityPriceMandatory'),
  allowZeroRate: flag('allowZeroRate'),
  smallCheck: flag('smallCheck'),
  apportionmentFactorMethodId: field.int32('apportionmentFactorMethodId').optional(),
  groupMethod: field.optionalText('groupMethod', 20).optional(),
  processingOverride: processingOverride.optional(),
  lineDefinitions: z
    .array(lineDefinition, { error: 'lineDefinitions must be a list' })
    .max(50, 'lineDefinitions may hold at most 50 entries')
    .default([]),
};
const createBody = z.object({
  baseUuid: field.text('baseUuid', 36),
  code: field.text('code', 60),
  ...editable,
});
const updateBody = z.object({
  version: field.int32('version', 0, 'version must be the whole number read'),
  code: field.text('code', 60),
  ...editable,
});

const typeJson = (t: documents.DocumentType) => toJson(documents.DocumentTypeSchema, t, { alwaysEmitImplicit: true });
const typeUuid = (c: Context<BffEnv>) => c.req.param('uuid') ?? '';

/**
 * Administration > Document Types (issue 26): the system types (read-only) and the firm's own, each a copy of a
 * system type with its tax-deciding ledger lines kept. The calls table says who may call (ADMIN and
 * CUSTOMER_ADMIN); the documents service checks membership, role and every rule again.
 */
export const adminDocumentTypeRoutes = new Hono<BffEnv>()
  .get('/', async (c) => {
    const { types } = await c.var.deps.documents.listDocumentTypes(
      { organisationUuid: c.var.organisationUuid, documentTypeCode: '', includeInactive: true },
      asCaller(c),
    );
    return c.json(types.map(typeJson));
  })
  .get('/:uuid', async (c) => {
    const type = await c.var.deps.documents.getDocumentType(
      { organisationUuid: c.var.organisationUuid, uuid: typeUuid(c) },
      asCaller(c),
    );
    return c.json(typeJson(type));
  })
  .post('/', async (c) => {
    const body = await parseBody(c, createBody);
    const type = await c.var.deps.documents.saveDocumentType(
      { organisationUuid: c.var.organisationUuid, uuid: '', version: 0, ...body },
      asCaller(c),
    );
    return c.json(typeJson(type), 201);
  })
  .put('/:uuid', async (c) => {
    const body = await parseBody(c, updateBody);
    const type = await c.var.deps.documents.saveDocumentType(
      { organisationUuid: c.var.organisationUuid, uuid: typeUuid(c), baseUuid: '', ...body },
      asCaller(c),
    );
    return c.json(typeJson(type));
  });
