import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { ClientInput, UpdateClientBody } from '@gains/contracts';
import { invalidArgument } from '@gains/errors';
import type { clients } from '@gains/proto';
import { asCaller } from '../middleware/authenticate';
import type { BffEnv } from '../deps';
import { field, parseBody, parseQuery, type Reads } from '../validation';
import { idParam, sortQuery, uuidParam } from './securities-validation';

/** The edge's checks of client maintenance; the service checks every rule, the organisation and the role again. */

const text = (name: string, max = 200) => field.text(name, max);
const flag = (name: string) => field.bool(name).default(false);
const optionalDate = (name: string) => field.optionalText(name, 10).optional();
const int = (name: string) => field.int32(name, 0).default(0);

const addressSchema = z.object({
  id: int('id'),
  uuid: text('uuid', 36),
  clientId: int('clientId'),
  code: text('code', 40),
  typeCode: text('typeCode', 40),
  ouCode: text('ouCode', 40),
  name: text('name'),
  line1: text('line1'),
  line2: text('line2'),
  line3: text('line3'),
  town: text('town', 100),
  county: text('county', 100),
  postcode: text('postcode', 20),
  country: text('country', 2),
  status: text('status', 20),
  primaryTaxCopy: flag('primaryTaxCopy'),
  additionalCopy: flag('additionalCopy'),
  coreInternalRef: text('coreInternalRef', 60),
});

const relationshipSchema = z.object({
  id: int('id'),
  uuid: text('uuid', 36),
  parentClientId: int('parentClientId'),
  parentClientUuid: text('parentClientUuid', 36),
  childClientId: int('childClientId'),
  childClientUuid: text('childClientUuid', 36),
  childClientCode: text('childClientCode', 40),
  childClientName: text('childClientName'),
  clientRelationshipTypeId: int('clientRelationshipTypeId'),
  typeCode: text('typeCode', 40),
  typeName: text('typeName', 100),
  startDate: text('startDate', 10),
  endDate: optionalDate('endDate'),
  state: text('state', 20),
  notes: text('notes', 1000),
});

const taxOverrideSchema = z.object({
  uuid: text('uuid', 36),
  taxYear: text('taxYear', 7),
  overrideType: text('overrideType', 40),
  amount: field.optionalText('amount', 20).optional(),
  percentage: field.optionalText('percentage', 20).optional(),
  rollover: flag('rollover'),
  notes: text('notes', 1000),
  dateAdded: text('dateAdded', 40),
  userName: text('userName'),
});

const mappingSchema = z.object({ id: int('id'), reportTypeId: int('reportTypeId'), generate: flag('generate') });
const list = <S extends z.ZodType>(name: string, schema: S) =>
  z
    .array(schema, { error: `${name} must be a list` })
    .max(100, `${name} may hold at most 100 rows`)
    .default([]);

const clientFields = {
  code: text('code', 40),
  imsCode: text('imsCode', 40),
  name: text('name'),
  reportingName: text('reportingName'),
  salutation: text('salutation', 40),
  firstName: text('firstName', 100),
  middleNames: text('middleNames', 100),
  surname: text('surname', 100),
  dateOfBirth: optionalDate('dateOfBirth'),
  niNumber: text('niNumber', 20),
  uniqueTaxPayerReference: text('uniqueTaxPayerReference', 20),
  deceased: flag('deceased'),
  dateDeceased: optionalDate('dateDeceased'),
  deceasedRepresentative: text('deceasedRepresentative'),
  probateCompleted: flag('probateCompleted'),
  probateCompletedDate: optionalDate('probateCompletedDate'),
  giaExecutorsPortfolioAdded: flag('giaExecutorsPortfolioAdded'),
  yearEndOverride: flag('yearEndOverride'),
  yearEndInput: field.optionalText('yearEndInput', 5).optional(),
  company: flag('company'),
  typeCode: text('typeCode', 40),
  stateCode: text('stateCode', 40),
  serviceLevelCode: text('serviceLevelCode', 40),
  countryOfResidenceCode: text('countryOfResidenceCode', 2),
  countryOfDomicileCode: text('countryOfDomicileCode', 2),
  reportingFrequency: text('reportingFrequency', 40),
  electronicReport: flag('electronicReport'),
  paperlessReport: flag('paperlessReport'),
  printedReport: flag('printedReport'),
  clientPortalReport: flag('clientPortalReport'),
  fatcaReporting: flag('fatcaReporting'),
  crsReporting: flag('crsReporting'),
  isaReporting: flag('isaReporting'),
  reportingRestrictionFrom: optionalDate('reportingRestrictionFrom'),
  relationshipManagerCode: text('relationshipManagerCode', 40),
  relationshipManagerName: text('relationshipManagerName'),
  endDate: optionalDate('endDate'),
  familyGroup: text('familyGroup', 100),
  telephone: text('telephone', 40),
  mobile: text('mobile', 40),
  email: text('email'),
  notes: text('notes', 4000),
  addresses: list('addresses', addressSchema),
  relationships: list('relationships', relationshipSchema),
  overrideReportTypeMapping: flag('overrideReportTypeMapping'),
  reportTypeMappings: list('reportTypeMappings', mappingSchema),
  taxOverrides: list('taxOverrides', taxOverrideSchema),
};
const createSchema = z.object(clientFields);
const updateSchema = z.object({ ...clientFields, version: field.int32('version', 0) });
const createBody: Reads<typeof createSchema, ClientInput> = createSchema;
const updateBody: Reads<typeof updateSchema, UpdateClientBody> = updateSchema;

