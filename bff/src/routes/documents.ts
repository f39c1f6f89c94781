import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { toJson } from '@bufbuild/protobuf';
import { documents } from '@gains/proto';
import { asCaller } from '../middleware/authenticate';
import type { BffEnv } from '../deps';
import { field, parseBody, parseQuery } from '../validation';
import { processingOverride } from './document-types-admin';

/** Text of a figure or a date: a JSON number would have passed through a binary float. */
const textField = (name: string, max = 40) =>
  z
    .string({ error: `${name} must be text, such as "12.5" or "2026-09-15"` })
    .max(max, `${name} must be at most ${max} characters`);
const movementRow = (name: string) =>
  z.object({
    clientUuid: textField(`${name}.clientUuid`, 36).default(''),
    portfolioUuid: textField(`${name}.portfolioUuid`, 36).default(''),
    transferPercentage: textField(`${name}.transferPercentage`).default(''),
  });
const headerBody = z.object({
  uuid: field.uuid('uuid').optional(),
  version: field.int32('version', 0).optional(),
  typeUuid: textField('typeUuid', 36).default(''),
  name: field.text('name', 200),
  description: field.text('description', 2000),
  exDate: textField('exDate').default(''),
  payDate: textField('payDate').default(''),
  startDate: textField('startDate').default(''),
  tradeDate: textField('tradeDate').default(''),
  layerUuid: textField('layerUuid', 36).default(''),
  parentSecurityPrice: textField('parentSecurityPrice').default(''),
  securityId: field.int32('securityId', 0).default(0),
  lines: z
    .array(
      z.object({
        lineDefinitionUuid: textField('lines.lineDefinitionUuid', 36).default(''),
        securityId: field.int32('lines.securityId', 0).default(0),
        rate: textField('lines.rate').default(''),
        perParent: textField('lines.perParent').default(''),
        price: textField('lines.price').default(''),
        incomeReportLabel: field.text('lines.incomeReportLabel', 100),
      }),
      { error: 'lines must be a list of {lineDefinitionUuid, securityId?, rate, perParent?, price?}' },
    )
    .max(50, 'lines may hold at most 50 lines')
    .default([]),
  inPortfolios: z.array(movementRow('inPortfolios')).max(100, 'inPortfolios may hold at most 100 rows').default([]),
  outPortfolios: z.array(movementRow('outPortfolios')).max(100, 'outPortfolios may hold at most 100 rows').default([]),
  fractionPrice: textField('fractionPrice').default(''),
  // the header's own processing override, whole when sent; unset keeps the header's (or its type's)
  processingOverride: processingOverride.optional(),
});
const typesQuery = z.object({ documentTypeCode: field.queryText('documentTypeCode', 2) });
const searchQuery = z.object({
  documentTypeCode: field.queryText('documentTypeCode', 2),
  type: field.queryUuid('type'),
  status: field.queryText('status', 40),
  security: field.queryText('security', 10).refine((v) => v === '' || /^\d{1,9}$/.test(v), {
    message: 'security must be a security id, a whole number',
  }),
  layerUuid: field.queryUuid('layerUuid'),
  searchDateType: field.queryText('searchDateType', 40),
  from: field.queryText('from', 10),
  to: field.queryText('to', 10),
  term: field.queryText('term', 100),
  page: field.queryNumber('page', 1, 1_000_000),
  size: field.queryNumber('size', 10, 100),
});

const rowsQuery = z.object({ page: field.queryNumber('page', 1, 1_000_000), size: field.queryNumber('size', 10, 100) });

/** The candidate a path names, of the header it names, in the caller's organisation. */
const candidateRequest = (c: Context<BffEnv>) => ({
  organisationUuid: c.var.organisationUuid,
  headerUuid: c.req.param('id') ?? '',
  candidateUuid: c.req.param('candidateId') ?? '',
});
const candidateBody = z.object({
  uuid: field.uuid('uuid').optional(),
  version: field.int32('version', 0).default(0),
  holdingQuantity: textField('holdingQuantity').default(''),
  valuationCost: textField('valuationCost').default(''),
  cgtCost: textField('cgtCost').default(''),
  group1Quantity: textField('group1Quantity').default(''),
  group2Quantity: textField('group2Quantity').default(''),
  transferQuantity: textField('transferQuantity').default(''),
  transferPercentage: textField('transferPercentage').default(''),
});
const movementSearchQuery = z.object({
  terms: field.queryText('terms', 100),
  clientUuid: field.queryUuid('clientUuid'),
});

