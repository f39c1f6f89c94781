// Bad input found through the running product gets a 400 naming the field and the rule,
// from validation at the edge, and changes nothing; the services refuse it themselves too.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Code, ConnectError, createClient } from '@connectrpc/connect';
import { clients, identity } from '@gains/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORG, startTestSystem, type RequestOptions, type TestSystem } from './test-support';

const NUL = '\u0000';
const BIG = 2 ** 31;
let t: TestSystem;
let webDir = '';
let gainsId = 0;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gains-web-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Gains</title>');
  t = await startTestSystem({ webDir });
  gainsId = (await t.request('GET', `/api/admin/organisations/${ORG.GAINS}`, { token: t.tokens.admin })).body.id;
});
afterAll(async () => {
  await t?.stop();
  fs.rmSync(webDir, { recursive: true, force: true });
});

/** What an administrator can see of the stored data: unchanged by every refused call. */
async function snapshot() {
  const as = { token: t.tokens.admin };
  return {
    organisations: (await t.request('GET', '/api/admin/organisations', as)).body,
    serviceLevels: (await t.request('GET', '/api/admin/organisations/service-levels', as)).body,
    users: (await t.request('GET', '/api/admin/users?size=100', as)).body,
  };
}

type Case = [label: string, method: string, path: string, options: RequestOptions, field: string, message: RegExp];

const firm = (extra: object) => ({ code: 'EDGE', name: 'Edge', type: 'FIRM', parent: gainsId, ...extra });
const invite = (extra: object) => ({
  email: 'edge@gains.example',
  name: 'Edge',
  role: 'ROLE_CUSTOMER_NON_ADMIN',
  organisationUuids: [ORG.ASHW],
  ...extra,
});