const listQuery = z.object({
  page: field.queryNumber('page', 1, 1_000_000),
  size: field.queryNumber('size', 10, 100),
  term: field.queryText('term'),
  sort: sortQuery,
});
const companyQuery = z.object({
  company: field
    .queryText('company', 5)
    .refine((v) => ['', 'true', 'false'].includes(v), 'company must be true or false'),
});
const codeQuery = z.object({ code: field.queryText('code', 40) });

const opt = <T>(v: T | undefined) => (v === undefined ? null : v);
const item = (i: clients.ReferenceItem | undefined) => ({ id: i?.id ?? 0, code: i?.code ?? '', name: i?.name ?? '' });

function listItemJson(c: clients.ClientListItem) {
  return {
    id: c.id,
    uuid: c.uuid,
    code: c.code,
    name: c.name,
    type: c.type,
    state: c.state,
    serviceLevel: c.serviceLevel,
    relationshipManager: c.relationshipManager,
    familyGroup: c.familyGroup,
    niNumber: c.niNumber,
    company: c.company,
    inactive: c.inactive,
    portfolioCount: c.portfolioCount,
    lastModifiedDate: c.lastModifiedDate,
    lastModifiedByName: c.lastModifiedByName,
  };
}

const taxYearJson = (y: clients.TaxYear) => ({
  uuid: y.uuid,
  label: y.label,
  startDate: y.startDate,
  endDate: y.endDate,
  id: y.id,
});

/** The full client as JSON: every field present, optional dates null when unset. */
function clientJson(c: clients.Client) {
  const { $typeName: _t, $unknown: _u, ...rest } = c as clients.Client & { $unknown?: unknown };
  return {
    ...rest,
    dateOfBirth: opt(c.dateOfBirth),
    dateDeceased: opt(c.dateDeceased),
    probateCompletedDate: opt(c.probateCompletedDate),
    yearEndInput: opt(c.yearEndInput),
    reportingRestrictionFrom: opt(c.reportingRestrictionFrom),
    endDate: opt(c.endDate),
    type: item(c.type),
    state: item(c.state),
    serviceLevel: item(c.serviceLevel),
    countryOfResidence: item(c.countryOfResidence),
    countryOfDomicile: item(c.countryOfDomicile),
    annualExemptions: c.annualExemptions.map((a) => ({
      uuid: a.uuid,
      taxYearId: a.taxYearId,
      annualExemptionAllowance: a.annualExemptionAllowance,
    })),
    broughtForwardLosses: c.broughtForwardLosses.map((b) => ({
      uuid: b.uuid,
      taxYearId: b.taxYearId,
      broughtForwardLoss: b.broughtForwardLoss,
    })),
    addresses: c.addresses.map(({ $typeName: _a, ...a }) => a),
    relationships: c.relationships.map(({ $typeName: _r, ...r }) => ({ ...r, endDate: opt(r.endDate) })),
    reportTypeMappings: c.reportTypeMappings.map((m) => ({
      id: m.id,
      reportTypeId: m.reportTypeId,
      generate: m.generate,
    })),
    taxOverrides: c.taxOverrides.map(({ $typeName: _o, ...o }) => ({
      ...o,
      amount: opt(o.amount),
      percentage: opt(o.percentage),
    })),
  };
}

