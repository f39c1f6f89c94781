// THE TENANCY AND ROLES WALK: every call of the one calls table, made as each role, as a member of
// another firm and without a token, against the real system (PostgreSQL, every service in process,
// the BFF app). The runtime and testing packages depend on the BFF, so they are reached by path.
import { Code, ConnectError, createClient } from '@connectrpc/connect';
import { CALLS, canCall, matchCall, type CallDefinition } from '@gains/access';
import { calculations, clients, identity, ledger, securities, taxEngine } from '@gains/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedSystem } from '../../packages/runtime/src/embedded-system';
import { isinFromSedol, withSedolCheckDigit } from '../../services/securities/src/domain/security-codes';
import { ORG, PERSONA_NAMES as NAMES, PERSONAS, startTestSystem, type Persona, type TestSystem } from './test-support';

let t: TestSystem;
let system: EmbeddedSystem;
let PASSWORD = '';
let tokens = {} as Record<Persona, string>;
const ids = {
  ashwId: 0,
  gainsId: 0,
  walkOrgId: 0,
  serviceLevelId: 0,
  targetUuid: '',
  secureUuid: '',
  issuerUuid: '',
  issuerName: '',
  security: {} as Record<string, unknown>,
  changeUuid: '00000000-0000-4000-8000-000000000000',
  clientUuid: '',
  clientId: 0,
  portfolioUuid: '',
  transactionUuid: '',
  typeUuid: '',
  jobUuid: '',
  logUuid: '',
  reportLink: '',
};
/** The system BUY type (services/clients/src/domain/transaction-types.ts). */
const BUY_TYPE_UUID = '7e0c0000-0000-4000-8000-000000000001';
/** The system cash dividend (services/documents/src/domain/document-types.ts). */
const CASH_DIVIDEND_TYPE = '5d0c7a3e-0000-4d00-8000-000000000001';
/** The system 'Gift to another client' portfolio movement type (the 20th). */
const GIFT_TYPE = '5d0c7a3e-0000-4d00-8000-000000000014';
/** Not a ghost of any firm: the ghost calls answer 404 to whoever may make them. */
const NO_GHOST = '00000000-0000-4000-8000-00000000abcd';
const walkPortfolio = (code: string) => ({
  code,
  name: `Walk ${code}`,
  taxWrapper: 'GIA',
  owners: [{ clientUuid: ids.clientUuid, percentage: '100' }],
});
const asAdmin = () => ({ token: tokens.admin, org: ORG.ASHW });
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
/** A new security's body with codes no other walk security has. */
const walkSecurity = (n: number) => {
  const sedol = withSedolCheckDigit(`BW${String(n).padStart(4, '0')}`);
  return {
    sedol,
    isin: isinFromSedol('GB', sedol),
    issuer: ids.issuerUuid,
    securityName: `Walk Security ${n} plc`,
    reportingName: `Walk ${n}`,
    currency: 'GBP',
    assetClass: 'EQUITY',
  };
};
/** A customer admin's pending change (a proposed issuer), for the provider to decide. */
const proposeChange = async (persona: Persona) => {
  if (persona === 'admin') {
    const answer = await request('POST', '/api/admin/securities/issuers', {
      token: tokens.manager,
      org: ORG.ASHW,
      body: { name: `Walk Proposed ${++sequence}` },
    });
    ids.changeUuid = answer.body.change.uuid;
  }
  return {};
};
let sequence = 0;

const request: TestSystem['request'] = (...args) => t.request(...args);
const signIn: TestSystem['signIn'] = (...args) => t.signIn(...args);

beforeAll(async () => {
  t = await startTestSystem();
  system = t.system;
  PASSWORD = t.password;
  tokens = t.tokens;
  const admin = { token: tokens.admin };
  ids.ashwId = (await request('GET', `/api/admin/organisations/${ORG.ASHW}`, admin)).body.id;
  ids.gainsId = (await request('GET', `/api/admin/organisations/${ORG.GAINS}`, admin)).body.id;
  ids.walkOrgId = (
    await request('POST', '/api/admin/organisations', {
      ...admin,
      body: { code: 'WALK', name: 'Walk', type: 'FIRM', parent: ids.gainsId },
    })
  ).body.id;
  ids.serviceLevelId = (
    await request('POST', '/api/admin/organisations/service-levels', {
      ...admin,
      body: { code: 'WALK', serviceLevel: 'Walk' },
    })
  ).body.id;
  ids.targetUuid = (
    await request('POST', '/api/admin/users', {
      ...admin,
      body: {
        email: 'target@gains.example',
        name: 'Target',
        role: 'ROLE_CUSTOMER_NON_ADMIN',
        organisationUuids: [ORG.BRKF],
      },
    })
  ).body.uuid;
  ids.secureUuid = (await request('GET', '/api/admin/users?term=secure', admin)).body.content[0].uuid;
  const issuer = (await request('GET', '/api/admin/securities/issuers', { ...admin, org: ORG.ASHW })).body[0];
  ids.issuerUuid = issuer.uuid;
  ids.issuerName = issuer.name;
  const {
    latestPrice: _p,
    pendingChanges: _c,
    ...security
  } = (await request('GET', '/api/admin/securities/1', { ...admin, org: ORG.ASHW })).body;
  ids.security = security;
  // The ledger: a portfolio of an Ashworth client with one purchase, and a type of Ashworth's own.
  ids.clientUuid = (await request('GET', '/api/clients/summary?size=10', asAdmin())).body.content[0].uuid;
  ids.clientId = (await request('GET', `/api/admin/clients/${ids.clientUuid}`, asAdmin())).body.id;
  // The demo jobs and monitor logs the reports service seeds for every firm.
  ids.jobUuid = (await request('GET', '/api/jobs?size=1', asAdmin())).body.content[0].uuid;
  ids.logUuid = (await request('GET', '/api/admin/mmt', asAdmin())).body[0].uuid;
  ids.portfolioUuid = (
    await request('POST', '/api/admin/portfolios', { ...asAdmin(), body: walkPortfolio('WALK') })
  ).body.uuid;
  ids.transactionUuid = (
    await request('POST', '/api/customerAdmin/transactions', {
      ...asAdmin(),
      body: {
        portfolioUuid: ids.portfolioUuid,
        securityId: 1,
        transaction: { type: 'BUY', tradeDate: yesterday, quantity: '10', price: '1', expenses: '0', currency: 'GBP' },
      },
    })
  ).body.uuid;
  ids.typeUuid = (
    await request('POST', '/api/admin/transaction-types', {
      ...asAdmin(),
      body: { name: 'Walk Purchase', effect: 'BUY' },
    })
  ).body.uuid;
});

afterAll(async () => t?.stop());

/** One request made as every persona; `ok` is the answer for a persona the table and tenancy allow. */
interface Probe {
  label: string;
  path: () => string;
  org?: string;
  /** The body, or a fresh token / setup, per persona. */
  prepare?: (persona: Persona, ip: string) => Promise<{ body?: unknown; token?: string }>;
  body?: unknown;
  ok: number;
  /** Personas refused (403) by tenancy: not members of the organisation concerned. */
  outsiders?: Persona[];
  /** For public calls: the message the answer must carry. */
  message?: string;
  /** A persona's own answer where it differs from `ok` (a customer admin's change is a proposal: 202). */
  okFor?: Partial<Record<Persona, number>>;
}

/** A full client as the body of its update: its own fields, coded fields by code, nested rows as read. */
function clientInputOf(c: Record<string, any>) {
  const { type, state, serviceLevel, countryOfResidence, countryOfDomicile, ...rest } = c;
  for (const derived of [
    'id',
    'uuid',
    'ouId',
    'ouCode',
    'ouUuid',
    'ouServiceLevel',
    'annualExemptionOverride',
    'annualExemptions',
    'broughtForwardLossOverride',
    'broughtForwardLosses',
    'taxpayerKind',
    'inactive',
    'createdDate',
    'createdByName',
    'lastModifiedDate',
    'lastModifiedByName',
  ])
    delete rest[derived];
  const nulls = Object.fromEntries(
    Object.entries(rest)
      .filter(([, v]) => v === null)
      .map(([k]) => [k, undefined]),
  );
  return {
    ...rest,
    ...nulls,
    typeCode: type.code,
    stateCode: state.code,
    serviceLevelCode: serviceLevel.code,
    countryOfResidenceCode: countryOfResidence.code,
    countryOfDomicileCode: countryOfDomicile.code,
    relationships: rest.relationships.map((r: Record<string, unknown>) => ({ ...r, endDate: r.endDate ?? undefined })),
    taxOverrides: rest.taxOverrides.map((o: Record<string, unknown>) => ({
      ...o,
      amount: o.amount ?? undefined,
      percentage: o.percentage ?? undefined,
    })),
  };
}
const clientProbe = (label: string, path: () => string, ok = 200): Probe[] => [
  { label, path, org: ORG.ASHW, ok, outsiders: ['brook'] },
];

