// Seed 001 §4 through the BFF, against the whole system on a real PostgreSQL: each action a header's status forbids
// is refused with 412 (FAILED_PRECONDITION) naming the status, and the header and its rows are left as they were.
// The statuses are reached as a user reaches them: PENDING (created), EDIT (a candidate unticked), RUN (Create
// transactions), REVERSED (Reverse) and DELETED (Delete).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buy, cashDividendHeader, newClient, newSecurity, settledHeader } from './documents-fixtures';
import { expectError, ORG, startTestSystem, type Persona, type TestSystem } from '../test-support';

let t: TestSystem;
const as = (persona: Persona, body?: unknown, org = ORG.ASHW) => ({ token: t.tokens[persona], org, body });
const manager = { persona: 'manager' as const, org: ORG.ASHW };
let security = 0;

beforeAll(async () => {
  t = await startTestSystem();
  const client = await newClient(t, manager, 'RULES-1', 'Rules Client');
  security = (await newSecurity(t, 'BR0L01', 'Rules Dividend')).id;
  expect(
    await buy(t, manager, client.portfolios[0]!, security, { quantity: '1000', price: '2', tradeDate: '2026-08-03' }),
  ).toBe(201);
}, 240_000);

afterAll(async () => t?.stop());

type Row = { uuid: string; version: number; status: string };

/** A 5p cash dividend on the test's security, its candidates and previews made: PENDING. */
async function pendingHeader(): Promise<string> {
  const created = await cashDividendHeader(t, security, '0.05');
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect((await settledHeader(t, created.body.uuid)).status).toBe('PENDING');
  return created.body.uuid as string;
}

const call = (uuid: string, what: string, body?: unknown) =>
  t.request('POST', `/api/admin/documents/headers/${uuid}${what}`, as('manager', body));
const header = async (uuid: string) =>
  (await t.request('GET', `/api/admin/documents/headers/${uuid}`, as('manager'))).body as Row;
const first = async (uuid: string, grid: 'candidates' | 'previews') =>
  (await t.request('GET', `/api/admin/documents/headers/${uuid}/${grid}?size=10`, as('manager'))).body
    .content[0] as Row;

/** Every §4 action the status forbids, each refused naming the rule and the status; nothing changes. */
async function expectRefused(uuid: string, status: string, refused: ('delete' | 'reverse' | 'process' | 'rows')[]) {
  const before = await header(uuid);
  expect(before.status).toBe(status);
  const candidate = await first(uuid, 'candidates');
  const preview = await first(uuid, 'previews');
  const messages = {
    delete: `Delete is allowed only while the header is PENDING; it is ${status}`,
    reverse: `Reverse is allowed only while the header is RUN or COMPLETED; it is ${status}`,
    process: `Create transactions is allowed only while the header is PENDING, EDIT or RUN; it is ${status}`,
    rows: `Editing candidates and previews is allowed only while the header is PENDING or EDIT; it is ${status}`,
  };
  for (const action of refused) {
    if (action === 'rows') {
      const rowCalls = [
        call(uuid, `/candidates/${candidate.uuid}`, { version: candidate.version, holdingQuantity: '900' }),
        call(uuid, `/candidates/${candidate.uuid}/exclude`),
        call(uuid, `/candidates/${candidate.uuid}/include`),
        call(uuid, `/previews/${preview.uuid}`, { version: preview.version, holdingQuantity: '900' }),
      ];
      for (const answer of await Promise.all(rowCalls)) expectError(answer, 412, messages.rows, 'status');
    } else expectError(await call(uuid, `/${action}`), 412, messages[action], 'status');
  }
  const after = await header(uuid);
  expect(after.status).toBe(status);
  expect(after.version).toBe(before.version);
  expect(await first(uuid, 'candidates')).toEqual(candidate);
  expect(await first(uuid, 'previews')).toEqual(preview);
}

describe('seed 001 §4: what each header status allows, refused through the BFF', () => {
  it('PENDING: Reverse is refused; EDIT (a candidate unticked): Delete and Reverse are refused', async () => {
    const uuid = await pendingHeader();
    await expectRefused(uuid, 'PENDING', ['reverse']);
    const candidate = await first(uuid, 'candidates');
    expect((await call(uuid, `/candidates/${candidate.uuid}/exclude`)).status).toBe(200);
    await expectRefused(uuid, 'EDIT', ['delete', 'reverse']);
  });

  it('RUN: Delete and every row edit are refused; REVERSED: everything is refused', async () => {
    const uuid = await pendingHeader();
    expect((await call(uuid, '/process')).status).toBe(200);
    expect((await settledHeader(t, uuid, 'CREATING_TRANSACTIONS')).status).toBe('RUN');
    await expectRefused(uuid, 'RUN', ['delete', 'rows']);
    expect((await call(uuid, '/reverse')).status).toBe(200);
    expect((await settledHeader(t, uuid, 'REVERSING')).status).toBe('REVERSED');
    await expectRefused(uuid, 'REVERSED', ['delete', 'reverse', 'process', 'rows']);
  });

  it('DELETED: nothing more is done to it', async () => {
    const uuid = await pendingHeader();
    expect((await call(uuid, '/delete')).status).toBe(200);
    const deleted = await settledHeader(t, uuid, 'DELETING');
    expect(deleted.status).toBe('DELETED');
    for (const action of ['delete', 'reverse', 'process'] as const) {
      const answer = await call(uuid, `/${action}`);
      expect(answer.status, `${action} of a deleted header`).toBe(412);
      expect(answer.body.type_description).toMatch(/it is DELETED$/);
    }
  });
});
