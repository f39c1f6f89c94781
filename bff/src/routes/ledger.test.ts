// The ledger through the BFF, against the whole system on a real PostgreSQL (issue 21): status codes, the JSON
// shapes (every optional figure present as null), a non-admin's 403 on writes, and tenancy: Brookfield's admin
// cannot read or change Ashworth's portfolios, holdings, transactions or ghosts through any route.
import pg from 'pg';
import { ledger } from '@gains/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, ORG, startTestSystem, type Persona, type TestSystem } from '../test-support';

let t: TestSystem;
let db: pg.Client;
const as = (persona: Persona, org = ORG.ASHW, body?: unknown) => ({ token: t.tokens[persona], org, body });
const ids = { ann: '', ben: '', brookClient: '', portfolio: '', brookPortfolio: '', ghost: '' };
const SECURITY = 1;
/** Every field of a message, as the JSON must carry it (optional figures as null). */
const fieldsOf = (schema: { fields: { localName: string }[] }) => schema.fields.map((f) => f.localName).sort();

const buy = (fields: Record<string, unknown> = {}) => ({
  type: 'BUY',
  tradeDate: '2025-03-03',
  quantity: '100',
  price: '2.50',
  expenses: '10.00',
  currency: 'GBP',
  ...fields,
});

beforeAll(async () => {
  t = await startTestSystem();
  db = new pg.Client({ connectionString: t.connectionString });
  await db.connect();
  const ashw = (await t.request('GET', '/api/clients/summary?size=10', as('manager'))).body.content;
  [ids.ann, ids.ben] = [ashw[0].uuid, ashw[1].uuid];
  ids.brookClient = (
    await t.request('GET', '/api/clients/summary?size=10', as('brook', ORG.BRKF))
  ).body.content[0].uuid;
  const created = await t.request(
    'POST',
    '/api/admin/portfolios',
    as('manager', ORG.ASHW, {
      code: 'BFF-JOINT',
      name: 'Joint account',
      taxWrapper: 'GIA',
      owners: [
        { clientUuid: ids.ann, percentage: '75' },
        { clientUuid: ids.ben, percentage: '25' },
      ],
    }),
  );
  expect(created.status).toBe(201);
  ids.portfolio = created.body.uuid;
  ids.brookPortfolio = (
    await t.request(
      'POST',
      '/api/admin/portfolios',
      as('brook', ORG.BRKF, {
        code: 'BFF-BROOK',
        name: 'Brook',
        owners: [{ clientUuid: ids.brookClient, percentage: '100' }],
      }),
    )
  ).body.uuid;
});

afterAll(async () => {
  await db?.end();
  await t?.stop();
});

describe('portfolios', () => {
  it('when a client’s portfolios are asked for, then each row has every column, the figures null until computed', async () => {
    const answer = await t.request(
      'POST',
      '/api/portfolios/summary',
      as('adviser', ORG.ASHW, { ids: [ids.ann, ids.ben] }),
    );
    expect(answer.status).toBe(200);
    const rows = answer.body.filter((p: { uuid: string }) => p.uuid === ids.portfolio);
    expect(rows.map((p: { clientUuid: string; percentage: string }) => [p.clientUuid, p.percentage])).toEqual([
      [ids.ann, '75'],
      [ids.ben, '25'],
    ]);
    expect(rows[0]).toMatchObject({
      code: 'BFF-JOINT',
      taxWrapper: 'GIA',
      state: 'LIVE',
      currency: 'GBP',
      holdingCount: 0,
    });
    for (const figure of [
      'ytdCapitalGainLoss',
      'unrealisedCapitalGainLoss',
      'indexation',
      'holdoverRelief',
      'cloggedLoss',
    ]) {
      expect(rows[0][figure], figure).toBeNull();
    }
    expect(Object.keys(rows[0]).sort()).toEqual(fieldsOf(ledger.PortfolioSchema));
    expect(rows[0].owners[0]).toEqual({
      clientUuid: ids.ann,
      clientCode: expect.any(String),
      clientName: expect.any(String),
      percentage: '75',
    });
  });

  it('when the shares do not sum to 100, then 400 names the owners; a stale version is 409 naming the portfolio', async () => {
    const bad = await t.request(
      'POST',
      '/api/admin/portfolios',
      as('manager', ORG.ASHW, {
        code: 'BFF-BAD',
        name: 'Bad',
        owners: [
          { clientUuid: ids.ann, percentage: '50' },
          { clientUuid: ids.ben, percentage: '40' },
        ],
      }),
    );
    expectError(bad, 400, 'Ownership percentages must sum to 100', 'portfolio.owners');
    const body = {
      code: 'BFF-JOINT',
      name: 'Renamed',
      owners: [
        { clientUuid: ids.ann, percentage: '75' },
        { clientUuid: ids.ben, percentage: '25' },
      ],
    };
    const ok = await t.request(
      'PUT',
      `/api/admin/portfolios/${ids.portfolio}`,
      as('manager', ORG.ASHW, { ...body, version: 1 }),
    );
    expect([ok.status, ok.body.version, ok.body.name]).toEqual([200, 2, 'Renamed']);
    const stale = await t.request(
      'PUT',
      `/api/admin/portfolios/${ids.portfolio}`,
      as('manager', ORG.ASHW, { ...body, name: 'Lost', version: 1 }),
    );
    expectError(stale, 409, /BFF-JOINT/, 'version');
    expect((await t.request('GET', `/api/portfolios/${ids.portfolio}`, as('adviser'))).body.name).toBe('Renamed');
  });
});

