// A BOUNDED FUZZ OF EVERY CALL: for each call of the one calls table, every body field, query
// parameter, path parameter and the organisation header is sent a fixed, seeded choice of malformed
// values (NUL bytes, numbers past int32, negatives, fractions, wrong types, very long text, lists and
// objects where one value goes, uuids that are not), and each whole body is replaced by things that
// are not the object it should be, all as a role the table allows. Never a 5xx; every refusal is the
// spec's error body (400s name the field); and a refused call writes nothing (a digest of identity's
// tables is the same after it as before). Deterministic: the same seed picks the same values each run.
import pg from 'pg';
import { CALLS, canCall, type CallDefinition } from '@gains/access';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORG, PERSONAS, startTestSystem, type Persona, type RequestOptions, type TestSystem } from './test-support';

/** Malformed values tried per field, besides the NUL byte every field gets. */
const PICKS_PER_FIELD = 5;
const SEED = 18;

const NUL = '\u0000';
const JSON_VALUES: [string, unknown][] = [
  ['2^31', 2 ** 31],
  ['2^53', 2 ** 53],
  ['-1', -1],
  ['-2^31-1', -(2 ** 31) - 1],
  ['1.5', 1.5],
  ['1e308', 1e308],
  ['true', true],
  ['null', null],
  ['empty text', ''],
  ['blank text', '   '],
  ['10,000 characters', 'x'.repeat(10_000)],
  ['a list', ['a']],
  ['a list with a NUL', [NUL]],
  ['an object', { a: 1 }],
  ['an object with a NUL key', { [`a${NUL}`]: 'b' }],
  ['not a uuid', 'not-a-uuid'],
  ['nearly a uuid', '0b6f2c1e-6a8e-4c39-9a51-5a0d7a00000z'],
  ['a lone surrogate', '\ud800'],
  ['a huge number as text', '99999999999999999999'],
  ['SQL', "' OR 1=1 --"],
  ['LIKE wildcards', '%_\\'],
];
const QUERY_VALUES: [string, string][] = [
  ['2^31', '2147483648'],
  ['-1', '-1'],
  ['1.5', '1.5'],
  ['empty', ''],
  ['10,000 characters', 'x'.repeat(10_000)],
  ['not a uuid', 'not-a-uuid'],
  ['a lone surrogate', '%ED%A0%80'],
  ['a bad escape', '%'],
  ['a huge number', '99999999999999999999'],
  ['SQL', encodeURIComponent("' OR 1=1 --")],
  ['given twice', '1&{name}=2'],
];
const PATH_VALUES: [string, string][] = [
  ['NUL', '%00'],
  ['a bad escape', '%'],
  ['not a uuid', 'not-a-uuid'],
  ['2^31', '2147483648'],
  ['-1', '-1'],
  ['500 characters', 'x'.repeat(500)],
];
const HEADER_VALUES: [string, string][] = [
  ['not a uuid', 'not-a-uuid'],
  ['nearly a uuid', '0b6f2c1e-6a8e-4c39-9a51-5a0d7a00000z'],
  ['500 characters', 'x'.repeat(500)],
];
const WHOLE_BODIES: [string, string][] = [
  ['not JSON', '{"a":'],
  ['a list', '[]'],
  ['text', '"text"'],
  ['null', 'null'],
  ['a number', '2147483648'],
  ['100 KB of JSON', JSON.stringify({ padding: 'x'.repeat(100_000) })],
];

/** What a call takes: its path parameters, a valid body and query, and the fields among them to fuzz. */
interface CallInputs {
  params?: Record<string, () => string>;
  body?: () => Record<string, unknown>;
  bodyFields?: string[];
  query?: string[];
  /** A fresh token for each request (calls that end the session they are made with). */
  freshToken?: boolean;
}