function cases(): Case[] {
  const admin = t.tokens.admin;
  const nul = /must not contain a NUL \(zero\) character/;
  const int32 = /must be a whole number from 1 to 2147483647/;
  return [
    // A NUL byte in any text field or search term, signed in or not.
    [
      'NUL in the sign-in email',
      'POST',
      '/api/auth/sign-in',
      { body: { email: `a${NUL}@b.example`, password: 'x' } },
      'email',
      nul,
    ],
    [
      'NUL in the sign-in password',
      'POST',
      '/api/auth/sign-in',
      { body: { email: 'a@b.example', password: `x${NUL}` } },
      'password',
      nul,
    ],
    [
      'NUL in the forgot-password email',
      'POST',
      '/api/auth/forgot-password',
      { body: { email: `${NUL}` } },
      'email',
      nul,
    ],
    [
      'NUL in the reset code',
      'POST',
      '/api/auth/reset-password',
      { body: { email: 'a@b.example', code: `1${NUL}`, password: 'Aa1!aaaa' } },
      'code',
      nul,
    ],
    [
      'NUL in the reset password',
      'POST',
      '/api/auth/reset-password',
      { body: { email: 'a@b.example', code: '123456', password: `Aa1!${NUL}` } },
      'password',
      nul,
    ],
    ['NUL in the refresh token', 'POST', '/api/auth/refresh', { body: { refreshToken: NUL } }, 'refreshToken', nul],
    [
      'NUL in an organisation search body',
      'POST',
      '/api/admin/organisations/search',
      { token: admin, body: { term: NUL } },
      'term',
      nul,
    ],
    [
      'NUL in an organisation search query',
      'POST',
      '/api/admin/organisations/search?term=%00',
      { token: admin },
      'term',
      nul,
    ],
    ['NUL in a users search', 'GET', '/api/admin/users?term=a%00', { token: admin }, 'term', nul],
    ['NUL in a clients search', 'GET', '/api/clients/summary?term=%00', { token: admin, org: ORG.ASHW }, 'term', nul],
    [
      'NUL in an organisation name',
      'POST',
      '/api/admin/organisations',
      { token: admin, body: firm({ name: `E${NUL}` }) },
      'name',
      nul,
    ],
    [
      'NUL in a customer setting',
      'POST',
      '/api/admin/organisations',
      { token: admin, body: firm({ customer: { holdingVariance: NUL } }) },
      'customer.holdingVariance',
      nul,
    ],
    ['NUL in an invitee name', 'POST', '/api/admin/users', { token: admin, body: invite({ name: NUL }) }, 'name', nul],
    ['NUL in the dev mailbox address', 'GET', '/api/dev/mailbox?to=%00', { token: admin }, 'to', nul],
    [
      'half a character in a name',
      'POST',
      '/api/admin/organisations',
      { token: admin, body: firm({ name: 'E\ud800' }) },
      'name',
      /valid Unicode text/,
    ],
    // Integers of 2^31 or more.
    [
      'a huge parent',
      'POST',
      '/api/admin/organisations',
      { token: admin, body: firm({ parent: BIG }) },
      'parent',
      int32,
    ],
    [
      'a huge service level',
      'POST',
      '/api/admin/organisations',
      { token: admin, body: firm({ serviceLevelId: BIG }) },
      'serviceLevelId',
      int32,
    ],
    [
      'a huge old price age',
      'POST',
      '/api/admin/organisations',
      { token: admin, body: firm({ customer: { oldPriceAgeDays: BIG } }) },
      'customer.oldPriceAgeDays',
      /from -2147483648 to 2147483647/,
    ],
    [
      'a huge report type',
      'POST',
      '/api/admin/organisations/service-levels',
      { token: admin, body: { code: 'EDGE', serviceLevel: 'Edge', reportTypeMappings: [{ reportTypeId: BIG }] } },
      'reportTypeMappings.0.reportTypeId',
      int32,
    ],
    [
      'a huge clients page',
      'GET',
      `/api/clients/summary?page=${BIG}`,
      { token: admin, org: ORG.ASHW },
      'page',
      /page must be a whole number from 1 to 1000000/,
    ],
    [
      'a huge clients size',
      'GET',
      `/api/clients/summary?size=${BIG}`,
      { token: admin, org: ORG.ASHW },
      'size',
      /size must be a whole number from 1 to 100/,
    ],
    [
      'a huge users page',
      'GET',
      `/api/admin/users?page=99999999999`,
      { token: admin },
      'page',
      /page must be a whole number from 1 to 1000000/,
    ],
    // Uuids that are not.
    [
      'a non-uuid audit user',
      'GET',
      '/api/admin/audit?userUuid=nobody',
      { token: admin },
      'userUuid',
      /userUuid must be a uuid/,
    ],
    [
      'a non-uuid organisation in an invite',
      'POST',
      '/api/admin/users',
      { token: admin, body: invite({ organisationUuids: [ORG.ASHW, 'GAINS'] }) },
      'organisationUuids.1',
      /must be a uuid/,
    ],
    [
      'a non-uuid organisation header',
      'GET',
      '/api/clients/summary',
      { token: admin, org: 'GAINS' },
      'X-Organisation-Uuid',
      /must be a uuid/,
    ],
    // Long emails: over 254 characters, and a 1 MB one (over the body limit, never read whole).
    [
      'a 300-character email',
      'POST',
      '/api/auth/sign-in',
      { body: { email: `${'a'.repeat(286)}@gains.example`, password: 'x' } },
      'email',
      /Email address must be at most 254 characters/,
    ],
    [
      'a 1 MB email',
      'POST',
      '/api/auth/forgot-password',
      { body: { email: `${'a'.repeat(1_000_000)}@gains.example` } },
      'body',
      /The request body must be at most 64 KB/,
    ],
    [
      'a 1 MB invitee email',
      'POST',
      '/api/admin/users',
      { token: admin, body: invite({ email: `${'a'.repeat(1_000_000)}@gains.example` }) },
      'body',
      /The request body must be at most 64 KB/,
    ],
    // Wrong shapes.
    [
      'a body that is not an object',
      'POST',
      '/api/auth/sign-in',
      { body: ['admin@gains.example'] },
      'body',
      /must be a JSON object/,
    ],
    ['a body that is not JSON', 'POST', '/api/auth/sign-in', { rawBody: '{"email":' }, 'body', /must be JSON/],
    [
      'a page given twice',
      'GET',
      '/api/admin/users?page=1&page=2',
      { token: admin },
      'page',
      /page must be given once/,
    ],
  ];
}

