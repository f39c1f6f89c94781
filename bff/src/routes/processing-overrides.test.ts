// A document type's processing override acting (seed 001 §3, issue 26), through the BFF against the whole system on
// a real PostgreSQL: Refresh takes a changed holding's figures without a review when replaceCandidateSecurityQuantity
// is set and keeps a new holder included with autoProcessNewHolding, never replacing a user's edit silently; and a
// header whose pay date + N days has come is processed by the service's timer, started by "Gains (auto process)".
// Figures are worked by hand below.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buy, newClient, newSecurity, settledHeader, until } from './documents-fixtures';
import { expectError, ORG, startTestSystem, type Persona, type TestSystem } from '../test-support';

let t: TestSystem;
const as = (persona: Persona, body?: unknown, org = ORG.ASHW) => ({ token: t.tokens[persona], org, body });
const manager = { persona: 'manager' as const, org: ORG.ASHW };
const ids = { a: '', b: '', c: '' };
let security = 0;
type Row = Record<string, string | number | boolean>;
interface TypeJson {
  uuid: string;
  code: string;
  lineDefinitions: { uuid: string; ord: number }[];
}
let cashDividend: TypeJson;

beforeAll(async () => {
  t = await startTestSystem();
  const client = await newClient(t, manager, 'OVR-1', 'Override Client', ['OVR-1-A', 'OVR-1-B', 'OVR-1-C']);
  [ids.a, ids.b, ids.c] = client.portfolios as [string, string, string];
  security = (await newSecurity(t, 'BD0V01', 'Override Dividend')).id;
  expect(await buy(t, manager, ids.a, security, { quantity: '1000', price: '2', tradeDate: '2026-08-03' })).toBe(201);
  expect(await buy(t, manager, ids.b, security, { quantity: '400', price: '2', tradeDate: '2026-08-03' })).toBe(201);
  const list = (await t.request('GET', '/api/admin/documents/types', as('manager'))).body as TypeJson[];
  cashDividend = list.find((x) => x.code === 'CASH_DIVIDEND')!;
}, 240_000);

afterAll(async () => t?.stop());

const content = async (header: string, grid: string) =>
  (await t.request('GET', `/api/admin/documents/headers/${header}/${grid}?size=100`, as('manager'))).body
    .content as Row[];
const byPortfolio = (list: Row[], code: string) => list.find((r) => r.portfolioCode === code)!;