/** A report asked for with a rule broken: refused (400) before any job, the same for every role of the firm. */
const reportRefusal = (label: string, path: string, body: () => Record<string, unknown>): Probe[] => [
  { label, path: () => path, org: ORG.ASHW, ok: 400, outsiders: ['brook'], prepare: async () => ({ body: body() }) },
];
const BACKWARDS = () => ({ clientUuid: ids.clientUuid, startDate: '2025-04-05', endDate: '2024-04-06' });
const FUTURE = () => ({ clientUuid: ids.clientUuid, atDate: '2999-01-01' });
const FRACTIONAL_SECURITY = () => ({ clientUuid: ids.clientUuid, securityId: 1.5 });

const LEDGER = 'date,type,security,quantity,price\n2023-05-01,BUY,ACME,100,1.00\n2023-07-01,SELL,ACME,40,1.50\n';
const expiredChallenge = 'Your sign-in has expired; please sign in again';
const uniqueBody = (make: (n: number) => unknown) => async () => ({ body: make(++sequence) });

const WALK: Record<string, Probe[]> = {
  'POST /auth/sign-in': [
    {
      label: 'right password',
      path: () => '/api/auth/sign-in',
      ok: 200,
      prepare: async () => ({ body: { email: 'adviser@gains.example', password: PASSWORD } }),
    },
  ],
  'POST /auth/new-password': [
    {
      label: 'no challenge',
      path: () => '/api/auth/new-password',
      ok: 401,
      message: expiredChallenge,
      body: { session: '', password: PASSWORD },
    },
  ],
  'POST /auth/mfa': [
    {
      label: 'no challenge',
      path: () => '/api/auth/mfa',
      ok: 401,
      message: expiredChallenge,
      body: { session: '', code: '123456' },
    },
  ],
  'POST /auth/mfa/setup': [
    {
      label: 'MFA_SETUP challenge',
      path: () => '/api/auth/mfa/setup',
      ok: 200,
      prepare: async (_p, ip) => ({ body: { session: (await signIn('secure@gains.example', ip)).session } }),
    },
  ],
  'POST /auth/mfa/verify': [
    {
      label: 'wrong first code',
      path: () => '/api/auth/mfa/verify',
      ok: 400,
      prepare: async (_p, ip) => {
        const { session } = await signIn('secure@gains.example', ip);
        await request('POST', '/api/auth/mfa/setup', { body: { session }, ip });
        return { body: { session, code: '000000' } };
      },
    },
  ],
  'POST /auth/forgot-password': [
    { label: 'any address', path: () => '/api/auth/forgot-password', ok: 200, body: { email: 'ghost@gains.example' } },
  ],
  'POST /auth/reset-password': [
    {
      label: 'wrong code',
      path: () => '/api/auth/reset-password',
      ok: 400,
      body: { email: 'ghost@gains.example', code: '000000', password: PASSWORD },
    },
  ],
  'POST /auth/refresh': [
    {
      label: 'fresh refresh token',
      path: () => '/api/auth/refresh',
      ok: 200,
      prepare: async (_p, ip) => ({ body: { refreshToken: (await signIn('brook@gains.example', ip)).refreshToken } }),
    },
  ],
  'POST /auth/change-password': [
    {
      label: 'wrong current password',
      path: () => '/api/auth/change-password',
      ok: 400,
      body: { currentPassword: 'Not-mine-1!', password: 'Other-pass-1!' },
    },
  ],
  'POST /auth/sign-out': [
    {
      label: 'own fresh session',
      path: () => '/api/auth/sign-out',
      ok: 204,
      prepare: async (persona, ip) => ({
        token: persona === 'anonymous' ? undefined : (await signIn(PERSONAS[persona].email, ip)).accessToken,
      }),
    },
  ],
  'GET /dev/mailbox': [{ label: 'all mail', path: () => '/api/dev/mailbox', ok: 200 }],
  'GET /user': [{ label: 'self', path: () => '/api/user', ok: 200 }],
  'GET /organisations': [{ label: 'own list', path: () => '/api/organisations', ok: 200 }],
  'GET /organisations/:uuid': [
    { label: 'ASHW', path: () => `/api/organisations/${ORG.ASHW}`, ok: 200, outsiders: ['brook'] },
    {
      label: 'CLVP',
      path: () => `/api/organisations/${ORG.CLVP}`,
      ok: 200,
      outsiders: ['manager', 'adviser', 'brook'],
    },
  ],
  'GET /clients/summary': [
    { label: 'ASHW clients', path: () => '/api/clients/summary', org: ORG.ASHW, ok: 200, outsiders: ['brook'] },
    { label: 'BRKF clients', path: () => '/api/clients/summary', org: ORG.BRKF, ok: 200, outsiders: ['adviser'] },
    {
      label: 'CLVP clients',
      path: () => '/api/clients/summary',
      org: ORG.CLVP,
      ok: 200,
      outsiders: ['manager', 'adviser', 'brook'],
    },
    {
      label: 'no organisation',
      path: () => '/api/clients/summary',
      ok: 200,
      outsiders: ['admin', 'manager', 'adviser', 'brook'],
    },
  ],
  'POST /calculations/ledger': [
    {
      label: 'ASHW ledger',
      path: () => '/api/calculations/ledger',
      org: ORG.ASHW,
      ok: 200,
      outsiders: ['brook'],
      body: { ledgerCsv: LEDGER },
    },
    {
      label: 'BRKF ledger',
      path: () => '/api/calculations/ledger',
      org: ORG.BRKF,
      ok: 200,
      body: { ledgerCsv: LEDGER },
    },
    {
      label: 'CLVP ledger',
      path: () => '/api/calculations/ledger',
      org: ORG.CLVP,
      ok: 200,
      outsiders: ['manager', 'brook'],
      body: { ledgerCsv: LEDGER },
    },
  ],
  // Stored calculations (issue 23): each call once refused by the BFF's own input check, and once answered by the
  // tax engine.
  'POST /admin/calculations/recalculate': [
    {
      label: 'no client',
      path: () => '/api/admin/calculations/recalculate',
      org: ORG.ASHW,
      ok: 400,
      outsiders: ['brook'],
      body: {},
    },
    {
      label: 'one client',
      path: () => '/api/admin/calculations/recalculate',
      org: ORG.ASHW,
      ok: 202,
      outsiders: ['brook'],
      prepare: async () => ({ body: { clientUuid: ids.clientUuid } }),
    },
  ],
  'GET /admin/calculations': [
    { label: 'no client', path: () => '/api/admin/calculations', org: ORG.ASHW, ok: 400, outsiders: ['brook'] },
    {
      label: 'runs',
      path: () => `/api/admin/calculations?clientUUID=${ids.clientUuid}`,
      org: ORG.ASHW,
      ok: 200,
      outsiders: ['brook'],
    },
  ],
  'GET /admin/calculations/ledger-csv': [
    {
      label: 'bad client',
      path: () => '/api/admin/calculations/ledger-csv?clientUUID=nope',
      org: ORG.ASHW,
      ok: 400,
      outsiders: ['brook'],
    },
    {
      label: 'ledger',
      path: () => `/api/admin/calculations/ledger-csv?clientUUID=${ids.clientUuid}`,
      org: ORG.ASHW,
      ok: 200,
      outsiders: ['brook'],
    },
  ],
  ...Object.fromEntries(
    ['exemption_gain_loss', 'annual_exemption', 'bfl'].map((slice) => [
      `GET /admin/calculations/${slice}`,
      [
        {
          label: 'no client',
          path: () => `/api/admin/calculations/${slice}`,
          org: ORG.ASHW,
          ok: 400,
          outsiders: ['brook'],
        },
        {
          label: 'latest run',
          path: () => `/api/admin/calculations/${slice}?clientUUID=${ids.clientUuid}`,
          org: ORG.ASHW,
          ok: 200,
          outsiders: ['brook'],
        },
      ],
    ]),
  ),
  ...Object.fromEntries(
    ['', '/transactions', '/pools', '/standalone-pools', '/warnings'].map((slice) => [
      `GET /admin/calculations/:id${slice}`,
      [
        {
          label: 'bad id',
          path: () => `/api/admin/calculations/nope${slice}`,
          org: ORG.ASHW,
          ok: 400,
          outsiders: ['brook'],
        },
        {
          label: 'no such run',
          path: () => `/api/admin/calculations/${NO_GHOST}${slice}`,
          org: ORG.ASHW,
          ok: 404,
          outsiders: ['brook'],
        },
      ],
    ]),
  ),
  'GET /admin/calculations/:id/transactions/:tid/portfolios': [
    {
      label: 'bad disposal number',
      path: () => `/api/admin/calculations/${NO_GHOST}/transactions/0/portfolios`,
      org: ORG.ASHW,
      ok: 400,
      outsiders: ['brook'],
    },
    {
      label: 'no such run',
      path: () => `/api/admin/calculations/${NO_GHOST}/transactions/1/portfolios`,
      org: ORG.ASHW,
      ok: 404,
      outsiders: ['brook'],
    },
  ],
  'POST /calculations/failures/report-csv': [
    {
      label: 'no client',
      path: () => '/api/calculations/failures/report-csv',
      org: ORG.ASHW,
      ok: 400,
      outsiders: ['brook'],
      body: {},
    },
    {
      label: 'no such run',
      path: () => '/api/calculations/failures/report-csv',
      org: ORG.ASHW,
      ok: 404,
      outsiders: ['brook'],
      prepare: async () => ({ body: { clientUuid: ids.clientUuid, runId: NO_GHOST } }),
    },
  ],
  'POST /calculations/failures/report-pdf': [
    {
      label: 'no client',
      path: () => '/api/calculations/failures/report-pdf',
      org: ORG.ASHW,
      ok: 400,
      outsiders: ['brook'],
      body: {},
    },
    {
      label: 'no such run',
      path: () => '/api/calculations/failures/report-pdf',
      org: ORG.ASHW,
      ok: 404,
      outsiders: ['brook'],
      prepare: async () => ({ body: { clientUuid: ids.clientUuid, runId: NO_GHOST } }),
    },
  ],
  'GET /admin/organisations': [{ label: 'list', path: () => '/api/admin/organisations', ok: 200 }],
  'GET /admin/organisations/types': [{ label: 'types', path: () => '/api/admin/organisations/types', ok: 200 }],
  'POST /admin/organisations/search': [
    { label: 'search', path: () => '/api/admin/organisations/search', ok: 200, body: { term: 'a' } },
  ],
  'GET /admin/organisations/id/:id': [
    { label: 'ASHW by id', path: () => `/api/admin/organisations/id/${ids.ashwId}`, ok: 200, outsiders: ['brook'] },
  ],
  'GET /admin/organisations/:uuid': [
    { label: 'ASHW', path: () => `/api/admin/organisations/${ORG.ASHW}`, ok: 200, outsiders: ['brook'] },
    { label: 'CLVP', path: () => `/api/admin/organisations/${ORG.CLVP}`, ok: 200, outsiders: ['manager', 'brook'] },
  ],
  'POST /admin/organisations': [
    {
      label: 'new firm',
      path: () => '/api/admin/organisations',
      ok: 201,
      prepare: uniqueBody((n) => ({ code: `W${n}`, name: `Walk ${n}`, type: 'FIRM', parent: ids.gainsId })),
    },
  ],
  'PUT /admin/organisations/:id': [
    {
      label: 'walk firm',
      path: () => `/api/admin/organisations/${ids.walkOrgId}`,
      ok: 200,
      prepare: async () => ({ body: { code: 'WALK', name: 'Walked', type: 'FIRM', parent: ids.gainsId } }),
    },
  ],
  'GET /admin/organisations/service-levels': [
    { label: 'list', path: () => '/api/admin/organisations/service-levels', ok: 200 },
  ],
  'GET /admin/organisations/service-levels/:id': [
    { label: 'walk level', path: () => `/api/admin/organisations/service-levels/${ids.serviceLevelId}`, ok: 200 },
  ],
  'POST /admin/organisations/service-levels': [
    {
      label: 'new level',
      path: () => '/api/admin/organisations/service-levels',
      ok: 201,
      prepare: uniqueBody((n) => ({
        code: `L${n}`,
        serviceLevel: `Level ${n}`,
        reportTypeMappings: [{ reportTypeId: 1, generate: true }],
      })),
    },
  ],
  'PUT /admin/organisations/service-levels/:id': [
    {
      label: 'walk level',
      path: () => `/api/admin/organisations/service-levels/${ids.serviceLevelId}`,
      ok: 200,
      body: { code: 'WALK', serviceLevel: 'Walked', reportTypeMappings: [] },
    },
  ],
  'GET /admin/users': [{ label: 'list', path: () => '/api/admin/users', ok: 200 }],
  'POST /admin/users': [
    {
      label: 'invite into BRKF',
      path: () => '/api/admin/users',
      ok: 201,
      prepare: uniqueBody((n) => ({
        email: `walker${n}@gains.example`,
        name: 'Walker',
        role: 'ROLE_CUSTOMER_NON_ADMIN',
        organisationUuids: [ORG.BRKF],
      })),
    },
    {
      label: 'invite into CLVP',
      path: () => '/api/admin/users',
      ok: 201,
      outsiders: ['manager', 'brook'],
      prepare: uniqueBody((n) => ({
        email: `walker${n}@gains.example`,
        name: 'Walker',
        role: 'ROLE_CUSTOMER_NON_ADMIN',
        organisationUuids: [ORG.CLVP],
      })),
    },
  ],
  'POST /admin/users/:uuid/reset-mfa': [
    { label: 'BRKF user', path: () => `/api/admin/users/${ids.targetUuid}/reset-mfa`, ok: 200 },
    {
      label: 'CLVP user',
      path: () => `/api/admin/users/${ids.secureUuid}/reset-mfa`,
      ok: 200,
      outsiders: ['manager', 'brook'],
    },
  ],
  'POST /admin/users/:uuid/disable': [
    { label: 'BRKF user', path: () => `/api/admin/users/${ids.targetUuid}/disable`, ok: 200 },
    {
      label: 'CLVP user',
      path: () => `/api/admin/users/${ids.secureUuid}/disable`,
      ok: 200,
      outsiders: ['manager', 'brook'],
    },
  ],
  'POST /admin/users/:uuid/enable': [
    { label: 'BRKF user', path: () => `/api/admin/users/${ids.targetUuid}/enable`, ok: 200 },
    {
      label: 'CLVP user',
      path: () => `/api/admin/users/${ids.secureUuid}/enable`,
      ok: 200,
      outsiders: ['manager', 'brook'],
    },
  ],
  'GET /admin/audit': [{ label: 'log', path: () => '/api/admin/audit', ok: 200 }],

  // Securities: shared static data; customer admins propose (202), the provider applies.
  'GET /securities/search': [
    { label: 'ASHW', path: () => '/api/securities/search?term=Treasury', org: ORG.ASHW, ok: 200, outsiders: ['brook'] },
  ],
  'GET /admin/securities': [
    { label: 'grid', path: () => '/api/admin/securities', org: ORG.ASHW, ok: 200, outsiders: ['brook'] },
  ],
  'POST /admin/securities': [
    {
      label: 'new security',
      path: () => '/api/admin/securities',
      org: ORG.ASHW,
      ok: 201,
      okFor: { manager: 202 },
      outsiders: ['brook'],
      prepare: uniqueBody(walkSecurity),
    },
  ],
  'PUT /admin/securities/classification': [
    {
      label: 'one row',
      path: () => '/api/admin/securities/classification',
      org: ORG.ASHW,
      ok: 200,
      okFor: { manager: 202 },
      outsiders: ['brook'],
      body: { updates: [{ id: 1, status: 'ACTIVE' }] },
    },
  ],
  'GET /admin/securities/issuers': [
    { label: 'list', path: () => '/api/admin/securities/issuers', org: ORG.ASHW, ok: 200, outsiders: ['brook'] },
  ],
  'POST /admin/securities/issuers': [
    {
      label: 'new issuer',
      path: () => '/api/admin/securities/issuers',
      org: ORG.ASHW,
      ok: 201,
      okFor: { manager: 202 },
      outsiders: ['brook'],
      prepare: uniqueBody((n) => ({ name: `Walk Issuer ${n}` })),
    },
  ],
  'PUT /admin/securities/issuers/:uuid': [
    {
      label: 'long name',
      path: () => `/api/admin/securities/issuers/${ids.issuerUuid}`,
      org: ORG.ASHW,
      ok: 200,
      okFor: { manager: 202 },
      outsiders: ['brook'],
      prepare: uniqueBody((n) => ({ name: ids.issuerName, longName: `Walked ${n}` })),
    },
  ],
  'GET /admin/securities/prices': [
    { label: 'on a date', path: () => '/api/admin/securities/prices', org: ORG.ASHW, ok: 200, outsiders: ['brook'] },
  ],
  'POST /admin/securities/prices/upload': [
    {
      label: 'one price',
      path: () => '/api/admin/securities/prices/upload',
      org: ORG.ASHW,
      ok: 200,
      body: { csv: `security,date,price,currency\n1,${yesterday},1.50,GBP\n` },
    },
  ],
  'GET /admin/securities/:id': [
    { label: 'security 1', path: () => '/api/admin/securities/1', org: ORG.ASHW, ok: 200, outsiders: ['brook'] },
  ],
  'PUT /admin/securities/:id': [
    {
      label: 'security 1',
      path: () => '/api/admin/securities/1',
      org: ORG.ASHW,
      ok: 200,
      okFor: { manager: 202 },
      outsiders: ['brook'],
      prepare: uniqueBody((n) => ({ ...ids.security, securityDescription: `Walked ${n}` })),
    },
  ],
  'GET /admin/securities/:id/prices': [
    { label: 'history', path: () => '/api/admin/securities/1/prices', org: ORG.ASHW, ok: 200, outsiders: ['brook'] },
  ],
  'PUT /admin/securities/:id/prices/:date': [
    {
      label: 'yesterday',
      path: () => `/api/admin/securities/1/prices/${yesterday}`,
      org: ORG.ASHW,
      ok: 200,
      body: { price: '1.75' },
    },
  ],
  'GET /admin/currencies': [
    { label: 'list', path: () => '/api/admin/currencies', org: ORG.ASHW, ok: 200, outsiders: ['brook'] },
  ],
  'GET /admin/currencies/fx-rates': [
    {
      label: 'USD',
      path: () => '/api/admin/currencies/fx-rates?currency=USD',
      org: ORG.ASHW,
      ok: 200,
      outsiders: ['brook'],
    },
  ],
  'POST /admin/currencies/fx-rates': [
    {
      label: 'USD',
      path: () => '/api/admin/currencies/fx-rates',
      org: ORG.ASHW,
      ok: 201,
      body: { currency: 'USD', date: yesterday, gbpPerUnit: '0.79' },
    },
  ],
  'POST /reference-data/annual-exempt-amounts': [
    {
      label: 'the next tax year',
      path: () => '/api/reference-data/annual-exempt-amounts',
      org: ORG.ASHW,
      ok: 200,
      body: { taxYear: '2027-28', amount: '3000' },
    },
  ],
  'GET /admin/static-data/changes': [
    { label: 'list', path: () => '/api/admin/static-data/changes', org: ORG.ASHW, ok: 200, outsiders: ['brook'] },
  ],
  'POST /admin/static-data/changes/:uuid/approve': [
    {
      label: 'a proposal',
      path: () => `/api/admin/static-data/changes/${ids.changeUuid}/approve`,
      org: ORG.ASHW,
      ok: 200,
      prepare: proposeChange,
    },
  ],
  'POST /admin/static-data/changes/:uuid/reject': [
    {
      label: 'a proposal',
      path: () => `/api/admin/static-data/changes/${ids.changeUuid}/reject`,
      org: ORG.ASHW,
      ok: 200,
      body: { note: 'Not needed' },
      prepare: proposeChange,
    },
  ],
  'GET /reference-data': [
    { label: 'lists', path: () => '/api/reference-data', org: ORG.ASHW, ok: 200, outsiders: ['brook'] },
  ],

  // The ledger: Ashworth's portfolio, read by its members, changed by its admins and the provider.
  'POST /portfolios/summary': [
    {
      label: 'an ASHW client',
      path: () => '/api/portfolios/summary',
      org: ORG.ASHW,
      ok: 200,
      outsiders: ['brook'],
      prepare: async () => ({ body: { ids: [ids.clientUuid] } }),
    },
  ],
  'GET /portfolios/:uuid': [
    { label: 'ASHW', path: () => `/api/portfolios/${ids.portfolioUuid}`, org: ORG.ASHW, ok: 200, outsiders: ['brook'] },
  ],
  'POST /admin/portfolios': [
    {
      label: 'new portfolio',
      path: () => '/api/admin/portfolios',
      org: ORG.ASHW,
      ok: 201,
      outsiders: ['brook'],
      prepare: uniqueBody((n) => walkPortfolio(`WALK-${n}`)),
    },
  ],
  'PUT /admin/portfolios/:uuid': [
    {
      label: 'ASHW portfolio at its version',
      path: () => `/api/admin/portfolios/${ids.portfolioUuid}`,
      org: ORG.ASHW,
      ok: 200,
      outsiders: ['brook'],
      prepare: async () => {
        const { version } = (await request('GET', `/api/portfolios/${ids.portfolioUuid}`, asAdmin())).body;
        return { body: { ...walkPortfolio('WALK'), version } };
      },
    },
  ],
  'POST /holdings/summary': [
    {
      label: 'ASHW portfolio',
      path: () => '/api/holdings/summary',
      org: ORG.ASHW,
      ok: 200,
      outsiders: ['brook'],
      prepare: async () => ({ body: { portfolioUuid: ids.portfolioUuid, clientUuid: ids.clientUuid } }),
    },
  ],
  // The Taximiser (issue 25): every role plans; a firm's client is not another firm's to plan on.
  'POST /taximiser/plan': [
    {
      label: 'ASHW portfolio',
      path: () => '/api/taximiser/plan',
      org: ORG.ASHW,
      ok: 200,
      outsiders: ['brook'],
      prepare: async () => ({
        body: {
          clientUuid: ids.clientUuid,
          portfolioUuid: ids.portfolioUuid,
          action: 'DISPOSE_PERCENTAGE',
          percent: '10',
        },
      }),
    },
    {
      label: 'a bad percent',
      path: () => '/api/taximiser/plan',
      org: ORG.ASHW,
      ok: 400,
      outsiders: ['brook'],
      prepare: async () => ({
        body: {
          clientUuid: ids.clientUuid,
          portfolioUuid: ids.portfolioUuid,
          action: 'DISPOSE_PERCENTAGE',
          percent: '101',
        },
      }),
    },
  ],
  // The plan's trade list as a PDF: the same roles and refusals as the plan.
  'POST /taximiser/trade-list.pdf': [
    {
      label: 'ASHW portfolio',
      path: () => '/api/taximiser/trade-list.pdf',
      org: ORG.ASHW,
      ok: 200,
      outsiders: ['brook'],
      prepare: async () => ({
        body: {
          clientUuid: ids.clientUuid,
          portfolioUuid: ids.portfolioUuid,
          action: 'DISPOSE_PERCENTAGE',
          percent: '10',
        },
      }),
    },
  ],
  // Corporate actions and portfolio movements (issue 26): ADMIN and CUSTOMER_ADMIN, their own firm's headers only.
  'GET /admin/documents/headers/types': [
    {
      label: 'corporate action types',
      path: () => '/api/admin/documents/headers/types?documentTypeCode=CA',
      org: ORG.ASHW,
      ok: 200,
      outsiders: ['brook'],
    },
  ],
  'GET /admin/documents/headers/types/:typeId/:direction/clients': [
    {
      label: 'clients to gift from',
      path: () => `/api/admin/documents/headers/types/${GIFT_TYPE}/out/clients?terms=a`,
      org: ORG.ASHW,
      ok: 200,
      outsiders: ['brook'],
    },
  ],
  'GET /admin/documents/headers/types/:typeId/:direction/portfolios': [
    {
      label: 'a client’s portfolios to gift to',
      path: () => `/api/admin/documents/headers/types/${GIFT_TYPE}/in/portfolios?terms=&clientUuid=${NO_GHOST}`,
      org: ORG.ASHW,
      ok: 200,
      outsiders: ['brook'],
    },
  ],
  'GET /admin/documents/headers/types/documentType/:id': [
    {
      label: 'the cash dividend',
      path: () => `/api/admin/documents/headers/types/documentType/${CASH_DIVIDEND_TYPE}`,
      org: ORG.ASHW,
      ok: 200,
      outsiders: ['brook'],
    },
  ],
  'GET /admin/documents/layers/:securityId': [
    { label: 'security 1', path: () => '/api/admin/documents/layers/1', org: ORG.ASHW, ok: 200, outsiders: ['brook'] },
  ],
  'GET /admin/documents/headers/search': [
    {
      label: 'corporate actions',
      path: () => '/api/admin/documents/headers/search?documentTypeCode=CA',
      org: ORG.ASHW,
      ok: 200,
      outsiders: ['brook'],
    },
  ],
  'GET /admin/documents/headers/:id': [
    {
      label: 'no such header',
      path: () => `/api/admin/documents/headers/${NO_GHOST}`,
      org: ORG.ASHW,
      ok: 404,
      outsiders: ['brook'],
    },
  ],
  'GET /admin/documents/headers/:id/candidates': [
    {
      label: 'no such header',
      path: () => `/api/admin/documents/headers/${NO_GHOST}/candidates`,
      org: ORG.ASHW,
      ok: 404,
      outsiders: ['brook'],
    },
  ],
  'GET /admin/documents/headers/:id/previews': [
    {
      label: 'no such header',
      path: () => `/api/admin/documents/headers/${NO_GHOST}/previews`,
      org: ORG.ASHW,
      ok: 404,
      outsiders: ['brook'],
    },
  ],
  'GET /admin/documents/headers/:id/preview-transactions': [
    {
      label: 'no such header',
      path: () => `/api/admin/documents/headers/${NO_GHOST}/preview-transactions`,
      org: ORG.ASHW,
      ok: 404,
      outsiders: ['brook'],
    },
  ],
  'GET /admin/documents/headers/:id/transactions': [
    {
      label: 'no such header',
      path: () => `/api/admin/documents/headers/${NO_GHOST}/transactions`,
      org: ORG.ASHW,
      ok: 404,
      outsiders: ['brook'],
    },
  ],
  'POST /admin/documents/headers/:id/previews/:previewId': [
    {
      label: 'no such header',
      path: () => `/api/admin/documents/headers/${NO_GHOST}/previews/${NO_GHOST}`,
      org: ORG.ASHW,
      ok: 404,
      outsiders: ['brook'],
      body: { version: 1, proceeds: '10.00' },
    },
  ],
  'POST /admin/documents/headers/:id/refresh': [
    {
      label: 'no such header',
      path: () => `/api/admin/documents/headers/${NO_GHOST}/refresh`,
      org: ORG.ASHW,
      ok: 404,
      outsiders: ['brook'],
    },
  ],
  'POST /admin/documents/headers/:id/process': [
    {
      label: 'no such header',
      path: () => `/api/admin/documents/headers/${NO_GHOST}/process`,
      org: ORG.ASHW,
      ok: 404,
      outsiders: ['brook'],
    },
  ],
  'POST /admin/documents/headers/:id/reverse': [
    {
      label: 'no such header',
      path: () => `/api/admin/documents/headers/${NO_GHOST}/reverse`,
      org: ORG.ASHW,
      ok: 404,
      outsiders: ['brook'],
    },
  ],
  'POST /admin/documents/headers/:id/delete': [
    {
      label: 'no such header',
      path: () => `/api/admin/documents/headers/${NO_GHOST}/delete`,
      org: ORG.ASHW,
      ok: 404,
      outsiders: ['brook'],
    },
  ],
  'POST /admin/documents/headers/:id/candidates/:candidateId': [
    {
      label: 'no such header',
      path: () => `/api/admin/documents/headers/${NO_GHOST}/candidates/${NO_GHOST}`,
      org: ORG.ASHW,
      ok: 404,
      outsiders: ['brook'],
      body: { version: 1, holdingQuantity: '10' },
    },
  ],
  'POST /admin/documents/headers/:id/candidates/:candidateId/include': [
    {
      label: 'no such header',
      path: () => `/api/admin/documents/headers/${NO_GHOST}/candidates/${NO_GHOST}/include`,
      org: ORG.ASHW,
      ok: 404,
      outsiders: ['brook'],
    },
  ],
  'POST /admin/documents/headers/:id/candidates/:candidateId/exclude': [
    {
      label: 'no such header',
      path: () => `/api/admin/documents/headers/${NO_GHOST}/candidates/${NO_GHOST}/exclude`,
      org: ORG.ASHW,
      ok: 404,
      outsiders: ['brook'],
    },
  ],
  'POST /admin/documents/headers': [
    {
      label: 'a dividend without its security',
      path: () => '/api/admin/documents/headers',
      org: ORG.ASHW,
      ok: 400,
      outsiders: ['brook'],
      body: { typeUuid: CASH_DIVIDEND_TYPE, exDate: '2026-09-01', payDate: '2026-09-15' },
    },
  ],
  'PUT /admin/documents/headers': [
    {
      label: 'no such header',
      path: () => '/api/admin/documents/headers',
      org: ORG.ASHW,
      ok: 404,
      outsiders: ['brook'],
      body: { uuid: NO_GHOST, typeUuid: CASH_DIVIDEND_TYPE },
    },
  ],
  'POST /admin/documents/headers/report-csv': [
    {
      label: 'headers paid this year',
      path: () => '/api/admin/documents/headers/report-csv',
      org: ORG.ASHW,
      ok: 200,
      outsiders: ['brook'],
      body: { searchDateType: 'PAY_DATE', from: '2026-01-01', to: '2026-12-31' },
    },
  ],
  'POST /admin/documents/headers/candidates/report-csv': [
    {
      label: 'candidates of this year',
      path: () => '/api/admin/documents/headers/candidates/report-csv',
      org: ORG.ASHW,
      ok: 200,
      outsiders: ['brook'],
      body: { startDate: '2026-01-01', endDate: '2026-12-31' },
    },
  ],
  // Public (the window opened has no bearer) but guarded by the link's token: anyone holding a fresh link gets
  // the file, a made-up token nobody does.
  'GET /reports/download/:token': [
    {
      label: 'a fresh link',
      path: () => ids.reportLink,
      ok: 200,
      prepare: async () => {
        const answer = await request('POST', '/api/admin/documents/headers/report-csv', {
          token: tokens.manager,
          org: ORG.ASHW,
          body: { searchDateType: 'PAY_DATE' },
        });
        ids.reportLink = answer.body.url;
        return {};
      },
    },
    {
      label: 'a made-up token',
      path: () => '/api/reports/download/bm90LWEtbGluaw.c2lnbmF0dXJl',
      ok: 403,
      message: 'This download link is not valid',
    },
  ],
  // A tax year the client does not have: every role may ask (404), another firm's member is refused first.
  'POST /clients/cgt-report': [
    {
      label: 'a tax year the client does not have',
      path: () => '/api/clients/cgt-report',
      org: ORG.ASHW,
      ok: 404,
      outsiders: ['brook'],
      // made when the probe runs: the walk's client exists by then
      prepare: async () => ({ body: { clientUuid: ids.clientUuid, taxYearUuid: NO_GHOST } }),
    },
  ],
  // Singular Reports downloads refused by the kind's rules before any job: every role asks, another firm is refused.
  'POST /clients/income-report': reportRefusal(
    'a period that ends before it starts',
    '/api/clients/income-report',
    BACKWARDS,
  ),
  'POST /holdings/report-pdf': reportRefusal('an As at in the future', '/api/holdings/report-pdf', FUTURE),
  'POST /holdings/report-csv': reportRefusal('an As at in the future', '/api/holdings/report-csv', FUTURE),
  'POST /holdings/ca/report-pdf': reportRefusal('an As at in the future', '/api/holdings/ca/report-pdf', FUTURE),
  'POST /holdings/ca/report-csv': reportRefusal('an As at in the future', '/api/holdings/ca/report-csv', FUTURE),
  'POST /reconciliation/report-pdf': reportRefusal(
    'a security id that is no whole number',
    '/api/reconciliation/report-pdf',
    FRACTIONAL_SECURITY,
  ),
  'POST /reconciliation/report-csv': reportRefusal(
    'a security id that is no whole number',
    '/api/reconciliation/report-csv',
    FRACTIONAL_SECURITY,
  ),
  'POST /transactions/report-pdf': reportRefusal(
    'a period that ends before it starts',
    '/api/transactions/report-pdf',
    BACKWARDS,
  ),
  'POST /transactions/report-csv': reportRefusal(
    'a period that ends before it starts',
    '/api/transactions/report-csv',
    BACKWARDS,
  ),
  'POST /transactions/ops/report-csv': reportRefusal(
    'a period that ends before it starts',
    '/api/transactions/ops/report-csv',
    BACKWARDS,
  ),
  // Batch reports: a bad tax year refused for every role; a print no firm has is not found.
  'GET /batch-reports': clientProbe('the prints', () => '/api/batch-reports?size=10'),
  'POST /batch-reports': reportRefusal('a tax year that is not one', '/api/batch-reports', () => ({
    taxYear: '2024-26',
    reportType: 'cgt-realised',
  })),
  'GET /batch-reports/:id': clientProbe('no such print', () => '/api/batch-reports/2147483647', 404),
  'GET /batch-reports/:id/candidates': clientProbe(
    'no such print',
    () => '/api/batch-reports/2147483647/candidates',
    404,
  ),
  'POST /batch-reports/:id/publish': clientProbe('no such print', () => '/api/batch-reports/2147483647/publish', 404),
  'GET /clients/:clientUuid/reports': clientProbe('an ASHW client', () => `/api/clients/${ids.clientUuid}/reports`),
  'GET /clients/:clientUuid/reporting-restriction': clientProbe(
    'an ASHW client',
    () => `/api/clients/${ids.clientUuid}/reporting-restriction`,
  ),
  'GET /admin/documents/income-diaries': [
    {
      label: 'the diaries',
      path: () => '/api/admin/documents/income-diaries?size=10',
      org: ORG.ASHW,
      ok: 200,
      outsiders: ['brook'],
    },
  ],
  'GET /admin/documents/income-diaries/:uuid': [
    {
      label: 'no such diary',
      path: () => `/api/admin/documents/income-diaries/${NO_GHOST}`,
      org: ORG.ASHW,
      ok: 404,
      outsiders: ['brook'],
    },
  ],
  'POST /admin/documents/income-diaries': [
    {
      label: 'a diary without its security',
      path: () => '/api/admin/documents/income-diaries',
      org: ORG.ASHW,
      ok: 400,
      outsiders: ['brook'],
      body: { incomeType: 'UK_DIVIDEND', rate: '0.1', nextExDate: '2027-01-04', nextPayDate: '2027-01-20' },
    },
  ],
  'PUT /admin/documents/income-diaries': [
    {
      label: 'no such diary',
      path: () => '/api/admin/documents/income-diaries',
      org: ORG.ASHW,
      ok: 404,
      outsiders: ['brook'],
      body: {
        uuid: NO_GHOST,
        version: 1,
        securityId: 1,
        incomeType: 'UK_DIVIDEND',
        documentTypeUuid: CASH_DIVIDEND_TYPE,
        layerUuid: NO_GHOST,
        rate: '0.1',
        nextExDate: '2027-01-04',
        nextPayDate: '2027-01-20',
        frequency: 'QUARTERLY',
      },
    },
  ],
  'POST /admin/documents/income-diaries/:uuid/delete': [
    {
      label: 'no such diary',
      path: () => `/api/admin/documents/income-diaries/${NO_GHOST}/delete`,
      org: ORG.ASHW,
      ok: 404,
      outsiders: ['brook'],
    },
  ],
  'POST /admin/documents/income-diaries/run': [
    {
      label: 'run now',
      path: () => '/api/admin/documents/income-diaries/run',
      org: ORG.ASHW,
      ok: 200,
      outsiders: ['brook'],
    },
  ],
  'GET /admin/documents/types': [
    {
      label: 'the document types',
      path: () => '/api/admin/documents/types',
      org: ORG.ASHW,
      ok: 200,
      outsiders: ['brook'],
    },
  ],
  'GET /admin/documents/types/:uuid': [
    {
      label: 'no such type',
      path: () => `/api/admin/documents/types/${NO_GHOST}`,
      org: ORG.ASHW,
      ok: 404,
      outsiders: ['brook'],
    },
  ],
  'POST /admin/documents/types': [
    {
      label: 'a copy of no such base',
      path: () => '/api/admin/documents/types',
      org: ORG.ASHW,
      ok: 404,
      outsiders: ['brook'],
      body: { baseUuid: NO_GHOST, code: 'WALK_COPY', name: 'Walk copy' },
    },
  ],
  'PUT /admin/documents/types/:uuid': [
    {
      label: 'no such type',
      path: () => `/api/admin/documents/types/${NO_GHOST}`,
      org: ORG.ASHW,
      ok: 404,
      outsiders: ['brook'],
      body: { version: 1, name: 'Walk' },
    },
  ],
  'GET /mi-dashboard': [
    { label: 'the figures', path: () => '/api/mi-dashboard', org: ORG.ASHW, ok: 200, outsiders: ['brook'] },
  ],
  'POST /taximiser/proposals': [
    {
      label: 'a bad sale',
      path: () => '/api/taximiser/proposals',
      org: ORG.ASHW,
      ok: 400,
      outsiders: ['brook'],
      prepare: async () => ({
        body: {
          portfolioUuid: ids.portfolioUuid,
          tradeDate: yesterday,
          disposals: [{ securityId: 1, quantity: '-1', price: '1' }],
        },
      }),
    },
  ],
  'POST /transactions/summary': [
    {
      label: 'ASHW holding',
      path: () => '/api/transactions/summary',
      org: ORG.ASHW,
      ok: 200,
      outsiders: ['brook'],
      prepare: async () => ({ body: { portfolioUuid: ids.portfolioUuid, clientUuid: ids.clientUuid, securityId: 1 } }),
    },
  ],
  'GET /customerAdmin/transactions': [
    {
      label: 'ASHW holding',
      path: () => `/api/customerAdmin/transactions?portfolioUuid=${ids.portfolioUuid}&securityId=1`,
      org: ORG.ASHW,
      ok: 200,
      outsiders: ['brook'],
    },
  ],
  'POST /customerAdmin/transactions': [
    {
      label: 'a purchase',
      path: () => '/api/customerAdmin/transactions',
      org: ORG.ASHW,
      ok: 201,
      outsiders: ['brook'],
      prepare: async () => ({
        body: {
          portfolioUuid: ids.portfolioUuid,
          securityId: '1',
          transaction: { type: 'BUY', tradeDate: yesterday, quantity: '1', price: '1', expenses: '0', currency: 'GBP' },
        },
      }),
    },
  ],
  'PUT /customerAdmin/transactions': [
    {
      label: 'the purchase at its version',
      path: () => '/api/customerAdmin/transactions',
      org: ORG.ASHW,
      ok: 200,
      outsiders: ['brook'],
      prepare: async () => {
        const rows = (
          await request(
            'GET',
            `/api/customerAdmin/transactions?portfolioUuid=${ids.portfolioUuid}&securityId=1`,
            asAdmin(),
          )
        ).body as { uuid: string; version: number }[];
        const { version } = rows.find((r) => r.uuid === ids.transactionUuid)!;
        return {
          body: {
            portfolioUuid: ids.portfolioUuid,
            securityId: 1,
            transactions: [{ uuid: ids.transactionUuid, version, notes: `Walked ${++sequence}` }],
          },
        };
      },
    },
  ],
  'GET /customerAdmin/transactions/types': [
    {
      label: 'for a portfolio',
      path: () => `/api/customerAdmin/transactions/types?portfolioUuid=${ids.portfolioUuid}`,
      org: ORG.ASHW,
      ok: 200,
      outsiders: ['brook'],
    },
  ],
  'GET /customerAdmin/transactions/states': [
    {
      label: 'states',
      path: () => '/api/customerAdmin/transactions/states',
      org: ORG.ASHW,
      ok: 200,
      outsiders: ['brook'],
    },
  ],
  'GET /customerAdmin/transactions/metadata': [
    {
      label: 'BUY of security 1',
      path: () => '/api/customerAdmin/transactions/metadata?type=BUY&securityId=1',
      org: ORG.ASHW,
      ok: 200,
      outsiders: ['brook'],
    },
  ],
  'GET /admin/transaction-types': [
    { label: 'list', path: () => '/api/admin/transaction-types', org: ORG.ASHW, ok: 200, outsiders: ['brook'] },
  ],
  'GET /admin/transaction-types/:uuid': [
    {
      label: 'system BUY',
      path: () => `/api/admin/transaction-types/${BUY_TYPE_UUID}`,
      org: ORG.ASHW,
      ok: 200,
      outsiders: ['brook'],
    },
  ],
  'POST /admin/transaction-types': [
    {
      label: 'a firm type',
      path: () => '/api/admin/transaction-types',
      org: ORG.ASHW,
      ok: 201,
      outsiders: ['brook'],
      prepare: uniqueBody((n) => ({ name: `Walk Type ${n}`, effect: 'SELL' })),
    },
  ],
  'PUT /admin/transaction-types/:uuid': [
    {
      label: "ASHW's own type at its version",
      path: () => `/api/admin/transaction-types/${ids.typeUuid}`,
      org: ORG.ASHW,
      ok: 200,
      outsiders: ['brook'],
      prepare: async () => {
        const type = (await request('GET', `/api/admin/transaction-types/${ids.typeUuid}`, asAdmin())).body;
        return { body: { ...type, description: `Walked ${++sequence}` } };
      },
    },
  ],
  'GET /admin/clients': clientProbe('a page', () => '/api/admin/clients?page=1&size=10&sort=code,asc'),
  'GET /admin/clients/by-company': clientProbe('companies', () => '/api/admin/clients/by-company?company=true'),
  'GET /admin/clients/service-levels': clientProbe('service levels', () => '/api/admin/clients/service-levels'),
  'GET /admin/clients/states': clientProbe('states', () => '/api/admin/clients/states'),
  'GET /admin/clients/types': clientProbe('types', () => '/api/admin/clients/types'),
  'GET /admin/clients/relationship-types': clientProbe(
    'relationship types',
    () => '/api/admin/clients/relationship-types',
  ),
  'GET /admin/clients/addresses/statuses': clientProbe(
    'address statuses',
    () => '/api/admin/clients/addresses/statuses',
  ),
  'GET /admin/clients/reporting-frequencies': clientProbe(
    'frequencies',
    () => '/api/admin/clients/reporting-frequencies',
  ),
  'GET /admin/clients/countries': clientProbe('countries', () => '/api/admin/clients/countries'),
  'GET /admin/clients/income-types': clientProbe('income types', () => '/api/admin/clients/income-types'),
  'GET /admin/clients/types/:id/tax-years': clientProbe('individual', () => '/api/admin/clients/types/1/tax-years'),
  'GET /admin/clients/:id': clientProbe('an ASHW client', () => `/api/admin/clients/${ids.clientId}`),
  'POST /admin/clients': [
    {
      label: 'a new client',
      path: () => '/api/admin/clients',
      org: ORG.ASHW,
      ok: 201,
      outsiders: ['brook'],
      prepare: uniqueBody((n) => ({
        code: `WALK-C${n}`,
        name: `Walk Client ${n}`,
        typeCode: 'INDIVIDUAL',
        stateCode: 'LIVE',
      })),
    },
  ],
  'PUT /admin/clients/:id': [
    {
      label: 'an ASHW client at its version',
      path: () => `/api/admin/clients/${ids.clientId}`,
      org: ORG.ASHW,
      ok: 200,
      outsiders: ['brook'],
      prepare: async () => {
        const client = (await request('GET', `/api/admin/clients/${ids.clientId}`, asAdmin())).body;
        return { body: { ...clientInputOf(client), notes: `Walked ${++sequence}` } };
      },
    },
  ],
  'POST /admin/clients/lookup': clientProbe('a taken code', () => '/api/admin/clients/lookup?code=ASH00001'),
  'GET /clients/:clientUuid/tax-years': clientProbe('an ASHW client', () => `/api/clients/${ids.clientUuid}/tax-years`),
  'GET /clients/calculation-status/:clientUuid': clientProbe(
    'an ASHW client',
    () => `/api/clients/calculation-status/${ids.clientUuid}`,
  ),
  'GET /jobs': [{ label: 'list', path: () => '/api/jobs?size=5', org: ORG.ASHW, ok: 200, outsiders: ['brook'] }],
  'GET /admin/jobs/:jobUuid': [
    {
      label: 'an ASHW job',
      path: () => `/api/admin/jobs/${ids.jobUuid}`,
      org: ORG.ASHW,
      ok: 200,
      outsiders: ['brook'],
    },
  ],
  'GET /admin/mmt': [{ label: 'today', path: () => '/api/admin/mmt', org: ORG.ASHW, ok: 200, outsiders: ['brook'] }],
  'POST /admin/mmt/:logUuid': [
    {
      label: 'an ASHW log',
      path: () => `/api/admin/mmt/${ids.logUuid}`,
      org: ORG.ASHW,
      ok: 200,
      outsiders: ['brook'],
      body: { status: 3, notes: 'Walked' },
    },
  ],
  'GET /admin/ghost-transactions': [
    { label: 'list', path: () => '/api/admin/ghost-transactions', org: ORG.ASHW, ok: 200, outsiders: ['brook'] },
  ],
  'POST /admin/ghost-transactions/:uuid/repair': [
    {
      label: 'not a ghost',
      path: () => `/api/admin/ghost-transactions/${NO_GHOST}/repair`,
      org: ORG.ASHW,
      ok: 404,
      outsiders: ['brook'],
      body: { version: 1, securityId: 1 },
    },
  ],
  'POST /admin/ghost-transactions/:uuid/cancel': [
    {
      label: 'not a ghost',
      path: () => `/api/admin/ghost-transactions/${NO_GHOST}/cancel`,
      org: ORG.ASHW,
      ok: 404,
      outsiders: ['brook'],
      body: { version: 1 },
    },
  ],
  'POST /interface-logging/imports': [
    {
      label: 'a bad transactions file (a task that fails, posting nothing)',
      path: () => '/api/interface-logging/imports',
      org: ORG.ASHW,
      ok: 202,
      outsiders: ['brook'],
      body: { kind: 'TRANSACTIONS', fileName: 'walk.csv', content: 'client,portfolio\nNOPE,NOPE' },
    },
  ],
  'GET /interface-logging/imports': [
    { label: 'list', path: () => '/api/interface-logging/imports', org: ORG.ASHW, ok: 200, outsiders: ['brook'] },
  ],
  'GET /interface-logging/imports/:uuid': [
    {
      label: 'no such import',
      path: () => `/api/interface-logging/imports/${NO_GHOST}`,
      org: ORG.ASHW,
      ok: 404,
      outsiders: ['brook'],
    },
  ],
};