const ids = {
  gainsId: 0,
  orgId: 0,
  levelId: 0,
  userUuid: '',
  issuerUuid: '',
  changeUuid: '',
  clientUuid: '',
  portfolioUuid: '',
  transactionUuid: '',
  typeUuid: '',
  clientId: 0,
};
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const securityBody = () => ({
  sedol: 'BZZZZZ1',
  isin: 'GB00BZZZZZ11',
  issuer: ids.issuerUuid,
  securityName: 'Fuzzed plc',
  reportingName: 'Fuzzed',
  securityDescription: '',
  securityLongDescription: '',
  currency: 'GBP',
  assetClass: 'EQUITY',
  cgtClass: '',
  quantityDecimalPlaces: 0,
  status: 'ACTIVE',
});
const SECURITY_FIELDS = Object.keys(securityBody());
/** A client with one of each nested row (the related client is the fuzzed ledger's client). */
const clientBody = () => ({
  code: 'FUZZ-CLIENT',
  name: 'Fuzz Client',
  typeCode: 'INDIVIDUAL',
  stateCode: 'LIVE',
  dateOfBirth: '1970-01-01',
  niNumber: 'QQ123456C',
  countryOfResidenceCode: 'GB',
  reportingFrequency: 'ANNUAL',
  deceased: false,
  addresses: [
    { uuid: '', line1: '1 Fuzz Street', postcode: 'AB1 2CD', country: 'GB', status: 'CURRENT', primaryTaxCopy: true },
  ],
  relationships: [
    {
      uuid: '',
      childClientUuid: ids.clientUuid,
      typeCode: 'SPOUSE',
      startDate: '2010-01-01',
      endDate: '2020-01-01',
      notes: '',
    },
  ],
  taxOverrides: [
    { uuid: '', taxYear: '2024-25', overrideType: 'ANNUAL_EXEMPTION', amount: '3000', rollover: false, notes: '' },
  ],
});
const CLIENT_FIELDS = [
  'code',
  'name',
  'typeCode',
  'stateCode',
  'dateOfBirth',
  'niNumber',
  'countryOfResidenceCode',
  'reportingFrequency',
  'deceased',
  'addresses',
  'addresses.0',
  'addresses.0.line1',
  'addresses.0.country',
  'addresses.0.primaryTaxCopy',
  'relationships',
  'relationships.0.childClientUuid',
  'relationships.0.typeCode',
  'relationships.0.startDate',
  'relationships.0.endDate',
  'taxOverrides',
  'taxOverrides.0.taxYear',
  'taxOverrides.0.overrideType',
  'taxOverrides.0.amount',
];
const GRID = ['page', 'size', 'term', 'sort'];
const LEDGER = 'date,type,security,quantity,price\n2023-05-01,BUY,ACME,100,1.00\n2023-07-01,SELL,ACME,40,1.50\n';
const PASSWORD = 'Fuzz-pass-2026!';
const organisationBody = () => ({
  code: 'FUZZED',
  name: 'Fuzzed',
  type: 'FIRM',
  parent: ids.gainsId,
  serviceLevelId: null,
  ignoreBfLoss: false,
  notes: '',
  mfaRequired: false,
  customer: {
    usePriceAgingDays: true,
    oldPriceAgeDays: 5,
    reconcileCost: false,
    holdingVariance: '0.01',
    valuationCostVariance: '2.5',
    allowClientTypeUpdateViaFeed: false,
  },
});
const ORGANISATION_FIELDS = [
  'code',
  'name',
  'type',
  'parent',
  'serviceLevelId',
  'ignoreBfLoss',
  'notes',
  'mfaRequired',
  'customer',
  'customer.usePriceAgingDays',
  'customer.oldPriceAgeDays',
  'customer.reconcileCost',
  'customer.holdingVariance',
  'customer.valuationCostVariance',
  'customer.allowClientTypeUpdateViaFeed',
];
const serviceLevelBody = () => ({
  code: 'FUZZED',
  serviceLevel: 'Fuzzed',
  reportTypeMappings: [{ id: null, reportTypeId: 1, generate: true }],
});
const SERVICE_LEVEL_FIELDS = [
  'code',
  'serviceLevel',
  'reportTypeMappings',
  'reportTypeMappings.0',
  'reportTypeMappings.0.id',
  'reportTypeMappings.0.reportTypeId',
  'reportTypeMappings.0.generate',
];
const PAGED = ['page', 'size'];
const portfolioBody = () => ({
  code: 'FUZZP',
  name: 'Fuzzed',
  type: 'ADVISORY',
  state: 'LIVE',
  currency: 'GBP',
  taxWrapper: 'GIA',
  owners: [{ clientUuid: ids.clientUuid, clientCode: '', clientName: '', percentage: '100' }],
});
const PORTFOLIO_FIELDS = [
  ...Object.keys(portfolioBody()),
  'owners.0',
  'owners.0.clientUuid',
  'owners.0.clientCode',
  'owners.0.clientName',
  'owners.0.percentage',
];
const transactionInput = () => ({
  type: 'BUY',
  state: 'SETTLED',
  transactionCode: 'F-1',
  tradeDate: yesterday,
  exDate: '',
  payDate: '',
  reportDate: '',
  quantity: '10',
  price: '1.5',
  consideration: '',
  expenses: '1.00',
  currency: 'GBP',
  fxRate: '',
  originalAcquisitionDate: '',
  counterpartyClientUuid: '',
  counterpartyName: '',
  holdoverReliefClaimed: '',
  newSecurityId: 0,
  marketValue: '',
  ratio: '',
  timing: '',
  incomeType: '',
  taxDeducted: '',
  notes: '',
});
const TRANSACTION_FIELDS = Object.keys(transactionInput());
const transactionTypeBody = () => ({
  name: 'Fuzzed Type',
  description: '',
  direction: 'IN',
  requiredFields: ['quantity'],
  effect: 'BUY',
  incomeType: '',
  corporateAction: false,
  allowZeroQuantity: false,
  active: true,
  version: 1,
});
/** Not a ghost: the ghost calls are fuzzed against a uuid that is not one. */
const NO_GHOST = '00000000-0000-4000-8000-00000000abcd';
/** The system cash dividend and its line (services/documents/src/domain/document-types.ts). */
const CASH_DIVIDEND_TYPE = '5d0c7a3e-0000-4d00-8000-000000000001';
const GIFT_TYPE = '5d0c7a3e-0000-4d00-8000-000000000014';
const CASH_DIVIDEND_LINE = '5d0c7a3e-0001-4d00-8000-000000000065';
/** No job or monitor log of any firm: the monitor calls answer 404 to whoever may make them. */
const NO_JOB = '00000000-0000-4000-8000-000000000b05';
const uuidParam = { uuid: () => ids.userUuid };

/** The Taximiser plan's body, which its trade list (PDF) takes too. */
const taximiserPlanBody = () => ({
  clientUuid: ids.clientUuid,
  portfolioUuid: ids.portfolioUuid,
  action: 'RAISE_PROCEEDS',
  amount: '1000',
  percent: '10',
  include: 'PERCENT_OF_ALL',
  includePercent: '50',
  exclude: 'NONE',
  prices: { '1': '2.50' },
  quantities: [{ securityId: 1, quantity: '1' }],
});
const TAXIMISER_PLAN_FIELDS = [
  'clientUuid',
  'portfolioUuid',
  'action',
  'amount',
  'percent',
  'include',
  'includePercent',
  'exclude',
  'prices',
  'quantities',
  'household',
  'spousePortfolioUuid',
];