/** The firm's copy of the cash dividend with the override given. */
async function typeWith(code: string, processingOverride: Record<string, unknown>): Promise<TypeJson> {
  const created = await t.request(
    'POST',
    '/api/admin/documents/types',
    as('manager', { baseUuid: cashDividend.uuid, code, name: code, processingOverride }),
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as TypeJson;
}

/** A dividend of `rate` a share of the type, ex 1 September and paid 15 September 2026; answers its uuid at PENDING. */
async function dividend(type: TypeJson, rate: string, more: Record<string, unknown> = {}): Promise<string> {
  const created = await save(type, rate, more);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect((await settledHeader(t, created.body.uuid)).status).toBe('PENDING');
  return created.body.uuid as string;
}

async function save(type: TypeJson, rate: string, more: Record<string, unknown> = {}) {
  const layer = (await t.request('GET', `/api/admin/documents/layers/${security}`, as('manager'))).body[0].uuid;
  return t.request(
    'POST',
    '/api/admin/documents/headers',
    as('manager', {
      ...more,
      typeUuid: type.uuid,
      securityId: security,
      exDate: '2026-09-01',
      payDate: '2026-09-15',
      layerUuid: layer,
      lines: [{ lineDefinitionUuid: type.lineDefinitions[0]!.uuid, rate }],
    }),
  );
}

const refresh = async (uuid: string) => {
  expect((await t.request('POST', `/api/admin/documents/headers/${uuid}/refresh`, as('manager'))).status).toBe(200);
  return settledHeader(t, uuid, 'REFRESHING');
};

describe('a header’s processing override', () => {
  it('is its type’s when made, its own when the terms send one, and checked like a type’s', async () => {
    const type = await typeWith('HDR_DIVIDEND', { replaceCandidateMarketValue: true });
    const header = async (uuid: string, persona: Persona = 'manager', org = ORG.ASHW) =>
      t.request('GET', `/api/admin/documents/headers/${uuid}`, as(persona, undefined, org));
    const copied = await dividend(type, '0.01');
    expect((await header(copied)).body.processingOverride).toMatchObject({
      replaceCandidateMarketValue: true,
      replaceCandidateCgtCost: false,
      autoProcess: false,
    });
    const own = await dividend(type, '0.01', { processingOverride: { replaceCandidateCgtCost: true } });
    expect((await header(own)).body.processingOverride).toMatchObject({
      replaceCandidateMarketValue: false,
      replaceCandidateCgtCost: true,
    });
    expectError(
      await save(type, '0.01', { processingOverride: { autoProcess: true, autoProcessNDaysAfterPayDate: 366 } }),
      400,
      'Auto process N days after pay date must be a whole number from 0 to 365',
      'processingOverride.autoProcessNDaysAfterPayDate',
    );
    // another firm cannot read it
    expect((await header(own, 'brook', ORG.BRKF)).status).toBe(404);
  });
});

describe('Refresh under a processing override', () => {
  it('takes a changed quantity and a new holder without a review, but reviews a candidate a user edited', async () => {
    const type = await typeWith('OVR_DIVIDEND', {
      replaceCandidateSecurityQuantity: true,
      autoProcessNewHolding: true,
    });
    const uuid = await dividend(type, '0.0525');

    // before the ex-date B buys 100 more (500 held) and C buys 200 (a new holder)
    expect(await buy(t, manager, ids.b, security, { quantity: '100', price: '2.10', tradeDate: '2026-08-20' })).toBe(
      201,
    );
    expect(await buy(t, manager, ids.c, security, { quantity: '200', price: '2.05', tradeDate: '2026-08-10' })).toBe(
      201,
    );
    // nothing waits for a review: the header stays PENDING
    expect((await refresh(uuid)).status).toBe('PENDING');
    const candidates = await content(uuid, 'candidates');
    expect(candidates.map((c) => [c.portfolioCode, c.holdingQuantity, c.status])).toEqual([
      ['OVR-1-A', '1000', 'PENDING'],
      ['OVR-1-B', '500', 'PENDING'],
      ['OVR-1-C', '200', 'PENDING'],
    ]);
    expect(byPortfolio(candidates, 'OVR-1-B').failureReason).toBe(
      'Replaced by the ledger’s figures: The ledger now holds 500 at the ex-date; the candidate had 400',
    );
    // 5.25p a share: 1,000 -> £52.50; 500 -> £26.25; 200 -> £10.50; all three proposed
    expect((await content(uuid, 'preview-transactions')).map((p) => [p.portfolioCode, p.proceeds])).toEqual([
      ['OVR-1-A', '52.5'],
      ['OVR-1-B', '26.25'],
      ['OVR-1-C', '10.5'],
    ]);

    // A's holding edited to 990 by a user: Refresh finds 1,000 and does not replace the user's figure silently
    const a = byPortfolio(candidates, 'OVR-1-A');
    const edit = await t.request(
      'POST',
      `/api/admin/documents/headers/${uuid}/candidates/${a.uuid}`,
      as('manager', { version: a.version, holdingQuantity: '990' }),
    );
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect((await refresh(uuid)).status).toBe('EDIT');
    const after = await content(uuid, 'candidates');
    expect(after.map((c) => [c.portfolioCode, c.holdingQuantity, c.status])).toEqual([
      ['OVR-1-A', '1000', 'PENDING_DIFF'],
      ['OVR-1-B', '500', 'PENDING'],
      ['OVR-1-C', '200', 'PENDING'],
    ]);
    expect(byPortfolio(after, 'OVR-1-A').failureReason).toBe(
      'The ledger now holds 1000 at the ex-date; the candidate had 990',
    );
    // another firm cannot refresh it
    expect(
      (await t.request('POST', `/api/admin/documents/headers/${uuid}/refresh`, as('brook', undefined, ORG.BRKF)))
        .status,
    ).toBe(404);
  });

  it('without the flags, a new holder is reviewed (PENDING_DIFF)', async () => {
    const type = await typeWith('PLAIN_DIVIDEND', {});
    const uuid = await dividend(type, '0.01');
    // D is a new holder since the header was made: 300 held from 12 August
    const d = await newClient(t, manager, 'OVR-2', 'Override Two', ['OVR-2-D']);
    expect(
      await buy(t, manager, d.portfolios[0]!, security, { quantity: '300', price: '2', tradeDate: '2026-08-12' }),
    ).toBe(201);
    expect((await refresh(uuid)).status).toBe('EDIT');
    const candidates = await content(uuid, 'candidates');
    expect(byPortfolio(candidates, 'OVR-2-D')).toMatchObject({ holdingQuantity: '300', status: 'PENDING_DIFF' });
  });
});

describe('auto processing', () => {
  it('processes a header whose pay date + N days has come, by the service’s timer, and leaves one not yet due', async () => {
    // N = 365: 15 September 2026 + 365 days = 15 September 2027, not yet come
    const later = await dividend(
      await typeWith('LATER_DIVIDEND', { autoProcess: true, autoProcessNDaysAfterPayDate: 365 }),
      '0.02',
    );
    // N = 2: 15 September 2026 + 2 days = 17 September 2026, come already
    const due = await dividend(
      await typeWith('AUTO_DIVIDEND', { autoProcess: true, autoProcessNDaysAfterPayDate: 2 }),
      '0.03',
    );
    // the timer ticks every minute
    const run = await until('the timer to process the due header', 150_000, async () => {
      const header = (await t.request('GET', `/api/admin/documents/headers/${due}`, as('manager'))).body;
      return header.status === 'RUN' ? header : undefined;
    });
    expect(run.status).toBe('RUN');
    // 3p a share: every candidate's row posted (the holders as the ledger stands at 1 September)
    const posted = await content(due, 'transactions');
    expect(posted.length).toBeGreaterThan(0);
    for (const p of posted) expect(p.transactionState).toBe('SETTLED');
    expect(byPortfolio(posted, 'OVR-1-A').proceeds).toBe('30'); // 1,000 x £0.03 = £30.00
    expect(byPortfolio(posted, 'OVR-1-B').proceeds).toBe('15'); // 500 x £0.03 = £15.00
    // started by no user: the Job Monitor names Gains (auto process)
    const jobs = (await t.request('GET', '/api/jobs?type=CREATE_TRANSACTIONS', as('manager'))).body;
    const job = ((jobs.content ?? jobs) as Row[]).find((j) => j.objectId === due);
    expect(job?.startedBy).toBe('Gains (auto process)');
    // the header not yet due was PENDING before that tick and is still
    const waiting = (await t.request('GET', `/api/admin/documents/headers/${later}`, as('manager'))).body;
    expect(waiting.status).toBe('PENDING');
  }, 200_000);
});