/** An id path parameter that may also be a uuid (GET /admin/clients/{id}). */
function clientKey(c: Context): { id: number; uuid: string } {
  const raw = c.req.param('id') ?? '';
  if (/^\d+$/.test(raw)) return { id: idParam(c), uuid: '' };
  if (/^[0-9a-f-]{36}$/i.test(raw)) return { id: 0, uuid: uuidParam(c, 'id') };
  throw invalidArgument('id', 'id must be a client id or uuid');
}

function referenceRoute(pick: (lists: clients.ListReferenceListsResponse) => clients.ReferenceItem[]) {
  return async (c: Context<BffEnv>) => {
    const lists = await c.var.deps.clients.listReferenceLists(
      { organisationUuid: c.var.organisationUuid },
      asCaller(c),
    );
    return c.json(pick(lists).map(item));
  };
}

/** Client Maintenance (seed 000 §7 admin clients). */
export const adminClientRoutes = new Hono<BffEnv>()
  .get('/', async (c) => {
    const query = parseQuery(c, listQuery);
    const answer = await c.var.deps.clients.listClients(
      { organisationUuid: c.var.organisationUuid, ...query },
      asCaller(c),
    );
    return c.json({ content: answer.content.map(listItemJson), totalSize: answer.totalSize });
  })
  .get('/by-company', async (c) => {
    const { company } = parseQuery(c, companyQuery);
    const answer = await c.var.deps.clients.listClientsByCompany(
      { organisationUuid: c.var.organisationUuid, company: company !== 'false' },
      asCaller(c),
    );
    return c.json(answer.clients.map(listItemJson));
  })
  .get('/service-levels', async (c) => {
    const { serviceLevels } = await c.var.deps.identity.listServiceLevels({}, asCaller(c));
    return c.json(serviceLevels.map((s) => ({ id: s.id, code: s.code, name: s.serviceLevel })));
  })
  .get(
    '/states',
    referenceRoute((l) => l.clientStates),
  )
  .get(
    '/types',
    referenceRoute((l) => l.clientTypes),
  )
  .get(
    '/relationship-types',
    referenceRoute((l) => l.relationshipTypes),
  )
  .get(
    '/addresses/statuses',
    referenceRoute((l) => l.addressStatuses),
  )
  .get(
    '/reporting-frequencies',
    referenceRoute((l) => l.reportingFrequencies),
  )
  .get(
    '/countries',
    referenceRoute((l) => l.countries),
  )
  .get(
    '/income-types',
    referenceRoute((l) => l.incomeTypes),
  )
  .get('/types/:id/tax-years', async (c) => {
    const answer = await c.var.deps.clients.listTaxYearsForClientType(
      { organisationUuid: c.var.organisationUuid, typeId: idParam(c) },
      asCaller(c),
    );
    return c.json(answer.taxYears.map(taxYearJson));
  })
  .post('/lookup', async (c) => {
    const { code } = parseQuery(c, codeQuery);
    const answer = await c.var.deps.clients.lookupClient(
      { organisationUuid: c.var.organisationUuid, code },
      asCaller(c),
    );
    return c.json({ exists: answer.exists, client: answer.client ? listItemJson(answer.client) : null });
  })
  .get('/:id', async (c) => {
    const answer = await c.var.deps.clients.getClient(
      { organisationUuid: c.var.organisationUuid, ...clientKey(c) },
      asCaller(c),
    );
    return c.json(clientJson(answer));
  })
  .post('/', async (c) => {
    const client = await parseBody(c, createBody);
    const answer = await c.var.deps.clients.createClient(
      { organisationUuid: c.var.organisationUuid, id: 0, version: 0, client },
      asCaller(c),
    );
    return c.json(clientJson(answer), 201);
  })
  .put('/:id', async (c) => {
    const id = idParam(c);
    const { version, ...client } = await parseBody(c, updateBody);
    const answer = await c.var.deps.clients.updateClient(
      { organisationUuid: c.var.organisationUuid, id, version, client },
      asCaller(c),
    );
    return c.json(clientJson(answer));
  });

/** GET /clients/{clientUuid}/tax-years (the tax years of a client's ledger). */
export async function clientTaxYears(c: Context<BffEnv>) {
  const answer = await c.var.deps.clients.listClientTaxYears(
    { organisationUuid: c.var.organisationUuid, clientUuid: uuidParam(c, 'clientUuid') },
    asCaller(c),
  );
  return c.json(answer.taxYears.map(taxYearJson));
}