describe('bad input at the edge', () => {
  it('when a field holds a NUL byte, a number past int32, a non-uuid or too much text, then 400 names the field and nothing changes', async () => {
    const before = await snapshot();
    const wrong: string[] = [];
    for (const [label, method, path, options, field, message] of cases()) {
      const answer = await t.request(method, path, { ip: '10.90.0.1', ...options });
      const ok =
        answer.status === 400 && answer.body?.field === field && message.test(answer.body?.type_description ?? '');
      if (!ok) wrong.push(`${label}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
      expect(Object.keys(answer.body ?? {}).sort(), label).toEqual(['field', 'id', 'timestamp', 'type_description']);
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('when the web path is not a valid URL path, then 400 in the error body; the web app is served otherwise', async () => {
    for (const bad of ['/%', '/%zz', '/clients/%E0%A4%A']) {
      const answer = await t.request('GET', bad);
      expect(answer.status, bad).toBe(400);
      expect(answer.body).toMatchObject({
        field: 'path',
        type_description: expect.stringContaining('not a valid URL path'),
      });
    }
    const nul = await t.request('GET', '/%00');
    expect(nul).toMatchObject({ status: 400, body: { field: 'path' } });
    const page = await t.request('GET', '/clients/50%25');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Gains</title>');
  });

  it('when a body is within its call’s limit, then it is read; the ledger call keeps its larger limit', async () => {
    const signIn = await t.request('POST', '/api/auth/sign-in', {
      body: { email: 'nobody@gains.example', password: 'x'.repeat(1000), padding: 'p'.repeat(60_000) },
      ip: '10.90.0.2',
    });
    expect(signIn.status).toBe(401);
    const ledger = await t.request('POST', '/api/calculations/ledger', {
      token: t.tokens.admin,
      org: ORG.ASHW,
      body: {
        ledgerCsv: 'date,type,security,quantity,price\n' + '2023-05-01,BUY,ACME,1,1.00\n'.repeat(4000),
      },
    });
    expect(ledger.status).toBe(200);
  });
});

describe('the services refuse bad input themselves (the BFF is not the only gate)', () => {
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => ConnectError.from(e),
    );
    return error && { code: Code[error.code], field: error.metadata.get('x-error-field'), message: error.rawMessage };
  };

  it('when identity is called directly with a NUL byte, a non-uuid or a page past the last, then INVALID_ARGUMENT names the field', async () => {
    const client = createClient(identity.IdentityService, t.system.transports.identity);
    const asAdmin = { headers: { authorization: `Bearer ${t.tokens.admin}` } };
    expect(await refusal(client.signIn({ email: `a${NUL}@b.example`, password: 'x' }))).toMatchObject({
      code: 'InvalidArgument',
      field: 'email',
    });
    expect(await refusal(client.forgotPassword({ email: `${'a'.repeat(300)}@b.example` }))).toMatchObject({
      code: 'InvalidArgument',
      field: 'email',
      message: 'Email address must be at most 254 characters',
    });
    expect(await refusal(client.listAuditEntries({ userUuid: 'nobody' }, asAdmin))).toMatchObject({
      code: 'InvalidArgument',
      field: 'userUuid',
    });
    expect(await refusal(client.listUsers({ page: 2 ** 31 - 1, size: 1000 }, asAdmin))).toMatchObject({
      code: 'InvalidArgument',
      field: 'page',
    });
    expect(
      await refusal(
        client.inviteUser(
          { email: 'x@gains.example', name: 'X', role: 'ROLE_CUSTOMER_NON_ADMIN', organisationUuids: ['GAINS'] },
          asAdmin,
        ),
      ),
    ).toMatchObject({ code: 'InvalidArgument', field: 'organisationUuids.0' });
    expect(
      await refusal(client.adminGetOrganisation({ key: { case: 'uuid', value: `${ORG.ASHW}${NUL}` } }, asAdmin)),
    ).toMatchObject({ code: 'InvalidArgument', field: 'key.uuid' });
  });

  it('when the clients service is called directly with a NUL byte, a huge page or a non-uuid organisation, then INVALID_ARGUMENT names the field', async () => {
    const client = createClient(clients.ClientsService, t.system.transports.clients);
    const asAdmin = { headers: { authorization: `Bearer ${t.tokens.admin}` } };
    const query = { organisationUuid: ORG.ASHW, page: 1, size: 10, term: '', filter: '', sort: [] };
    expect(await refusal(client.listClientSummaries({ ...query, term: NUL }, asAdmin))).toMatchObject({
      code: 'InvalidArgument',
      field: 'term',
    });
    expect(await refusal(client.listClientSummaries({ ...query, page: 2 ** 31 - 1 }, asAdmin))).toMatchObject({
      code: 'InvalidArgument',
      field: 'page',
    });
    expect(await refusal(client.listClientSummaries({ ...query, organisationUuid: 'GAINS' }, asAdmin))).toMatchObject({
      code: 'InvalidArgument',
      field: 'organisationUuid',
    });
  });
});
