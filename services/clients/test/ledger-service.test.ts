import { fromBinary } from '@bufbuild/protobuf';
import { Code, createClient } from '@connectrpc/connect';
import { connectFailure as failure } from '@gains/errors/connect-failure';
import type { RunningPostgres } from '@gains/db';
import { startInProcessSystem, type InProcessSystem } from '@gains/host';
import { identityModule } from '@gains/identity';
import { silentLogger } from '@gains/logging';
import { events, identity, ledger, securities } from '@gains/proto';
// The securities service is reached by path: clients does not depend on it, only its tests run it.
import { securitiesModule } from '../../securities/src/index';
import { startTestPostgres } from '@gains/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonToday } from '../src/domain/date-rules';
import { LEDGER_CHANGED } from '../src/events/ledger-events';
import { clientsModule } from '../src/index';

// The ledger through its Connect API against a real PostgreSQL, with identity and securities in process (the
// ledger reads securities and FX rates through from the securities service). Fixture clients and securities are
// written here, so every figure below is worked out by hand.
const PASSWORD = 'Ledger-pass-1!';
const ASHW = '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000002';
const BRKF = '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000003';
const CLIENT = {
  ann: 'a1000000-0000-4000-8000-000000000001',
  ben: 'a1000000-0000-4000-8000-000000000002',
  cat: 'a1000000-0000-4000-8000-000000000003',
  brookClient: 'b1000000-0000-4000-8000-000000000001',
};
// Securities in the read model: ALPHA priced 2.50, BETA 1.2345, TARGET (taken over into BETA) 10, GONE deleted.
const ALPHA = 900001;
const BETA = 900002;
const TARGET = 900003;
const GONE = 900004;

let postgres: RunningPostgres;
let system: InProcessSystem;
let db: pg.Client;
let api: ReturnType<typeof createClient<typeof ledger.LedgerService>>;
type Options = { headers: { authorization: string } };
const as = {} as Record<'admin' | 'manager' | 'adviser' | 'brook', Options>;
const today = londonToday();
/** A message's fields as a test writes them. */
type Init<M> = Partial<Omit<M, '$typeName' | '$unknown'>>;

async function tokenFor(email: string): Promise<Options> {
  const answer = await createClient(identity.IdentityService, system.transports.identity).signIn({
    email,
    password: PASSWORD,
  });
  return { headers: { authorization: `Bearer ${answer.accessToken}` } };
}

/** The Connect error a call fails with, or undefined. */
async function count(table: string, where = 'true'): Promise<number> {
  return (await db.query(`SELECT count(*)::int AS n FROM clients.${table} WHERE ${where}`)).rows[0].n;
}

async function ledgerEvents(since: Date) {
  const { rows } = await db.query(
    `SELECT payload FROM clients.outbox_event WHERE subject = $1 AND created_at >= $2 ORDER BY created_at`,
    [LEDGER_CHANGED, since],
  );
  return rows.map((r) => {
    const e = fromBinary(events.LedgerChangedSchema, r.payload);
    return { clientUuid: e.clientUuid, earliestDate: e.earliestDate, reason: e.reason, org: e.organisationUuid };
  });
}

function input(fields: Init<ledger.TransactionInput>) {
  return {
    type: 'BUY',
    tradeDate: '2025-06-02',
    quantity: '',
    price: '',
    expenses: '',
    currency: 'GBP',
    ...fields,
  };
}

async function newPortfolio(
  code: string,
  owners: [string, string][],
  taxWrapper = 'GIA',
  org = ASHW,
  who = as.manager,
) {
  return api.savePortfolio(
    {
      organisationUuid: org,
      uuid: '',
      portfolio: {
        code,
        name: `Portfolio ${code}`,
        type: 'ADVISORY',
        state: 'LIVE',
        currency: 'GBP',
        taxWrapper,
        owners: owners.map(([clientUuid, percentage]) => ({ clientUuid, percentage })),
      },
    },
    who,
  );
}

/** The clients grid's Holding Breaks of each of the demo's clients by uuid. */
async function holdingBreaks(...uuids: string[]): Promise<number[]> {
  const { rows } = await db.query(
    `SELECT uuid::text, holding_breaks FROM clients.client WHERE uuid = ANY($1::uuid[])`,
    [uuids],
  );
  return uuids.map((u) => rows.find((r) => r.uuid === u)!.holding_breaks as number);
}

async function holdingOf(portfolioUuid: string, securityId: number) {
  const { rows } = await db.query(
    `SELECT h.quantity::text AS quantity, h.rec_break AS "recBreak", h.calculation_status AS status
       FROM clients.holding h JOIN clients.portfolio p ON p.id = h.portfolio_id
      WHERE p.uuid = $1 AND h.security_id = $2`,
    [portfolioUuid, securityId],
  );
  return rows[0] as { quantity: string; recBreak: boolean; status: string } | undefined;
}

beforeAll(async () => {
  postgres = await startTestPostgres();
  system = await startInProcessSystem({
    modules: { identity: identityModule, securities: securitiesModule, clients: clientsModule },
    connectionString: postgres.connectionString,
    logger: silentLogger(),
    seedDemo: true,
    env: { ...process.env, GAINS_DEMO_PASSWORD: PASSWORD, GAINS_DEMO_PRICE_DAYS: '30' },
  });
  db = new pg.Client({ connectionString: postgres.connectionString });
  await db.connect();
  const clients: [string, string, string, string][] = [
    [CLIENT.ann, ASHW, 'ZL01', 'Ann Ledger'],
    [CLIENT.ben, ASHW, 'ZL02', 'Ben Ledger'],
    [CLIENT.cat, ASHW, 'ZL03', 'Cat Ledger'],
    [CLIENT.brookClient, BRKF, 'ZB01', 'Brook Client'],
  ];
  for (const [uuid, org, code, name] of clients) {
    await db.query(
      `INSERT INTO clients.client (uuid, organisation_uuid, code, name, type, state, updated_at)
       VALUES ($1, $2, $3, $4, 'INDIVIDUAL', 'LIVE', now())`,
      [uuid, org, code, name],
    );
  }
  await db.query(
    `INSERT INTO clients.security (id, sedol, isin, security_name, issuer_name, currency, status, price_gbp, price_date)
     VALUES (${ALPHA}, 'ZALPHA1', 'GB00ZALPHA11', 'Alpha plc', 'Alpha', 'GBP', 'ACTIVE', 2.50, '2025-06-30'),
            (${BETA}, 'ZBETA01', 'GB00ZBETA011', 'Beta plc', 'Beta', 'GBP', 'ACTIVE', 1.2345, '2025-06-30'),
            (${TARGET}, 'ZTARGT1', 'GB00ZTARGT11', 'Target plc', 'Target', 'GBP', 'ACTIVE', 10, '2025-06-30'),
            (${GONE}, 'ZGONE01', 'GB00ZGONE011', 'Gone plc', 'Gone', 'GBP', 'DELETED', NULL, NULL)`,
  );
  api = createClient(ledger.LedgerService, system.transports.clients);
  as.admin = await tokenFor('admin@gains.example');
  as.manager = await tokenFor('manager@gains.example');
  as.adviser = await tokenFor('adviser@gains.example');
  as.brook = await tokenFor('brook@gains.example');
});