function expectedStatus(call: CallDefinition, persona: Persona, probe: Probe): number {
  if (call.roles !== 'PUBLIC') {
    if (persona === 'anonymous') return 401;
    if (!canCall(PERSONAS[persona].roles, call)) return 403;
  }
  if (probe.outsiders?.includes(persona)) return 403;
  return probe.okFor?.[persona] ?? probe.ok;
}

describe('the calls walk', () => {
  it('has a probe for every call in the table, and the table has every route of the BFF', () => {
    expect(Object.keys(WALK).sort()).toEqual(CALLS.map((c) => `${c.method} ${c.path}`).sort());
    const routes = system.app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/'));
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const path = route.path.slice('/api'.length).replace(/\/$/, '') || '/';
      const found = matchCall(route.method, path);
      expect(found?.call.path, `${route.method} ${route.path}`).toBe(path);
    }
  });

  CALLS.forEach((call, callIndex) => {
    const key = `${call.method} ${call.path}`;
    it(`${key}: each role, another firm's member and no token get the table's answer`, async () => {
      const results: string[] = [];
      const wanted: string[] = [];
      for (const probe of WALK[key] ?? []) {
        for (const [personaIndex, persona] of NAMES.entries()) {
          const ip = `10.${80 + (callIndex % 100)}.${personaIndex}.${Math.floor(callIndex / 100)}`;
          const prepared = probe.prepare ? await probe.prepare(persona, ip) : {};
          const token = prepared.token ?? (persona === 'anonymous' ? undefined : tokens[persona]);
          const answer = await request(call.method, probe.path(), {
            token,
            org: probe.org,
            body: prepared.body ?? probe.body,
            ip,
          });
          const expected = expectedStatus(call, persona, probe);
          results.push(`${probe.label} as ${persona}: ${answer.status}`);
          wanted.push(`${probe.label} as ${persona}: ${expected}`);
          if (answer.status === expected && probe.message && call.roles === 'PUBLIC') {
            expect(answer.body.type_description).toBe(probe.message);
          }
        }
      }
      expect(results).toEqual(wanted);
    });
  });

  it('as the spec says: a non-admin gets 403 on every admin call; only the provider changes organisations and service levels', async () => {
    for (const call of CALLS.filter((c) => c.path.startsWith('/admin/'))) {
      expect(canCall(['ROLE_CUSTOMER_NON_ADMIN'], call), `${call.method} ${call.path}`).toBe(false);
    }
    const superOnly = CALLS.filter((c) => c.roles !== 'PUBLIC' && c.roles.length === 1).map(
      (c) => `${c.method} ${c.path}`,
    );
    expect(superOnly.sort()).toEqual(
      [
        'POST /admin/organisations',
        'PUT /admin/organisations/:id',
        'POST /admin/organisations/service-levels',
        'PUT /admin/organisations/service-levels/:id',
        'GET /admin/audit',
        'GET /dev/mailbox',
        'POST /admin/securities/prices/upload',
        'PUT /admin/securities/:id/prices/:date',
        'POST /admin/currencies/fx-rates',
        'POST /admin/static-data/changes/:uuid/approve',
        'POST /admin/static-data/changes/:uuid/reject',
        'POST /reference-data/annual-exempt-amounts',
      ].sort(),
    );
    // Only the first role counts: a non-admin whose second role is admin is still a non-admin.
    expect(canCall(['ROLE_CUSTOMER_NON_ADMIN', 'ROLE_ADMIN'], matchCall('GET', '/admin/organisations')!.call)).toBe(
      false,
    );
  });
});