const INPUTS: Record<string, CallInputs> = {
  'POST /auth/sign-in': {
    body: () => ({ email: 'fuzz@gains.example', password: PASSWORD }),
    bodyFields: ['email', 'password'],
  },
  'POST /auth/new-password': {
    body: () => ({ session: 'not-a-challenge', password: PASSWORD, confirmPassword: PASSWORD }),
    bodyFields: ['session', 'password', 'confirmPassword'],
  },
  'POST /auth/mfa': { body: () => ({ session: 'not-a-challenge', code: '123456' }), bodyFields: ['session', 'code'] },
  'POST /auth/mfa/setup': { body: () => ({ session: 'not-a-challenge' }), bodyFields: ['session'] },
  'POST /auth/mfa/verify': {
    body: () => ({ session: 'not-a-challenge', code: '123456' }),
    bodyFields: ['session', 'code'],
  },
  'POST /auth/forgot-password': { body: () => ({ email: 'ghost@gains.example' }), bodyFields: ['email'] },
  'POST /auth/reset-password': {
    body: () => ({ email: 'ghost@gains.example', code: '000000', password: PASSWORD, confirmPassword: PASSWORD }),
    bodyFields: ['email', 'code', 'password', 'confirmPassword'],
  },
  'POST /auth/refresh': { body: () => ({ refreshToken: 'not-a-refresh-token' }), bodyFields: ['refreshToken'] },
  'POST /auth/change-password': {
    body: () => ({ currentPassword: 'Not-the-one-1!', password: PASSWORD, confirmPassword: PASSWORD }),
    bodyFields: ['currentPassword', 'password', 'confirmPassword'],
  },
  'POST /auth/sign-out': { freshToken: true },
  'GET /dev/mailbox': { query: ['to'] },
  'GET /user': {},
  'GET /organisations': {},
  'GET /organisations/:uuid': { params: { uuid: () => ORG.ASHW } },
  'GET /clients/summary': { query: [...PAGED, 'term', 'filter', 'sort'] },
  'POST /calculations/ledger': {
    body: () => ({
      ledgerCsv: LEDGER,
      pricesCsv: '',
      taxpayer: {
        kind: 'individual',
        vulnerableBeneficiaryTrust: false,
        dateOfDeath: '',
        annualExemptAmountOverrides: {},
        lossesBroughtForward: '',
      },
    }),
    bodyFields: [
      'ledgerCsv',
      'pricesCsv',
      'taxpayer',
      'taxpayer.kind',
      'taxpayer.vulnerableBeneficiaryTrust',
      'taxpayer.dateOfDeath',
      'taxpayer.annualExemptAmountOverrides',
      'taxpayer.annualExemptAmountOverrides.2023-24',
      'taxpayer.lossesBroughtForward',
    ],
  },
  // Stored calculations (issue 23): a run no firm has, and the fuzzed ledger's client.
  'POST /admin/calculations/recalculate': {
    body: () => ({ clientUuid: ids.clientUuid }),
    bodyFields: ['clientUuid', 'organisation'],
  },
  'GET /admin/calculations': { query: ['clientUUID', 'page', 'size'] },
  'GET /admin/calculations/ledger-csv': { query: ['clientUUID'] },
  'GET /admin/calculations/exemption_gain_loss': { query: ['clientUUID'] },
  'GET /admin/calculations/annual_exemption': { query: ['clientUUID'] },
  'GET /admin/calculations/bfl': { query: ['clientUUID'] },
  'GET /admin/calculations/:id': { params: { id: () => NO_GHOST } },
  'GET /admin/calculations/:id/transactions': { params: { id: () => NO_GHOST }, query: ['page', 'size', 'taxYear'] },
  'GET /admin/calculations/:id/transactions/:tid/portfolios': { params: { id: () => NO_GHOST, tid: () => '1' } },
  'GET /admin/calculations/:id/pools': { params: { id: () => NO_GHOST } },
  'GET /admin/calculations/:id/standalone-pools': { params: { id: () => NO_GHOST } },
  'GET /admin/calculations/:id/warnings': { params: { id: () => NO_GHOST } },
  'POST /calculations/failures/report-csv': {
    body: () => ({ clientUuid: ids.clientUuid, runId: NO_GHOST }),
    bodyFields: ['clientUuid', 'runId'],
  },
  'POST /calculations/failures/report-pdf': {
    body: () => ({ clientUuid: ids.clientUuid, runId: NO_GHOST }),
    bodyFields: ['clientUuid', 'runId'],
  },
  'GET /admin/organisations': {},
  'GET /admin/organisations/types': {},
  'POST /admin/organisations/search': {
    body: () => ({ term: 'a', childOrgTypeCode: 'FIRM' }),
    bodyFields: ['term', 'childOrgTypeCode'],
    query: ['term', 'childOrgTypeCode'],
  },
  'GET /admin/organisations/id/:id': { params: { id: () => String(ids.orgId) } },
  'GET /admin/organisations/:uuid': { params: { uuid: () => ORG.ASHW } },
  'POST /admin/organisations': { body: organisationBody, bodyFields: ORGANISATION_FIELDS },
  'PUT /admin/organisations/:id': {
    params: { id: () => String(ids.orgId) },
    body: () => ({ ...organisationBody(), code: 'FUZZ' }),
    bodyFields: ORGANISATION_FIELDS,
  },
  'GET /admin/organisations/service-levels': {},
  'GET /admin/organisations/service-levels/:id': { params: { id: () => String(ids.levelId) } },
  'POST /admin/organisations/service-levels': { body: serviceLevelBody, bodyFields: SERVICE_LEVEL_FIELDS },
  'PUT /admin/organisations/service-levels/:id': {
    params: { id: () => String(ids.levelId) },
    body: () => ({ ...serviceLevelBody(), code: 'FUZZ' }),
    bodyFields: SERVICE_LEVEL_FIELDS,
  },
  'GET /admin/users': { query: [...PAGED, 'term'] },
  'POST /admin/users': {
    body: () => ({
      email: 'fuzzed@gains.example',
      name: 'Fuzzed',
      role: 'ROLE_CUSTOMER_NON_ADMIN',
      organisationUuids: [ORG.ASHW],
    }),
    bodyFields: ['email', 'name', 'role', 'organisationUuids', 'organisationUuids.0'],
  },
  'POST /admin/users/:uuid/reset-mfa': { params: uuidParam },
  'POST /admin/users/:uuid/disable': { params: uuidParam },
  'POST /admin/users/:uuid/enable': { params: uuidParam },
  'GET /admin/audit': { query: [...PAGED, 'userUuid'] },
  'GET /securities/search': { query: ['term'] },
  'GET /admin/securities': { query: GRID },
  'POST /admin/securities': { body: securityBody, bodyFields: SECURITY_FIELDS },
  'PUT /admin/securities/classification': {
    body: () => ({
      updates: [{ id: 1, assetClass: 'EQUITY', cgtClass: 'CAPITAL', status: 'ACTIVE', quantityDecimalPlaces: 0 }],
    }),
    bodyFields: [
      'updates',
      'updates.0',
      'updates.0.id',
      'updates.0.assetClass',
      'updates.0.cgtClass',
      'updates.0.status',
      'updates.0.quantityDecimalPlaces',
    ],
  },
  'GET /admin/securities/issuers': { query: ['term'] },
  'POST /admin/securities/issuers': {
    body: () => ({ name: 'Fuzzed Issuer', longName: '' }),
    bodyFields: ['name', 'longName'],
  },
  'PUT /admin/securities/issuers/:uuid': {
    params: { uuid: () => ids.issuerUuid },
    body: () => ({ name: 'Fuzz Target Issuer', longName: 'Fuzzed' }),
    bodyFields: ['name', 'longName'],
  },
  'GET /admin/securities/prices': { query: [...GRID, 'date'] },
  'POST /admin/securities/prices/upload': {
    body: () => ({ csv: `security,date,price,currency\n1,${yesterday},1.50,GBP\n` }),
    bodyFields: ['csv'],
  },
  'GET /admin/securities/:id': { params: { id: () => '1' } },
  'PUT /admin/securities/:id': { params: { id: () => '1' }, body: securityBody, bodyFields: SECURITY_FIELDS },
  'GET /admin/securities/:id/prices': { params: { id: () => '1' }, query: ['from', 'to'] },
  'PUT /admin/securities/:id/prices/:date': {
    params: { id: () => '1', date: () => yesterday },
    body: () => ({ price: '1.25', currency: 'GBP' }),
    bodyFields: ['price', 'currency'],
  },
  'GET /admin/currencies': {},
  'GET /admin/currencies/fx-rates': { query: ['currency', 'from', 'to'] },
  'POST /admin/currencies/fx-rates': {
    body: () => ({ currency: 'USD', date: yesterday, gbpPerUnit: '0.79' }),
    bodyFields: ['currency', 'date', 'gbpPerUnit'],
  },
  'POST /reference-data/annual-exempt-amounts': {
    body: () => ({ taxYear: '2027-28', amount: '3000' }),
    bodyFields: ['taxYear', 'amount'],
  },
  'GET /admin/static-data/changes': { query: ['status'] },
  'POST /admin/static-data/changes/:uuid/approve': { params: { uuid: () => ids.changeUuid } },
  'POST /admin/static-data/changes/:uuid/reject': {
    params: { uuid: () => ids.changeUuid },
    body: () => ({ note: 'Fuzzed' }),
    bodyFields: ['note'],
  },
  'GET /reference-data': {},
  'POST /portfolios/summary': { body: () => ({ ids: [ids.clientUuid] }), bodyFields: ['ids', 'ids.0'] },
  'GET /portfolios/:uuid': { params: { uuid: () => ids.portfolioUuid } },
  'POST /admin/portfolios': { body: portfolioBody, bodyFields: PORTFOLIO_FIELDS },
  'PUT /admin/portfolios/:uuid': {
    params: { uuid: () => ids.portfolioUuid },
    body: () => ({ ...portfolioBody(), code: 'FUZZ-TARGET', version: 1 }),
    bodyFields: [...PORTFOLIO_FIELDS, 'version'],
  },
  'POST /holdings/summary': {
    body: () => ({ portfolioUuid: ids.portfolioUuid, clientUuid: ids.clientUuid }),
    bodyFields: ['portfolioUuid', 'clientUuid'],
  },
  'POST /taximiser/plan': { body: taximiserPlanBody, bodyFields: TAXIMISER_PLAN_FIELDS },
  'POST /taximiser/trade-list.pdf': { body: taximiserPlanBody, bodyFields: TAXIMISER_PLAN_FIELDS },
  'GET /admin/documents/headers/types': { query: ['documentTypeCode'] },
  'GET /admin/documents/headers/types/documentType/:id': { params: { id: () => CASH_DIVIDEND_TYPE } },
  'GET /admin/documents/headers/types/:typeId/:direction/clients': {
    params: { typeId: () => GIFT_TYPE, direction: () => 'out' },
    query: ['terms'],
  },
  'GET /admin/documents/headers/types/:typeId/:direction/portfolios': {
    params: { typeId: () => GIFT_TYPE, direction: () => 'in' },
    query: ['terms', 'clientUuid'],
  },
  'GET /admin/documents/layers/:securityId': { params: { securityId: () => '1' } },
  'GET /admin/documents/headers/search': {
    query: [
      'documentTypeCode',
      'type',
      'status',
      'security',
      'layerUuid',
      'searchDateType',
      'from',
      'to',
      'term',
      'page',
      'size',
    ],
  },
  'GET /admin/documents/headers/:id': { params: { id: () => NO_GHOST } },
  'POST /admin/documents/headers/:id/process': { params: { id: () => NO_GHOST } },
  'POST /admin/documents/headers/:id/candidates/:candidateId': {
    params: { id: () => NO_GHOST, candidateId: () => NO_GHOST },
    body: () => ({ version: 1, holdingQuantity: '10', cgtCost: '5', group1Quantity: '4', group2Quantity: '6' }),
    bodyFields: ['version', 'holdingQuantity', 'cgtCost', 'group1Quantity', 'group2Quantity', 'transferQuantity'],
  },
  'POST /admin/documents/headers/:id/candidates/:candidateId/include': {
    params: { id: () => NO_GHOST, candidateId: () => NO_GHOST },
  },
  'POST /admin/documents/headers/:id/candidates/:candidateId/exclude': {
    params: { id: () => NO_GHOST, candidateId: () => NO_GHOST },
  },
  'GET /admin/documents/headers/:id/preview-transactions': {
    params: { id: () => NO_GHOST },
    query: ['page', 'size'],
  },
  'GET /admin/documents/headers/:id/transactions': { params: { id: () => NO_GHOST }, query: ['page', 'size'] },
  'POST /admin/documents/headers/:id/previews/:previewId': {
    params: { id: () => NO_GHOST, previewId: () => NO_GHOST },
    body: () => ({ version: 1, holdingQuantity: '10', proceeds: '5.00', expense: '' }),
    bodyFields: ['version', 'holdingQuantity', 'proceeds', 'expense'],
  },
  'POST /admin/documents/headers/:id/refresh': { params: { id: () => NO_GHOST } },
  'POST /admin/documents/headers/:id/reverse': { params: { id: () => NO_GHOST } },
  'POST /admin/documents/headers/:id/delete': { params: { id: () => NO_GHOST } },
  'GET /admin/documents/headers/:id/candidates': { params: { id: () => NO_GHOST }, query: ['page', 'size'] },
  'GET /admin/documents/headers/:id/previews': { params: { id: () => NO_GHOST }, query: ['page', 'size'] },
  'POST /admin/documents/headers': {
    body: () => ({
      typeUuid: CASH_DIVIDEND_TYPE,
      exDate: '2026-09-01',
      payDate: '2026-09-15',
      securityId: 1,
      lines: [{ lineDefinitionUuid: CASH_DIVIDEND_LINE, rate: '0.1' }],
    }),
    bodyFields: ['typeUuid', 'exDate', 'payDate', 'securityId', 'layerUuid', 'parentSecurityPrice', 'lines', 'name'],
  },
  'PUT /admin/documents/headers': {
    body: () => ({ uuid: NO_GHOST, version: 1, typeUuid: CASH_DIVIDEND_TYPE, tradeDate: '2026-09-01' }),
    bodyFields: ['uuid', 'version', 'typeUuid', 'tradeDate', 'inPortfolios', 'outPortfolios'],
  },
  'POST /admin/documents/headers/report-csv': {
    body: () => ({ searchDateType: 'PAY_DATE', from: '2026-01-01', to: '2026-12-31', status: 'PENDING' }),
    bodyFields: ['searchDateType', 'from', 'to', 'status', 'documentTypeCode', 'type', 'security', 'layerUuid'],
  },
  'POST /admin/documents/headers/candidates/report-csv': {
    body: () => ({ startDate: '2026-01-01', endDate: '2026-12-31' }),
    bodyFields: ['startDate', 'endDate', 'searchDateType', 'status', 'documentTypeCode', 'type', 'security'],
  },
  'GET /reports/download/:token': { params: { token: () => 'bm90LWEtbGluaw.c2lnbmF0dXJl' } },
  'POST /clients/cgt-report': {
    body: () => ({ clientUuid: ids.clientUuid, taxYearUuid: NO_GHOST, format: 'csv' }),
    bodyFields: ['clientUuid', 'taxYearUuid', 'format'],
  },
  'POST /clients/income-report': {
    body: () => ({ clientUuid: ids.clientUuid, taxYearUuid: NO_GHOST, format: 'csv' }),
    bodyFields: ['clientUuid', 'taxYearUuid', 'startDate', 'endDate', 'format'],
  },
  'POST /holdings/report-pdf': {
    body: () => ({ clientUuid: ids.clientUuid, atDate: '2999-01-01' }),
    bodyFields: ['clientUuid', 'securityId', 'atDate'],
  },
  'POST /holdings/report-csv': {
    body: () => ({ clientUuid: ids.clientUuid, atDate: '2999-01-01' }),
    bodyFields: ['clientUuid', 'securityId', 'atDate'],
  },
  'POST /holdings/ca/report-pdf': {
    body: () => ({ clientUuid: ids.clientUuid, atDate: '2999-01-01' }),
    bodyFields: ['clientUuid', 'securityId', 'atDate'],
  },
  'POST /holdings/ca/report-csv': {
    body: () => ({ clientUuid: ids.clientUuid, atDate: '2999-01-01' }),
    bodyFields: ['clientUuid', 'securityId', 'atDate'],
  },
  'POST /reconciliation/report-pdf': {
    body: () => ({ clientUuid: ids.clientUuid, securityId: 1.5 }),
    bodyFields: ['clientUuid', 'securityId'],
  },
  'POST /reconciliation/report-csv': {
    body: () => ({ clientUuid: ids.clientUuid, securityId: 1.5 }),
    bodyFields: ['clientUuid', 'securityId'],
  },
  'POST /transactions/report-pdf': {
    body: () => ({ clientUuid: ids.clientUuid, startDate: '2025-04-05', endDate: '2024-04-06' }),
    bodyFields: ['clientUuid', 'securityId', 'startDate', 'endDate'],
  },
  'POST /transactions/report-csv': {
    body: () => ({ clientUuid: ids.clientUuid, startDate: '2025-04-05', endDate: '2024-04-06' }),
    bodyFields: ['clientUuid', 'securityId', 'startDate', 'endDate'],
  },
  'POST /transactions/ops/report-csv': {
    body: () => ({ clientUuid: ids.clientUuid, startDate: '2025-04-05', endDate: '2024-04-06' }),
    bodyFields: ['clientUuid', 'securityId', 'startDate', 'endDate'],
  },
  'GET /batch-reports': { query: ['page', 'size', 'sort', 'direction', 'status'] },
  'POST /batch-reports': {
    body: () => ({ taxYear: '2024-26', reportType: 'cgt-realised' }),
    bodyFields: ['reportingPeriod', 'taxYear', 'clientState', 'relationshipManager', 'reportType'],
  },
  'GET /batch-reports/:id': { params: { id: () => '2147483647' } },
  'GET /batch-reports/:id/candidates': { params: { id: () => '2147483647' }, query: ['page', 'size', 'status'] },
  'POST /batch-reports/:id/publish': { params: { id: () => '2147483647' } },
  'GET /clients/:clientUuid/reports': { params: { clientUuid: () => ids.clientUuid } },
  'GET /clients/:clientUuid/reporting-restriction': { params: { clientUuid: () => ids.clientUuid } },
  'GET /admin/documents/income-diaries': {
    query: ['page', 'size', 'term', 'incomeType', 'frequency', 'active', 'sort', 'direction'],
  },
  'GET /admin/documents/income-diaries/:uuid': { params: { uuid: () => NO_GHOST } },
  'POST /admin/documents/income-diaries/:uuid/delete': { params: { uuid: () => NO_GHOST } },
  'POST /admin/documents/income-diaries/run': {},
  'GET /mi-dashboard': {},
  'POST /admin/documents/income-diaries': {
    body: () => ({
      securityId: 1,
      incomeType: 'UK_DIVIDEND',
      documentTypeUuid: CASH_DIVIDEND_TYPE,
      rate: '0.1',
      nextExDate: '2099-01-04',
      nextPayDate: '2099-01-20',
      frequency: 'QUARTERLY',
    }),
    bodyFields: [
      'securityId',
      'incomeType',
      'documentTypeUuid',
      'layerUuid',
      'rate',
      'perParent',
      'nextExDate',
      'nextPayDate',
      'frequency',
      'active',
      'endDate',
    ],
  },
  'PUT /admin/documents/income-diaries': {
    body: () => ({ uuid: NO_GHOST, version: 1, securityId: 1, rate: '0.1', frequency: 'ANNUAL' }),
    bodyFields: ['uuid', 'version', 'securityId', 'rate', 'frequency', 'nextExDate'],
  },
  'GET /admin/documents/types': {},
  'GET /admin/documents/types/:uuid': { params: { uuid: () => NO_GHOST } },
  'POST /admin/documents/types': {
    body: () => ({ baseUuid: NO_GHOST, code: 'FUZZ_COPY', name: 'Fuzz copy', lineDefinitions: [{ ord: 1 }] }),
    bodyFields: [
      'baseUuid',
      'code',
      'name',
      'active',
      'processingOverride',
      'lineDefinitions',
      'lineDefinitions.0.ord',
    ],
  },
  'PUT /admin/documents/types/:uuid': {
    params: { uuid: () => NO_GHOST },
    body: () => ({ version: 1, name: 'Fuzz', lineDefinitions: [{ ord: 1, defaultPrice: '1' }] }),
    bodyFields: ['version', 'name', 'smallCheck', 'lineDefinitions', 'lineDefinitions.0.defaultPrice'],
  },
  'POST /taximiser/proposals': {
    body: () => ({
      portfolioUuid: ids.portfolioUuid,
      tradeDate: '2026-01-05',
      disposals: [{ securityId: 1, quantity: '1', price: '1' }],
    }),
    bodyFields: ['portfolioUuid', 'tradeDate', 'disposals'],
  },
  'POST /transactions/summary': {
    body: () => ({
      portfolioUuid: ids.portfolioUuid,
      clientUuid: ids.clientUuid,
      securityId: 1,
      page: 1,
      size: 10,
      term: '',
      sort: ['tradeDate,desc'],
    }),
    bodyFields: ['portfolioUuid', 'clientUuid', 'securityId', 'page', 'size', 'term', 'sort', 'sort.0'],
  },
  'GET /customerAdmin/transactions': { query: ['portfolioUuid', 'securityId'] },
  'POST /customerAdmin/transactions': {
    body: () => ({ portfolioUuid: ids.portfolioUuid, securityId: 1, transaction: transactionInput() }),
    bodyFields: ['portfolioUuid', 'securityId', 'transaction', ...TRANSACTION_FIELDS.map((f) => `transaction.${f}`)],
  },
  'PUT /customerAdmin/transactions': {
    body: () => ({
      portfolioUuid: ids.portfolioUuid,
      securityId: 1,
      transactions: [{ uuid: ids.transactionUuid, version: 1, ...transactionInput() }],
    }),
    bodyFields: [
      'portfolioUuid',
      'securityId',
      'transactions',
      'transactions.0',
      'transactions.0.uuid',
      'transactions.0.version',
      ...TRANSACTION_FIELDS.map((f) => `transactions.0.${f}`),
    ],
  },
  'GET /customerAdmin/transactions/types': { query: ['portfolioUuid'] },
  'GET /customerAdmin/transactions/states': {},
  'GET /customerAdmin/transactions/metadata': {
    query: ['transactionTypeUuid', 'securityId', 'type', 'transactionCcyCode'],
  },
  'GET /admin/transaction-types': {},
  'GET /admin/transaction-types/:uuid': { params: { uuid: () => ids.typeUuid } },
  'POST /admin/transaction-types': { body: transactionTypeBody, bodyFields: Object.keys(transactionTypeBody()) },
  'PUT /admin/transaction-types/:uuid': {
    params: { uuid: () => ids.typeUuid },
    body: () => ({ ...transactionTypeBody(), name: 'Fuzz Target Type' }),
    bodyFields: Object.keys(transactionTypeBody()),
  },
  'GET /admin/ghost-transactions': { query: GRID },
  'POST /admin/ghost-transactions/:uuid/repair': {
    params: { uuid: () => NO_GHOST },
    body: () => ({ version: 1, portfolioUuid: ids.portfolioUuid, securityId: 1 }),
    bodyFields: ['version', 'portfolioUuid', 'securityId'],
  },
  'GET /admin/clients': { query: GRID },
  'GET /admin/clients/by-company': { query: ['company'] },
  'GET /admin/clients/service-levels': {},
  'GET /admin/clients/states': {},
  'GET /admin/clients/types': {},
  'GET /admin/clients/relationship-types': {},
  'GET /admin/clients/addresses/statuses': {},
  'GET /admin/clients/reporting-frequencies': {},
  'GET /admin/clients/countries': {},
  'GET /admin/clients/income-types': {},
  'GET /admin/clients/types/:id/tax-years': { params: { id: () => '1' } },
  'GET /admin/clients/:id': { params: { id: () => String(ids.clientId) } },
  'POST /admin/clients': { body: clientBody, bodyFields: CLIENT_FIELDS },
  'PUT /admin/clients/:id': {
    params: { id: () => String(ids.clientId) },
    // a stale version: whatever else is fuzzed, nothing is written
    body: () => ({ ...clientBody(), code: 'FUZZ-TARGET-CLIENT', version: 999 }),
    bodyFields: [...CLIENT_FIELDS, 'version'],
  },
  'POST /admin/clients/lookup': { query: ['code'] },
  'GET /clients/:clientUuid/tax-years': { params: { clientUuid: () => ids.clientUuid } },
  'GET /clients/calculation-status/:clientUuid': { params: { clientUuid: () => ids.clientUuid } },
  'GET /jobs': { query: ['page', 'size', 'sort', 'type', 'status', 'from', 'to'] },
  'GET /admin/jobs/:jobUuid': { params: { jobUuid: () => NO_JOB } },
  'GET /admin/mmt': { query: ['from', 'to', 'errorSeverity'] },
  'POST /admin/mmt/:logUuid': {
    params: { logUuid: () => NO_JOB },
    body: () => ({ status: 3, notes: 'Fuzzed', version: 1 }),
    bodyFields: ['status', 'notes', 'version'],
  },
  'POST /admin/ghost-transactions/:uuid/cancel': {
    params: { uuid: () => NO_GHOST },
    body: () => ({ version: 1 }),
    bodyFields: ['version'],
  },
  'POST /interface-logging/imports': {
    body: () => ({ kind: 'TRANSACTIONS', fileName: 'fuzz.csv', content: 'client,portfolio\nNOPE,NOPE' }),
    bodyFields: ['kind', 'fileName', 'content'],
  },
  'GET /interface-logging/imports': { query: ['page', 'size', 'kind', 'status'] },
  'GET /interface-logging/imports/:uuid': { params: { uuid: () => NO_GHOST } },
};