afterAll(async () => {
  await db?.end();
  await system?.stop();
  await postgres?.stop();
});

describe('portfolios', () => {
  it('when a joint portfolio is saved, then each owner asked for sees it once with their own share', async () => {
    const saved = await newPortfolio('ZJOINT', [
      [CLIENT.ann, '60'],
      [CLIENT.ben, '40'],
    ]);
    expect(saved.version).toBe(1);
    expect(saved.owners.map((o) => [o.clientCode, o.percentage])).toEqual([
      ['ZL01', '60'],
      ['ZL02', '40'],
    ]);
    const { portfolios } = await api.listPortfolios(
      { organisationUuid: ASHW, ids: [CLIENT.ann, CLIENT.ben] },
      as.adviser,
    );
    const joint = portfolios.filter((p) => p.code === 'ZJOINT');
    expect(joint.map((p) => [p.clientUuid, p.percentage])).toEqual([
      [CLIENT.ann, '60'],
      [CLIENT.ben, '40'],
    ]);
    expect(joint[0]!.holdingCount).toBe(0);
    expect(joint[0]!.marketValue).toBe('0.00');
    expect(joint[0]!.ytdCapitalGainLoss).toBeUndefined();
  });

  it('when the shares do not sum to 100, then it is refused naming the owners and nothing is written', async () => {
    const before = await count('portfolio');
    const bad = await failure(
      newPortfolio('ZBAD', [
        [CLIENT.ann, '60'],
        [CLIENT.ben, '33.3333'],
      ]),
    );
    expect(bad).toEqual({
      code: Code.InvalidArgument,
      message: 'Ownership percentages must sum to 100',
      field: 'portfolio.owners',
    });
    const zero = await failure(newPortfolio('ZBAD', [[CLIENT.ann, '0']]));
    expect(zero?.field).toBe('portfolio.owners.0.percentage');
    const foreign = await failure(
      newPortfolio('ZBAD', [
        [CLIENT.ann, '50'],
        [CLIENT.brookClient, '50'],
      ]),
    );
    expect(foreign).toMatchObject({ code: Code.InvalidArgument, field: 'portfolio.owners.1.clientUuid' });
    expect(await failure(newPortfolio('ZBAD', [[CLIENT.ann, '100']], 'OFFSHORE'))).toMatchObject({
      field: 'portfolio.taxWrapper',
    });
    expect(await failure(newPortfolio('zjoint', [[CLIENT.ann, '100']]))).toMatchObject({
      code: Code.AlreadyExists,
      field: 'portfolio.code',
    });
    expect(await count('portfolio')).toBe(before);
  });

  it('when three owners share a third each to six places, then exactly 100 is accepted', async () => {
    const saved = await newPortfolio('ZTHIRDS', [
      [CLIENT.ann, '33.333333'],
      [CLIENT.ben, '33.333333'],
      [CLIENT.cat, '33.333334'],
    ]);
    expect(saved.owners.map((o) => o.percentage).sort()).toEqual(['33.333333', '33.333333', '33.333334']);
  });

  it('when saved at a stale version, then 409 (ABORTED) names the portfolio and nothing changes', async () => {
    const saved = await newPortfolio('ZSTALE', [[CLIENT.cat, '100']]);
    const edit = (name: string, version: number) =>
      api.savePortfolio(
        {
          organisationUuid: ASHW,
          uuid: saved.uuid,
          version,
          portfolio: {
            code: 'ZSTALE',
            name,
            taxWrapper: 'GIA',
            owners: [{ clientUuid: CLIENT.cat, percentage: '100' }],
          },
        },
        as.manager,
      );
    const first = await edit('Renamed', 1);
    expect([first.name, first.version]).toEqual(['Renamed', 2]);
    const stale = await failure(edit('Lost update', 1));
    expect(stale?.code).toBe(Code.Aborted);
    expect(stale?.message).toContain('ZSTALE');
    const now = await api.getPortfolio({ organisationUuid: ASHW, uuid: saved.uuid }, as.adviser);
    expect([now.name, now.version]).toEqual(['Renamed', 2]);
  });

  it("when another firm's member or a non-admin asks, then they are refused and read nothing", async () => {
    const { portfolios } = await api.listPortfolios({ organisationUuid: ASHW, ids: [CLIENT.ann] }, as.manager);
    const uuid = portfolios[0]!.uuid;
    expect((await failure(api.listPortfolios({ organisationUuid: ASHW, ids: [CLIENT.ann] }, as.brook)))?.code).toBe(
      Code.PermissionDenied,
    );
    // Brook in their own firm, naming Ashworth's portfolio or client: not found, nothing read.
    expect((await failure(api.getPortfolio({ organisationUuid: BRKF, uuid }, as.brook)))?.code).toBe(Code.NotFound);
    const mine = await api.listPortfolios({ organisationUuid: BRKF, ids: [CLIENT.ann] }, as.brook);
    expect(mine.portfolios).toEqual([]);
    expect((await failure(newPortfolio('ZNOPE', [[CLIENT.ann, '100']], 'GIA', ASHW, as.adviser)))?.code).toBe(
      Code.PermissionDenied,
    );
  });
});

