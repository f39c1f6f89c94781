// A corporate action's grids past the candidates (issue 26, seed 001 §2, §4, §7): previews edited, the proposed
// transactions, refresh after the ledger changed (PENDING_DIFF), and the posted transactions with their codes and
// states, through the BFF against the whole system on a real PostgreSQL. Figures are worked by hand below.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buy, cashDividendHeader, newClient, newSecurity, settledHeader } from './documents-fixtures';
import { expectError, ORG, startTestSystem, type Persona, type TestSystem } from '../test-support';

let t: TestSystem;
const as = (persona: Persona, body?: unknown, org = ORG.ASHW) => ({ token: t.tokens[persona], org, body });
const manager = { persona: 'manager' as const, org: ORG.ASHW };
const ids = { client: '', a: '', b: '' };
let security = 0;

beforeAll(async () => {
  t = await startTestSystem();
  const client = await newClient(t, manager, 'ROWS-1', 'Rows Client', ['ROWS-1-A', 'ROWS-1-B']);
  ids.client = client.uuid;
  [ids.a, ids.b] = client.portfolios as [string, string];
  security = (await newSecurity(t, 'BD0R01', 'Rows Dividend')).id;
  expect(await buy(t, manager, ids.a, security, { quantity: '1000', price: '2', tradeDate: '2026-08-03' })).toBe(201);
  expect(await buy(t, manager, ids.b, security, { quantity: '400', price: '2', tradeDate: '2026-08-03' })).toBe(201);
}, 240_000);

afterAll(async () => t?.stop());

type Row = Record<string, string | number | boolean>;
const rows = async (header: string, grid: string, persona: Persona = 'manager', org = ORG.ASHW) =>
  t.request('GET', `/api/admin/documents/headers/${header}/${grid}?size=100`, as(persona, undefined, org));
const content = async (header: string, grid: string) => (await rows(header, grid)).body.content as Row[];
const byPortfolio = (list: Row[], code: string) => list.find((r) => r.portfolioCode === code)!;