describe('transactions and holdings', () => {
  it('when a purchase is posted (security id as text), then 201 answers the stored row and the holding moves by its quantity', async () => {
    const posted = await t.request(
      'POST',
      '/api/customerAdmin/transactions',
      as('manager', ORG.ASHW, { portfolioUuid: ids.portfolio, securityId: String(SECURITY), transaction: buy() }),
    );
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({
      portfolioUuid: ids.portfolio,
      securityId: SECURITY,
      quantity: '100',
      consideration: '250.00',
      expenses: '10.00',
      considerationGbp: '250.00',
      transactionType: { type: 'BUY' },
      transactionState: { state: 'SETTLED' },
      currency: { isoCode: 'GBP' },
      exDate: null,
      cgtCost: null,
      warnings: [],
      version: 1,
    });
    const holdings = await t.request(
      'POST',
      '/api/holdings/summary',
      as('adviser', ORG.ASHW, { portfolioUuid: ids.portfolio, clientUuid: ids.ann }),
    );
    expect(holdings.status).toBe(200);
    expect(holdings.body.map((h: { securityId: number; quantity: string }) => [h.securityId, h.quantity])).toEqual([
      [SECURITY, '100.0000'],
    ]);
    expect(holdings.body[0].cgtCost).toBeNull();
    expect(Object.keys(holdings.body[0]).sort()).toEqual(fieldsOf(ledger.HoldingSchema));
    expect(Object.keys(posted.body).sort()).toEqual(fieldsOf(ledger.TransactionSchema));
    await t.request(
      'POST',
      '/api/customerAdmin/transactions',
      as('manager', ORG.ASHW, {
        portfolioUuid: ids.portfolio,
        securityId: SECURITY,
        transaction: buy({ quantity: '20.25', tradeDate: '2025-03-10' }),
      }),
    );
    const after = await t.request(
      'POST',
      '/api/holdings/summary',
      as('adviser', ORG.ASHW, { portfolioUuid: ids.portfolio, clientUuid: '' }),
    );
    expect(after.body[0].quantity).toBe('120.2500');
  });

  it('when a holding’s transactions are paged and edited, then the page, total and versions follow', async () => {
    const page = await t.request(
      'POST',
      '/api/transactions/summary',
      as('adviser', ORG.ASHW, {
        portfolioUuid: ids.portfolio,
        clientUuid: ids.ben,
        securityId: SECURITY,
        page: 1,
        size: 1,
        sort: ['tradeDate,desc'],
      }),
    );
    expect([page.status, page.body.totalSize, page.body.content[0].quantity]).toEqual([200, 2, '20.25']);
    const rows = (
      await t.request(
        'GET',
        `/api/customerAdmin/transactions?portfolioUuid=${ids.portfolio}&securityId=${SECURITY}`,
        as('adviser'),
      )
    ).body;
    expect(rows).toHaveLength(2);
    const edited = await t.request(
      'PUT',
      '/api/customerAdmin/transactions',
      as('manager', ORG.ASHW, {
        portfolioUuid: ids.portfolio,
        securityId: SECURITY,
        transactions: [{ uuid: rows[1].uuid, version: 1, quantity: '30' }],
      }),
    );
    expect([edited.status, edited.body[0].quantity, edited.body[0].version]).toEqual([200, '30', 2]);
    const stale = await t.request(
      'PUT',
      '/api/customerAdmin/transactions',
      as('manager', ORG.ASHW, {
        portfolioUuid: ids.portfolio,
        securityId: SECURITY,
        transactions: [{ uuid: rows[1].uuid, version: 1, quantity: '40' }],
      }),
    );
    expectError(stale, 409, new RegExp(rows[1].uuid), 'version');
  });

  it('when the input is bad, then 400 names the field and the rule, and nothing is written', async () => {
    const count = async () => (await db.query('SELECT count(*)::int AS n FROM clients.ledger_transaction')).rows[0].n;
    const before = await count();
    const post = (transaction: Record<string, unknown>, securityId: unknown = SECURITY) =>
      t.request(
        'POST',
        '/api/customerAdmin/transactions',
        as('manager', ORG.ASHW, { portfolioUuid: ids.portfolio, securityId, transaction }),
      );
    expectError(await post(buy({ quantity: '0' })), 400, 'quantity must be more than 0', 'transaction.quantity');
    expectError(await post(buy({ quantity: 100 })), 400, /quantity must be a decimal string/, 'transaction.quantity');
    expectError(
      await post(buy({ tradeDate: '2999-01-01' })),
      400,
      'tradeDate must not be in the future',
      'transaction.tradeDate',
    );
    expectError(await post(buy(), 999_999), 400, 'Unknown security 999999', 'securityId');
    expectError(await post(buy(), 'abc'), 400, /securityId must be a whole number/, 'securityId');
    expectError(await post(buy({ price: '' })), 400, 'price is required for a BUY', 'transaction.price');
    expect(await count()).toBe(before);
  });

  it('when the types, states and form metadata are asked for, then they answer in the contract’s shapes', async () => {
    const types = await t.request(
      'GET',
      `/api/customerAdmin/transactions/types?portfolioUuid=${ids.portfolio}`,
      as('adviser'),
    );
    expect(types.status).toBe(200);
    expect(types.body.find((x: { name: string }) => x.name === 'SELL')).toMatchObject({
      effect: 'SELL',
      direction: 'OUT',
      system: true,
    });
    const states = await t.request('GET', '/api/customerAdmin/transactions/states', as('adviser'));
    expect(states.body.map((s: { state: string }) => s.state)).toEqual(['PENDING', 'SETTLED', 'CANCELLED', 'REVERSED']);
    const meta = await t.request(
      'GET',
      `/api/customerAdmin/transactions/metadata?type=BUY&securityId=${SECURITY}`,
      as('adviser'),
    );
    expect(meta.status).toBe(200);
    expect(meta.body).toMatchObject({ requiredFields: ['quantity', 'price'], transactionCurrency: 'GBP', fxRate: '1' });
    expect(meta.body.transactionType.name).toBe('BUY');
  });
});