/** A small seeded generator (mulberry32): the same picks on every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
const hash = (text: string) => [...text].reduce((h, ch) => (Math.imul(h, 31) + ch.charCodeAt(0)) | 0, SEED);

function pick<T>(values: readonly T[], key: string, count: number): T[] {
  const next = random(hash(key));
  const pool = [...values];
  const chosen: T[] = [];
  while (chosen.length < count && pool.length > 0) chosen.push(pool.splice(Math.floor(next() * pool.length), 1)[0]!);
  return chosen;
}

function withValue(body: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let at: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) {
    if (at[key] === null || typeof at[key] !== 'object') at[key] = {};
    at = at[key] as Record<string, unknown>;
  }
  at[keys.at(-1)!] = value;
  return copy;
}

interface Probe {
  label: string;
  path: string;
  options: RequestOptions;
}

/** Every malformed request for a call, in a fixed order. */
function probes(call: CallDefinition, inputs: CallInputs): Probe[] {
  const key = `${call.method} ${call.path}`;
  const params = inputs.params ?? {};
  const pathWith = (name?: string, raw?: string) =>
    '/api' + call.path.replace(/:(\w+)/g, (_m, p: string) => (p === name ? raw! : encodeURIComponent(params[p]!())));
  const base: RequestOptions = {
    org: call.organisation ? ORG.ASHW : undefined,
    body: inputs.body?.(),
  };
  const list: Probe[] = [];
  for (const field of inputs.bodyFields ?? []) {
    const values: [string, unknown][] = [
      ['a NUL byte', `a${NUL}b`],
      ...pick(JSON_VALUES, `${key} body ${field}`, PICKS_PER_FIELD),
    ];
    for (const [name, value] of values) {
      list.push({
        label: `body ${field} = ${name}`,
        path: pathWith(),
        options: { ...base, body: withValue(inputs.body!(), field, value) },
      });
    }
  }
  for (const param of inputs.query ?? []) {
    const values: [string, string][] = [
      ['a NUL byte', 'a%00b'],
      ...pick(QUERY_VALUES, `${key} query ${param}`, PICKS_PER_FIELD),
    ];
    for (const [name, raw] of values) {
      list.push({
        label: `query ${param} = ${name}`,
        path: `${pathWith()}?${param}=${raw.replace('{name}', param)}`,
        options: base,
      });
    }
  }
  // Any call: an unknown query parameter holding a NUL byte.
  list.push({ label: 'query (unknown) = a NUL byte', path: `${pathWith()}?unknown=%00`, options: base });
  for (const param of Object.keys(params)) {
    for (const [name, raw] of PATH_VALUES) {
      list.push({ label: `path ${param} = ${name}`, path: pathWith(param, raw), options: base });
    }
  }
  if (call.organisation) {
    for (const [name, value] of HEADER_VALUES) {
      list.push({ label: `X-Organisation-Uuid = ${name}`, path: pathWith(), options: { ...base, org: value } });
    }
  }
  if (call.method !== 'GET') {
    for (const [name, raw] of WHOLE_BODIES) {
      list.push({
        label: `the body is ${name}`,
        path: pathWith(),
        options: { ...base, body: undefined, rawBody: raw },
      });
    }
  }
  return list;
}