describe('posting transactions', () => {
  let joint = '';
  let firstBuy: ledger.Transaction;
  let breaksBefore: number[] = [];

  beforeAll(async () => {
    joint = (
      await newPortfolio('ZPOST', [
        [CLIENT.ann, '50'],
        [CLIENT.ben, '50'],
      ])
    ).uuid;
  });

  it('when a purchase is posted, then the holding moves by exactly its quantity and each owner gets one ledger.changed', async () => {
    const since = new Date();
    firstBuy = await api.postTransaction(
      {
        organisationUuid: ASHW,
        portfolioUuid: joint,
        securityId: ALPHA,
        transaction: input({ quantity: '100', price: '2.5', expenses: '12.5', tradeDate: '2025-06-02' }),
      },
      as.manager,
    );
    expect(firstBuy.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(firstBuy).toMatchObject({
      quantity: '100',
      price: '2.5',
      consideration: '250.00',
      expenses: '12.50',
      considerationGbp: '250.00',
      expensesGbp: '12.50',
      fxRate: '1',
      reportDate: '2025-06-02',
      transactionState: { state: 'SETTLED' },
      transactionType: { type: 'BUY' },
      sedol: 'ZALPHA1',
      version: 1,
      warnings: [],
    });
    expect(await holdingOf(joint, ALPHA)).toEqual({ quantity: '100.0000', recBreak: false, status: 'PENDING' });
    const changes = await ledgerEvents(since);
    expect(changes.map((c) => c.clientUuid).sort()).toEqual([CLIENT.ann, CLIENT.ben]);
    expect(changes.every((c) => c.earliestDate === '2025-06-02' && c.reason === 'POST' && c.org === ASHW)).toBe(true);

    await api.postTransaction(
      {
        organisationUuid: ASHW,
        portfolioUuid: joint,
        securityId: ALPHA,
        transaction: input({ quantity: '50.5', price: '2.4', tradeDate: '2025-06-09' }),
      },
      as.manager,
    );
    // 100 + 50.5 = 150.5; valued at 2.50: 376.25
    const { holdings } = await api.listHoldings(
      { organisationUuid: ASHW, portfolioUuid: joint, clientUuid: CLIENT.ben },
      as.adviser,
    );
    expect(
      holdings.map((h) => [h.securityId, h.quantity, h.price, h.value, h.transactionCount, h.calculationStatus]),
    ).toEqual([[ALPHA, '150.5000', '2.5', '376.25', 2, 'PENDING']]);
    const { portfolios } = await api.listPortfolios({ organisationUuid: ASHW, ids: [CLIENT.ann] }, as.adviser);
    const p = portfolios.find((x) => x.uuid === joint)!;
    expect([p.holdingCount, p.marketValue, p.percentage]).toEqual([1, '376.25', '50']);
  });

  it('when a sale is larger than the holding, then it is stored but flagged (warning, rec break)', async () => {
    breaksBefore = await holdingBreaks(CLIENT.ann, CLIENT.ben);
    const sale = await api.postTransaction(
      {
        organisationUuid: ASHW,
        portfolioUuid: joint,
        securityId: ALPHA,
        transaction: input({ type: 'SELL', quantity: '200', price: '3', tradeDate: '2025-06-16' }),
      },
      as.manager,
    );
    expect(sale.consideration).toBe('600.00');
    expect(sale.warnings).toEqual(['Sale of 200.0000 exceeds the holding of 150.5000 on 2025-06-16']);
    expect(await holdingOf(joint, ALPHA)).toEqual({ quantity: '0.0000', recBreak: true, status: 'PENDING' });
    const { holdings } = await api.listHoldings(
      { organisationUuid: ASHW, portfolioUuid: joint, clientUuid: '' },
      as.adviser,
    );
    expect(holdings.map((h) => [h.quantity, h.recBreak, h.value])).toEqual([['0.0000', true, '0.00']]);
    const p = await api.getPortfolio({ organisationUuid: ASHW, uuid: joint }, as.adviser);
    expect(p.recBreaks).toBe(1);
    // both owners of the joint portfolio show one more holding break in the clients grid
    expect(await holdingBreaks(CLIENT.ann, CLIENT.ben)).toEqual(breaksBefore.map((n) => n + 1));
  });

  it('when an edit makes the sale fit, then the flag and warning go, and the event runs from the earlier date', async () => {
    const rows = (
      await api.listTransactions({ organisationUuid: ASHW, portfolioUuid: joint, securityId: ALPHA }, as.adviser)
    ).content;
    expect(rows.map((r) => r.transactionType!.type)).toEqual(['BUY', 'BUY', 'SELL']);
    const sale = rows[2]!;
    const since = new Date();
    const [edited] = (
      await api.updateTransactions(
        {
          organisationUuid: ASHW,
          portfolioUuid: joint,
          securityId: ALPHA,
          transactions: [{ uuid: sale.uuid, version: sale.version, quantity: '120.5', tradeDate: '2025-06-10' }],
        },
        as.manager,
      )
    ).transactions;
    // 120.5 x 3 = 361.50 (the consideration follows the new quantity)
    expect([edited!.quantity, edited!.consideration, edited!.warnings, edited!.version]).toEqual([
      '120.5',
      '361.50',
      [],
      2,
    ]);
    expect(await holdingOf(joint, ALPHA)).toEqual({ quantity: '30.0000', recBreak: false, status: 'PENDING' });
    expect(await holdingBreaks(CLIENT.ann, CLIENT.ben)).toEqual(breaksBefore);
    const changes = await ledgerEvents(since);
    expect(changes.map((c) => [c.earliestDate, c.reason])).toEqual([
      ['2025-06-10', 'EDIT'],
      ['2025-06-10', 'EDIT'],
    ]);
  });

  it('when an edit carries a stale version, then 409 names the transaction and nothing changes (all or nothing)', async () => {
    const rows = (
      await api.listTransactions({ organisationUuid: ASHW, portfolioUuid: joint, securityId: ALPHA }, as.adviser)
    ).content;
    const [buy, , sale] = rows;
    const outbox = await count('outbox_event');
    const stale = await failure(
      api.updateTransactions(
        {
          organisationUuid: ASHW,
          portfolioUuid: joint,
          securityId: ALPHA,
          transactions: [
            { uuid: buy!.uuid, version: buy!.version, quantity: '1' },
            { uuid: sale!.uuid, version: sale!.version - 1, quantity: '1' },
          ],
        },
        as.manager,
      ),
    );
    expect(stale?.code).toBe(Code.Aborted);
    expect(stale?.message).toContain(sale!.uuid);
    const after = (
      await api.listTransactions({ organisationUuid: ASHW, portfolioUuid: joint, securityId: ALPHA }, as.adviser)
    ).content;
    expect(after.map((r) => [r.quantity, r.version])).toEqual(rows.map((r) => [r.quantity, r.version]));
    expect(await holdingOf(joint, ALPHA)).toEqual({ quantity: '30.0000', recBreak: false, status: 'PENDING' });
    expect(await count('outbox_event')).toBe(outbox);
  });

  it('when the input is bad, then the field and the rule are named and nothing is written', async () => {
    const post = (securityId: number, fields: Init<ledger.TransactionInput>, portfolioUuid = joint) =>
      failure(
        api.postTransaction(
          { organisationUuid: ASHW, portfolioUuid, securityId, transaction: input(fields) },
          as.manager,
        ),
      );
    const before = [await count('ledger_transaction'), await count('outbox_event'), await count('security')];
    const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(await post(999_999, { quantity: '1', price: '1' })).toEqual({
      code: Code.InvalidArgument,
      message: 'Unknown security 999999',
      field: 'securityId',
    });
    expect(await post(ALPHA, { quantity: '0', price: '1' })).toEqual({
      code: Code.InvalidArgument,
      message: 'quantity must be more than 0',
      field: 'transaction.quantity',
    });
    expect(await post(ALPHA, { quantity: '-5', price: '1' })).toMatchObject({
      message: 'quantity must not be negative',
      field: 'transaction.quantity',
    });
    expect(await post(ALPHA, { quantity: '1.123456789', price: '1' })).toMatchObject({
      message: 'quantity must have at most 8 decimal places',
    });
    expect(await post(ALPHA, { quantity: '1', price: '1', expenses: '0.001' })).toMatchObject({
      field: 'transaction.expenses',
    });
    expect(await post(ALPHA, { quantity: '1', price: '1', tradeDate: tomorrow })).toEqual({
      code: Code.InvalidArgument,
      message: 'tradeDate must not be in the future',
      field: 'transaction.tradeDate',
    });
    expect(await post(ALPHA, { quantity: '1', price: '1', tradeDate: '2025-02-30' })).toMatchObject({
      field: 'transaction.tradeDate',
    });
    expect(await post(ALPHA, { quantity: '1' })).toEqual({
      code: Code.InvalidArgument,
      message: 'price is required for a BUY',
      field: 'transaction.price',
    });
    expect(await post(ALPHA, { type: 'TAKEOVER', quantity: '1' })).toMatchObject({
      field: 'transaction.newSecurityId',
    });
    expect(await post(ALPHA, { type: 'NOPE', quantity: '1', price: '1' })).toMatchObject({
      message: 'Unknown transaction type NOPE',
      field: 'transaction.type',
    });
    expect(await post(ALPHA, { quantity: '1', price: '1', currency: 'XXX' })).toMatchObject({
      message: 'Unknown currency XXX',
      field: 'transaction.currency',
    });
    expect(await post(ALPHA, { quantity: '1', price: '1', counterpartyClientUuid: CLIENT.brookClient })).toMatchObject({
      field: 'transaction.counterpartyClientUuid',
    });
    expect(await post(ALPHA, { quantity: '1', price: '1' }, '00000000-0000-4000-8000-000000000000')).toMatchObject({
      code: Code.NotFound,
      field: 'portfolioUuid',
    });
    expect(await count('ledger_transaction')).toBe(before[0]);
    expect(await count('outbox_event')).toBe(before[1]);
    expect(await count('security')).toBe(before[2]);
  });

  it("when another firm's admin or a non-admin posts, then it is refused and nothing is written", async () => {
    const before = await count('ledger_transaction');
    const body = { portfolioUuid: joint, securityId: ALPHA, transaction: input({ quantity: '1', price: '1' }) };
    expect((await failure(api.postTransaction({ organisationUuid: ASHW, ...body }, as.brook)))?.code).toBe(
      Code.PermissionDenied,
    );
    expect((await failure(api.postTransaction({ organisationUuid: BRKF, ...body }, as.brook)))?.code).toBe(
      Code.NotFound,
    );
    expect((await failure(api.postTransaction({ organisationUuid: ASHW, ...body }, as.adviser)))?.code).toBe(
      Code.PermissionDenied,
    );
    const brookPortfolio = await newPortfolio('ZBROOK', [[CLIENT.brookClient, '100']], 'GIA', BRKF, as.brook);
    // Brook's own portfolio, edited with Ashworth's transaction: not found.
    const stranger = await failure(
      api.updateTransactions(
        {
          organisationUuid: BRKF,
          portfolioUuid: brookPortfolio.uuid,
          securityId: ALPHA,
          transactions: [{ uuid: firstBuy.uuid, version: firstBuy.version, quantity: '1' }],
        },
        as.brook,
      ),
    );
    expect(stranger?.code).toBe(Code.NotFound);
    expect(await count('ledger_transaction')).toBe(before);
    const reads = [
      () => api.listHoldings({ organisationUuid: BRKF, portfolioUuid: joint, clientUuid: '' }, as.brook),
      () => api.listTransactions({ organisationUuid: BRKF, portfolioUuid: joint, securityId: ALPHA }, as.brook),
      () =>
        api.listHoldingTransactions(
          { organisationUuid: BRKF, portfolioUuid: joint, securityId: ALPHA, page: 1, size: 10 },
          as.brook,
        ),
    ];
    for (const read of reads) expect((await failure(read()))?.code).toBe(Code.NotFound);
  });

  it('when the security is not yet in the read model, then it is read through from the securities service', async () => {
    await db.query('DELETE FROM clients.security WHERE id = 1');
    const posted = await api.postTransaction(
      {
        organisationUuid: ASHW,
        portfolioUuid: joint,
        securityId: 1,
        transaction: input({ quantity: '10', price: '1' }),
      },
      as.manager,
    );
    const { rows } = await db.query(`SELECT sedol FROM securities.security WHERE id = 1`);
    expect(posted.sedol).toBe(rows[0].sedol);
    expect(await count('security', 'id = 1')).toBe(1);
  });

  it('when posted in another currency, then the GBP amounts are exact to the penny from the rate', async () => {
    // The row's own rate: units per GBP. 1000 / 1.25 = 800.00; 3.33 / 1.25 = 2.664 -> 2.66
    const usd = await api.postTransaction(
      {
        organisationUuid: ASHW,
        portfolioUuid: joint,
        securityId: BETA,
        transaction: input({ quantity: '400', price: '2.5', expenses: '3.33', currency: 'USD', fxRate: '1.25' }),
      },
      as.manager,
    );
    expect([usd.consideration, usd.considerationGbp, usd.expensesGbp, usd.fxRate]).toEqual([
      '1000.00',
      '800.00',
      '2.66',
      '1.25',
    ]);
    // No rate given: the securities service's EUR rate of the trade date (set here), 0.855 GBP per EUR.
    await db.query(
      `INSERT INTO securities.fx_rate (currency_code, date, gbp_per_unit, set_by_name) VALUES ('EUR', '2024-03-01', 0.855, 'test')
       ON CONFLICT (currency_code, date) DO UPDATE SET gbp_per_unit = 0.855`,
    );
    const eur = await api.postTransaction(
      {
        organisationUuid: ASHW,
        portfolioUuid: joint,
        securityId: BETA,
        transaction: input({ quantity: '100', price: '10', expenses: '10', currency: 'EUR', tradeDate: '2024-03-01' }),
      },
      as.manager,
    );
    // 1000 x 0.855 = 855.00; 10 x 0.855 = 8.55; 1 / 0.855 = 1.1695906433 (10 places)
    expect([eur.considerationGbp, eur.expensesGbp, eur.fxRate]).toEqual(['855.00', '8.55', '1.1695906433']);
    // Moved to another day without a rate: that day's rate is read again, 0.80 GBP per EUR: 800.00 and 8.00.
    await db.query(
      `INSERT INTO securities.fx_rate (currency_code, date, gbp_per_unit, set_by_name) VALUES ('EUR', '2024-02-01', 0.8, 'test')
       ON CONFLICT (currency_code, date) DO UPDATE SET gbp_per_unit = 0.8`,
    );
    const [moved] = (
      await api.updateTransactions(
        {
          organisationUuid: ASHW,
          portfolioUuid: joint,
          securityId: BETA,
          transactions: [{ uuid: eur.uuid, version: eur.version, tradeDate: '2024-02-01' }],
        },
        as.manager,
      )
    ).transactions;
    expect([moved!.considerationGbp, moved!.expensesGbp, moved!.fxRate]).toEqual(['800.00', '8.00', '1.25']);
  });
});

describe('corporate actions derive the holdings', () => {
  it('when a 2:1 split follows a purchase, then the holding doubles', async () => {
    const p = (await newPortfolio('ZSPLIT', [[CLIENT.cat, '100']])).uuid;
    const post = (fields: Init<ledger.TransactionInput>, securityId = ALPHA) =>
      api.postTransaction(
        { organisationUuid: ASHW, portfolioUuid: p, securityId, transaction: input(fields) },
        as.manager,
      );
    await post({ quantity: '100', price: '2', tradeDate: '2025-01-06' });
    const split = await post({ type: 'SPLIT', ratio: '2:1', tradeDate: '2025-02-03' });
    expect(split.quantity).toBe('0');
    expect((await holdingOf(p, ALPHA))?.quantity).toBe('200.0000');
    // A sale on the split day is of the new shares (corporate actions first): 200 - 150 = 50.
    await post({ type: 'SELL', quantity: '150', price: '1', tradeDate: '2025-02-03' });
    expect((await holdingOf(p, ALPHA))?.quantity).toBe('50.0000');
  });

  it('when a holding is taken over, then the old holding empties and the new security receives the quantity', async () => {
    const p = (await newPortfolio('ZTAKE', [[CLIENT.cat, '100']], 'ISA')).uuid;
    const post = (securityId: number, fields: Init<ledger.TransactionInput>) =>
      api.postTransaction(
        { organisationUuid: ASHW, portfolioUuid: p, securityId, transaction: input(fields) },
        as.manager,
      );
    await post(TARGET, { quantity: '300', price: '5', tradeDate: '2025-01-06' });
    await post(BETA, { quantity: '10', price: '1', tradeDate: '2025-01-07' });
    await post(TARGET, { type: 'TAKEOVER', quantity: '150', newSecurityId: BETA, tradeDate: '2025-03-03' });
    expect(await holdingOf(p, TARGET)).toEqual({ quantity: '0.0000', recBreak: false, status: 'EXCLUDED' });
    expect(await holdingOf(p, BETA)).toEqual({ quantity: '160.0000', recBreak: false, status: 'EXCLUDED' });
    const { holdings } = await api.listHoldings(
      { organisationUuid: ASHW, portfolioUuid: p, clientUuid: '' },
      as.adviser,
    );
    // Only held holdings are listed: BETA 160 x 1.2345 = 197.52
    expect(holdings.map((h) => [h.securityId, h.quantity, h.value, h.calculationStatus])).toEqual([
      [BETA, '160.0000', '197.52', 'EXCLUDED'],
    ]);
  });
});

describe("many rows posted at once (a corporate action's batch)", () => {
  it('when rows for two portfolios are posted, then all are stored in order with exact figures, and the uuids answer alone when asked', async () => {
    const one = (await newPortfolio('ZBATCH1', [[CLIENT.cat, '100']])).uuid;
    const two = (await newPortfolio('ZBATCH2', [[CLIENT.cat, '100']])).uuid;
    const row = (portfolioUuid: string, quantity: string, price: string, code: string) => ({
      securityId: ALPHA,
      portfolioUuid,
      transaction: input({ quantity, price, tradeDate: '2025-04-07', transactionCode: code, notes: 'Batch' }),
    });
    const answer = await api.postTransactions(
      {
        organisationUuid: ASHW,
        portfolioUuid: one,
        uuidsOnly: true,
        transactions: [row(one, '100', '2.5', 'B-1'), row(two, '40.25', '1.2', 'B-2'), row(one, '3', '0.333', 'B-3')],
      },
      as.manager,
    );
    expect(answer.transactions).toEqual([]);
    expect(answer.uuids).toHaveLength(3);
    const { rows } = await db.query(
      `SELECT t.uuid::text, t.transaction_code, p.uuid::text AS portfolio, t.quantity::text, t.consideration::text,
              t.consideration_gbp::text, t.fx_rate::text, t.created_by, t.notes, t.state
         FROM clients.ledger_transaction t JOIN clients.portfolio p ON p.id = t.portfolio_id
        WHERE t.uuid = ANY($1::uuid[])`,
      [answer.uuids],
    );
    const stored = answer.uuids.map((u) => rows.find((r) => r.uuid === u)!);
    // consideration = quantity x price to the penny: 250.00; 40.25 x 1.2 = 48.30; 3 x 0.333 = 0.999, 1.00
    expect(
      stored.map((r) => [r.transaction_code, r.portfolio, r.quantity, r.consideration, r.consideration_gbp]),
    ).toEqual([
      ['B-1', one, '100.00000000', '250.00', '250.00'],
      ['B-2', two, '40.25000000', '48.30', '48.30'],
      ['B-3', one, '3.00000000', '1.00', '1.00'],
    ]);
    expect(stored.every((r) => r.fx_rate === '1.0000000000' && r.notes === 'Batch' && r.state === 'SETTLED')).toBe(
      true,
    );
    expect(new Set(stored.map((r) => r.created_by)).size).toBe(1);
    expect((await holdingOf(one, ALPHA))?.quantity).toBe('103.0000');
    expect((await holdingOf(two, ALPHA))?.quantity).toBe('40.2500');

    // without uuidsOnly the rows are read back too, in the same order
    const full = await api.postTransactions(
      { organisationUuid: ASHW, portfolioUuid: two, transactions: [row(two, '1', '2', 'B-4')] },
      as.manager,
    );
    expect(full.transactions.map((t) => [t.uuid, t.transactionCode, t.consideration])).toEqual([
      [full.uuids[0], 'B-4', '2.00'],
    ]);
  });

  it('when one row of a batch is bad, then it is named and none of the batch is written', async () => {
    const one = (await newPortfolio('ZBATCH3', [[CLIENT.cat, '100']])).uuid;
    const before = await count('ledger_transaction');
    const refused = await failure(
      api.postTransactions(
        {
          organisationUuid: ASHW,
          portfolioUuid: one,
          uuidsOnly: true,
          transactions: [
            { securityId: ALPHA, portfolioUuid: one, transaction: input({ quantity: '10', price: '1' }) },
            { securityId: ALPHA, portfolioUuid: one, transaction: input({ quantity: '-5', price: '1' }) },
          ],
        },
        as.manager,
      ),
    );
    expect(refused).toMatchObject({ code: Code.InvalidArgument, field: 'transactions.1.quantity' });
    expect(await count('ledger_transaction')).toBe(before);
    expect(await holdingOf(one, ALPHA)).toBeUndefined();
  });
});

describe("a holding's transactions, server-driven", () => {
  it('when paged, searched and sorted, then the page and the total follow', async () => {
    const p = (await newPortfolio('ZGRID', [[CLIENT.ann, '100']])).uuid;
    for (const [i, date] of ['2025-01-02', '2025-01-03', '2025-01-06', '2025-01-07', '2025-01-08'].entries()) {
      await api.postTransaction(
        {
          organisationUuid: ASHW,
          portfolioUuid: p,
          securityId: ALPHA,
          transaction: input({ quantity: String(i + 1), price: '1', tradeDate: date, transactionCode: `T-${i + 1}` }),
        },
        as.manager,
      );
    }
    const ask = (extra: {
      page?: number;
      size?: number;
      term?: string;
      sort?: { column: string; direction: string }[];
    }) =>
      api.listHoldingTransactions(
        {
          organisationUuid: ASHW,
          portfolioUuid: p,
          clientUuid: CLIENT.ann,
          securityId: ALPHA,
          page: 1,
          size: 2,
          ...extra,
        },
        as.adviser,
      );
    const first = await ask({});
    expect([first.totalSize, first.content.map((t) => t.transactionCode)]).toEqual([5, ['T-1', 'T-2']]);
    const sorted = await ask({ sort: [{ column: 'quantity', direction: 'desc' }], page: 2 });
    expect(sorted.content.map((t) => t.transactionCode)).toEqual(['T-3', 'T-2']);
    const search = await ask({ term: '07/01/2025' });
    expect([search.totalSize, search.content.map((t) => t.transactionCode)]).toEqual([1, ['T-4']]);
    const bySedol = await ask({ term: 'zalpha', size: 0 });
    expect(bySedol.totalSize).toBe(5);
    expect(await failure(ask({ sort: [{ column: 'password', direction: 'asc' }] }))).toMatchObject({
      code: Code.InvalidArgument,
      field: 'sort',
    });
  });
});

describe('ghost transactions', () => {
  it('when a ghost is repaired, then it counts in the ledger; when cancelled, it is no longer listed', async () => {
    const p = (await newPortfolio('ZGHOST', [[CLIENT.ben, '100']])).uuid;
    const buyType = (
      await db.query(`SELECT id FROM clients.transaction_type WHERE name = 'BUY' AND organisation_uuid IS NULL`)
    ).rows[0].id;
    const ghost = (portfolio: string, security: string) =>
      db.query(
        `INSERT INTO clients.ledger_transaction (uuid, organisation_uuid, portfolio_id, portfolio_code, security_id,
           security_code, type_id, trade_date, report_date, quantity, price, consideration, consideration_gbp, updated_at)
         VALUES (gen_random_uuid(), $1, ${portfolio}, 'UNKNOWN', ${security}, 'ZZCODE', $2, '2025-04-01', '2025-04-01',
           25, 2, 50, 50, now()) RETURNING uuid::text`,
        [ASHW, buyType],
      );
    const noPortfolio = (await ghost('NULL', String(BETA))).rows[0].uuid;
    const noSecurity = (await ghost(`(SELECT id FROM clients.portfolio WHERE uuid = '${p}')`, 'NULL')).rows[0].uuid;
    const deleted = (await ghost(`(SELECT id FROM clients.portfolio WHERE uuid = '${p}')`, String(GONE))).rows[0].uuid;
    const list = await api.listGhostTransactions({ organisationUuid: ASHW, page: 1, size: 25 }, as.manager);
    expect(list.content.map((t) => t.uuid).sort()).toEqual([noPortfolio, noSecurity, deleted].sort());
    expect(list.content.find((t) => t.uuid === noSecurity)!.securityId).toBe(0);
    expect((await api.listGhostTransactions({ organisationUuid: BRKF, page: 1, size: 25 }, as.brook)).totalSize).toBe(
      0,
    );
    expect(
      (await failure(api.listGhostTransactions({ organisationUuid: ASHW, page: 1, size: 25 }, as.adviser)))?.code,
    ).toBe(Code.PermissionDenied);
    expect(
      (
        await failure(
          api.repairGhostTransaction(
            { organisationUuid: BRKF, uuid: noPortfolio, version: 1, portfolioUuid: p },
            as.brook,
          ),
        )
      )?.code,
    ).toBe(Code.NotFound);

    const since = new Date();
    const repaired = await api.repairGhostTransaction(
      { organisationUuid: ASHW, uuid: noPortfolio, version: 1, portfolioUuid: p },
      as.manager,
    );
    expect([repaired.portfolioUuid, repaired.securityId, repaired.version]).toEqual([p, BETA, 2]);
    expect((await holdingOf(p, BETA))?.quantity).toBe('25.0000');
    expect(await ledgerEvents(since)).toEqual([
      { clientUuid: CLIENT.ben, earliestDate: '2025-04-01', reason: 'REPAIR', org: ASHW },
    ]);
    expect(
      (
        await failure(
          api.repairGhostTransaction(
            { organisationUuid: ASHW, uuid: noSecurity, version: 7, securityId: ALPHA },
            as.manager,
          ),
        )
      )?.code,
    ).toBe(Code.Aborted);
    const fixed = await api.repairGhostTransaction(
      { organisationUuid: ASHW, uuid: noSecurity, version: 1, securityId: ALPHA },
      as.manager,
    );
    expect(fixed.sedol).toBe('ZALPHA1');
    expect((await holdingOf(p, ALPHA))?.quantity).toBe('25.0000');

    const cancelled = await api.cancelGhostTransaction(
      { organisationUuid: ASHW, uuid: deleted, version: 1 },
      as.manager,
    );
    expect(cancelled.transactionState?.state).toBe('CANCELLED');
    expect((await api.listGhostTransactions({ organisationUuid: ASHW, page: 1, size: 25 }, as.manager)).totalSize).toBe(
      0,
    );
    expect(
      (await failure(api.cancelGhostTransaction({ organisationUuid: ASHW, uuid: deleted, version: 2 }, as.manager)))
        ?.code,
    ).toBe(Code.NotFound);
  });
});

describe('transaction types, states and metadata', () => {
  it('when listed, then every tax-engine effect and the income types are there, seeded once', async () => {
    const { types } = await api.listTransactionTypes({ organisationUuid: ASHW, portfolioUuid: '' }, as.adviser);
    const effects = types.filter((t) => t.system && t.effect).map((t) => t.effect);
    expect(effects.sort()).toEqual(
      [
        'BUY',
        'SELL',
        'TRANSFER_IN',
        'TRANSFER_OUT',
        'GIFT_OUT',
        'SPOUSE_IN',
        'SPOUSE_OUT',
        'SPLIT',
        'CONSOLIDATION',
        'BONUS',
        'RIGHTS_ISSUE',
        'OPEN_OFFER',
        'CAPITAL_RETURN',
        'EQUALISATION',
        'NOTIONAL_INCOME',
        'TAKEOVER',
        'DEMERGER',
        'REDEMPTION',
      ].sort(),
    );
    expect(types.find((t) => t.name === 'DIVIDEND')).toMatchObject({
      effect: '',
      incomeType: 'UK_DIVIDEND',
      system: true,
    });
    expect(types.find((t) => t.name === 'PID')?.incomeType).toBe('UK_PID');
    expect(await count('transaction_type', 'organisation_uuid IS NULL')).toBe(types.filter((t) => t.system).length);
  });

  it('when a firm maps its own name onto an effect, then it posts with it; names are unique; another firm cannot see it', async () => {
    const save = (name: string, effect: string, who = as.manager, org = ASHW) =>
      api.saveTransactionType(
        {
          organisationUuid: org,
          uuid: '',
          type: { name, description: 'Ours', effect, requiredFields: ['quantity', 'price'], active: true },
        },
        who,
      );
    const own = await save('Stock Purchase', 'BUY');
    expect([own.direction, own.system, own.version]).toEqual(['IN', false, 1]);
    expect(await failure(save('buy', 'BUY'))).toMatchObject({ code: Code.AlreadyExists, field: 'type.name' });
    expect(await failure(save('Odd', 'MAGIC'))).toMatchObject({ field: 'type.effect' });
    expect((await failure(save('Mine', 'BUY', as.adviser)))?.code).toBe(Code.PermissionDenied);
    const p = (await newPortfolio('ZOWNTYPE', [[CLIENT.ann, '100']])).uuid;
    const posted = await api.postTransaction(
      {
        organisationUuid: ASHW,
        portfolioUuid: p,
        securityId: ALPHA,
        transaction: input({ type: 'stock purchase', quantity: '7', price: '1' }),
      },
      as.manager,
    );
    expect(posted.transactionType?.type).toBe('Stock Purchase');
    expect((await holdingOf(p, ALPHA))?.quantity).toBe('7.0000');
    expect((await failure(api.getTransactionType({ organisationUuid: BRKF, uuid: own.uuid }, as.brook)))?.code).toBe(
      Code.NotFound,
    );
    const brookTypes = await api.listTransactionTypes({ organisationUuid: BRKF, portfolioUuid: '' }, as.brook);
    expect(brookTypes.types.some((t) => t.name === 'Stock Purchase')).toBe(false);
    // Same name in another firm is that firm's own business.
    expect((await save('Stock Purchase', 'BUY', as.brook, BRKF)).name).toBe('Stock Purchase');
  });

  it('when a system type is edited, then only the provider may, and only its description and active flag', async () => {
    const sell = (await api.listTransactionTypes({ organisationUuid: ASHW, portfolioUuid: '' }, as.manager)).types.find(
      (t) => t.name === 'SELL',
    )!;
    const edit = (who: Options, type: Init<ledger.TransactionType>) =>
      api.saveTransactionType(
        { organisationUuid: ASHW, uuid: sell.uuid, version: sell.version, type: { name: 'SELL', ...type } },
        who,
      );
    expect((await failure(edit(as.manager, { description: 'Mine now' })))?.code).toBe(Code.PermissionDenied);
    expect(await failure(edit(as.admin, { effect: 'BUY' }))).toMatchObject({ field: 'type.effect' });
    const edited = await edit(as.admin, { description: 'Sale of shares', active: true });
    expect([edited.description, edited.effect, edited.version]).toEqual(['Sale of shares', 'SELL', sell.version + 1]);
  });

  it('when the states and a form’s metadata are asked for, then they answer what the form needs', async () => {
    const { states } = await api.listTransactionStates({ organisationUuid: ASHW }, as.adviser);
    expect(states.map((s) => s.state)).toEqual(['PENDING', 'SETTLED', 'CANCELLED', 'REVERSED']);
    const meta = await api.getTransactionMetadata(
      { organisationUuid: ASHW, type: 'BUY', securityId: ALPHA, transactionCcyCode: '' },
      as.adviser,
    );
    expect(meta).toMatchObject({
      requiredFields: ['quantity', 'price'],
      securityCurrency: 'GBP',
      transactionCurrency: 'GBP',
      fxRate: '1',
      latestPrice: '2.5',
    });
    expect(meta.incomeTypes.some((t) => t.code === 'UK_DIVIDEND')).toBe(true);
    // An adviser may not ask the securities service for a security the read model lacks: no figures, no refusal.
    await db.query('DELETE FROM clients.security WHERE id = 2');
    const unknown = await api.getTransactionMetadata(
      { organisationUuid: ASHW, type: 'SELL', securityId: 2, transactionCcyCode: 'GBP' },
      as.adviser,
    );
    expect([unknown.securityCurrency, unknown.latestPrice]).toEqual(['', undefined]);
    expect(meta.states).toHaveLength(4);
  });
});

describe('the security read model', () => {
  it('when the securities service publishes a price, then the latest is kept and an older one never replaces it', async () => {
    const prices = createClient(securities.SecuritiesService, system.transports.securities);
    const set = (date: string, price: string) =>
      prices.setPrice({ organisationUuid: ASHW, securityId: 1, date, price }, as.admin);
    await set(today, '123.45');
    const read = async () =>
      (await db.query(`SELECT price_gbp::text AS p, price_date::text AS d FROM clients.security WHERE id = 1`)).rows[0];
    const deadline = Date.now() + 45_000;
    while ((await read())?.d !== today && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const latest = await read();
    expect(latest.d).toBe(today);
    const older = new Date(Date.parse(`${today}T12:00:00Z`) - 5 * 86_400_000).toISOString().slice(0, 10);
    await set(older, '1.00');
    await system.settle();
    await new Promise((r) => setTimeout(r, 1500));
    expect(await read()).toEqual(latest);
  });
});

describe("a ledger row's portfolio and type (set-based references, migration 20261127110733)", () => {
  const row = (portfolio: string, type: string, code = 'REF') =>
    `(gen_random_uuid(), '${ASHW}', ${portfolio}, '${code}', ${BETA}, 'ZBETA', ${type}, '2025-04-01', '2025-04-01',
      10, 2, 20, 20, now())`;
  const insert = (...rows: string[]) =>
    db.query(
      `INSERT INTO clients.ledger_transaction (uuid, organisation_uuid, portfolio_id, portfolio_code, security_id,
         security_code, type_id, trade_date, report_date, quantity, price, consideration, consideration_gbp, updated_at)
       VALUES ${rows.join(', ')}`,
    );
  const pgError = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (e: { code?: string; message: string }) => ({ code: e.code, message: e.message }),
    );

  it('when a statement names a portfolio or type that does not exist, then the whole statement is refused', async () => {
    const p = (await newPortfolio('ZREFS1', [[CLIENT.ann, '100']])).uuid;
    const portfolio = `(SELECT id FROM clients.portfolio WHERE uuid = '${p}')`;
    const buy = `(SELECT id FROM clients.transaction_type WHERE name = 'BUY' AND organisation_uuid IS NULL)`;
    const before = await count('ledger_transaction');
    expect(await pgError(insert(row(portfolio, buy), row('987654321', buy)))).toEqual({
      code: '23503',
      message: 'ledger_transaction.portfolio_id 987654321 names no portfolio',
    });
    expect(await pgError(insert(row(portfolio, buy), row(portfolio, '987654321')))).toEqual({
      code: '23503',
      message: 'ledger_transaction.type_id 987654321 names no transaction type',
    });
    expect(await count('ledger_transaction')).toBe(before);
    await insert(row(portfolio, buy), row(portfolio, buy));
    expect(await count('ledger_transaction')).toBe(before + 2);
    const moved = await pgError(
      db.query(
        `UPDATE clients.ledger_transaction SET portfolio_id = 987654321
          WHERE portfolio_id = ${portfolio} AND portfolio_code = 'REF'`,
      ),
    );
    expect(moved?.code).toBe('23503');
  });

  it('when a portfolio is deleted, then its rows stay as ghosts; a transaction type in use cannot be deleted', async () => {
    const p = (await newPortfolio('ZREFS2', [[CLIENT.ann, '100']])).uuid;
    const id = (await db.query(`SELECT id FROM clients.portfolio WHERE uuid = $1`, [p])).rows[0].id as number;
    const type = (
      await db.query(
        `INSERT INTO clients.transaction_type (uuid, organisation_uuid, name, description, direction, effect, updated_at)
         VALUES (gen_random_uuid(), $1, 'ZREFTYPE', 'a type for this test', 'IN', 'BUY', now()) RETURNING id`,
        [ASHW],
      )
    ).rows[0].id as number;
    await insert(row(String(id), String(type), 'GHOSTED'));
    expect((await pgError(db.query(`DELETE FROM clients.transaction_type WHERE id = $1`, [type])))?.code).toBe('23503');
    await db.query(`DELETE FROM clients.portfolio_owner WHERE portfolio_id = $1`, [id]);
    await db.query(`DELETE FROM clients.holding WHERE portfolio_id = $1`, [id]);
    await db.query(`DELETE FROM clients.portfolio WHERE id = $1`, [id]);
    expect(await count('ledger_transaction', `portfolio_code = 'GHOSTED' AND portfolio_id IS NULL`)).toBe(1);
  });
});

describe('a corporate action’s holders (ListHolders)', () => {
  const HELD = 900005;
  const post = (portfolioUuid: string, fields: Init<ledger.TransactionInput>, org = ASHW) =>
    api.postTransaction(
      { organisationUuid: org, portfolioUuid, securityId: HELD, transaction: input(fields) },
      as.manager,
    );

  it('lists the portfolios holding the security the day before, with quantities through a split, a page at a time', async () => {
    await db.query(
      `INSERT INTO clients.security (id, sedol, isin, security_name, issuer_name, currency, status, price_gbp, price_date)
       VALUES (${HELD}, 'ZHELD01', 'GB00ZHELD011', 'Held plc', 'Held', 'GBP', 'ACTIVE', 3.25, '2025-06-30')`,
    );
    const sole = (await newPortfolio('ZHOLD1', [[CLIENT.ann, '100']])).uuid;
    const joint = (
      await newPortfolio('ZHOLD2', [
        [CLIENT.ben, '60'],
        [CLIENT.cat, '40'],
      ])
    ).uuid;
    const late = (await newPortfolio('ZHOLD3', [[CLIENT.cat, '100']])).uuid;
    const emptied = (await newPortfolio('ZHOLD4', [[CLIENT.ann, '100']])).uuid;
    const theirs = (await newPortfolio('ZHOLD5', [[CLIENT.brookClient, '100']], 'GIA', BRKF, as.manager)).uuid;
    await post(sole, { quantity: '1000', price: '1', tradeDate: '2025-01-06' });
    await post(sole, { type: 'SPLIT', ratio: '2', tradeDate: '2025-03-03' });
    await post(sole, { type: 'SELL', quantity: '300', price: '2', tradeDate: '2025-06-02' });
    await post(joint, { quantity: '500', price: '1', tradeDate: '2025-02-03' });
    await post(late, { quantity: '200', price: '1', tradeDate: '2025-07-01' });
    await post(emptied, { quantity: '100', price: '1', tradeDate: '2025-01-06' });
    await post(emptied, { type: 'SELL', quantity: '100', price: '1', tradeDate: '2025-02-03' });
    await post(theirs, { quantity: '999', price: '1', tradeDate: '2025-01-06' }, BRKF);

    const all = async (beforeDate: string, limit: number) => {
      const found: { code: string; quantity: string; owners: string[] }[] = [];
      let after = '';
      for (let pages = 0; pages < 20; pages++) {
        const page = await api.listHolders(
          { organisationUuid: ASHW, securityId: HELD, beforeDate, after, limit },
          as.manager,
        );
        found.push(
          ...page.holders.map((h) => ({
            code: h.portfolioCode,
            quantity: h.quantity,
            owners: h.owners.map((o) => `${o.clientCode} ${o.percentage}`),
          })),
        );
        if (!page.next) break;
        after = page.next;
      }
      return found.sort((a, b) => a.code.localeCompare(b.code));
    };
    // On 2 June the sale is not yet counted: 1,000 split 2 for 1 = 2,000; the joint account's 500; the late buy and
    // the emptied account are not holders; Brookfield's portfolio is not Ashworth's.
    expect(await all('2025-06-02', 1)).toEqual([
      { code: 'ZHOLD1', quantity: '2000.0000', owners: ['ZL01 100'] },
      { code: 'ZHOLD2', quantity: '500.0000', owners: ['ZL02 60', 'ZL03 40'] },
    ]);
    // The day after the sale: 2,000 - 300 = 1,700.
    expect((await all('2025-06-03', 500))[0]).toMatchObject({ code: 'ZHOLD1', quantity: '1700.0000' });
    const [first] = (
      await api.listHolders(
        { organisationUuid: ASHW, securityId: HELD, beforeDate: '2025-06-03', after: '', limit: 0 },
        as.admin,
      )
    ).holders;
    expect(first).toMatchObject({ price: '3.25', taxWrapper: 'GIA' });
    // Whose cost has moved since the day (the holding's cost being today's): on 2 June, ZHOLD1's own sale that
    // day, and the joint ZHOLD2's owner Cat's purchase in ZHOLD3 on 1 July (her pool is one across portfolios);
    // on 3 June ZHOLD1's owner Ann has traded it no more. The security as the engine's ledger names it: its SEDOL.
    const moved = async (beforeDate: string) => {
      const page = await api.listHolders(
        { organisationUuid: ASHW, securityId: HELD, beforeDate, after: '', limit: 10 },
        as.manager,
      );
      return { code: page.securityCode, moved: page.holders.map((h) => [h.portfolioCode, h.costMovedSince]) };
    };
    expect(await moved('2025-06-02')).toEqual({
      code: 'ZHELD01',
      moved: [
        ['ZHOLD1', true],
        ['ZHOLD2', true],
      ],
    });
    expect((await moved('2025-06-03')).moved[0]).toEqual(['ZHOLD1', false]);
    // An equalisation period from 1 March: ZHOLD1 held 1,000 the day before, split 2 for 1 on 3 March (no unit
    // bought or sold: each unit becomes 2), then sold 300 on 2 June; ZHOLD2's 500 were all bought before it.
    const periodPage = await api.listHolders(
      {
        organisationUuid: ASHW,
        securityId: HELD,
        beforeDate: '2025-06-03',
        after: '',
        limit: 10,
        periodStart: '2025-03-01',
      },
      as.manager,
    );
    expect(
      periodPage.holders.map((h) => [
        h.portfolioCode,
        h.heldAtPeriodStart,
        h.periodMoves.map((m) => [m.tradeDate, m.quantity, m.ratio]),
      ]),
    ).toEqual([
      [
        'ZHOLD1',
        '1000.0000',
        [
          ['2025-03-03', '0', '2:1'],
          ['2025-06-02', '-300.0000', ''],
        ],
      ],
      ['ZHOLD2', '500.0000', []],
    ]);
    // the first page says how many portfolios the pages walk over: Ashworth's four with rows on the security
    // (ZHOLD3's late buy and ZHOLD4's emptied account are looked at too; Brookfield's is not Ashworth's)
    expect(periodPage.portfoliosTotal).toBe(4);
  });

  it('is for administrators of the organisation only, and names a bad field', async () => {
    const ask = (
      who: Options,
      more: Partial<{ beforeDate: string; securityId: number; after: string; periodStart: string }> = {},
    ) =>
      failure(
        api.listHolders(
          { organisationUuid: ASHW, securityId: HELD, beforeDate: '2025-06-03', after: '', limit: 10, ...more },
          who,
        ),
      );
    expect((await ask(as.adviser))?.code).toBe(Code.PermissionDenied);
    expect((await ask(as.brook))?.code).toBe(Code.PermissionDenied);
    expect(await ask(as.manager, { beforeDate: '2025-02-30' })).toMatchObject({
      code: Code.InvalidArgument,
      field: 'beforeDate',
    });
    expect(await ask(as.manager, { after: 'x' })).toMatchObject({ code: Code.InvalidArgument, field: 'after' });
    expect(await ask(as.manager, { periodStart: '2025-06-04' })).toMatchObject({
      code: Code.InvalidArgument,
      field: 'periodStart',
    });
  });
});