describe('transaction types and ghosts (Administration)', () => {
  it('when an admin adds a type, then 201; a non-admin is refused every write', async () => {
    const created = await t.request(
      'POST',
      '/api/admin/transaction-types',
      as('manager', ORG.ASHW, { name: 'BFF Purchase', effect: 'BUY' }),
    );
    expect([created.status, created.body.direction, created.body.system]).toEqual([201, 'IN', false]);
    const one = await t.request('GET', `/api/admin/transaction-types/${created.body.uuid}`, as('manager'));
    expect(one.body.name).toBe('BFF Purchase');
    const writes: [string, string, unknown][] = [
      ['POST', '/api/admin/portfolios', { code: 'X', name: 'X', owners: [] }],
      ['PUT', `/api/admin/portfolios/${ids.portfolio}`, { version: 1 }],
      ['POST', '/api/customerAdmin/transactions', { portfolioUuid: ids.portfolio, securityId: 1, transaction: buy() }],
      ['PUT', '/api/customerAdmin/transactions', { portfolioUuid: ids.portfolio, securityId: 1, transactions: [] }],
      ['POST', '/api/admin/transaction-types', { name: 'X', effect: 'BUY' }],
      ['PUT', `/api/admin/transaction-types/${created.body.uuid}`, { name: 'X', effect: 'BUY', version: 1 }],
      ['POST', `/api/admin/ghost-transactions/${created.body.uuid}/repair`, { version: 1 }],
      ['POST', `/api/admin/ghost-transactions/${created.body.uuid}/cancel`, { version: 1 }],
    ];
    for (const [method, path, body] of writes) {
      expectError(
        await t.request(method, path, as('adviser', ORG.ASHW, body)),
        403,
        'You do not have permission to do this',
      );
    }
  });

  it('when a ghost is listed, repaired and another cancelled, then the answers follow and the holding counts it', async () => {
    const buyType = (
      await db.query(`SELECT id FROM clients.transaction_type WHERE name = 'BUY' AND organisation_uuid IS NULL`)
    ).rows[0].id;
    const insertGhost = async (code: string) =>
      (
        await db.query(
          `INSERT INTO clients.ledger_transaction (uuid, organisation_uuid, portfolio_code, security_id, type_id, trade_date,
             report_date, quantity, price, consideration, consideration_gbp, updated_at)
           VALUES (gen_random_uuid(), $1, $2, ${SECURITY}, $3, '2025-04-01', '2025-04-01', 5, 2, 10, 10, now()) RETURNING uuid::text`,
          [ORG.ASHW, code, buyType],
        )
      ).rows[0].uuid as string;
    const toRepair = await insertGhost('NO-SUCH-1');
    ids.ghost = await insertGhost('NO-SUCH-2');
    const list = await t.request(
      'GET',
      '/api/admin/ghost-transactions?page=1&size=10&sort=portfolioCode,asc',
      as('manager'),
    );
    expect(list.status).toBe(200);
    expect(list.body.totalSize).toBe(2);
    expect(
      list.body.content.map((g: { portfolioCode: string; portfolioUuid: string }) => [
        g.portfolioCode,
        g.portfolioUuid,
      ]),
    ).toEqual([
      ['NO-SUCH-1', ''],
      ['NO-SUCH-2', ''],
    ]);
    const repaired = await t.request(
      'POST',
      `/api/admin/ghost-transactions/${toRepair}/repair`,
      as('manager', ORG.ASHW, { version: 1, portfolioUuid: ids.portfolio }),
    );
    expect([repaired.status, repaired.body.portfolioUuid, repaired.body.version]).toEqual([200, ids.portfolio, 2]);
    const holdings = await t.request(
      'POST',
      '/api/holdings/summary',
      as('adviser', ORG.ASHW, { portfolioUuid: ids.portfolio, clientUuid: '' }),
    );
    // 100 + 30 (edited) + 5 (the repaired ghost) = 135
    expect(holdings.body[0].quantity).toBe('135.0000');
    const cancelled = await t.request(
      'POST',
      `/api/admin/ghost-transactions/${ids.ghost}/cancel`,
      as('manager', ORG.ASHW, { version: 1 }),
    );
    expect([cancelled.status, cancelled.body.transactionState.state]).toEqual([200, 'CANCELLED']);
    expect((await t.request('GET', '/api/admin/ghost-transactions', as('manager'))).body.totalSize).toBe(0);
    expectError(
      await t.request(
        'POST',
        `/api/admin/ghost-transactions/${ids.ghost}/cancel`,
        as('manager', ORG.ASHW, { version: 2 }),
      ),
      404,
      'Ghost transaction was not found',
      'uuid',
    );
  });
});