/** A movement row's search: the type and direction the path names, in the caller's organisation. */
function movementSearch(c: Context<BffEnv>) {
  const q = parseQuery(c, movementSearchQuery);
  return {
    organisationUuid: c.var.organisationUuid,
    typeUuid: c.req.param('typeId') ?? '',
    direction: c.req.param('direction') ?? '',
    terms: q.terms,
    clientUuid: q.clientUuid,
  };
}

const previewBody = z.object({
  uuid: field.uuid('uuid').optional(),
  version: field.int32('version', 0).default(0),
  holdingQuantity: textField('holdingQuantity').default(''),
  proceeds: textField('proceeds').default(''),
  expense: textField('expense').default(''),
});

/** The header a path names, in the caller's organisation. */
const headerRequest = (c: Context<BffEnv>) => ({
  organisationUuid: c.var.organisationUuid,
  uuid: c.req.param('id') ?? '',
});

/** A header's candidates or previews asked for: its id and a page of the grid. */
function rowsRequest(c: Context<BffEnv>) {
  const q = parseQuery(c, rowsQuery);
  return {
    organisationUuid: c.var.organisationUuid,
    headerUuid: c.req.param('id') ?? '',
    page: q.page - 1,
    size: q.size,
  };
}
const candidateJson = (r: documents.Candidate) => toJson(documents.CandidateSchema, r, { alwaysEmitImplicit: true });
const previewJson = (r: documents.Preview) => toJson(documents.PreviewSchema, r, { alwaysEmitImplicit: true });

const headerJson = (h: documents.Header) => toJson(documents.HeaderSchema, h, { alwaysEmitImplicit: true });
const typeJson = (t: documents.DocumentType) => toJson(documents.DocumentTypeSchema, t, { alwaysEmitImplicit: true });

/**
 * Corporate actions and portfolio movements (issue 26; seed 001 §7), served by the documents service: document
 * types and layers, and headers searched, read, created and edited. The calls table says who may call (ADMIN and
 * CUSTOMER_ADMIN); the service checks organisation, membership and role again, and the rules of seed 001 §4-§5.
 */