/** The persona a call is made as: anyone for public calls, else the first role the table allows. */
function personaFor(call: CallDefinition): Persona {
  if (call.roles === 'PUBLIC') return 'anonymous';
  return (['admin', 'manager', 'adviser'] as const).find((p) => canCall(PERSONAS[p].roles, call))!;
}

// Identity's stored data, as a digest. Failed attempts are audited and throttled by design (and the
// outbox relay marks events published in the background), so those tables are left out.
const DIGESTED = [
  'organisation',
  'service_level',
  'service_level_report_type',
  'app_user',
  'membership',
  'invitation',
  'session',
  'refresh_token',
  'password_reset',
  'mail_message',
];
// And the securities service's data (refused calls write no row and no audit entry there either).
const SECURITIES_DIGESTED = ['security', 'issuer', 'security_price', 'fx_rate', 'static_data_change', 'audit_entry'];
// And the tax engine's (the exempt amounts a provider admin sets).
const TAX_ENGINE_DIGESTED = ['annual_exempt_amount_changes'];
// And the ledger's (the security read model is left out: accepted securities calls update it in the background).
const CLIENTS_DIGESTED = [
  'client',
  'address',
  'relationship',
  'tax_override',
  'portfolio',
  'portfolio_owner',
  'ledger_transaction',
  'holding',
  'transaction_type',
];
// The demo prices (about 390,000 rows) and rates are digested by what any insert, update or delete of one moves (a
// count, the newest change, the sums of the figures). The demo ledger (about 100,000 rows) is not read at all: a
// trigger counts its rows inserted, deleted, or updated with a new version or time of change (a calculation's
// figures, written in the background, change neither), in a table of the test's own.
const SUMMARISED: Record<string, string> = {
  security_price: `count(*) || '|' || coalesce(max(set_at)::text, '') || '|' || coalesce(sum(price), 0) || '|' || coalesce(sum(price_gbp), 0)`,
  fx_rate: `count(*) || '|' || coalesce(max(set_at)::text, '') || '|' || coalesce(sum(gbp_per_unit), 0)`,
};
const LEDGER_WRITES_SQL = `
  CREATE TABLE public.fuzz_ledger_writes (n bigint NOT NULL);
  INSERT INTO public.fuzz_ledger_writes VALUES (0);
  CREATE FUNCTION public.fuzz_count_ledger_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN UPDATE public.fuzz_ledger_writes SET n = n + 1; RETURN NULL; END $$;
  CREATE TRIGGER fuzz_ledger_inserts_deletes AFTER INSERT OR DELETE ON clients.ledger_transaction
    FOR EACH ROW EXECUTE FUNCTION public.fuzz_count_ledger_write();
  CREATE TRIGGER fuzz_ledger_updates AFTER UPDATE ON clients.ledger_transaction FOR EACH ROW
    WHEN (OLD.version IS DISTINCT FROM NEW.version OR OLD.updated_at IS DISTINCT FROM NEW.updated_at)
    EXECUTE FUNCTION public.fuzz_count_ledger_write();`;