describe("another firm (Brookfield's admin) and Ashworth's ledger", () => {
  it('when Brookfield’s admin names Ashworth, then every ledger route is refused (not a member)', async () => {
    const calls: [string, string, unknown?][] = [
      ['POST', '/api/portfolios/summary', { ids: [ids.ann] }],
      ['GET', `/api/portfolios/${ids.portfolio}`],
      ['POST', '/api/holdings/summary', { portfolioUuid: ids.portfolio, clientUuid: '' }],
      ['POST', '/api/transactions/summary', { portfolioUuid: ids.portfolio, clientUuid: '', securityId: 1 }],
      ['GET', `/api/customerAdmin/transactions?portfolioUuid=${ids.portfolio}&securityId=1`],
      ['POST', '/api/customerAdmin/transactions', { portfolioUuid: ids.portfolio, securityId: 1, transaction: buy() }],
      ['GET', '/api/admin/ghost-transactions'],
      ['GET', '/api/admin/transaction-types'],
    ];
    for (const [method, path, body] of calls) {
      expectError(
        await t.request(method, path, as('brook', ORG.ASHW, body)),
        403,
        'You are not a member of this organisation',
      );
    }
  });

  it('when Brookfield’s admin names Ashworth’s records from Brookfield, then they are not found and nothing is read or changed', async () => {
    const rows = (
      await t.request(
        'GET',
        `/api/customerAdmin/transactions?portfolioUuid=${ids.portfolio}&securityId=1`,
        as('manager'),
      )
    ).body;
    // Quiet first: a run of an earlier test landing now would write its figures beside the rows.
    await t.system.settle();
    const before = (
      await db.query("SELECT md5(string_agg(t::text, '|' ORDER BY id)) AS d FROM clients.ledger_transaction t")
    ).rows[0].d;
    const brook = (method: string, path: string, body?: unknown) =>
      t.request(method, path, as('brook', ORG.BRKF, body));
    const summary = await brook('POST', '/api/portfolios/summary', { ids: [ids.ann, ids.ben] });
    expect([summary.status, summary.body]).toEqual([200, []]);
    expectError(await brook('GET', `/api/portfolios/${ids.portfolio}`), 404, 'Portfolio was not found', 'uuid');
    expectError(
      await brook('PUT', `/api/admin/portfolios/${ids.portfolio}`, {
        code: 'STOLEN',
        name: 'x',
        owners: [{ clientUuid: ids.brookClient, percentage: '100' }],
        version: 2,
      }),
      404,
      'Portfolio was not found',
      'uuid',
    );
    expectError(
      await brook('POST', '/api/holdings/summary', { portfolioUuid: ids.portfolio, clientUuid: '' }),
      404,
      'Portfolio was not found',
      'portfolioUuid',
    );
    expectError(
      await brook('POST', '/api/transactions/summary', { portfolioUuid: ids.portfolio, clientUuid: '', securityId: 1 }),
      404,
      'Portfolio was not found',
      'portfolioUuid',
    );
    expectError(
      await brook('GET', `/api/customerAdmin/transactions?portfolioUuid=${ids.portfolio}&securityId=1`),
      404,
      'Portfolio was not found',
      'portfolioUuid',
    );
    expectError(
      await brook('POST', '/api/customerAdmin/transactions', {
        portfolioUuid: ids.portfolio,
        securityId: 1,
        transaction: buy(),
      }),
      404,
      'Portfolio was not found',
      'portfolioUuid',
    );
    // Brookfield's own portfolio, with Ashworth's transaction named in the edit.
    expectError(
      await brook('PUT', '/api/customerAdmin/transactions', {
        portfolioUuid: ids.brookPortfolio,
        securityId: 1,
        transactions: [{ uuid: rows[0].uuid, version: rows[0].version, quantity: '1' }],
      }),
      404,
      `Transaction ${rows[0].uuid} was not found`,
      'transactions.0.uuid',
    );
    expect((await brook('GET', '/api/admin/ghost-transactions')).body).toEqual({ content: [], totalSize: 0 });
    expectError(
      await brook('POST', `/api/admin/ghost-transactions/${ids.ghost}/cancel`, { version: 2 }),
      404,
      'Ghost transaction was not found',
      'uuid',
    );
    expectError(
      await brook('POST', `/api/admin/ghost-transactions/${rows[0].uuid}/repair`, {
        version: 1,
        portfolioUuid: ids.brookPortfolio,
      }),
      404,
      'Ghost transaction was not found',
      'uuid',
    );
    expect(
      (await db.query("SELECT md5(string_agg(t::text, '|' ORDER BY id)) AS d FROM clients.ledger_transaction t"))
        .rows[0].d,
    ).toBe(before);
  });
});