export const adminDocumentRoutes = new Hono<BffEnv>()
  .get('/headers/types', async (c) => {
    const { documentTypeCode } = parseQuery(c, typesQuery);
    const { types } = await c.var.deps.documents.listDocumentTypes(
      { organisationUuid: c.var.organisationUuid, documentTypeCode },
      asCaller(c),
    );
    return c.json(types.map(typeJson));
  })
  .get('/headers/types/documentType/:id', async (c) => {
    const type = await c.var.deps.documents.getDocumentType(
      { organisationUuid: c.var.organisationUuid, uuid: c.req.param('id') },
      asCaller(c),
    );
    return c.json(typeJson(type));
  })
  .get('/layers/:securityId', async (c) => {
    const raw = c.req.param('securityId');
    const { layers } = await c.var.deps.documents.listLayers(
      { organisationUuid: c.var.organisationUuid, securityId: /^\d{1,9}$/.test(raw) ? Number(raw) : -1 },
      asCaller(c),
    );
    return c.json(layers.map((l) => ({ uuid: l.uuid, name: l.name })));
  })
  .get('/headers/search', async (c) => {
    const q = parseQuery(c, searchQuery);
    const answer = await c.var.deps.documents.searchHeaders(
      {
        organisationUuid: c.var.organisationUuid,
        documentTypeCode: q.documentTypeCode,
        typeUuid: q.type,
        status: q.status,
        securityId: q.security ? Number(q.security) : 0,
        layerUuid: q.layerUuid,
        searchDateType: q.searchDateType,
        from: q.from,
        to: q.to,
        term: q.term,
        page: q.page - 1,
        size: q.size,
      },
      asCaller(c),
    );
    return c.json({ content: answer.content.map(headerJson), totalSize: Number(answer.totalSize) });
  })
  .get('/headers/:id/candidates', async (c) => {
    const answer = await c.var.deps.documents.listCandidates(rowsRequest(c), asCaller(c));
    return c.json({ content: answer.content.map(candidateJson), totalSize: Number(answer.totalSize) });
  })
  .get('/headers/:id/previews', async (c) => {
    const answer = await c.var.deps.documents.listPreviews(rowsRequest(c), asCaller(c));
    return c.json({ content: answer.content.map(previewJson), totalSize: Number(answer.totalSize) });
  })
  .get('/headers/:id/preview-transactions', async (c) => {
    const answer = await c.var.deps.documents.listProposedTransactions(rowsRequest(c), asCaller(c));
    return c.json({ content: answer.content.map(previewJson), totalSize: Number(answer.totalSize) });
  })
  .get('/headers/:id/transactions', async (c) => {
    const answer = await c.var.deps.documents.listHeaderTransactions(rowsRequest(c), asCaller(c));
    return c.json({ content: answer.content.map(previewJson), totalSize: Number(answer.totalSize) });
  })
  .get('/headers/:id', async (c) => {
    const header = await c.var.deps.documents.getHeader(
      { organisationUuid: c.var.organisationUuid, uuid: c.req.param('id') },
      asCaller(c),
    );
    return c.json(headerJson(header));
  })
  .post('/headers/:id/candidates/:candidateId/include', async (c) => {
    await c.var.deps.documents.includeCandidate({ ...candidateRequest(c), include: true }, asCaller(c));
    return c.json({ candidateUuid: c.req.param('candidateId'), included: true });
  })
  .post('/headers/:id/candidates/:candidateId/exclude', async (c) => {
    await c.var.deps.documents.includeCandidate({ ...candidateRequest(c), include: false }, asCaller(c));
    return c.json({ candidateUuid: c.req.param('candidateId'), included: false });
  })
  .post('/headers/:id/candidates/:candidateId', async (c) => {
    const body = await parseBody(c, candidateBody);
    await c.var.deps.documents.saveCandidate({ ...candidateRequest(c), ...body }, asCaller(c));
    return c.json({ candidateUuid: c.req.param('candidateId'), saved: true });
  })
  .post('/headers/:id/previews/:previewId', async (c) => {
    const body = await parseBody(c, previewBody);
    await c.var.deps.documents.savePreview(
      {
        organisationUuid: c.var.organisationUuid,
        headerUuid: c.req.param('id'),
        previewUuid: c.req.param('previewId'),
        ...body,
      },
      asCaller(c),
    );
    return c.json({ previewUuid: c.req.param('previewId'), saved: true });
  })
  .post('/headers/:id/refresh', async (c) =>
    c.json(headerJson(await c.var.deps.documents.refreshHeader(headerRequest(c), asCaller(c)))),
  )
  .post('/headers/:id/process', async (c) =>
    c.json(headerJson(await c.var.deps.documents.processHeader(headerRequest(c), asCaller(c)))),
  )
  .post('/headers/:id/reverse', async (c) =>
    c.json(headerJson(await c.var.deps.documents.reverseHeader(headerRequest(c), asCaller(c)))),
  )
  .post('/headers/:id/delete', async (c) =>
    c.json(headerJson(await c.var.deps.documents.deleteHeader(headerRequest(c), asCaller(c)))),
  )
  .post('/headers', async (c) => {
    const body = await parseBody(c, headerBody);
    const header = await c.var.deps.documents.saveHeader(
      { ...body, organisationUuid: c.var.organisationUuid, uuid: '', version: 0 },
      asCaller(c),
    );
    return c.json(headerJson(header), 201);
  })
  .put('/headers', async (c) => {
    const body = await parseBody(c, headerBody);
    const header = await c.var.deps.documents.saveHeader(
      {
        ...body,
        organisationUuid: c.var.organisationUuid,
        uuid: body.uuid ?? '',
        version: body.version ?? 0,
      },
      asCaller(c),
    );
    return c.json(headerJson(header));
  })
  .get('/headers/types/:typeId/:direction/clients', async (c) => {
    const { clients } = await c.var.deps.documents.searchMovementClients(movementSearch(c), asCaller(c));
    return c.json(clients.map((x) => ({ uuid: x.uuid, code: x.code, name: x.name })));
  })
  .get('/headers/types/:typeId/:direction/portfolios', async (c) => {
    const { portfolios } = await c.var.deps.documents.searchMovementPortfolios(movementSearch(c), asCaller(c));
    return c.json(
      portfolios.map((p) => ({
        uuid: p.uuid,
        code: p.code,
        name: p.name,
        clientUuid: p.clientUuid,
        taxWrapper: p.taxWrapper,
      })),
    );
  });