describe('a cash dividend’s previews, proposed transactions, refresh and posted transactions', () => {
  it('edits previews, finds the ledger’s changes, posts what is ticked and shows it posted with its code', async () => {
    const created = await cashDividendHeader(t, security, '0.0525');
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const uuid = created.body.uuid as string;
    expect((await settledHeader(t, uuid)).status).toBe('PENDING');

    // 5.25p a share: 1,000 held, £52.50; 400 held, £21.00; cash received, so Proceeds (no Expense)
    const previews = await content(uuid, 'previews');
    expect(previews.map((p) => [p.portfolioCode, p.transactionType, p.proceeds, p.expense, p.rate])).toEqual([
      ['ROWS-1-A', 'DIVIDEND', '52.5', '', '0.0525'],
      ['ROWS-1-B', 'DIVIDEND', '21', '', '0.0525'],
    ]);
    // every included candidate's row is proposed, none posted yet
    expect((await content(uuid, 'preview-transactions')).map((p) => p.uuid)).toEqual(previews.map((p) => p.uuid));
    expect(await content(uuid, 'transactions')).toEqual([]);

    // A's holding edited to 999: 999 x 0.0525 = 52.4475, £52.45 to the penny; B's proceeds typed over: £21.30
    const a = byPortfolio(previews, 'ROWS-1-A');
    const b = byPortfolio(previews, 'ROWS-1-B');
    const save = (p: Row, body: Record<string, unknown>, persona: Persona = 'manager', org = ORG.ASHW) =>
      t.request('POST', `/api/admin/documents/headers/${uuid}/previews/${p.uuid}`, as(persona, body, org));
    expect((await save(a, { version: a.version, holdingQuantity: '999' })).status).toBe(200);
    expect((await save(b, { version: b.version, proceeds: '21.30' })).status).toBe(200);
    expectError(
      await save(b, { version: b.version, proceeds: '21.40' }),
      409,
      'The preview changed since it was read: reload it and edit it again',
      'version',
    );
    expectError(
      await save(b, { version: Number(b.version) + 1, expense: '3.00' }),
      400,
      'The holder receives cash on this row: edit its Proceeds, not Expense',
      'expense',
    );
    expectError(
      await save(b, { version: Number(b.version) + 1, proceeds: '21.305' }),
      400,
      'Proceeds must be in pounds and pence',
      'proceeds',
    );
    expectError(
      await save(b, { version: 2, proceeds: '1.00' }, 'brook', ORG.BRKF),
      404,
      'The header was not found',
      'id',
    );
    expect((await save(b, { version: 2, proceeds: '1.00' }, 'adviser')).status).toBe(403);
    const editedRows = await content(uuid, 'previews');
    expect(byPortfolio(editedRows, 'ROWS-1-A')).toMatchObject({
      holdingQuantity: '999',
      proceeds: '52.45',
      status: 'EDIT',
      edited: true,
    });
    expect(byPortfolio(editedRows, 'ROWS-1-B')).toMatchObject({ proceeds: '21.3', consideration: '21.3' });
    expect((await t.request('GET', `/api/admin/documents/headers/${uuid}`, as('manager'))).body.status).toBe('EDIT');

    // The ledger changes before the ex-date: B buys 100 more. Refresh finds 500 held: B is PENDING_DIFF with the
    // ledger's figures (500 x 0.0525 = £26.25), unticked and not proposed; A, unchanged, keeps its edit.
    expect(await buy(t, manager, ids.b, security, { quantity: '100', price: '2.10', tradeDate: '2026-08-20' })).toBe(
      201,
    );
    expect(
      (await t.request('POST', `/api/admin/documents/headers/${uuid}/refresh`, as('brook', undefined, ORG.BRKF)))
        .status,
    ).toBe(404);
    const refreshing = await t.request('POST', `/api/admin/documents/headers/${uuid}/refresh`, as('manager'));
    expect(refreshing.status, JSON.stringify(refreshing.body)).toBe(200);
    expect((await settledHeader(t, uuid, 'REFRESHING')).status).toBe('EDIT');
    const candidates = (await content(uuid, 'candidates')) as Row[];
    expect(candidates.map((c) => [c.portfolioCode, c.holdingQuantity, c.status])).toEqual([
      ['ROWS-1-A', '1000', 'PENDING'],
      ['ROWS-1-B', '500', 'PENDING_DIFF'],
    ]);
    expect(byPortfolio(candidates, 'ROWS-1-B').failureReason).toBe(
      'The ledger now holds 500 at the ex-date; the candidate had 400',
    );
    expect(byPortfolio(await content(uuid, 'previews'), 'ROWS-1-B')).toMatchObject({
      proceeds: '26.25',
      status: 'EXCLUDED',
    });
    expect((await content(uuid, 'preview-transactions')).map((p) => [p.portfolioCode, p.proceeds])).toEqual([
      ['ROWS-1-A', '52.45'],
    ]);

    // ticking B includes it; both are proposed and posted, each ledger row coded by the header and the preview
    const include = await t.request(
      'POST',
      `/api/admin/documents/headers/${uuid}/candidates/${byPortfolio(candidates, 'ROWS-1-B').uuid}/include`,
      as('manager'),
    );
    expect(include.status).toBe(200);
    expect((await content(uuid, 'preview-transactions')).map((p) => [p.portfolioCode, p.proceeds])).toEqual([
      ['ROWS-1-A', '52.45'],
      ['ROWS-1-B', '26.25'],
    ]);
    expect((await t.request('POST', `/api/admin/documents/headers/${uuid}/process`, as('manager'))).status).toBe(200);
    expect((await settledHeader(t, uuid, 'CREATING_TRANSACTIONS')).status).toBe('RUN');
    expect(await content(uuid, 'preview-transactions')).toEqual([]);
    const posted = await content(uuid, 'transactions');
    const code = created.body.code as string;
    expect(posted.map((p) => [p.portfolioCode, p.proceeds, p.transactionState, p.reportDate])).toEqual([
      ['ROWS-1-A', '52.45', 'SETTLED', '2026-09-15'],
      ['ROWS-1-B', '26.25', 'SETTLED', '2026-09-15'],
    ]);
    for (const p of posted) expect(p.transactionCode).toMatch(new RegExp(`^${code}-\\d+$`));
    // the ledger has each row under that code, with the dividend's cash
    const ledger = (
      await t.request(
        'GET',
        `/api/customerAdmin/transactions?portfolioUuid=${ids.b}&securityId=${security}`,
        as('manager'),
      )
    ).body as Row[];
    expect(ledger.find((r) => r.transactionCode === byPortfolio(posted, 'ROWS-1-B').transactionCode)).toMatchObject({
      consideration: '26.25',
    });

    // Reverse: the rows are REVERSED in the transactions grid; another firm sees none of it
    expect((await t.request('POST', `/api/admin/documents/headers/${uuid}/reverse`, as('manager'))).status).toBe(200);
    const reversedHeader = await settledHeader(t, uuid, 'REVERSING');
    expect(reversedHeader.status, JSON.stringify(await content(uuid, 'candidates'))).toBe('REVERSED');
    expect((await content(uuid, 'transactions')).map((p) => p.transactionState)).toEqual(['REVERSED', 'REVERSED']);
    for (const grid of ['preview-transactions', 'transactions'])
      expect((await rows(uuid, grid, 'brook', ORG.BRKF)).status).toBe(404);
    expect((await rows(uuid, 'transactions', 'adviser')).status).toBe(403);
  });
});