const DIGEST_SQL = `SELECT ${[
  ...DIGESTED.map((table) => ['identity', table]),
  ...SECURITIES_DIGESTED.map((table) => ['securities', table]),
  ...TAX_ENGINE_DIGESTED.map((table) => ['tax_engine', table]),
  ...CLIENTS_DIGESTED.map((table) => ['clients', table]),
]
  .map(([schema, table]) =>
    table === 'ledger_transaction'
      ? `(SELECT n::text FROM public.fuzz_ledger_writes) AS "${table}"`
      : SUMMARISED[table!]
        ? `(SELECT md5(${SUMMARISED[table!]}) FROM ${schema}.${table}) AS "${table}"`
        : // each row's text hashed and summed: any change of a row moves it, and no sort or long text is built
          `(SELECT count(*) || '|' || coalesce(sum(hashtextextended(x::text, 0)::numeric), 0) FROM ${schema}.${table} x) AS "${table}"`,
  )
  .join(', ')}`;
const ALL_DIGESTED = [...DIGESTED, ...SECURITIES_DIGESTED, ...TAX_ENGINE_DIGESTED, ...CLIENTS_DIGESTED];

let t: TestSystem;
let db: pg.Client;
const digest = async () => {
  await t.system.settle(); // mail and the like, done after answers
  return (await db.query(DIGEST_SQL)).rows[0] as Record<string, string>;
};

