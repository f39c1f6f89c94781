import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { toJson } from '@bufbuild/protobuf';
import type { IncomeDiaryBody } from '@gains/contracts';
import { documents } from '@gains/proto';
import { asCaller } from '../middleware/authenticate';
import type { BffEnv } from '../deps';
import { field, parseBody, parseQuery } from '../validation';

/** Text of a figure or a date: a JSON number would have passed through a binary float. */
const textField = (name: string, max = 40) =>
  z
    .string({ error: `${name} must be text, such as "0.125" or "2027-03-31"` })
    .max(max, `${name} must be at most ${max} characters`);
const diaryBody = z.object({
  uuid: field.uuid('uuid').optional(),
  version: field.int32('version', 0).optional(),
  securityId: field.int32('securityId', 0).default(0),
  incomeType: textField('incomeType').default(''),
  documentTypeUuid: textField('documentTypeUuid', 36).default(''),
  layerUuid: textField('layerUuid', 36).default(''),
  rate: textField('rate').default(''),
  perParent: textField('perParent').default(''),
  nextExDate: textField('nextExDate').default(''),
  nextPayDate: textField('nextPayDate').default(''),
  frequency: textField('frequency').default(''),
  active: field.bool('active').default(true),
  endDate: textField('endDate').default(''),
}) satisfies z.ZodType<IncomeDiaryBody>; // the body the web app sends, declared once in @gains/contracts
const listQuery = z.object({
  page: field.queryNumber('page', 1, 1_000_000),
  size: field.queryNumber('size', 10, 100),
  term: field.queryText('term', 100),
  incomeType: field.queryText('incomeType', 40),
  frequency: field.queryText('frequency', 20),
  active: field.queryText('active', 5),
  sort: field.queryText('sort', 20),
  direction: field.queryText('direction', 4),
});

const diaryJson = (d: documents.IncomeDiary) => toJson(documents.IncomeDiarySchema, d, { alwaysEmitImplicit: true });
const diaryHeaderJson = (h: documents.IncomeDiaryHeader) =>
  toJson(documents.IncomeDiaryHeaderSchema, h, { alwaysEmitImplicit: true });

/** The diary a path names, in the caller's organisation. */
const diaryRequest = (c: Context<BffEnv>) => ({
  organisationUuid: c.var.organisationUuid,
  uuid: c.req.param('uuid') ?? '',
});

/**
 * Income Diaries (issue 26; seed 000 §1, §2.1), served by the documents service: schedules of expected income that
 * make income headers on their dates. The calls table says who may call (the Income Diaries page's roles); the
 * service checks organisation, membership and role again.
 */
export const adminIncomeDiaryRoutes = new Hono<BffEnv>()
  .get('/', async (c) => {
    const q = parseQuery(c, listQuery);
    const answer = await c.var.deps.documents.listIncomeDiaries(
      { ...q, organisationUuid: c.var.organisationUuid, page: q.page - 1 },
      asCaller(c),
    );
    return c.json({ content: answer.content.map(diaryJson), totalSize: Number(answer.totalSize) });
  })
  .post('/run', async (c) => {
    const { created } = await c.var.deps.documents.runIncomeDiaries(
      { organisationUuid: c.var.organisationUuid },
      asCaller(c),
    );
    return c.json({ created: created.map(diaryHeaderJson) });
  })
  .get('/:uuid', async (c) =>
    c.json(diaryJson(await c.var.deps.documents.getIncomeDiary(diaryRequest(c), asCaller(c)))),
  )
  .post('/:uuid/delete', async (c) =>
    c.json(diaryJson(await c.var.deps.documents.deleteIncomeDiary(diaryRequest(c), asCaller(c)))),
  )
  .post('/', async (c) => {
    const body = await parseBody(c, diaryBody);
    const diary = await c.var.deps.documents.saveIncomeDiary(
      { ...body, organisationUuid: c.var.organisationUuid, uuid: '', version: 0 },
      asCaller(c),
    );
    return c.json(diaryJson(diary), 201);
  })
  .put('/', async (c) => {
    const body = await parseBody(c, diaryBody);
    const diary = await c.var.deps.documents.saveIncomeDiary(
      { ...body, organisationUuid: c.var.organisationUuid, uuid: body.uuid ?? '', version: body.version ?? 0 },
      asCaller(c),
    );
    return c.json(diaryJson(diary));
  });