describe('the services check again (the BFF is not the only gate)', () => {
  const refused = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => ConnectError.from(e),
    );
    return error?.code;
  };

  it('when identity is called directly with a non-admin token, then every administration call is refused', async () => {
    const client = createClient(identity.IdentityService, system.transports.identity);
    const options = { headers: { authorization: `Bearer ${tokens.adviser}` } };
    const calls: (() => Promise<unknown>)[] = [
      () => client.adminListOrganisations({}, options),
      () => client.adminGetOrganisation({ key: { case: 'uuid', value: ORG.ASHW } }, options),
      () => client.createOrganisation({ code: 'X', name: 'X', type: 'FIRM' }, options),
      () => client.updateOrganisation({ id: ids.walkOrgId, code: 'X', name: 'X', type: 'FIRM' }, options),
      () => client.searchOrganisations({ term: '' }, options),
      () => client.listOrganisationTypes({}, options),
      () => client.listServiceLevels({}, options),
      () => client.getServiceLevel({ id: ids.serviceLevelId }, options),
      () => client.createServiceLevel({ code: 'X', serviceLevel: 'X' }, options),
      () => client.updateServiceLevel({ id: ids.serviceLevelId, code: 'X', serviceLevel: 'X' }, options),
      () => client.listUsers({}, options),
      () =>
        client.inviteUser(
          { email: 'x@gains.example', name: 'X', role: 'ROLE_CUSTOMER_NON_ADMIN', organisationUuids: [ORG.ASHW] },
          options,
        ),
      () => client.resetUserMfa({ uuid: ids.targetUuid }, options),
      () => client.setUserDisabled({ uuid: ids.targetUuid, disabled: true }, options),
      () => client.listAuditEntries({}, options),
    ];
    for (const call of calls) expect(await refused(call())).toBe(Code.PermissionDenied);
    const asManager = { headers: { authorization: `Bearer ${tokens.manager}` } };
    expect(await refused(client.createOrganisation({ code: 'X', name: 'X', type: 'FIRM' }, asManager))).toBe(
      Code.PermissionDenied,
    );
    expect(await refused(client.adminGetOrganisation({ key: { case: 'uuid', value: ORG.CLVP } }, asManager))).toBe(
      Code.PermissionDenied,
    );
    expect(await refused(client.adminListOrganisations({}))).toBe(Code.Unauthenticated);
  });

  it("when the clients service is called directly for another firm's organisation, then it is refused", async () => {
    const client = createClient(clients.ClientsService, system.transports.clients);
    const asBrook = { headers: { authorization: `Bearer ${tokens.brook}` } };
    const query = { organisationUuid: ORG.ASHW, page: 1, size: 10, term: '', filter: '', sort: [] };
    expect(await refused(client.listClientSummaries(query, asBrook))).toBe(Code.PermissionDenied);
    const asManager = { headers: { authorization: `Bearer ${tokens.manager}` } };
    expect(await refused(client.listClientSummaries(query, asManager))).toBeUndefined();
  });

  it('when the ledger is called directly for another firm or a non-admin writes, then it is refused', async () => {
    const client = createClient(ledger.LedgerService, system.transports.clients);
    const as = (persona: Persona) => ({ headers: { authorization: `Bearer ${tokens[persona]}` } });
    const post = {
      organisationUuid: ORG.ASHW,
      portfolioUuid: ids.portfolioUuid,
      securityId: 1,
      transaction: { type: 'BUY', tradeDate: yesterday, quantity: '1', price: '1' },
    };
    expect(
      await refused(client.listPortfolios({ organisationUuid: ORG.ASHW, ids: [ids.clientUuid] }, as('brook'))),
    ).toBe(Code.PermissionDenied);
    expect(await refused(client.postTransaction(post, as('brook')))).toBe(Code.PermissionDenied);
    expect(await refused(client.postTransaction(post, as('adviser')))).toBe(Code.PermissionDenied);
    expect(await refused(client.postTransaction({ ...post, organisationUuid: ORG.BRKF }, as('brook')))).toBe(
      Code.NotFound,
    );
    expect(
      await refused(client.getPortfolio({ organisationUuid: ORG.BRKF, uuid: ids.portfolioUuid }, as('brook'))),
    ).toBe(Code.NotFound);
    expect(await refused(client.listTransactionStates({ organisationUuid: ORG.ASHW }))).toBe(Code.Unauthenticated);
    expect(
      await refused(client.getPortfolio({ organisationUuid: ORG.ASHW, uuid: ids.portfolioUuid }, as('adviser'))),
    ).toBeUndefined();
  });

  it('when the securities service is called directly for another firm, by a non-admin, or a customer admin deciding, then it is refused', async () => {
    const client = createClient(securities.SecuritiesService, system.transports.securities);
    const as = (persona: Persona) => ({ headers: { authorization: `Bearer ${tokens[persona]}` } });
    const grid = { organisationUuid: ORG.ASHW, page: 1, size: 10, term: '', sort: [] };
    expect(await refused(client.searchSecurities({ organisationUuid: ORG.ASHW, term: 'a' }, as('brook')))).toBe(
      Code.PermissionDenied,
    );
    expect(await refused(client.listSecurities(grid, as('adviser')))).toBe(Code.PermissionDenied);
    expect(
      await refused(
        client.setPrice({ organisationUuid: ORG.ASHW, securityId: 1, date: '2025-01-02', price: '1' }, as('manager')),
      ),
    ).toBe(Code.PermissionDenied);
    expect(
      await refused(
        client.approveStaticDataChange({ organisationUuid: ORG.ASHW, uuid: ids.changeUuid }, as('manager')),
      ),
    ).toBe(Code.PermissionDenied);
    expect(await refused(client.listSecurities(grid))).toBe(Code.Unauthenticated);
    expect(await refused(client.listSecurities(grid, as('manager')))).toBeUndefined();
  });

  it("when the tax engine is called directly for another firm's organisation, or by a role without Calculations, then it is refused", async () => {
    const client = createClient(taxEngine.TaxEngineService, system.transports['tax-engine']);
    const request = { organisationUuid: ORG.ASHW, ledgerCsv: LEDGER };
    const as = (persona: Persona) => ({ headers: { authorization: `Bearer ${tokens[persona]}` } });
    expect(await refused(client.computeLedger(request, as('brook')))).toBe(Code.PermissionDenied);
    expect(await refused(client.computeLedger(request, as('adviser')))).toBe(Code.PermissionDenied);
    expect(await refused(client.computeLedger(request))).toBe(Code.Unauthenticated);
    expect(await refused(client.computeLedger(request, as('manager')))).toBeUndefined();
  });

  it("when the stored calculations are called directly for another firm, or by a non-admin, then every call is refused but one client's figures", async () => {
    const client = createClient(calculations.CalculationsService, system.transports['tax-engine']);
    const as = (persona: Persona) => ({ headers: { authorization: `Bearer ${tokens[persona]}` } });
    const org = { organisationUuid: ORG.ASHW };
    const calls = (options?: { headers: Record<string, string> }) => [
      client.recalculate({ ...org, clientUuid: ids.clientUuid }, options),
      client.listRuns({ ...org, clientUuid: ids.clientUuid, page: 1, size: 1 }, options),
      client.getRun({ ...org, id: NO_GHOST, disposalsPage: 1, disposalsPageSize: 1 }, options),
      client.getLedgerCsv({ ...org, clientUuid: ids.clientUuid }, options),
    ];
    for (const answer of calls(as('brook')).map((call) => refused(call)))
      expect(await answer).toBe(Code.PermissionDenied);
    // an adviser may have one client worked out again and read a stored run (its CGT report is one; this run does not
    // exist), not list the runs or read the ledger file
    // each answer awaited through refused() at once, so no refusal is left unhandled while another is awaited
    const [recalc, list, read, csv] = calls(as('adviser')).map((call) => refused(call));
    for (const answer of [list!, csv!]) expect(await answer).toBe(Code.PermissionDenied);
    expect(await recalc).toBeUndefined();
    expect(await read).toBe(Code.NotFound);
    expect(
      await refused(client.recalculate({ ...org, clientUuid: '' }, as('adviser'))),
      "the whole firm's recalculation",
    ).toBe(Code.PermissionDenied);
    for (const answer of calls().map((call) => refused(call))) expect(await answer).toBe(Code.Unauthenticated);
    expect(
      await refused(client.listRuns({ ...org, clientUuid: ids.clientUuid, page: 1, size: 1 }, as('manager'))),
    ).toBeUndefined();
  });
});