beforeAll(async () => {
  t = await startTestSystem({ password: PASSWORD });
  db = new pg.Client({ connectionString: t.connectionString });
  await db.connect();
  await db.query(LEDGER_WRITES_SQL);
  const admin = { token: t.tokens.admin };
  ids.gainsId = (await t.request('GET', `/api/admin/organisations/${ORG.GAINS}`, admin)).body.id;
  ids.orgId = (
    await t.request('POST', '/api/admin/organisations', { ...admin, body: { ...organisationBody(), code: 'FUZZ' } })
  ).body.id;
  ids.levelId = (
    await t.request('POST', '/api/admin/organisations/service-levels', {
      ...admin,
      body: { ...serviceLevelBody(), code: 'FUZZ' },
    })
  ).body.id;
  ids.userUuid = (
    await t.request('POST', '/api/admin/users', {
      ...admin,
      body: {
        email: 'fuzz.target@gains.example',
        name: 'Target',
        role: 'ROLE_CUSTOMER_NON_ADMIN',
        organisationUuids: [ORG.BRKF],
      },
    })
  ).body.uuid;
  ids.issuerUuid = (
    await t.request('POST', '/api/admin/securities/issuers', {
      ...admin,
      org: ORG.ASHW,
      body: { name: 'Fuzz Target Issuer', longName: 'Fuzzed' },
    })
  ).body.value.uuid;
  // A customer admin's proposal the approve and reject calls are fuzzed against.
  ids.changeUuid = (
    await t.request('POST', '/api/admin/securities/issuers', {
      token: t.tokens.manager,
      org: ORG.ASHW,
      body: { name: 'Fuzz Proposed Issuer' },
    })
  ).body.change.uuid;
  // The ledger calls are fuzzed against an Ashworth portfolio with one purchase and a type of Ashworth's own.
  const ashw = { ...admin, org: ORG.ASHW };
  ids.clientUuid = (await t.request('GET', '/api/clients/summary?size=10', ashw)).body.content[0].uuid;
  ids.clientId = (await t.request('GET', `/api/admin/clients/${ids.clientUuid}`, ashw)).body.id;
  ids.portfolioUuid = (
    await t.request('POST', '/api/admin/portfolios', { ...ashw, body: { ...portfolioBody(), code: 'FUZZ-TARGET' } })
  ).body.uuid;
  ids.transactionUuid = (
    await t.request('POST', '/api/customerAdmin/transactions', {
      ...ashw,
      body: { portfolioUuid: ids.portfolioUuid, securityId: 1, transaction: transactionInput() },
    })
  ).body.uuid;
  ids.typeUuid = (
    await t.request('POST', '/api/admin/transaction-types', {
      ...ashw,
      body: { ...transactionTypeBody(), name: 'Fuzz Target Type' },
    })
  ).body.uuid;
});

afterAll(async () => {
  await db?.end();
  await t?.stop();
});

describe('the bounded fuzz of every call', () => {
  it('has inputs for every call in the table', () => {
    expect(Object.keys(INPUTS).sort()).toEqual(CALLS.map((c) => `${c.method} ${c.path}`).sort());
  });

  CALLS.forEach((call, index) => {
    const key = `${call.method} ${call.path}`;
    it(`${key}: malformed input never gets a 5xx, is refused in the error body and writes nothing`, async () => {
      const inputs = INPUTS[key]!;
      const persona = personaFor(call);
      const problems: string[] = [];
      let before = await digest();
      for (const [n, probe] of probes(call, inputs).entries()) {
        const token =
          persona === 'anonymous'
            ? undefined
            : inputs.freshToken
              ? (await t.signIn(PERSONAS[persona].email, `10.120.${index}.${n % 250}`)).accessToken
              : t.tokens[persona];
        if (inputs.freshToken) before = await digest();
        const answer = await t.request(call.method, probe.path, {
          ...probe.options,
          token,
          ip: `10.110.${index}.${n % 250}`,
        });
        const where = `${probe.label}: ${answer.status}`;
        if (answer.status >= 500) problems.push(`${where} (a 5xx)`);
        if (answer.status >= 400) {
          const body = answer.body as Record<string, unknown> | null;
          if (typeof body?.type_description !== 'string' || typeof body.id !== 'string') {
            problems.push(`${where} without the error body: ${JSON.stringify(body).slice(0, 120)}`);
          } else if (answer.status === 400 && !body.field) {
            problems.push(`${where} names no field: ${body.type_description}`);
          }
          const after = await digest();
          const changed = ALL_DIGESTED.filter((table) => after[table] !== before[table]);
          if (changed.length) problems.push(`${where} but wrote to ${changed.join(', ')}`);
          before = after;
        } else {
          before = await digest();
        }
      }
      expect(problems).toEqual([]);
    });
  });
});
